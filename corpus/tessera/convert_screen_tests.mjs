#!/usr/bin/env node
// One-off converter: the old screen case files (tests/screen/cases/*.test)
// into case files of schema v1 (corpus/case-v1.schema.json), one .json per
// .test with the same stem, cases in the same order and names unchanged.
// `xterm-differs` / `libvterm-differs` reasons go to corpus/known-gaps.json.
//
//   node corpus/tessera/convert_screen_tests.mjs [FILE.test...]
//
// With no arguments it converts tests/screen/cases/*.test. Each case's
// sourceLine is the README table's row that names it (tests/screen/sequences.txt,
// core/src/modes.def), with the specification it follows, else the topic
// header of its file. Refuses anything it cannot map exactly: it then says
// what and writes nothing (exit 1).
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parseFile } from './case_file.mjs';
import { readRows } from '../coverage.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const OUT_DIR = path.join(HERE, 'cases');
const GAPS = path.join(ROOT, 'corpus/known-gaps.json');
const SUITE = 'tessera';
const WITNESS_BACKEND = { xterm: 'xterm.js', libvterm: 'libvterm' };

class Unmappable extends Error {}
const fail = (where, msg) => { throw new Unmappable(`${where}: ${msg}`); };

// ------------------------------------------------------------ sourceLine

// The document a row of the README's table follows, by row name, then by
// section for the rest.
const SPEC_BY_ROW = {
  'C1 as UTF-8 code points': "xterm ctlseqs (C1 controls in UTF-8 mode)",
  'raw 8-bit C1 bytes': 'Unicode 3.9 (ill-formed UTF-8)',
  'bounds': 'tessera core limits (core/README.md)',
  IND: 'DEC STD 070', 'SCS G0-G3': 'ECMA-35, DEC STD 070', RIS: 'ECMA-48',
  'DECSET, DECRST': 'xterm ctlseqs', 'XTWINOPS 22/23': 'xterm ctlseqs', 'XTWINOPS 18': 'xterm ctlseqs',
  'XTWINOPS 14': 'xterm ctlseqs', XTVERSION: 'xterm ctlseqs', DA2: 'xterm ctlseqs',
  'SCOSC, SCORC': 'xterm ctlseqs', DECSCUSR: 'VT520, xterm ctlseqs',
  'OSC 8': 'OSC 8 hyperlinks (as in VTE and iTerm2)',
  'synchronized output (?2026)': 'the synchronized output convention (mode 2026)',
  'underline': 'ECMA-48 SGR; styles 4:n as in kitty and VTE',
  'underline colour': 'SGR 58/59 as in kitty and VTE',
  '256 colours': 'xterm ctlseqs (SGR 38/48)', truecolour: 'ITU T.416, xterm ctlseqs (SGR 38/48)',
  overline: 'ECMA-48 SGR', 'UTF-8': 'Unicode 3.9 (UTF-8)', 'malformed UTF-8': 'Unicode 3.9 (maximal subparts)',
  'wide characters': 'UAX #11', 'wide at the last column': 'xterm', 'combining marks': 'Unicode 3.6 (combining marks)',
  'grapheme clusters': 'UAX #29', 'pending wrap': 'DEC STD 070 (the last column flag)',
};
const SPEC_BY_SECTION = {
  'C0 controls': 'ECMA-48', Parser: 'ECMA-48', 'ESC sequences': 'ECMA-48', 'CSI sequences': 'ECMA-48',
  OSC: 'xterm ctlseqs', SGR: 'ECMA-48 SGR', 'Text, Unicode and wrapping': 'Unicode',
  'Screen state and queries': 'tessera API (core/README.md)',
};
function specOf(row) {
  if (SPEC_BY_ROW[row.name]) return SPEC_BY_ROW[row.name];
  if (/^DEC/.test(row.name)) return 'DEC STD 070';
  if (row.mode) return /^\?/.test(row.mode) ? 'xterm ctlseqs' : 'ECMA-48';
  return SPEC_BY_SECTION[row.section] ?? fail(row.name, `no specification for section ${row.section}`);
}

// "FILE/NAME" -> the first row that names the case.
function rowSources() {
  const out = new Map();
  for (const row of readRows(ROOT)) {
    const text = `${specOf(row)}, ${row.name}: ${row.bytes.replace(/`/g, '').replace(/\\\|/g, '|')}`;
    for (const { file, names } of row.cites) {
      for (const name of names) if (!out.has(`${file}/${name}`)) out.set(`${file}/${name}`, text);
    }
  }
  return out;
}

// ------------------------------------------------------------ values

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function text(tok, where) {
  if (!tok?.quoted) fail(where, 'expected a "string"');
  try {
    return utf8.decode(tok.bytes);
  } catch {
    return fail(where, 'an expectation that is not valid UTF-8 has no schema v1 form');
  }
}
function int(tok, where) {
  if (!tok || !/^[0-9]+$/.test(tok.text)) fail(where, `expected an integer, got ${tok?.text}`);
  return Number(tok.text);
}
function bytesInput(tok, where) {
  if (!tok?.quoted) fail(where, 'expected a "string"');
  try {
    return { input: utf8.decode(tok.bytes) };
  } catch {
    return { inputHex: tok.bytes.toString('hex') };
  }
}

const MODES = JSON.parse(readFileSync(path.join(ROOT, 'corpus/modes.json'), 'utf8')).modes;
const MODE_BY_NUMBER = Object.fromEntries(Object.entries(MODES).map(([name, n]) => [n, name]));

// ------------------------------------------------------------ expectations

// One expectation directive as [field, value, slot]: fields that merge
// (rows, cells, modes) carry a slot naming the part they fill; two
// expectations with the same slot in one phase need two phases.
function expectation(s, where) {
  const a = s.a;
  const arity = (n) => { if (a.length !== n) fail(where, `${s.d} takes ${n} argument(s)`); };
  switch (s.d) {
    case 'expect-text': {
      arity(1);
      const t = text(a[0], where);
      return ['expectedScreen', t === '' ? [] : t.split('\n')];
    }
    case 'expect-row': arity(2); return ['expectedRows', { [int(a[0], where)]: text(a[1], where) }];
    case 'expect-exact': arity(0); return ['expectedExact', s.block];
    case 'expect-styled': arity(0); return ['expectedStyled', s.block];
    case 'expect-scrollback': arity(0); return ['expectedScrollback', s.block];
    case 'expect-scrollback-lines': arity(1); return ['expectedScrollbackLines', int(a[0], where)];
    case 'expect-cursor': {
      const cur = { row: int(a[0], where), col: int(a[1], where) };
      for (let k = 2; k < a.length; k++) {
        const w = a[k].text;
        if (w === 'visible' || w === 'hidden') cur.visible = w === 'visible';
        else if (w === 'wrap' || w === 'nowrap') cur.pendingWrap = w === 'wrap';
        else if (w === 'blink' || w === 'steady') cur.blink = w === 'blink';
        else if (w === 'shape') cur.shape = a[++k]?.text;
        else fail(where, `unknown expect-cursor word ${w}`);
      }
      const order = ['row', 'col', 'visible', 'pendingWrap', 'shape', 'blink'];
      return ['expectedCursor', Object.fromEntries(order.filter((k) => k in cur).map((k) => [k, cur[k]]))];
    }
    case 'expect-cell': return ['expectedCells', [cell(a, where)]];
    case 'expect-mode': {
      arity(2);
      const name = MODE_BY_NUMBER[a[0].text] ?? fail(where, `mode ${a[0].text} has no name in corpus/modes.json`);
      const v = int(a[1], where);
      if (v > 1) fail(where, 'mode value must be 0 or 1');
      return ['expectedModes', { [name]: v === 1 }];
    }
    case 'expect-mouse': arity(2); return ['expectedMouse', { tracking: a[0].text, encoding: a[1].text }];
    case 'expect-alt-screen': arity(1); return ['expectedAltScreen', int(a[0], where) === 1];
    case 'expect-keypad': {
      arity(1);
      const k = { normal: 'normal', app: 'application' }[a[0].text] ?? fail(where, 'keypad normal or app');
      return ['expectedKeypad', k];
    }
    case 'expect-title': arity(1); return ['expectedTitle', text(a[0], where)];
    case 'expect-icon': arity(1); return ['expectedIcon', text(a[0], where)];
    case 'expect-bell': arity(1); return ['expectedBell', int(a[0], where)];
    case 'expect-replies': arity(1); return ['expectedReplies', text(a[0], where)];
    case 'expect-replies-like': arity(1); return ['expectedRepliesLike', text(a[0], where)];
    case 'expect-clipboard':
      arity(2);
      return ['expectedClipboard', { selection: text(a[0], where), payload: text(a[1], where) }];
    case 'expect-find': return ['expectedFind', find(a, where)];
    case 'expect-unhandled-count': {
      arity(1);
      const atLeast = a[0].text.startsWith('>=');
      const n = int({ text: a[0].text.replace(/^>=/, '') }, where);
      return [atLeast ? 'expectedUnhandledAtLeast' : 'expectedUnhandledCount', n];
    }
    default: return fail(where, `unknown directive ${s.d}`);
  }
}

function cell(a, where) {
  if (a.length < 3) fail(where, 'expect-cell takes ROW COL "cluster"');
  const c = { row: int(a[0], where), col: int(a[1], where), text: text(a[2], where) };
  for (let k = 3; k < a.length; k++) {
    const w = a[k].text;
    if (w === 'protected' || w === 'unprotected') c.protected = w === 'protected';
    else if (w === 'nolink') c.link = null;
    else if (k + 1 >= a.length) fail(where, `expect-cell ${w} needs a value`);
    else if (w === 'width') c.width = int(a[++k], where);
    else if (w === 'fg' || w === 'bg' || w === 'ul-color') {
      const v = a[++k].text;
      if (!/^(default|[0-9]{1,3}|#[0-9a-fA-F]{6})$/.test(v) || (/^[0-9]/.test(v) && +v > 255)) fail(where, `bad colour ${v}`);
      c[{ fg: 'fg', bg: 'bg', 'ul-color': 'underlineColor' }[w]] = /^[0-9]/.test(v) ? String(+v) : v.toLowerCase();
    } else if (w === 'attrs') c.attrs = a[++k].text === 'none' ? [] : a[k].text.split(',');
    else if (w === 'underline') c.underline = a[++k].text;
    else if (w === 'link') c.link = text(a[++k], where);
    else fail(where, `unknown expect-cell property ${w}`);
  }
  const order = ['row', 'col', 'text', 'width', 'fg', 'bg', 'underlineColor', 'attrs', 'underline', 'protected', 'link'];
  return Object.fromEntries(order.filter((k) => k in c).map((k) => [k, c[k]]));
}

function find(a, where) {
  const f = { needle: text(a[0], where) };
  let i = 1;
  if (a[i]?.text === 'exact') { f.exact = true; i++; }
  if (a[i]?.text === 'in') {
    const [row, col, rows, cols] = a.slice(i + 1, i + 5).map((t) => int(t, where));
    f.area = { row, col, rows, cols };
    i += 5;
  }
  if (a[i]?.text !== 'matches') fail(where, "expect-find needs 'matches'");
  i++;
  f.matches = [];
  if (a[i]?.text === 'none' && i + 1 === a.length) return f;
  if ((a.length - i) % 3 !== 0 || a.length === i) fail(where, 'expect-find: ROW COL CELLS triples');
  for (; i < a.length; i += 3) {
    f.matches.push({ row: int(a[i], where), col: int(a[i + 1], where), cells: int(a[i + 2], where) });
  }
  return f;
}

// ------------------------------------------------------------ cases

const EXPECTATION_ORDER = ['expectedScreen', 'expectedRows', 'expectedExact', 'expectedStyled',
  'expectedScrollback', 'expectedScrollbackLines', 'expectedCursor', 'expectedCells', 'expectedModes',
  'expectedMouse', 'expectedAltScreen', 'expectedKeypad', 'expectedTitle', 'expectedIcon', 'expectedBell',
  'expectedReplies', 'expectedRepliesLike', 'expectedClipboard', 'expectedFind', 'expectedUnhandledCount',
  'expectedUnhandledAtLeast'];
const ACTION_ORDER = ['input', 'inputHex', 'chunking', 'repeat', 'resize', 'reset'];

// The action a directive performs, as step fields, or null for an expectation.
function actions(s, where) {
  if (s.d === 'feed') {
    if (!s.a.length) fail(where, 'feed needs a string');
    return s.a.map((t) => bytesInput(t, where)); // one write per string
  }
  if (s.d === 'feed-bytewise') {
    if (s.a.length !== 1) fail(where, 'feed-bytewise takes one string');
    return [{ ...bytesInput(s.a[0], where), chunking: 'bytewise' }];
  }
  if (s.d === 'feed-repeat') {
    if (s.a.length !== 2) fail(where, 'feed-repeat takes N and a string');
    return [{ ...bytesInput(s.a[1], where), repeat: int(s.a[0], where) }];
  }
  if (s.d === 'resize') {
    if (s.a.length !== 2) fail(where, 'resize takes ROWS COLS');
    return [{ resize: { rows: int(s.a[0], where), cols: int(s.a[1], where) } }];
  }
  if (s.d === 'reset') return [{ reset: true }];
  return null;
}

// Puts an expectation in the phase unless its slot is taken there; returns false then.
const REPLIES = ['expectedReplies', 'expectedRepliesLike'];
function addTo(phase, field, value) {
  const ex = phase.exp;
  if (field === 'expectedCells') {
    ex[field] = [...(ex[field] ?? []), ...value];
    return true;
  }
  if (field === 'expectedRows' || field === 'expectedModes') {
    const key = Object.keys(value)[0];
    if (ex[field] && key in ex[field]) return false;
    ex[field] = { ...(ex[field] ?? {}), ...value };
    return true;
  }
  if (field in ex || (REPLIES.includes(field) && REPLIES.some((r) => r in ex))) return false;
  ex[field] = value;
  return true;
}

function ordered(obj, keys) {
  return Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));
}

function convertCase(c, stem, header, sources) {
  const where = `${path.basename(c.file)}:${c.line} (case ${c.name})`;
  const phases = [];
  let cur = null;
  for (const s of c.steps) {
    const at = `${path.basename(c.file)}:${s.line}`;
    const acts = actions(s, at);
    if (acts) {
      for (const act of acts) phases.push(cur = { act, exp: {} });
      continue;
    }
    const [field, value] = expectation(s, at);
    if (!cur || !addTo(cur, field, value)) {
      phases.push(cur = { act: {}, exp: {} });
      addTo(cur, field, value);
    }
  }
  if (!phases.some((p) => Object.keys(p.exp).length)) fail(where, 'no expectations');
  const out = { suite: SUITE, name: c.name, cols: c.opts.cols, rows: c.opts.rows };
  if (c.opts.scrollback !== null) out.scrollback = c.opts.scrollback;
  if (c.opts.reflow) out.reflow = true;
  const flatFeed = phases.length === 1 && ('input' in phases[0].act || 'inputHex' in phases[0].act);
  if (phases.length === 1 && (flatFeed || !Object.keys(phases[0].act).length)) {
    Object.assign(out, flatFeed ? ordered(phases[0].act, ACTION_ORDER) : { input: '' },
      ordered(phases[0].exp, EXPECTATION_ORDER));
  } else {
    out.steps = phases.map((p) => ({ ...ordered(p.act, ACTION_ORDER), ...ordered(p.exp, EXPECTATION_ORDER) }));
  }
  out.sourceLine = sources.get(`${stem}/${c.name}`) ?? `tessera screen cases, ${stem}: ${header}`;
  out.license = 'tessera';
  if (c.comments.length) out.note = c.comments.join(' ');
  return out;
}

// ------------------------------------------------------------ files

function schemaValidator() {
  const require = createRequire(path.join(ROOT, 'package.json'));
  try {
    const Ajv = require('ajv/dist/2020').default;
    const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true });
    return ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'corpus/case-v1.schema.json'), 'utf8')));
  } catch (e) {
    throw new Error(`cannot load ajv to validate the output (npm ci at the top level): ${e.message}`);
  }
}

function main(argv) {
  const dir = path.join(ROOT, 'tests/screen/cases');
  if (!argv.length && !existsSync(dir)) {
    console.error('usage: node corpus/tessera/convert_screen_tests.mjs FILE.test...');
    return 2;
  }
  const files = argv.length ? argv
    : readdirSync(dir).filter((f) => f.endsWith('.test')).sort().map((f) => path.join(dir, f));
  const sources = rowSources();
  const validate = schemaValidator();
  const gaps = existsSync(GAPS) ? JSON.parse(readFileSync(GAPS, 'utf8')) : {};
  const names = new Map(); // every case name of the suite -> its file
  for (const f of readdirSync(OUT_DIR).filter((f) => f.endsWith('.json'))) {
    if (files.some((g) => path.basename(g, '.test') === f.slice(0, -5))) continue;
    for (const c of JSON.parse(readFileSync(path.join(OUT_DIR, f), 'utf8')).cases) names.set(c.name, f);
  }
  let total = 0;
  const problems = [];
  const writes = []; // [file, text], written only when every case converted
  for (const file of files) {
    const stem = path.basename(file, '.test');
    const { header, cases } = parseFile(file);
    const topic = header.join(' ').replace(/\s+/g, ' ').trim();
    const out = [];
    for (const c of cases) {
      try {
        if (names.has(c.name)) fail(`${stem}.test:${c.line}`, `case name ${c.name} is also in ${names.get(c.name)}`);
        names.set(c.name, `${stem}.json`);
        out.push(convertCase(c, stem, topic, sources));
        for (const [w, reason] of Object.entries(c.differs)) gaps[`${WITNESS_BACKEND[w]}::${SUITE}::${c.name}`] = reason;
      } catch (e) {
        if (!(e instanceof Unmappable)) throw e;
        problems.push(e.message);
      }
    }
    const doc = { version: 1, cases: out };
    if (!validate(doc)) {
      problems.push(...validate.errors.map((e) => `${stem}.json: ${e.instancePath} ${e.message}`));
    }
    writes.push([path.join(OUT_DIR, `${stem}.json`), `${JSON.stringify(doc, null, 2)}\n`]);
    total += out.length;
  }
  if (problems.length) {
    for (const p of problems) console.error(`not converted: ${p}`);
    console.error('nothing written');
    return 1;
  }
  const sorted = Object.fromEntries(Object.keys(gaps).sort().map((k) => [k, gaps[k]]));
  writes.push([GAPS, `${JSON.stringify(sorted, null, 2)}\n`]);
  for (const [file, text] of writes) writeFileSync(file, text);
  console.log(`${total} cases in ${files.length} files; ${Object.keys(sorted).length} ledger entries`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
