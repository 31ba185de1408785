#!/usr/bin/env node
// Backend adapter: xterm.js (@xterm/headless, pinned in package-lock.json) behind the
// contract of corpus/backends/README.md. Reads commands on stdin, drives one headless
// terminal, prints normalized state on stdout. Besides the public API it reads
// xterm.js's own state where the API has none (cursor style and blink, underline style
// and colour, protection, hyperlinks, mouse encoding). It prints only what xterm.js
// keeps: no icon name (OSC 1 is ignored), no clipboard (OSC 52 needs an addon), no
// reverse video (DECSCNM is not implemented), no styled rendering, no search. xterm.js
// always rewraps the normal buffer on resize, so `open ... reflow` changes nothing.
import { createRequire } from 'node:module';
import readline from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quote } from '../runner/quote.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let Terminal;
try {
  Terminal = createRequire(path.join(repo, 'package.json'))('@xterm/headless').Terminal;
} catch {
  process.stderr.write('xterm.js adapter: @xterm/headless is not installed (npm ci at the top of the repository)\n');
  process.exit(2);
}

class UsageError extends Error {}

const UNDERLINES = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'];
const TRACKING = { none: 'off', x10: 'x10', vt200: 'normal', drag: 'button', any: 'any' };
// SGR_PIXELS (1016) has no name in the protocol: the encoding is then left out.
const ENCODING = { DEFAULT: 'default', SGR: 'sgr' };

const q = (v) => quote(v).toString('latin1');

function colour(cell, fg) {
  if (fg ? cell.isFgDefault() : cell.isBgDefault()) return 'default';
  const v = fg ? cell.getFgColor() : cell.getBgColor();
  return (fg ? cell.isFgRGB() : cell.isBgRGB()) ? '#' + v.toString(16).padStart(6, '0') : String(v);
}

// SGR 58, from the cell's extended attributes; -1 (masked to 26 bits after SGR 59) is none.
function underlineColour(cell) {
  const uc = cell.extended?.underlineColor ?? -1;
  const mode = uc & 0x3000000;
  if (!(cell.bg & 0x10000000) || (uc & 0x3ffffff) === 0x3ffffff || mode === 0) return 'default';
  return mode === 0x3000000 ? '#' + (uc & 0xffffff).toString(16).padStart(6, '0') : String(uc & 0xff);
}

function attrs(cell) {
  const on = [];
  if (cell.isBold()) on.push('bold');
  if (cell.isDim()) on.push('dim');
  if (cell.isItalic()) on.push('italic');
  if (cell.isBlink()) on.push('blink');
  if (cell.isInverse()) on.push('inverse');
  if (cell.isInvisible()) on.push('hidden');
  if (cell.isStrikethrough()) on.push('strike');
  if (cell.isOverline()) on.push('overline');
  return on.join(',') || 'none';
}

class Backend {
  constructor(rows, cols, scrollback) {
    this.t = new Terminal({ rows, cols, scrollback, allowProposedApi: true, logLevel: 'off' });
    this.core = this.t._core;
    this.title = '';
    this.bells = 0;
    this.replies = '';
    this.probe = null; // a DECRQM answer being caught, kept out of the replies
    this.t.onTitleChange((s) => { this.title = s; });
    this.t.onBell(() => { this.bells++; });
    this.t.onData((d) => { if (this.probe !== null) this.probe += d; else this.replies += d; });
  }

  write(data) {
    return new Promise((resolve) => this.t.write(data, resolve));
  }

  linkOf(cell) {
    const id = cell.extended?.urlId ?? 0;
    return id ? this.core._oscLinkService.getLinkData(id)?.uri : undefined;
  }

  cellLine(row, col, cell) {
    const width = cell.getWidth();
    const text = width === 0 ? '' : cell.getChars();
    const link = this.linkOf(cell);
    const fields = [`cell ${row} ${col} ${q(text)} width ${width}`, `fg ${colour(cell, true)}`, `bg ${colour(cell, false)}`,
      `attrs ${attrs(cell)}`, `underline ${UNDERLINES[cell.getUnderlineStyle()] ?? 'single'}`, `ul-color ${underlineColour(cell)}`,
      cell.isProtected() ? 'protected' : 'unprotected', link === undefined ? 'nolink' : `link ${q(link)}`];
    return fields.join(' ');
  }

  // A blank with no flag and default colours (fg and bg 0: no extended attributes, so no
  // underline, link or protection either): plain, known before its line is written.
  static blank(cell) {
    if (cell.fg !== 0 || cell.bg !== 0 || cell.getWidth() !== 1) return false;
    const chars = cell.getChars();
    return chars === '' || chars === ' ';
  }

  // A cell is printed unless it is a blank whose every property is the default.
  static plain(line) {
    return /^cell \d+ \d+ "( )?" width 1 fg default bg default attrs none underline none ul-color default unprotected nolink$/.test(line);
  }

  rowLines(buffer, y, tag, index, cells) {
    const line = buffer.getLine(y);
    const out = [`${tag} ${index} ${q(line ? line.translateToString(false, 0, this.t.cols) : ' '.repeat(this.t.cols))}`];
    if (!cells || !line) return out;
    for (let x = 0; x < this.t.cols; x++) {
      const cell = line.getCell(x);
      if (Backend.blank(cell)) continue;
      const l = this.cellLine(index, x, cell);
      if (!Backend.plain(l)) out.push(l);
    }
    return out;
  }

  dump() {
    const t = this.t, cs = this.core.coreService, b = t.buffer.active;
    const modes = cs.decPrivateModes;
    // After the last column is written the cursor waits there, x one past it.
    const pending = b.cursorX >= t.cols && modes.wraparound;
    const blink = modes.cursorBlink ?? t.options.cursorBlink;
    const tracking = TRACKING[t.modes.mouseTrackingMode] ?? 'off';
    const encoding = ENCODING[this.core.coreMouseService.activeEncoding];
    const out = [
      `size ${t.rows} ${t.cols}`,
      `cursor ${b.cursorY} ${Math.min(b.cursorX, t.cols - 1)} ${cs.isCursorHidden ? 'hidden' : 'visible'} ` +
        `${blink ? 'blink' : 'steady'} shape ${modes.cursorStyle ?? 'default'}`,
      `pending-wrap ${pending ? 1 : 0}`,
      `alt-screen ${b.type === 'alternate' ? 1 : 0}`,
      `mouse ${tracking}${encoding ? ' ' + encoding : ''}`,
      `keypad ${t.modes.applicationKeypadMode ? 'app' : 'normal'}`,
      `bell ${this.bells}`,
      `title ${q(this.title)}`,
      `replies ${q(this.replies)}`,
    ];
    this.replies = '';
    const normal = t.buffer.normal;
    for (let y = 0; y < normal.baseY; y++) out.push(...this.rowLines(normal, y, 'scrollback', y, false));
    for (let y = 0; y < t.rows; y++) out.push(...this.rowLines(b, b.baseY + y, 'row', y, true));
    out.push('end');
    return out;
  }

  // DECRQM, answered by xterm.js itself.
  async mode(spec) {
    this.probe = '';
    await this.write(`\x1b[${spec}$p`);
    const m = /\x1b\[\??\d+;(\d)\$y/.exec(this.probe);
    this.probe = null;
    return [`mode ${spec} ${m ? m[1] : 0}`];
  }
}

const int = (s, min) => {
  if (!/^[0-9]+$/.test(s ?? '') || +s < min) throw new UsageError(`"${s}" is not a number of at least ${min}`);
  return +s;
};

async function command(state, line) {
  const [name, ...args] = line.split(' ');
  if (name === 'open') {
    if (args.length < 3 || args.length > 4 || (args[3] !== undefined && args[3] !== 'reflow')) {
      throw new UsageError('open takes ROWS COLS SCROLLBACK [reflow]');
    }
    state.term?.t.dispose();
    state.term = new Backend(int(args[0], 1), int(args[1], 1), int(args[2], 0));
    return [];
  }
  if (name === 'quit') return null;
  const term = state.term;
  if (!term) throw new UsageError('the first command must be open');
  switch (name) {
    case 'feed': {
      const hex = args[0] ?? '';
      if (args.length > 1 || !/^([0-9a-fA-F]{2})*$/.test(hex)) throw new UsageError('feed takes HEX');
      await term.write(Buffer.from(hex, 'hex'));
      return [];
    }
    case 'resize':
      term.t.resize(int(args[1], 1), int(args[0], 1));
      await term.write('');
      return [];
    case 'reset':
      term.t.reset();
      await term.write('');
      return [];
    case 'mode':
      if (!/^\??[0-9]+$/.test(args[0] ?? '') || args.length !== 1) throw new UsageError('mode takes ?N or N');
      return term.mode(args[0]);
    case 'keypad':
      return [`keypad ${term.t.modes.applicationKeypadMode ? 'app' : 'normal'}`];
    case 'dump':
      return term.dump();
    case 'styled':
    case 'find':
      return [`unsupported ${name}`];
    default:
      throw new UsageError(`unknown command "${name}"`);
  }
}

async function main() {
  const state = { term: null };
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) {
      const out = await command(state, line.replace(/\r$/, ''));
      if (out === null) break;
      // Lines hold bytes one per character (quote() output), so latin1 writes them back.
      if (out.length) process.stdout.write(Buffer.from(out.join('\n') + '\n', 'latin1'));
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`xterm.js adapter: ${e.message}\n`);
    process.exitCode = 2;
  } finally {
    rl.close();
    state.term?.t.dispose();
  }
}

await main();
