// The line protocol of README.md for adapters written in JavaScript: stdin read as
// lines of bytes, each checked strictly as protocol.c checks it for the C adapters
// (one space between words, plain decimal numbers, hex in pairs, the find needle
// quoted as dumps quote), so a JS adapter refuses the same input. A malformed line
// ends the run with status 2 and `NAME adapter: line N: WHAT: "LINE"` on stderr.

export const MAX_SIZE = 100000; // what the protocol accepts; an emulator may take less
export const MAX_SCROLLBACK = 100000000;
export const MAX_MODE = 99999;

/** A malformed line: `what` is the reason; the reader adds the line's number and text. */
export class MalformedLine extends Error {}

const COMMANDS = new Set(['open', 'feed', 'resize', 'reset', 'mode', 'keypad', 'dump', 'styled', 'find']);
const FIND_USAGE = 'find takes "NEEDLE" [exact] [in R C H W]';

/** The line as the message shows it: quoted, bytes outside printable ASCII as \xNN, cut short. */
export function shownLine(line) {
  let shown = '"';
  for (const b of line) {
    const piece = b === 0x22 || b === 0x5c || b < 0x20 || b >= 0x7f ? `\\x${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b);
    if (shown.length + piece.length > 90) return shown + '..."';
    shown += piece;
  }
  return shown + '"';
}

// Plain decimal digits, at most nine, within [min, max]; null otherwise.
function number(word, min, max) {
  if (!/^[0-9]{1,9}$/.test(word ?? '')) return null;
  const v = Number(word);
  return v >= min && v <= max ? v : null;
}

// The words after the command's own, each after exactly one space and not empty.
function words(args) {
  if (args === '') return [];
  const w = args.startsWith(' ') ? args.slice(1).split(' ') : [''];
  if (w.includes('')) throw new MalformedLine('');
  return w;
}

function feedBytes(args) {
  const hex = args.startsWith(' ') ? args.slice(1) : args; // `feed` and `feed ` are empty
  if (hex.length % 2) throw new MalformedLine('feed takes HEX: an odd number of hex digits');
  if (!/^[0-9a-fA-F]*$/.test(hex)) throw new MalformedLine('feed takes HEX: not a hex digit');
  return Buffer.from(hex, 'hex');
}

// `find "NEEDLE" [exact] [in R C H W]`: {needle, exact, area}.
function findArgs(args) {
  if (!args.startsWith(' "')) throw new MalformedLine(FIND_USAGE);
  const needle = [];
  let i = 2;
  for (; i < args.length && args[i] !== '"'; i++) {
    const b = args.charCodeAt(i);
    if (b < 0x20 || b === 0x7f) throw new MalformedLine('find: a control byte in the needle must be written \\xNN');
    if (args[i] === '\\') {
      if (!/^\\x[0-9a-fA-F]{2}/.test(args.slice(i, i + 4))) throw new MalformedLine('find: a backslash in the needle starts \\xNN');
      needle.push(parseInt(args.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      needle.push(b);
    }
  }
  if (i >= args.length) throw new MalformedLine('find: the needle has no closing quote');
  if (needle.length === 0) throw new MalformedLine('find: the needle is empty');
  let w;
  try {
    w = words(args.slice(i + 1));
  } catch {
    throw new MalformedLine(FIND_USAGE);
  }
  const exact = w[0] === 'exact';
  let k = exact ? 1 : 0, area = null;
  if (w[k] === 'in') {
    if (w.length - k !== 5) throw new MalformedLine(FIND_USAGE);
    area = w.slice(k + 1).map((x) => number(x, 0, MAX_SIZE));
    if (area.includes(null)) throw new MalformedLine('find: R C H W are numbers from 0 to 100000');
    k += 5;
  }
  if (k !== w.length) throw new MalformedLine(FIND_USAGE);
  return { needle: Buffer.from(needle), exact, area };
}

/**
 * One line (a latin1 string: one character a byte, without its newline) as a command:
 * {name, ...arguments}; `opened` says whether an open came before. `limits` are what the
 * emulator takes, {name, size, scrollback}: larger sizes are refused too, naming it.
 * Throws MalformedLine.
 */
export function parseCommand(line, opened, limits = { name: 'the emulator', size: MAX_SIZE, scrollback: MAX_SCROLLBACK }) {
  if (line === '') throw new MalformedLine('an empty line is not a command');
  const space = line.indexOf(' ');
  const name = space < 0 ? line : line.slice(0, space);
  const args = space < 0 ? '' : line.slice(space);
  if (name === 'quit') {
    if (args !== '') throw new MalformedLine('quit takes no arguments');
    return { name };
  }
  if (!COMMANDS.has(name)) throw new MalformedLine('unknown command');
  if (name !== 'open' && !opened) throw new MalformedLine('the first command must be open');
  if (name === 'feed') return { name, bytes: feedBytes(args) };
  if (name === 'find') return { name, ...findArgs(args) };
  let w;
  try {
    w = words(args);
  } catch {
    w = null;
  }
  switch (name) {
    case 'open': {
      const usage = 'open takes ROWS COLS SCROLLBACK [reflow]';
      if (!w || !(w.length === 3 || (w.length === 4 && w[3] === 'reflow'))) throw new MalformedLine(usage);
      const [rows, cols, scrollback] = [number(w[0], 1, MAX_SIZE), number(w[1], 1, MAX_SIZE), number(w[2], 0, MAX_SCROLLBACK)];
      if (rows === null || cols === null || scrollback === null) throw new MalformedLine(`${usage}: ROWS and COLS from 1, SCROLLBACK from 0`);
      if (rows > limits.size || cols > limits.size || scrollback > limits.scrollback) {
        throw new MalformedLine(`open: ${limits.name} takes up to ${limits.size} rows and columns and ${limits.scrollback} lines of scrollback`);
      }
      return { name, rows, cols, scrollback, reflow: w.length === 4 };
    }
    case 'resize': {
      const n = w && w.length === 2 ? w.map((x) => number(x, 1, MAX_SIZE)) : [null];
      if (n.includes(null)) throw new MalformedLine('resize takes ROWS COLS (each from 1)');
      if (n[0] > limits.size || n[1] > limits.size) throw new MalformedLine(`resize: ${limits.name} takes up to ${limits.size} rows and columns`);
      return { name, rows: n[0], cols: n[1] };
    }
    case 'mode': {
      const spec = w && w.length === 1 ? w[0] : '';
      const ansi = !spec.startsWith('?');
      const mode = number(ansi ? spec : spec.slice(1), 0, MAX_MODE);
      if (mode === null) throw new MalformedLine('mode takes ?N or N (N from 0 to 99999)');
      return { name, mode, ansi };
    }
    default:
      if (!w || w.length) throw new MalformedLine(`${name} takes no arguments`);
      return { name };
  }
}

/** Lines of a byte stream as latin1 strings, split at LF alone (a CR stays, and is malformed). */
export async function* inputLines(stream) {
  let parts = [];
  for await (const chunk of stream) {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
      parts.push(chunk.subarray(from, nl));
      yield (parts.length === 1 ? parts[0] : Buffer.concat(parts)).toString('latin1');
      parts = [];
      from = nl + 1;
    }
    if (from < chunk.length) parts.push(chunk.subarray(from));
  }
  if (parts.length) yield Buffer.concat(parts).toString('latin1');
}
