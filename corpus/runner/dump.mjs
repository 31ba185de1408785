// Parsing what a backend prints (backends/README.md) into plain objects. Anything
// outside the contract throws ProtocolError: an adapter that prints garbage is an error,
// never a silent pass. A line the contract calls optional, when absent, leaves its
// property undefined, which the comparison reads as "unreported".
import { tokenize, ProtocolError } from './quote.mjs';

const COLOUR = /^(default|[0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5]|#[0-9a-f]{6})$/;
const ATTRS = new Set(['bold', 'dim', 'italic', 'blink', 'inverse', 'hidden', 'strike', 'overline']);
const UNDERLINES = new Set(['none', 'single', 'double', 'curly', 'dotted', 'dashed']);
const SHAPES = new Set(['default', 'block', 'underline', 'bar']);
const TRACKING = new Set(['off', 'x10', 'normal', 'button', 'any', 'click', 'drag', 'move']);
const ENCODINGS = new Set(['default', 'utf8', 'sgr', 'urxvt']);
// `known tokens ...`: the optional cell tokens an emulator always knows, so a cell
// without a line of its own has their defaults even when no printed cell carries them.
const CELL_TOKENS = new Map([['ul-color', 'underlineColor'], ['protected', 'protected'], ['link', 'link']]);
const KNOWN_LISTS = { attrs: ATTRS, underline: UNDERLINES, shape: SHAPES, tokens: new Set(CELL_TOKENS.keys()) };

/** The first words of a dump's lines. */
export const DUMP_TAGS = new Set(['size', 'cursor', 'pending-wrap', 'alt-screen', 'reverse-video', 'mouse', 'keypad', 'bell',
  'title', 'icon', 'replies', 'clipboard', 'unhandled', 'scrollback', 'scrollback-unknown', 'row', 'cell', 'known']);

const text = (bytes) => bytes.toString('utf8');

function fail(line, why) {
  throw new ProtocolError(`${why} in "${line.toString('utf8').slice(0, 120)}"`);
}

// A reader over one line's tokens, with the checks every field needs.
function fields(line) {
  const toks = tokenize(line);
  let i = 0;
  const r = {
    get done() { return i >= toks.length; },
    word(allowed) {
      const t = toks[i++];
      if (!t || t.word === undefined) fail(line, 'a word missing');
      if (allowed && !allowed.has(t.word)) fail(line, `an unexpected "${t.word}"`);
      return t.word;
    },
    peek: () => toks[i]?.word,
    int() {
      const w = r.word();
      if (!/^(0|[1-9][0-9]*)$/.test(w)) fail(line, `"${w}" is not a count`);
      return Number(w);
    },
    flag() {
      const w = r.word();
      if (w !== '0' && w !== '1') fail(line, `"${w}" is not 0 or 1`);
      return w === '1';
    },
    colour() {
      const w = r.word();
      if (!COLOUR.test(w)) fail(line, `"${w}" is not a colour`);
      return w;
    },
    bytes() {
      const t = toks[i++];
      if (!t || t.bytes === undefined) fail(line, 'a quoted string missing');
      return t.bytes;
    },
    list(allowed) {
      const w = r.word();
      if (w === 'none') return [];
      const items = w.split(',');
      const bad = items.find((it) => !allowed.has(it));
      if (bad !== undefined) fail(line, `an unexpected "${bad}"`);
      return items;
    },
    fail: (why) => fail(line, why),
    end() { if (!r.done) fail(line, 'extra tokens'); },
  };
  return r;
}

function parseCursor(f) {
  const cursor = { row: f.int(), col: f.int() };
  while (!f.done) {
    const w = f.word();
    if (w === 'visible' || w === 'hidden') cursor.visible = w === 'visible';
    else if (w === 'blink' || w === 'steady') cursor.blink = w === 'blink';
    else if (w === 'shape') cursor.shape = f.word(SHAPES);
    else f.fail(`an unknown cursor property "${w}"`);
  }
  return cursor;
}

function parseCell(f, d) {
  const row = f.int(), col = f.int();
  const cell = { text: text(f.bytes()) };
  cell.width = (f.word(new Set(['width'])), f.int());
  cell.fg = (f.word(new Set(['fg'])), f.colour());
  cell.bg = (f.word(new Set(['bg'])), f.colour());
  f.word(new Set(['attrs']));
  cell.attrs = f.list(ATTRS);
  cell.underline = (f.word(new Set(['underline'])), f.word(UNDERLINES));
  while (!f.done) {
    const w = f.word();
    if (w === 'ul-color') { cell.underlineColor = f.colour(); d.cellTokens.add('underlineColor'); }
    else if (w === 'protected' || w === 'unprotected') { cell.protected = w === 'protected'; d.cellTokens.add('protected'); }
    else if (w === 'link') { cell.link = text(f.bytes()); d.cellTokens.add('link'); }
    else if (w === 'nolink') { cell.link = null; d.cellTokens.add('link'); }
    else f.fail(`an unknown cell token "${w}"`);
  }
  d.cells.set(`${row},${col}`, cell);
}

const SCREEN_TAGS = new Set(['size', 'cursor', 'alt-screen', 'row']);
const CELL_LINE = Buffer.from('cell ');

/**
 * A dump's lines (Buffers, `end` excluded) as
 * {size:{rows,cols}, cursor:{row,col,visible?,blink?,shape?}, pendingWrap?, altScreen?,
 *  reverseVideo?, mouse?:{tracking, encoding?}, keypad?, bell?, title?, icon?, replies?,
 *  clipboard?:{selection,payload}, unhandled?, scrollback:[text], scrollbackUnknown?, rows:[text],
 *  cells: Map("R,C" -> cell), cellTokens: Set, known: {attrs?, underline?, shape?}}.
 * With `screenOnly`, only size, cursor, alt-screen and rows are read (every line's first
 * word is still checked): the session differentials compare those after every event.
 * With `cells: false`, the cell lines are passed over (cells stays empty): a case that
 * expects no cell reads none, and a screen of attributed cells is most of a dump's lines.
 */
export function parseDump(lines, { screenOnly = false, cells = true } = {}) {
  const d = { scrollback: [], rows: [], cells: new Map(), cellTokens: new Set(), known: {} };
  const once = new Set();
  for (const line of lines) {
    if (!cells && line[0] === 0x63 && line.subarray(0, CELL_LINE.length).equals(CELL_LINE)) continue;
    if (screenOnly) {
      const space = line.indexOf(0x20);
      const first = line.subarray(0, space < 0 ? line.length : space).toString('latin1');
      if (!DUMP_TAGS.has(first)) fail(line, `an unknown line "${first}"`);
      if (!SCREEN_TAGS.has(first)) continue;
    }
    const f = fields(line);
    const tag = f.word();
    if (tag !== 'row' && tag !== 'scrollback' && tag !== 'cell' && tag !== 'known') {
      if (once.has(tag)) fail(line, `a second ${tag} line`);
      once.add(tag);
    }
    switch (tag) {
      case 'size': d.size = { rows: f.int(), cols: f.int() }; break;
      case 'cursor': d.cursor = parseCursor(f); break;
      case 'pending-wrap': d.pendingWrap = f.flag(); break;
      case 'alt-screen': d.altScreen = f.flag(); break;
      case 'reverse-video': d.reverseVideo = f.flag(); break;
      case 'mouse':
        d.mouse = { tracking: f.word(TRACKING) };
        if (!f.done) d.mouse.encoding = f.word(ENCODINGS);
        break;
      case 'keypad': d.keypad = f.word(new Set(['normal', 'app'])); break;
      case 'bell': d.bell = f.int(); break;
      case 'title': d.title = text(f.bytes()); break;
      case 'icon': d.icon = text(f.bytes()); break;
      case 'replies': d.replies = f.bytes(); break;
      case 'clipboard': d.clipboard = { selection: text(f.bytes()), payload: text(f.bytes()) }; break;
      case 'unhandled': d.unhandled = f.int(); break;
      // An emulator whose saved lines cannot be read back: scrollback is unreported, not empty.
      case 'scrollback-unknown': d.scrollbackUnknown = true; break;
      case 'scrollback': {
        const i = f.int();
        if (i !== d.scrollback.length) fail(line, 'scrollback lines out of order');
        d.scrollback.push(text(f.bytes()));
        break;
      }
      case 'row': {
        const i = f.int();
        if (i !== d.rows.length) fail(line, 'rows out of order');
        d.rows.push(text(f.bytes()));
        break;
      }
      case 'cell': parseCell(f, d); break;
      case 'known': {
        const what = f.word(new Set(Object.keys(KNOWN_LISTS)));
        const values = f.list(KNOWN_LISTS[what]);
        if (what === 'tokens') for (const v of values) d.cellTokens.add(CELL_TOKENS.get(v));
        else d.known[what] = new Set(values);
        break;
      }
      default: fail(line, `an unknown line "${tag}"`);
    }
    f.end();
  }
  if (!d.size || !d.cursor) throw new ProtocolError('a dump without its size or cursor line');
  if (d.rows.length !== d.size.rows) throw new ProtocolError(`a dump of ${d.rows.length} rows for a size of ${d.size.rows}`);
  return d;
}

/** `mode ?N V` for the mode asked: V (0 unknown, 1 set, 2 reset, 3/4 permanent). */
export function parseModeAnswer(line, asked) {
  const f = fields(line);
  f.word(new Set(['mode']));
  const spec = f.word();
  if (spec !== asked) fail(line, `an answer for ${spec}, asked ${asked}`);
  const v = f.int();
  if (v > 4) fail(line, `${v} is not a DECRQM value`);
  f.end();
  return v;
}

/** `keypad normal|app|unknown`; unknown is undefined. */
export function parseKeypadAnswer(line) {
  const f = fields(line);
  f.word(new Set(['keypad']));
  const v = f.word(new Set(['normal', 'app', 'unknown']));
  f.end();
  return v === 'unknown' ? undefined : v;
}

/** `styled R "text"` lines, in row order. */
export function parseStyled(lines) {
  const rows = [];
  for (const line of lines) {
    const f = fields(line);
    f.word(new Set(['styled']));
    if (f.int() !== rows.length) fail(line, 'styled rows out of order');
    rows.push(text(f.bytes()));
    f.end();
  }
  return rows;
}

/** `match R C CELLS` lines, in order. */
export function parseMatches(lines) {
  return lines.map((line) => {
    const f = fields(line);
    f.word(new Set(['match']));
    const m = { row: f.int(), col: f.int(), cells: f.int() };
    f.end();
    return m;
  });
}
