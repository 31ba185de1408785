#!/usr/bin/env node
// Turns libvterm's own test scripts (t/*.test) into conformance cases of schema v1.
// Standalone (node:* only) and deterministic: with no arguments it runs fetch.mjs for the
// pinned sources, then rewrites raw/, cases/ and COVERAGE.md byte for byte the same.
//
// The scripts are read the way libvterm's t/run-test.pl reads them, and what each line
// means is what t/harness.c does with it:
//   - one vterm of 25 rows by 80 columns per file; RESIZE and UTF8 persist across RESET;
//   - a block runs from one RESET to the next; it becomes one case, opened fresh at the size
//     the block starts with; every action (PUSH, RESIZE, a RESET with its own assertions)
//     is a step, and the lines after it are that step's expectations;
//   - callback traces say what happened during the step (glyphs put, rectangles erased or
//     scrolled) and are replayed onto a map of the cells they make known; queries (?cursor,
//     ?screen_*) state the end of the step. What has no screen-level meaning is rejected,
//     and COVERAGE.md counts every rejection by reason.
// README.md says how each kind of line maps to an expectation.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SUITE = 'libvterm';
const LICENSE = 'MIT';
const UPSTREAM = 'libvterm 0.1.4 (Debian source package 0.1.4-1)';

/* ---------------------------------------------------------------- reasons */

// Every rejection and every dropped detail is named here, so COVERAGE.md reads the same
// words the code uses.
const WHY = {
  parserLevel: 'parser-level test (WANTPARSER): bytes go to parser callbacks, no terminal state',
  encodingLevel: 'decoder-level test (WANTENCODING/ENCIN): no terminal state',
  eightBit: 'input needs libvterm\'s 8-bit (non-UTF-8) mode; cases feed a UTF-8 terminal',
  inputEvent: 'answer to a keyboard, mouse, paste or focus event: schema v1 has no input-event action',
  parserTrace: 'parser callback trace (text, control, escape, csi, osc, dcs): no screen state',
  damage: 'damage: a redraw hint, no screen state',
  moverect: 'moverect: no state of its own (applied to the cells the same step made known)',
  pen: '?pen: the SGR pen is not screen content (no cell written with it is queried)',
  extent: '?screen_attrs_extent: attribute runs have no schema field',
  notEol: '?screen_eol = 0: "some cell right of here is not blank" is not expressible',
  selective: 'selective erase: which cells survive depends on protection the trace does not state',
  shapeNoPos: 'cursor shape without a cursor position in the step (expectedCursor needs row and col)',
  mouseProp: 'mouse property: libvterm\'s click/drag/move does not say x10 or normal, nor the encoding',
  sbIncomplete: 'sb_pushline: scrollback was not traced since the block began, so the whole scrollback is unknown',
  sbPopline: 'sb_popline: the harness invents "ABCDE" lines for the screen to pull back',
  afterPopline: 'depends on the harness\'s invented scrollback lines (after sb_popline)',
  replyBytes: 'reply is not valid UTF-8 (8-bit C1): expectedReplies is a text string',
  afterBadReply: 'follows an unconvertible reply, which expectedReplies would accumulate',
  nonAsciiPartial: 'partial-row text with non-ASCII characters: placing them in cells needs their widths',
  noAssertion: 'no assertion (upstream checks only that nothing is traced)',
};
const DROPPED = {
  lineSize: 'line size marks (dwl, dhl): no schema field',
  font: 'alternative font (F1-F9): no schema field',
  reverseScreen: 'cell attrs under DECSCNM: libvterm folds the screen-wide reverse into each cell',
};

/* ------------------------------------------------------- Perl string values */

// run-test.pl evals PUSH, output and ?screen_row arguments as Perl. The scripts use only
// double-quoted strings with backslash escapes, optionally repeated (`"A"x5`); anything
// else is an error rather than a guess.
const SIMPLE_ESCAPES = { t: 9, n: 10, r: 13, f: 12, b: 8, a: 7, e: 27 };

/** The code points of a Perl double-quoted string expression. */
function perlString(expr, where) {
  const text = expr.trim();
  if (text[0] !== '"') throw new Error(`${where}: not a double-quoted string: ${expr}`);
  const cps = [];
  let i = 1;
  for (; i < text.length && text[i] !== '"'; i++) {
    const ch = text[i];
    if ((ch === '$' || ch === '@') && /[A-Za-z_{:$0-9]/.test(text[i + 1] || '')) {
      throw new Error(`${where}: Perl interpolation is not supported: ${expr}`);
    }
    if (ch !== '\\') {
      cps.push(ch.codePointAt(0));
      continue;
    }
    const next = text[++i];
    if (next in SIMPLE_ESCAPES) {
      cps.push(SIMPLE_ESCAPES[next]);
    } else if (next === 'x' && text[i + 1] === '{') {
      const end = text.indexOf('}', i);
      cps.push(parseInt(text.slice(i + 2, end), 16));
      i = end;
    } else if (next === 'x') {
      const hex = /^[0-9a-fA-F]{0,2}/.exec(text.slice(i + 1))[0];
      cps.push(hex ? parseInt(hex, 16) : 0);
      i += hex.length;
    } else if (/[0-7]/.test(next)) {
      const oct = /^[0-7]{1,3}/.exec(text.slice(i))[0];
      cps.push(parseInt(oct, 8));
      i += oct.length - 1;
    } else if (/[A-Za-z0-9]/.test(next || 'a')) {
      throw new Error(`${where}: unsupported escape \\${next} in ${expr}`);
    } else {
      cps.push(next.codePointAt(0));
    }
  }
  if (text[i] !== '"') throw new Error(`${where}: unterminated string: ${expr}`);
  const rest = text.slice(i + 1).trim();
  if (rest === '') return cps;
  const rep = /^x\s*(\d+)$/.exec(rest);
  if (!rep) throw new Error(`${where}: unsupported Perl after the string: ${rest}`);
  return Array.from({ length: Number(rep[1]) }, () => cps).flat();
}

/** Code points as bytes, as run-test.pl's unpack "H*" / "C*" sees them. */
function toBytes(cps, where) {
  if (cps.some((c) => c > 0xff)) throw new Error(`${where}: a wide character where bytes were meant`);
  return Buffer.from(cps);
}

/* ------------------------------------------------------------ line parsing */

// Commands that only configure the harness: they never start a step.
const CONFIG = new Set(['INIT', 'UTF8', 'WANTSTATE', 'WANTSCREEN', 'WANTPARSER', 'WANTENCODING', 'DAMAGEMERGE']);
const INPUT_EVENTS = new Set(['INCHAR', 'INKEY', 'MOUSEMOVE', 'MOUSEBTN', 'PASTE', 'FOCUS']);

/**
 * The lines of one script as items, in run-test.pl's order of tests: `!title`, COMMAND,
 * lowercase trace, `?screen_row N = "..."`, `?query = value`, `$SEQ a b: line` and
 * `$REP n: line` (a repeated PUSH stays one item with a repeat count).
 */
function parseScript(file, text) {
  const items = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const parseLine = (line, no) => {
    const where = `t/${file}:${no}`;
    let m;
    if ((m = /^!(.*)/.exec(line))) {
      items.push({ no, kind: 'title', text: m[1] });
    } else if (/^[A-Z]/.test(line)) {
      // The harness gets the whole line; its first word names the command.
      const name = line.split(/\s/)[0];
      const arg = line.slice(name.length).replace(/^ /, '');
      const item = { no, kind: 'command', name, arg };
      if (name === 'PUSH') item.bytes = toBytes(perlString(arg, where), where);
      items.push(item);
    } else if ((m = /^([a-z_]+)/.exec(line))) {
      items.push({ no, kind: 'trace', name: m[1], arg: line.slice(m[1].length).trim() });
    } else if ((m = /^\?screen_row\s+(\d+)\s*=\s*(.*)$/.exec(line))) {
      const cps = perlString(m[2], where);
      items.push({ no, kind: 'query', name: 'screen_row', args: m[1], value: String.fromCodePoint(...cps) });
    } else if ((m = /^\?([a-z]+.*?=)\s+/.exec(line))) {
      const assertion = /^(.*)\s+=/.exec(m[1])[1];
      const [name, ...args] = assertion.trim().split(/\s+/);
      items.push({ no, kind: 'query', name, args: args.join(' '), value: line.slice(m[0].length) });
    } else if ((m = /\$SEQ\s+(\d+)\s+(\d+):\s*(.*)$/.exec(line))) {
      for (let v = Number(m[1]); v <= Number(m[2]); v++) parseLine(m[3].replaceAll('\\#', String(v)), no);
    } else if ((m = /\$REP\s+(\d+):\s*(.*)$/.exec(line))) {
      const before = items.length;
      parseLine(m[2], no);
      const added = items.slice(before);
      if (added.length === 1 && added[0].name === 'PUSH') {
        added[0].repeat = Number(m[1]);
      } else {
        for (let k = 1; k < Number(m[1]); k++) parseLine(m[2], no);
      }
    } else {
      throw new Error(`${where}: unrecognised line: ${line}`);
    }
  };
  lines.forEach((raw, index) => {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) return;
    if (line === '__END__') lines.length = 0;
    else parseLine(line, index + 1);
  });
  return items;
}

/* ------------------------------------------------------- value formats */

const num = (s) => Number(s.startsWith('0x') ? parseInt(s, 16) : s);

/** "r0..r1,c0..c1", ends exclusive, as the harness prints rectangles. */
function parseRect(text) {
  const m = /^(\d+)\.\.(\d+),(\d+)\.\.(\d+)$/.exec(text);
  if (!m) throw new Error(`bad rectangle ${text}`);
  return { r0: +m[1], r1: +m[2], c0: +m[3], c1: +m[4] };
}

function parsePos(text) {
  const m = /^(\d+),(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`bad position ${text}`);
  return { row: +m[1], col: +m[2] };
}

// libvterm 0.1.4's palette (src/pen.c) and default colours: ?screen_cell reports every
// colour converted to RGB, so an indexed colour is found again by its palette entry.
const PALETTE = [
  [0, 0, 0], [224, 0, 0], [0, 224, 0], [224, 224, 0], [0, 0, 224], [224, 0, 224], [0, 224, 224], [224, 224, 224],
  [128, 128, 128], [255, 64, 64], [64, 255, 64], [255, 255, 64], [64, 64, 255], [255, 64, 255], [64, 255, 255], [255, 255, 255],
];
const DEFAULT_FG = '240,240,240';
const DEFAULT_BG = '0,0,0';

/** A harness colour (rgb(r,g,b[,is_default_*]) or idx(n)) as a schema colour. */
function colour(text, isFg, block, where) {
  const m = /^rgb\((\d+),(\d+),(\d+)(,is_default_(?:fg|bg))?\)$/.exec(text);
  if (!m) throw new Error(`${where}: unsupported colour ${text}`);
  if (m[4]) return 'default';
  // The conversion to RGB loses which SGR chose the colour; only blocks that never pick
  // a colour that could collide (black, or any extended colour) are read back.
  if (block.sgr.extended) throw new Error(`${where}: colour ${text} is ambiguous after an extended SGR colour`);
  const rgb = `${m[1]},${m[2]},${m[3]}`;
  if (isFg && rgb === DEFAULT_FG) return 'default';
  if (!isFg && rgb === DEFAULT_BG) {
    if (block.sgr.black) throw new Error(`${where}: black background is ambiguous (default or SGR 40)`);
    return 'default';
  }
  const index = PALETTE.findIndex((p) => p.join(',') === rgb);
  if (index >= 0) return String(index);
  return `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
}

/** What SGR sequences in the bytes can select: black (30, 40) or extended colours (38, 48). */
function scanSgr(bytes, sgr) {
  for (const m of bytes.toString('latin1').matchAll(/\x1b\[([0-9;:]*)m/g)) {
    const params = m[1].split(/[;:]/).map(Number);
    if (params.includes(38) || params.includes(48)) sgr.extended = true;
    if (params.includes(30) || params.includes(40)) sgr.black = true;
  }
}

/** DECSCNM as the bytes leave it (RIS clears it), starting from `on`. */
function scanScreenReverse(bytes, on) {
  for (const m of bytes.toString('latin1').matchAll(/\x1b\[\?([0-9;]*)([hl])|\x1bc/g)) {
    if (m[0] === '\x1bc') on = false;
    else if (m[1].split(';').includes('5')) on = m[2] === 'h';
  }
  return on;
}

const UNDERLINES = ['none', 'single', 'double', 'curly'];
const ATTR_LETTERS = { B: 'bold', I: 'italic', K: 'blink', R: 'inverse' };
const ATTR_ORDER = ['bold', 'dim', 'italic', 'blink', 'inverse', 'hidden', 'strike', 'overline'];

/* ------------------------------------------------------------ the cell map */

/**
 * What one step makes known about cells: facts by "row,col", rows by index (their text,
 * trailing blanks dropped). Traces are replayed in order, so a later erase or scroll
 * moves or forgets what an earlier glyph said.
 */
class CellMap {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = new Map();
    this.rowText = new Map();
  }

  key(r, c) {
    return `${r},${c}`;
  }

  /** A trace fact replaces what was known of the cell. */
  put(r, c, fact) {
    this.cells.set(this.key(r, c), fact);
  }

  /** A query fact states the end of the step: it must agree with what the traces left. */
  merge(r, c, fact, where) {
    const old = this.cells.get(this.key(r, c)) || {};
    for (const [k, v] of Object.entries(fact)) {
      if (k in old && JSON.stringify(old[k]) !== JSON.stringify(v)) {
        throw new Error(`${where}: cell ${r},${c} ${k} is ${JSON.stringify(v)}, the traces said ${JSON.stringify(old[k])}`);
      }
    }
    this.cells.set(this.key(r, c), { ...old, ...fact });
  }

  setRow(r, text, where) {
    const trimmed = text.replace(/ +$/, '');
    if (this.rowText.has(r) && this.rowText.get(r) !== trimmed) {
      throw new Error(`${where}: row ${r} is ${JSON.stringify(trimmed)} and ${JSON.stringify(this.rowText.get(r))}`);
    }
    this.rowText.set(r, trimmed);
  }

  forget(rect) {
    for (let r = rect.r0; r < rect.r1; r++) for (let c = rect.c0; c < rect.c1; c++) this.cells.delete(this.key(r, c));
  }

  blank(rect) {
    for (let r = rect.r0; r < rect.r1; r++) for (let c = rect.c0; c < rect.c1; c++) this.put(r, c, { text: '' });
  }

  /** Cells of dest take what was known at the matching cells of src. */
  move(dest, src) {
    const moved = [];
    for (let r = 0; r < dest.r1 - dest.r0; r++) {
      for (let c = 0; c < dest.c1 - dest.c0; c++) {
        moved.push([dest.r0 + r, dest.c0 + c, this.cells.get(this.key(src.r0 + r, src.c0 + c))]);
      }
    }
    for (const [r, c, fact] of moved) {
      if (fact) this.put(r, c, fact);
      else this.cells.delete(this.key(r, c));
    }
  }

  /** A scroll of rect: content moves up by `down` and left by `right`; what it uncovers is erased. */
  scroll(rect, down, right) {
    const h = rect.r1 - rect.r0;
    const w = rect.c1 - rect.c0;
    if (Math.abs(down) >= h || Math.abs(right) >= w) {
      this.blank(rect);
      return;
    }
    const src = { r0: rect.r0 + Math.max(down, 0), r1: rect.r1 + Math.min(down, 0), c0: rect.c0 + Math.max(right, 0), c1: rect.c1 + Math.min(right, 0) };
    const dest = { r0: rect.r0 - Math.min(down, 0), r1: rect.r1 - Math.max(down, 0), c0: rect.c0 - Math.min(right, 0), c1: rect.c1 - Math.max(right, 0) };
    this.move(dest, src);
    for (let r = rect.r0; r < rect.r1; r++) {
      for (let c = rect.c0; c < rect.c1; c++) {
        const inDest = r >= dest.r0 && r < dest.r1 && c >= dest.c0 && c < dest.c1;
        if (!inDest) this.put(r, c, { text: '' });
      }
    }
  }

  /** Text of cells [c0, c1) of a row, ASCII only, trailing blanks dropped (libvterm's get_chars). */
  putPartialRow(r, c0, c1, text, where) {
    if (text.length > c1 - c0) throw new Error(`${where}: ${JSON.stringify(text)} is longer than its rectangle`);
    for (let c = c0; c < c1; c++) {
      const ch = text[c - c0];
      this.merge(r, c, { text: ch === undefined || ch === ' ' ? '' : ch }, where);
    }
  }

  /** The expectations: whole rows where every cell is known, the screen when every row is. */
  finish() {
    const onlyBlank = (fact) => fact && Object.keys(fact).length === 1 && fact.text === '';
    for (let r = 0; r < this.rows; r++) {
      let all = true;
      for (let c = 0; c < this.cols && all; c++) all = onlyBlank(this.cells.get(this.key(r, c)));
      if (!all) continue;
      this.setRow(r, '', 'blank row');
      for (let c = 0; c < this.cols; c++) this.cells.delete(this.key(r, c));
    }
    // A text-only cell fact on an ASCII row that is known whole says nothing more.
    for (const [key, fact] of [...this.cells]) {
      const [r, c] = key.split(',').map(Number);
      const text = this.rowText.get(r);
      if (text === undefined || !/^[\x20-\x7e]*$/.test(text) || fact.text === undefined) continue;
      const want = c < text.length && text[c] !== ' ' ? text[c] : '';
      if (fact.text !== want) throw new Error(`row ${r} is ${JSON.stringify(text)} but cell ${c} is ${JSON.stringify(fact.text)}`);
      if (Object.keys(fact).length === 1) this.cells.delete(key);
    }
    const out = {};
    if (this.rowText.size === this.rows) {
      const screen = [...Array(this.rows).keys()].map((r) => this.rowText.get(r));
      while (screen.length && screen[screen.length - 1] === '') screen.pop();
      out.expectedScreen = screen;
    } else if (this.rowText.size) {
      out.expectedRows = Object.fromEntries([...this.rowText].sort((a, b) => a[0] - b[0]).map(([r, t]) => [String(r), t]));
    }
    if (this.cells.size) {
      const keyed = [...this.cells].map(([key, fact]) => [key.split(',').map(Number), fact]);
      keyed.sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1]);
      out.expectedCells = keyed.map(([[row, col], fact]) => ({ row, col, ...fact }));
    }
    return out;
  }
}

/* ------------------------------------------------------------ conversion */

/** Counts for COVERAGE.md: assertions by kind, rejections and dropped details by reason. */
class Tally {
  constructor() {
    this.found = new Map();
    this.converted = new Map();
    this.rejectedKinds = new Map();
    this.rejected = new Map();
    this.dropped = new Map();
  }

  static bump(map, key) {
    map.set(key, (map.get(key) || 0) + 1);
  }

  convert(kind) {
    Tally.bump(this.found, kind);
    Tally.bump(this.converted, kind);
  }

  reject(kind, reason) {
    Tally.bump(this.found, kind);
    Tally.bump(this.rejectedKinds, kind);
    Tally.bump(this.rejected, reason);
  }

  drop(reason) {
    Tally.bump(this.dropped, reason);
  }
}

function assertionKind(item) {
  return item.kind === 'query' ? `?${item.name}` : item.name;
}

/** The bytes as a string when they are valid UTF-8, else null. */
function decodeUtf8(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The text of a ?screen_chars or ?screen_text answer. */
function screenText(item, where) {
  if (item.value === '') return '';
  const values = item.value.split(',').map((v) => num(v.trim()));
  if (item.name !== 'screen_text') return String.fromCodePoint(...values);
  const text = decodeUtf8(Buffer.from(values));
  if (text === null) throw new Error(`${where}: ?screen_text is not UTF-8`);
  return text;
}

/** The rectangle a screen text query covers; ?screen_row is run-test.pl's 80 columns of a row. */
function queryRect(item) {
  if (item.name === 'screen_row') return { r0: +item.args, r1: +item.args + 1, c0: 0, c1: 80 };
  const [r0, c0, r1, c1] = item.args.split(',').map(Number);
  return { r0, r1, c0, c1 };
}

// Kinds that never convert, with their reason.
const REJECTED_KINDS = {
  damage: WHY.damage,
  text: WHY.parserTrace, control: WHY.parserTrace, escape: WHY.parserTrace,
  csi: WHY.parserTrace, osc: WHY.parserTrace, dcs: WHY.parserTrace,
  encout: WHY.encodingLevel,
  sb_popline: WHY.sbPopline,
  '?pen': WHY.pen,
  '?screen_attrs_extent': WHY.extent,
};

// Returned by a rule whose line is counted when the step ends (cursor properties).
const DEFERRED = Symbol('deferred');

/** ?screen_cell's answer as a cell fact. */
function cellFact(item, s, where) {
  const m = /^\{([^}]*)\} width=(\d+) attrs=\{([^}]*)\} ((?:dwl |dhl-\w+ )*)fg=(\S+) bg=(\S+)$/.exec(item.value);
  if (!m) throw new Error(`${where}: unrecognised cell ${item.value}`);
  const attrs = new Set();
  let underline = 'none';
  for (const am of m[3].matchAll(/([BIKR])|U(\d)|F(\d)/g)) {
    if (am[1]) attrs.add(ATTR_LETTERS[am[1]]);
    else if (am[2]) underline = UNDERLINES[+am[2]];
    else s.tally.drop(DROPPED.font);
  }
  if (m[4]) s.tally.drop(DROPPED.lineSize);
  if (attrs.has('bold') && s.block.highbright) throw new Error(`${where}: bold colours depend on the harness's bold-highbright`);
  const fact = { text: String.fromCodePoint(...(m[1] ? m[1].split(',').map(num) : [])), width: +m[2] };
  if (s.ctx.screenReverse) s.tally.drop(DROPPED.reverseScreen);
  else fact.attrs = ATTR_ORDER.filter((x) => attrs.has(x));
  fact.underline = underline;
  fact.fg = colour(m[5], true, s.block, where);
  fact.bg = colour(m[6], false, s.block, where);
  return fact;
}

/**
 * One rule per kind of line: it reads the line into the step's state `s` and returns
 * null when the line converted, a reason when it did not, or DEFERRED.
 */
const RULES = {
  putglyph(item, s) {
    const m = /^(\S+) (\d+) (\d+),(\d+)((?: \S+)*)$/.exec(item.arg);
    const flags = m[5].trim().split(/\s+/).filter(Boolean);
    const fact = { text: String.fromCodePoint(...m[1].split(',').map(num)), width: +m[2] };
    if (s.block.protects) fact.protected = flags.includes('prot');
    if (flags.some((f) => f === 'dwl' || f.startsWith('dhl'))) s.tally.drop(DROPPED.lineSize);
    s.map.put(+m[3], +m[4], fact);
    return null;
  },
  erase(item, s) {
    const m = /^(\S+)( selective)?$/.exec(item.arg);
    if (m[2]) {
      s.map.forget(parseRect(m[1]));
      return WHY.selective;
    }
    s.map.blank(parseRect(m[1]));
    return null;
  },
  scrollrect(item, s) {
    const m = /^(\S+) => ([+-]\d+),([+-]\d+)$/.exec(item.arg);
    s.map.scroll(parseRect(m[1]), +m[2], +m[3]);
    return null;
  },
  moverect(item, s) {
    const m = /^(\S+) -> (\S+)$/.exec(item.arg);
    s.map.move(parseRect(m[2]), parseRect(m[1]));
    return WHY.moverect;
  },
  movecursor(item, s) {
    s.moved = parsePos(item.arg);
    return null;
  },
  settermprop(item, s) {
    const m = /^(\d+) (.*)$/.exec(item.arg);
    if (+m[1] === 8) return WHY.mouseProp;
    const v = m[2];
    s.props.set(+m[1], { value: v === 'true' ? true : v === 'false' ? false : v.startsWith('"') ? v.slice(1, -1) : Number(v), item });
    return DEFERRED;
  },
  output(item, s, where) {
    const text = decodeUtf8(toBytes(perlString(item.arg, where), where));
    if (text === null || /[\x80-\x9f]/.test(text)) {
      s.ctx.badReply = true;
      return WHY.replyBytes;
    }
    if (s.ctx.badReply) return WHY.afterBadReply;
    s.replies = (s.replies || '') + text;
    return null;
  },
  sb_pushline(item, s, where) {
    if (!s.ctx.scrollbackComplete) return WHY.sbIncomplete;
    const m = /^(\d+) =(.*)$/.exec(item.arg);
    const cps = m[2].trim().split(/\s+/).filter(Boolean).map((h) => parseInt(h, 16));
    if (cps.some((c) => c !== 0 && (c < 0x20 || c > 0x7e))) throw new Error(`${where}: non-ASCII scrollback line`);
    s.ctx.scrollback.push(cps.map((c) => (c === 0 ? ' ' : String.fromCharCode(c))).join('').replace(/ +$/, ''));
    s.out.expectedScrollback = [...s.ctx.scrollback];
    return null;
  },
  '?cursor'(item, s) {
    s.cursor = parsePos(item.value);
    return null;
  },
  '?screen_chars'(item, s, where) {
    const rect = queryRect(item);
    const text = item.name === 'screen_row' ? item.value : screenText(item, where);
    const parts = text.split('\n');
    if (parts.length !== rect.r1 - rect.r0) throw new Error(`${where}: ${parts.length} lines for ${rect.r1 - rect.r0} rows`);
    const whole = rect.c0 === 0 && rect.c1 >= s.block.size.cols;
    if (!whole && parts.some((p) => !/^[\x20-\x7e]*$/.test(p))) return WHY.nonAsciiPartial;
    parts.forEach((part, k) => {
      if (whole) s.map.setRow(rect.r0 + k, part, where);
      else s.map.putPartialRow(rect.r0 + k, rect.c0, rect.c1, part, where);
    });
    return null;
  },
  '?screen_cell'(item, s, where) {
    const pos = parsePos(item.args);
    s.map.merge(pos.row, pos.col, cellFact(item, s, where), where);
    return null;
  },
  '?screen_eol'(item, s, where) {
    if (item.value.trim() !== '1') return WHY.notEol;
    const pos = parsePos(item.args);
    for (let c = pos.col; c < s.block.size.cols; c++) s.map.merge(pos.row, c, { text: '' }, where);
    return null;
  },
};
RULES['?screen_text'] = RULES['?screen_chars'];
RULES['?screen_row'] = RULES['?screen_chars'];

/** Why a line of the step cannot convert whatever it says, or null. */
function stepReason(step, kind, ctx) {
  if (ctx.eightBit) return WHY.eightBit;
  if (step.inputEvent) return WHY.inputEvent;
  if (REJECTED_KINDS[kind]) return REJECTED_KINDS[kind];
  if (ctx.tainted) return WHY.afterPopline;
  return null;
}

/**
 * Cursor properties at the end of the step: on expectedCursor when the step knows the
 * position, else the visibility and blink as the modes libvterm keeps them in (DECTCEM,
 * ?12). Other properties have their own expectations.
 */
function applyProps(s) {
  const pos = s.cursor || s.moved;
  const modes = {};
  for (const [prop, { value, item }] of [...s.props].sort((a, b) => a[0] - b[0])) {
    const kind = assertionKind(item);
    if (prop === 7 && !pos) {
      s.tally.reject(kind, WHY.shapeNoPos);
      continue;
    }
    if (prop === 1 || prop === 2) {
      const [field, mode] = prop === 1 ? ['visible', 'DECTCEM'] : ['blink', 'cursorBlink'];
      if (pos) pos[field] = value;
      else modes[mode] = value;
    } else if (prop === 3) s.out.expectedAltScreen = value;
    else if (prop === 4) s.out.expectedTitle = value;
    else if (prop === 5) s.out.expectedIcon = value;
    else if (prop === 6) modes.DECSCNM = value;
    else if (prop === 7) pos.shape = ['default', 'block', 'underline', 'bar'][value];
    else throw new Error(`t/${s.block.file}:${item.no}: unknown property ${prop}`);
    s.tally.convert(kind);
  }
  if (pos) s.out.expectedCursor = pos;
  if (Object.keys(modes).length) s.out.expectedModes = modes;
}

/**
 * One step: the expectations its traces and queries make. `ctx` carries what the block
 * knows across steps (DECSCNM, replies, scrollback, what can no longer be trusted).
 */
function convertStep(step, ctx, tally) {
  const { block } = ctx;
  const s = { ctx, block, tally, map: new CellMap(block.size.rows, block.size.cols), out: {}, props: new Map(), cursor: null, moved: null, replies: null };
  if (step.lines.some((it) => it.name === 'sb_popline')) ctx.tainted = true;
  for (const item of step.lines) {
    const kind = assertionKind(item);
    const where = `t/${block.file}:${item.no}`;
    let reason = stepReason(step, kind, ctx);
    if (!reason) {
      if (!RULES[kind]) throw new Error(`${where}: no rule for ${kind}`);
      reason = RULES[kind](item, s, where);
    }
    if (reason === DEFERRED) continue;
    if (reason) tally.reject(kind, reason);
    else tally.convert(kind);
  }
  const expectations = { ...s.out, ...s.map.finish() };
  if (s.cursor && s.moved && (s.cursor.row !== s.moved.row || s.cursor.col !== s.moved.col)) {
    throw new Error(`t/${block.file}:${step.no}: ?cursor and movecursor disagree`);
  }
  s.out = expectations;
  applyProps(s);
  if (s.replies !== null) s.out.expectedReplies = s.replies;
  return s.out;
}

/* ------------------------------------------------------------ blocks */

/** Splits a script into blocks (RESET to RESET) of steps, tracking the harness's state. */
function blocksOf(file, items) {
  const blocks = [];
  const harness = { rows: 25, cols: 80, utf8: false, scrollbackTraced: false, parser: false, encoding: false, highbright: false };
  let block = null;
  let step = null;
  let pendingTitles = [];
  let lastTitle = null;
  const newBlock = (startNo) => {
    block = {
      file, startNo, titles: [], steps: [], size: { rows: harness.rows, cols: harness.cols },
      parser: harness.parser, encoding: harness.encoding, highbright: harness.highbright,
      sgr: { black: false, extended: false }, protects: false,
      inheritedTitle: lastTitle,
    };
    blocks.push(block);
    step = null;
  };
  const takeTitles = () => {
    if (!block) newBlock(pendingTitles.length ? pendingTitles[0].no : null);
    for (const t of pendingTitles) block.titles.push(t.text);
    pendingTitles = [];
  };

  for (const item of items) {
    if (item.kind === 'title') {
      pendingTitles.push(item);
      lastTitle = item.text;
      continue;
    }
    if (item.kind === 'command' && CONFIG.has(item.name)) {
      const flags = item.arg;
      if (item.name === 'UTF8') harness.utf8 = flags.trim() === '1';
      if (item.name === 'WANTPARSER') harness.parser = true;
      if (item.name === 'WANTENCODING') harness.encoding = true;
      if (item.name === 'WANTSTATE') harness.highbright = true;
      if (item.name === 'WANTSCREEN') {
        // Flags after '-' turn off; 'b' traces the scrollback.
        let sense = true;
        for (const ch of flags.replace(/\s/g, '')) {
          if (ch === '-') sense = false;
          else if (ch === '+') sense = true;
          else if (ch === 'b') harness.scrollbackTraced = sense;
        }
      }
      if (block) {
        block.parser ||= harness.parser;
        block.encoding ||= harness.encoding;
        block.highbright ||= harness.highbright;
      }
      continue;
    }
    if (item.kind === 'command' && item.name === 'RESET') {
      newBlock(pendingTitles.length ? pendingTitles[0].no : item.no);
      takeTitles();
      step = { no: item.no, action: { reset: true }, lines: [], atStart: true };
      block.steps.push(step);
      block.startNo ??= item.no;
      continue;
    }
    takeTitles();
    block.startNo ??= item.no;
    if (item.kind === 'command') {
      step = { no: item.no, lines: [], inputEvent: INPUT_EVENTS.has(item.name) || item.name === 'ENCIN' };
      if (item.name === 'PUSH') {
        step.action = { bytes: item.bytes, repeat: item.repeat };
        step.eightBit = !harness.utf8 && item.bytes.some((b) => b >= 0x80);
        scanSgr(item.bytes, block.sgr);
        if (/\x1b\[[0-9;]*"q/.test(item.bytes.toString('latin1'))) block.protects = true;
      } else if (item.name === 'RESIZE') {
        const [rows, cols] = item.arg.split(',').map((v) => Number(v.trim()));
        step.action = { resize: { rows, cols } };
        step.grows = rows > harness.rows;
        harness.rows = rows;
        harness.cols = cols;
        step.size = { rows, cols };
      } else if (item.name === 'DAMAGEFLUSH') {
        step.action = null;
      } else if (!step.inputEvent) {
        throw new Error(`t/${file}:${item.no}: no rule for command ${item.name}`);
      }
      step.scrollbackTraced = harness.scrollbackTraced;
      block.steps.push(step);
      continue;
    }
    if (!step) throw new Error(`t/${file}:${item.no}: an assertion before any action`);
    step.lines.push(item);
  }
  // A RESET straight after another is no block of its own.
  return blocks.filter((b) => b.steps.some((s) => (s.action && !s.atStart) || s.lines.length));
}

function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** A step's action as schema fields: input when the bytes are UTF-8, inputHex when not. */
function actionFields(action) {
  if (!action) return {};
  if (action.reset) return { reset: true };
  if (action.resize) return { resize: action.resize };
  const out = {};
  const text = decodeUtf8(action.bytes);
  if (text !== null) out.input = text;
  else out.inputHex = action.bytes.toString('hex');
  if (action.repeat) out.repeat = action.repeat;
  return out;
}

/** One block as a case, or the reason it is rejected. */
function convertBlock(block, tally) {
  const stem = block.file.replace(/\.test$/, '');
  const wholeReason = block.parser ? WHY.parserLevel : block.encoding ? WHY.encodingLevel : null;
  if (wholeReason) {
    for (const step of block.steps) for (const item of step.lines) tally.reject(assertionKind(item), wholeReason);
    return { reason: wholeReason };
  }
  const ctx = { block, eightBit: false, tainted: false, badReply: false, scrollback: [], scrollbackComplete: true, screenReverse: false };
  const before = new Map(tally.rejected);
  const steps = [];
  let size = { ...block.size };
  for (const step of block.steps) {
    // From the first byte above 0x7f fed in 8-bit mode on, the block is libvterm's alone.
    if (step.eightBit) ctx.eightBit = true;
    if (step.inputEvent || ctx.eightBit) {
      convertStep(step, ctx, tally);
      continue;
    }
    // Scrollback is known whole only while every action since the block began was traced.
    const mayPush = step.action && (step.action.bytes || (step.action.resize && step.size.rows < size.rows));
    if (!step.scrollbackTraced && mayPush) {
      ctx.scrollbackComplete = false;
    }
    if (step.action && step.action.bytes) ctx.screenReverse = scanScreenReverse(step.action.bytes, ctx.screenReverse);
    if (step.action && step.action.reset) ctx.screenReverse = false;
    if (step.size) size = step.size;
    ctx.block = { ...block, size };
    if (step.grows && ctx.scrollback.length) throw new Error(`t/${block.file}:${step.no}: a taller resize would pull scrollback back`);
    const expectations = convertStep(step, ctx, tally);
    if ((step.atStart || !step.action) && !Object.keys(expectations).length) continue;
    steps.push({ ...actionFields(step.action), ...expectations });
  }
  while (steps.length && !Object.keys(steps[steps.length - 1]).some((k) => k.startsWith('expected'))) steps.pop();
  if (!steps.length) {
    const added = [...tally.rejected].filter(([r, n]) => n > (before.get(r) || 0)).map(([r, n]) => [r, n - (before.get(r) || 0)]);
    added.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return { reason: added.length ? added[0][0] : WHY.noAssertion };
  }
  const name = slug(block.titles[0] || block.inheritedTitle || '');
  const testCase = {
    suite: SUITE,
    name: name ? `${stem}-${name}` : stem,
    cols: block.size.cols,
    rows: block.size.rows,
  };
  // The harness keeps no scrollback (it discards pushed lines, pulls none back) unless a
  // test traces it; scrollback 0 does the same.
  if (!steps.some((st) => st.expectedScrollback)) testCase.scrollback = 0;
  const single = steps.length === 1 && (steps[0].input !== undefined || steps[0].inputHex !== undefined);
  if (single) Object.assign(testCase, steps[0]);
  else testCase.steps = steps;
  testCase.sourceLine = `t/${block.file}:${block.startNo}`;
  testCase.license = LICENSE;
  if (block.titles.length) testCase.note = `upstream: ${block.titles.map((t) => t.trim()).join('; ')}`;
  return { testCase };
}

/* ------------------------------------------------------------ output */

/** JSON with two-space indents, small values kept on one line; ends with a newline. */
function formatJson(value, indent = '') {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= 110 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value) && value.every(isFlatObject)) return `[\n${packed(value, inner)}\n${indent}]`;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + formatJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function isFlatObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || typeof v !== 'object');
}

/** Flat objects, as many to a line as fit. */
function packed(items, indent) {
  const lines = [];
  let line = '';
  for (const item of items) {
    const text = JSON.stringify(item);
    if (line && indent.length + line.length + text.length + 2 > 110) {
      lines.push(`${indent}${line},`);
      line = '';
    }
    line += line ? `, ${text}` : text;
  }
  lines.push(`${indent}${line}`);
  return lines.join('\n');
}

function markdownTable(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function coverage(perFile, tally, blockReasons) {
  const sum = (key) => perFile.reduce((n, f) => n + f[key], 0);
  const byCount = (map) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const kinds = [...tally.found.keys()].sort();
  return [
    '# libvterm suite: extraction coverage',
    '',
    `Written by \`extract.mjs\` from ${UPSTREAM}, \`t/*.test\`. Do not edit: run`,
    '`node corpus/libvterm/extract.mjs`. This is the health of the extraction, not anyone\'s',
    'conformance.',
    '',
    '## Blocks',
    '',
    'A block runs from one `RESET` to the next; a converted block is one case.',
    '',
    markdownTable(['blocks', 'count'], [
      ['found', sum('blocks')],
      ['converted', sum('cases')],
      ['rejected', sum('blocks') - sum('cases')],
    ]),
    '',
    '### Rejected blocks by reason',
    '',
    markdownTable(['reason', 'blocks'], byCount(blockReasons)),
    '',
    '## Files',
    '',
    markdownTable(['file', 'blocks', 'cases', 'rejected', 'steps'],
      perFile.map((f) => [`\`t/${f.file}\``, f.blocks, f.cases, f.blocks - f.cases, f.steps])),
    '',
    '## Upstream assertions',
    '',
    'Every trace and query line, expanded as run-test.pl expands `$SEQ` and `$REP`.',
    '',
    markdownTable(['kind', 'found', 'converted', 'rejected'],
      kinds.map((k) => [`\`${k}\``, tally.found.get(k), tally.converted.get(k) || 0, tally.rejectedKinds.get(k) || 0])),
    '',
    '### Rejected assertions by reason',
    '',
    markdownTable(['reason', 'assertions'], byCount(tally.rejected)),
    '',
    '### Details dropped from converted assertions',
    '',
    markdownTable(['detail', 'times'], byCount(tally.dropped)),
    '',
  ].join('\n');
}

function fetchSources() {
  const out = execFileSync(process.execPath, [join(HERE, 'fetch.mjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim();
}

function main() {
  if (process.argv.length > 2) {
    process.stderr.write('usage: node corpus/libvterm/extract.mjs (no arguments)\n');
    process.exit(2);
  }
  const src = fetchSources();
  const tdir = join(src, 't');
  const files = readdirSync(tdir).filter((f) => f.endsWith('.test')).sort();
  const rawDir = join(HERE, 'raw');
  const casesDir = join(HERE, 'cases');
  rmSync(rawDir, { recursive: true, force: true });
  rmSync(casesDir, { recursive: true, force: true });
  mkdirSync(rawDir);
  mkdirSync(casesDir);

  const tally = new Tally();
  const blockReasons = new Map();
  const perFile = [];
  const names = new Set();
  for (const file of files) {
    const text = readFileSync(join(tdir, file), 'utf8');
    const stem = file.replace(/\.test$/, '');
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    writeFileSync(join(rawDir, `${stem}.jsonl`), lines.map((t, i) => `${JSON.stringify({ line: i + 1, text: t })}\n`).join(''));

    const blocks = blocksOf(file, parseScript(file, text));
    const cases = [];
    for (const block of blocks) {
      const result = convertBlock(block, tally);
      if (result.reason) {
        Tally.bump(blockReasons, result.reason);
        continue;
      }
      const c = result.testCase;
      let name = c.name;
      for (let n = 2; names.has(name); n++) name = `${c.name}-${n}`;
      names.add(name);
      c.name = name;
      cases.push(c);
    }
    const steps = cases.reduce((n, c) => n + (c.steps ? c.steps.length : 1), 0);
    perFile.push({ file, blocks: blocks.length, cases: cases.length, steps });
    if (cases.length) writeFileSync(join(casesDir, `${stem}.json`), `${formatJson({ version: 1, cases })}\n`);
  }
  writeFileSync(join(HERE, 'COVERAGE.md'), coverage(perFile, tally, blockReasons));
  const total = perFile.reduce((n, f) => n + f.cases, 0);
  process.stdout.write(`libvterm: ${total} cases from ${perFile.reduce((n, f) => n + f.blocks, 0)} blocks in ${files.length} files\n`);
}

main();
