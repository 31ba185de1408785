// The expectations of one phase as units, each checked on what a backend reported.
// A unit is one thing a backend can get right or wrong: an expectation of a single value,
// each row of expectedRows, each property of a cursor or a cell, each mode, the mouse's
// tracking and its encoding. For every unit: which queries it needs beyond the dump, and
// a judge giving {status: 'pass' | 'mismatch' | 'unreported', actual, cells?}.
// Unreported (the backend cannot say) is never a pass and never a mismatch.
import { isDeepStrictEqual } from 'node:util';
import { gridCells } from './grid.mjs';

/** Kinds only tessera reports (its own API); no other emulator can witness them. */
export const TESSERA_ONLY_KINDS = {
  expectedStyled: "tessera's styled rendering",
  expectedFind: "tessera's text search",
  expectedUnhandledCount: "tessera's list of ignored sequences",
  expectedUnhandledAtLeast: "tessera's list of ignored sequences",
};

export const REPLY_KINDS = new Set(['expectedReplies', 'expectedRepliesLike']);

export const trimRow = (s) => s.replace(/ +$/, '');
const screenText = (rows) => {
  const out = rows.map(trimRow);
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

const unreported = (why) => ({ status: 'unreported', why });
const verdict = (ok, actual, cells) => (ok ? { status: 'pass', actual } : { status: 'mismatch', actual, ...(cells ? { cells } : {}) });
// Compares a value the dump may lack; `why` names what was missing.
const compare = (expected, actual, why) => (actual === undefined ? unreported(why) : verdict(isDeepStrictEqual(expected, actual), actual));
const gridVerdict = (expected, actual) => verdict(isDeepStrictEqual(expected, actual), actual,
  isDeepStrictEqual(expected, actual) ? null : gridCells(expected, actual));

const onDump = (fn) => (obs) => (obs.dump ? fn(obs.dump, obs) : unreported('no dump'));
const setValue = (v) => (v === 1 || v === 3 ? true : v === 2 || v === 4 ? false : undefined);

// libvterm does not tell x10 from normal tracking, nor names the others as xterm does.
const TRACKING_MATCHES = { click: ['x10', 'normal'], drag: ['button'], move: ['any'] };
// Where the dump has no mouse encoding, DECRQM of the encoding modes tells it.
const ENCODING_MODES = { '?1005': 'utf8', '?1006': 'sgr', '?1015': 'urxvt' };

function mouseEncoding(dump, obs) {
  if (dump.mouse?.encoding) return dump.mouse.encoding;
  const set = Object.keys(ENCODING_MODES).map((m) => setValue(obs.modes.get(m)));
  if (set.includes(undefined)) return undefined;
  const on = Object.keys(ENCODING_MODES).filter((m, i) => set[i]);
  return on.length === 0 ? 'default' : on.length === 1 ? ENCODING_MODES[on[0]] : undefined;
}

/** The cell at row, col of a dump: its printed line, or a plain blank; null off the screen. */
function cellOf(dump, row, col) {
  if (row >= dump.size.rows || col >= dump.size.cols) return null;
  return dump.cells.get(`${row},${col}`) ?? { text: '', width: 1, fg: 'default', bg: 'default', attrs: [], underline: 'none' };
}

const OPTIONAL_CELL_DEFAULTS = { underlineColor: 'default', protected: false, link: null };

function cellUnits(cells, base) {
  const units = [];
  cells.forEach((exp, i) => {
    const at = `${base}/${i}`;
    const where = { row: exp.row, col: exp.col };
    const judgeCell = (prop, fn) => onDump((dump) => {
      const cell = cellOf(dump, exp.row, exp.col);
      if (!cell) return { status: 'mismatch', actual: null, cells: [{ ...where, expected: exp[prop], actual: null }] };
      const r = fn(cell, dump);
      if (r.status === 'mismatch') r.cells = [{ ...where, expected: exp[prop], actual: r.actual }];
      return r;
    });
    for (const prop of Object.keys(exp)) {
      if (prop === 'row' || prop === 'col') continue;
      const expected = exp[prop];
      let judge;
      if (prop === 'text') {
        const blank = (s) => s === '' || s === ' ';
        judge = judgeCell(prop, (c) => verdict(c.text === expected || (blank(c.text) && blank(expected)), c.text));
      } else if (prop === 'attrs') {
        judge = judgeCell(prop, (c, d) => {
          const lacking = expected.filter((a) => d.known.attrs && !d.known.attrs.has(a));
          if (lacking.length) return unreported(`the backend keeps no ${lacking.join(', ')}`);
          return verdict(isDeepStrictEqual([...expected].sort(), [...c.attrs].sort()), c.attrs);
        });
      } else if (prop === 'underline') {
        judge = judgeCell(prop, (c, d) => (d.known.underline && !d.known.underline.has(expected)
          ? unreported(`the backend keeps no ${expected} underline`) : verdict(c.underline === expected, c.underline)));
      } else if (prop in OPTIONAL_CELL_DEFAULTS) {
        judge = judgeCell(prop, (c, d) => (d.cellTokens.has(prop)
          ? verdict(expected === (c[prop] ?? OPTIONAL_CELL_DEFAULTS[prop]), c[prop] ?? OPTIONAL_CELL_DEFAULTS[prop])
          : unreported(`no cell reports ${prop}`)));
      } else {
        judge = judgeCell(prop, (c) => verdict(c[prop] === expected, c[prop]));
      }
      units.push({ kind: 'expectedCells', field: `${at}/${prop}`, expected, judge });
    }
  });
  return units;
}

function cursorUnits(exp, base) {
  const units = [{
    kind: 'expectedCursor', field: base, expected: { row: exp.row, col: exp.col },
    judge: onDump((d) => verdict(d.cursor.row === exp.row && d.cursor.col === exp.col, { row: d.cursor.row, col: d.cursor.col })),
  }];
  const props = {
    visible: (d) => d.cursor.visible,
    blink: (d) => d.cursor.blink,
    pendingWrap: (d) => d.pendingWrap,
    shape: (d) => (d.known.shape && !d.known.shape.has(exp.shape) ? undefined : d.cursor.shape),
  };
  for (const [prop, get] of Object.entries(props)) {
    if (exp[prop] === undefined) continue;
    units.push({ kind: 'expectedCursor', field: `${base}/${prop}`, expected: exp[prop],
                 judge: onDump((d) => compare(exp[prop], get(d), `no cursor ${prop}`)) });
  }
  return units;
}

// Bytes against a pattern where * matches any run.
function globMatch(pattern, bytes) {
  const parts = Buffer.from(pattern, 'utf8').toString('latin1').split('*')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`).test(bytes.toString('latin1'));
}

/** What the `find` command asks for an expectedFind (the executor writes the command). */
export const findQuery = (f) => ({ needle: f.needle, exact: !!f.exact, area: f.area ?? null });

// One builder per expectation kind: (expected, field) -> units.
const BUILDERS = {
  expectedScreen: (e, field) => [{ kind: 'expectedScreen', field, expected: e,
    judge: onDump((d) => gridVerdict(e, screenText(d.rows))) }],
  expectedRows: (e, field) => Object.entries(e).map(([row, text]) => ({
    kind: 'expectedRows', field: `${field}/${row}`, expected: text,
    judge: onDump((d) => {
      const got = d.rows[+row] === undefined ? null : trimRow(d.rows[+row]);
      return verdict(got === text, got, got === text ? null : gridCells([text], [got ?? '']).map((c) => ({ ...c, row: +row })));
    }),
  })),
  expectedExact: (e, field) => [{ kind: 'expectedExact', field, expected: e, judge: onDump((d) => gridVerdict(e, d.rows)) }],
  expectedStyled: (e, field) => [{ kind: 'expectedStyled', field, expected: e, needs: () => [{ styled: true }],
    judge: (obs) => {
      if (!obs.styled) return unreported('styled is unsupported');
      const rows = obs.styled;
      const want = rows.map((_, i) => e[i] ?? '');
      const ok = e.length <= rows.length && isDeepStrictEqual(want, rows);
      return verdict(ok, rows, ok ? null : gridCells(e.length > rows.length ? e : want, rows));
    } }],
  expectedScrollback: (e, field) => [{ kind: 'expectedScrollback', field, expected: e,
    judge: onDump((d) => (d.scrollbackUnknown ? unreported('the backend cannot show its scrollback')
      : gridVerdict(e, d.scrollback.map(trimRow)))) }],
  expectedScrollbackLines: (e, field) => [{ kind: 'expectedScrollbackLines', field, expected: e,
    judge: onDump((d) => (d.scrollbackUnknown ? unreported('the backend cannot show its scrollback')
      : compare(e, d.scrollback.length))) }],
  expectedCursor: (e, field) => cursorUnits(e, field),
  expectedCells: (e, field) => cellUnits(e, field),
  expectedModes: (e, field, modes) => Object.entries(e).map(([name, want]) => ({
    kind: 'expectedModes', field: `${field}/${name}`, expected: want, needs: () => [{ mode: modes[name] }],
    judge: (obs) => compare(want, setValue(obs.modes.get(modes[name])), `DECRQM ${modes[name]} is not answered`),
  })),
  expectedMouse: (e, field) => [
    { kind: 'expectedMouse', field: `${field}/tracking`, expected: e.tracking,
      judge: onDump((d) => (d.mouse ? verdict((TRACKING_MATCHES[d.mouse.tracking] ?? [d.mouse.tracking]).includes(e.tracking), d.mouse.tracking)
        : unreported('no mouse line'))) },
    { kind: 'expectedMouse', field: `${field}/encoding`, expected: e.encoding,
      needs: (d) => (d?.mouse?.encoding ? [] : Object.keys(ENCODING_MODES).map((mode) => ({ mode }))),
      judge: onDump((d, obs) => compare(e.encoding, mouseEncoding(d, obs), 'no mouse encoding')) },
  ],
  expectedAltScreen: (e, field) => [{ kind: 'expectedAltScreen', field, expected: e,
    judge: onDump((d) => compare(e, d.altScreen, 'no alt-screen line')) }],
  expectedKeypad: (e, field) => [{ kind: 'expectedKeypad', field, expected: e,
    needs: (d) => (d?.keypad ? [] : [{ keypad: true }]),
    judge: (obs) => {
      const got = obs.dump?.keypad ?? obs.keypad;
      return compare(e, got === undefined ? undefined : got === 'app' ? 'application' : 'normal', 'keypad is not reported');
    } }],
  expectedTitle: (e, field) => [{ kind: 'expectedTitle', field, expected: e, judge: onDump((d) => compare(e, d.title, 'no title line')) }],
  expectedIcon: (e, field) => [{ kind: 'expectedIcon', field, expected: e, judge: onDump((d) => compare(e, d.icon, 'no icon line')) }],
  expectedBell: (e, field) => [{ kind: 'expectedBell', field, expected: e, judge: onDump((d) => compare(e, d.bell, 'no bell line')) }],
  expectedReplies: (e, field) => [{ kind: 'expectedReplies', field, expected: e,
    judge: (obs) => (obs.replies === undefined ? unreported('no replies line')
      : verdict(obs.replies.equals(Buffer.from(e, 'utf8')), obs.replies.toString('utf8'))) }],
  expectedRepliesLike: (e, field) => [{ kind: 'expectedRepliesLike', field, expected: e,
    judge: (obs) => (obs.replies === undefined ? unreported('no replies line')
      : verdict(globMatch(e, obs.replies), obs.replies.toString('utf8'))) }],
  expectedClipboard: (e, field) => [{ kind: 'expectedClipboard', field, expected: e,
    judge: onDump((d) => compare(e, d.clipboard, 'no clipboard line')) }],
  expectedFind: (e, field) => [{ kind: 'expectedFind', field, expected: e.matches, needs: () => [{ find: findQuery(e) }],
    judge: (obs) => (obs.find === undefined ? unreported('find is unsupported')
      : verdict(isDeepStrictEqual(e.matches, obs.find), obs.find)) }],
  expectedUnhandledCount: (e, field) => [{ kind: 'expectedUnhandledCount', field, expected: e,
    judge: onDump((d) => compare(e, d.unhandled, 'no unhandled line')) }],
  expectedUnhandledAtLeast: (e, field) => [{ kind: 'expectedUnhandledAtLeast', field, expected: e,
    judge: onDump((d) => (d.unhandled === undefined ? unreported('no unhandled line') : verdict(d.unhandled >= e, d.unhandled))) }],
};

export const EXPECTATION_KINDS = Object.keys(BUILDERS);

/**
 * The units of the expectations in `holder` (a case or one of its steps), with fields
 * as JSON pointers under `base` ("" or "/steps/N"). modes: name -> "?N" (modes.json).
 */
export function unitsOf(holder, base, modes) {
  const units = [];
  for (const kind of EXPECTATION_KINDS) {
    if (holder[kind] !== undefined) units.push(...BUILDERS[kind](holder[kind], `${base}/${kind}`, modes));
  }
  return units;
}
