// The runner's parts on their own: parsing dumps, judging each expectation kind on
// what a backend reported (unreported where it cannot say), reading recordings, and
// counting the witnesses of our own suite.
//
// usage: node --test tests/corpus/compare.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './corpus_fixture.mjs';
import { parseDump } from '../../corpus/runner/dump.mjs';
import { tokenize, quote, ProtocolError } from '../../corpus/runner/quote.mjs';
import { unitsOf } from '../../corpus/runner/expect.mjs';
import { readCast, readJournal, RecordingError } from '../../corpus/runner/recording.mjs';
import { writesOf, MAX_WRITE } from '../../corpus/runner/plan.mjs';
import { witnessCounts, tooFewWitnessed } from '../../corpus/runner/witness.mjs';

const MODES = JSON.parse(readFileSync(path.join(ROOT, 'corpus', 'modes.json'), 'utf8')).modes;
const dump = (...lines) => parseDump(lines.map((l) => Buffer.from(l, 'utf8')));
const BASE = ['size 2 4', 'cursor 1 2 visible blink shape block', 'row 0 "ab  "', 'row 1 "    "'];

// Judges `holder`'s expectations on a dump (plus modes, keypad, ... in extra):
// {field: status or [status, actual]}.
function judge(holder, d, extra = {}, withActual = false) {
  const { modes = {}, ...rest } = extra;
  const obs = { dump: d, modes: new Map(Object.entries(modes)), ...rest };
  return Object.fromEntries(unitsOf(holder, '', MODES).map((u) => {
    const r = u.judge(obs);
    return [u.field, withActual ? [r.status, r.actual] : r.status];
  }));
}

test('quoting round-trips every byte', () => {
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  assert.deepEqual(tokenize(Buffer.concat([Buffer.from('x '), quote(all)]))[1].bytes, all);
  assert.throws(() => tokenize(Buffer.from('title "abc')), ProtocolError);
  assert.throws(() => tokenize(Buffer.from('title "a\\q"')), ProtocolError);
});

test('a dump outside the contract is refused', () => {
  assert.throws(() => dump('size 2 4', 'row 0 "a"', 'row 1 "b"'), /without its size or cursor/);
  assert.throws(() => dump(...BASE.slice(0, 3)), /1 rows for a size of 2/);
  assert.throws(() => dump(...BASE, 'mouse sideways'), /unexpected "sideways"/);
  assert.throws(() => dump(...BASE, 'bell 1', 'bell 2'), /a second bell line/);
  assert.throws(() => dump(...BASE, 'cell 0 0 "a" width 1 fg red bg default attrs none underline none'), /"red" is not a colour/);
  assert.throws(() => dump(...BASE, 'cell 0 0 "a" width 1 fg 1 bg default attrs bold,loud underline none'), /unexpected "loud"/);
});

test('cell lines are read only when asked for: a case without expectedCells passes over them', () => {
  const lines = [...BASE, 'cell 0 0 "a" width 1 fg 1 bg default attrs bold underline none'].map((l) => Buffer.from(l, 'utf8'));
  assert.equal(parseDump(lines).cells.get('0,0').fg, '1');
  const skipped = parseDump(lines, { cells: false });
  assert.equal(skipped.cells.size, 0);
  assert.deepEqual(skipped.rows, ['ab  ', '    ']);
  // read, a malformed cell line is still refused; other lines are checked either way
  const bad = [...BASE, 'cell 0 0 "a" width 1 fg red bg default attrs none underline none'].map((l) => Buffer.from(l, 'utf8'));
  assert.throws(() => parseDump(bad), /"red" is not a colour/);
  assert.throws(() => parseDump([...lines, Buffer.from('bell 1'), Buffer.from('bell 2')], { cells: false }), /a second bell line/);
});

test('grids: text, rows, exact; a blank cell matches "" or " "', () => {
  const d = dump(...BASE, 'cell 0 0 "a" width 1 fg 1 bg default attrs bold underline single',
    'cell 0 1 "b" width 1 fg default bg default attrs none underline none');
  assert.deepEqual(judge({ expectedScreen: ['ab'], expectedRows: { 0: 'ab', 1: '', 5: '' }, expectedExact: ['ab  ', '    '] }, d), {
    '/expectedScreen': 'pass', '/expectedRows/0': 'pass', '/expectedRows/1': 'pass', '/expectedRows/5': 'mismatch', '/expectedExact': 'pass',
  });
  const cells = judge({ expectedCells: [{ row: 0, col: 0, text: 'a', fg: '1', bg: 'default', attrs: ['bold'], underline: 'single', width: 1 },
    { row: 1, col: 3, text: ' ', attrs: [] }, { row: 0, col: 1, text: 'b', attrs: ['dim'] }, { row: 9, col: 0, text: '' }] }, d);
  assert.deepEqual(cells, {
    '/expectedCells/0/text': 'pass', '/expectedCells/0/fg': 'pass', '/expectedCells/0/bg': 'pass', '/expectedCells/0/attrs': 'pass',
    '/expectedCells/0/underline': 'pass', '/expectedCells/0/width': 'pass', '/expectedCells/1/text': 'pass', '/expectedCells/1/attrs': 'pass',
    '/expectedCells/2/text': 'pass', '/expectedCells/2/attrs': 'mismatch', '/expectedCells/3/text': 'mismatch',
  });
  const miss = unitsOf({ expectedScreen: ['ax'] }, '', MODES)[0].judge({ dump: d, modes: new Map() });
  assert.deepEqual(miss.cells, [{ row: 0, col: 1, expected: 'x', actual: 'b' }]);
});

test('what a backend does not keep is unreported, not wrong', () => {
  // libvterm's dump: no pending-wrap line, a `known` list of attributes, underlines, shapes.
  const lv = dump(...BASE, 'known attrs bold,italic,blink,inverse,strike', 'known underline none,single,double,curly', 'known shape block,underline,bar',
    'cell 0 0 "a" width 1 fg default bg default attrs none underline none');
  assert.deepEqual(judge({ expectedCursor: { row: 1, col: 2, pendingWrap: false, shape: 'default', blink: true },
    expectedCells: [{ row: 0, col: 0, text: 'a', attrs: ['dim'], underline: 'dotted', protected: false, link: null, underlineColor: 'default' }],
    expectedTitle: '', expectedIcon: '', expectedClipboard: { selection: 'c', payload: '' }, expectedUnhandledCount: 0, expectedBell: 0, expectedAltScreen: false }, lv), {
    '/expectedCursor': 'pass', '/expectedCursor/pendingWrap': 'unreported', '/expectedCursor/shape': 'unreported', '/expectedCursor/blink': 'pass',
    '/expectedCells/0/text': 'pass', '/expectedCells/0/attrs': 'unreported', '/expectedCells/0/underline': 'unreported',
    '/expectedCells/0/protected': 'unreported', '/expectedCells/0/link': 'unreported', '/expectedCells/0/underlineColor': 'unreported',
    '/expectedTitle': 'unreported', '/expectedIcon': 'unreported', '/expectedClipboard': 'unreported',
    '/expectedUnhandledCount': 'unreported', '/expectedBell': 'unreported', '/expectedAltScreen': 'unreported',
  });
  // A token seen on any cell is reported for all: an unprinted cell has its default.
  const xt = dump(...BASE, 'cell 0 0 "a" width 1 fg default bg default attrs none underline none ul-color 3 protected link "u"');
  assert.deepEqual(judge({ expectedCells: [{ row: 1, col: 0, text: '', protected: false, link: null, underlineColor: 'default' },
    { row: 0, col: 0, text: 'a', protected: true, link: 'u', underlineColor: '3' }] }, xt), {
    '/expectedCells/0/text': 'pass', '/expectedCells/0/protected': 'pass', '/expectedCells/0/link': 'pass', '/expectedCells/0/underlineColor': 'pass',
    '/expectedCells/1/text': 'pass', '/expectedCells/1/protected': 'pass', '/expectedCells/1/link': 'pass', '/expectedCells/1/underlineColor': 'pass',
  });
  // Without a dump (unsupported), everything that needs one is unreported.
  assert.deepEqual(judge({ expectedScreen: [] }, undefined), { '/expectedScreen': 'unreported' });
});

test('modes by DECRQM: 0 is unreported, permanent values count', () => {
  const d = dump(...BASE);
  const units = unitsOf({ expectedModes: { DECAWM: true, IRM: false, DECOM: false, DECCKM: true } }, '/steps/2', MODES);
  assert.deepEqual(units.map((u) => u.needs(d)), [[{ mode: '?7' }], [{ mode: '4' }], [{ mode: '?6' }], [{ mode: '?1' }]]);
  assert.deepEqual(units.map((u) => u.field), ['/steps/2/expectedModes/DECAWM', '/steps/2/expectedModes/IRM', '/steps/2/expectedModes/DECOM', '/steps/2/expectedModes/DECCKM']);
  assert.deepEqual(judge({ expectedModes: { DECAWM: true, IRM: false, DECOM: false, DECCKM: true } }, d, { modes: { '?7': 3, 4: 4, '?6': 0, '?1': 2 } }), {
    '/expectedModes/DECAWM': 'pass', '/expectedModes/IRM': 'pass', '/expectedModes/DECOM': 'unreported', '/expectedModes/DECCKM': 'mismatch',
  });
});

test("mouse: libvterm's click, drag and move; the encoding from DECRQM when the dump has none", () => {
  const click = dump(...BASE, 'mouse click');
  for (const tracking of ['x10', 'normal']) {
    const r = judge({ expectedMouse: { tracking, encoding: 'sgr' } }, click, { modes: { '?1005': 2, '?1006': 1, '?1015': 2 } });
    assert.deepEqual(r, { '/expectedMouse/tracking': 'pass', '/expectedMouse/encoding': 'pass' });
  }
  assert.equal(judge({ expectedMouse: { tracking: 'button', encoding: 'default' } }, dump(...BASE, 'mouse drag'), { modes: { '?1005': 2, '?1006': 2, '?1015': 4 } })['/expectedMouse/encoding'], 'pass');
  assert.equal(judge({ expectedMouse: { tracking: 'any', encoding: 'default' } }, dump(...BASE, 'mouse move'), { modes: { '?1005': 0, '?1006': 2, '?1015': 2 } })['/expectedMouse/encoding'], 'unreported');
  assert.equal(judge({ expectedMouse: { tracking: 'button', encoding: 'default' } }, dump(...BASE, 'mouse move default'))['/expectedMouse/tracking'], 'mismatch');
  assert.deepEqual(unitsOf({ expectedMouse: { tracking: 'off', encoding: 'utf8' } }, '', MODES)[1].needs(dump(...BASE, 'mouse off utf8')), []);
});

test('keypad from the dump or the keypad command; replies exactly or with *', () => {
  assert.equal(judge({ expectedKeypad: 'application' }, dump(...BASE, 'keypad app'))['/expectedKeypad'], 'pass');
  assert.equal(judge({ expectedKeypad: 'application' }, dump(...BASE), { keypad: 'normal' })['/expectedKeypad'], 'mismatch');
  assert.equal(judge({ expectedKeypad: 'normal' }, dump(...BASE), { keypad: undefined })['/expectedKeypad'], 'unreported');
  const replies = Buffer.from('\x1b[?62;22c\x1b[0n');
  assert.deepEqual(judge({ expectedRepliesLike: '\x1b[?*c\x1b[0n' }, dump(...BASE), { replies }), { '/expectedRepliesLike': 'pass' });
  assert.deepEqual(judge({ expectedRepliesLike: '\x1b[?*c' }, dump(...BASE), { replies }), { '/expectedRepliesLike': 'mismatch' });
  assert.deepEqual(judge({ expectedReplies: '\x1b[0n' }, dump(...BASE), { replies: Buffer.from('\x1b[0n') }), { '/expectedReplies': 'pass' });
  assert.deepEqual(judge({ expectedReplies: '' }, dump(...BASE), { replies: undefined }), { '/expectedReplies': 'unreported' });
});

test("tessera's own kinds: styled (rows after the listed ones empty), find, unhandled", () => {
  const d = dump(...BASE, 'unhandled 3');
  assert.deepEqual(judge({ expectedStyled: ['{bold}a'], expectedUnhandledAtLeast: 2, expectedUnhandledCount: 2 }, d, { styled: ['{bold}a', ''] }), {
    '/expectedStyled': 'pass', '/expectedUnhandledAtLeast': 'pass', '/expectedUnhandledCount': 'mismatch',
  });
  assert.equal(judge({ expectedStyled: ['{bold}a'] }, d, { styled: ['{bold}a', 'x'] })['/expectedStyled'], 'mismatch');
  assert.equal(judge({ expectedStyled: ['a'] }, d, { styled: undefined })['/expectedStyled'], 'unreported');
  const find = { needle: 'ab', exact: true, area: { row: 0, col: 0, rows: 1, cols: 4 }, matches: [{ row: 0, col: 0, cells: 2 }] };
  assert.deepEqual(unitsOf({ expectedFind: find }, '', MODES)[0].needs(d), [{ find: { needle: 'ab', exact: true, area: find.area } }]);
  assert.equal(judge({ expectedFind: find }, d, { find: [{ cells: 2, col: 0, row: 0 }] })['/expectedFind'], 'pass');
  assert.equal(judge({ expectedFind: find }, d, { find: [] })['/expectedFind'], 'mismatch');
});

test('writes: repeats joined up to MAX_WRITE, bytewise one byte each', () => {
  const lens = (it) => [...it].map((b) => b.length);
  assert.deepEqual(lens(writesOf(Buffer.from('abc'), { repeat: 2 })), [6]);
  assert.deepEqual(lens(writesOf(Buffer.from('abc'), { chunking: 'bytewise', repeat: 2 })), [1, 1, 1, 1, 1, 1]);
  const big = [...writesOf(Buffer.alloc(1000, 0x61), { repeat: 600 })];
  assert.ok(big.every((b) => b.length <= MAX_WRITE));
  assert.equal(big.reduce((n, b) => n + b.length, 0), 600000);
  assert.deepEqual(lens(writesOf(Buffer.alloc(0))), []);
});

test('recordings: asciicast and journal, with errors naming the place', () => {
  const cast = Buffer.from('{"version": 2, "width": 4, "height": 2}\n[0.1, "o", "a\\u001b"]\n[0.2, "r", "5x3"]\n[0.3, "m", "x"]\n');
  assert.deepEqual(readCast(cast), [{ feed: Buffer.from('a\x1b') }, { resize: { rows: 3, cols: 5 } }]);
  // the core's reader, with the native CLI's words
  assert.throws(() => readCast(Buffer.from('{"version": 1}\n')), /^Error: line 1: not an asciicast header: "version" must be 2 or 3$/);
  assert.throws(() => readCast(Buffer.from('{"version": 2, "width": 5, "height": 3}\n[0.2, "r", "5 by 3"]\n')),
    /^Error: line 2: bad resize "5 by 3": expected COLSxROWS$/);
  const v3 = Buffer.from('{"version": 3, "term": {"cols": 4, "rows": 2}}\n# a comment\n[0.1, "o", "a"]\n[0.1, "r", "5x3"]\n[0.05, "x", "0"]\n');
  assert.deepEqual(readCast(v3), [{ feed: Buffer.from('a') }, { resize: { rows: 3, cols: 5 } }]);
  const frame = (type, payload, version = 1) => {
    const h = Buffer.alloc(16);
    h[0] = type; h[1] = version; h.writeUInt32LE(payload.length, 4);
    return Buffer.concat([h, payload]);
  };
  const magic = Buffer.from('tessera-journal 1\n');
  const j = Buffer.concat([magic, frame(2, Buffer.from([2, 0, 4, 0])), frame(1, Buffer.from('hi')), frame(3, Buffer.alloc(0)), frame(7, Buffer.from('mark')), frame(4, Buffer.alloc(8))]);
  assert.deepEqual(readJournal(j), [{ resize: { rows: 2, cols: 4 } }, { feed: Buffer.from('hi') }, { reset: true }]);
  assert.deepEqual(readJournal(Buffer.concat([Buffer.from('tessera-journal 2\n'), j.subarray(magic.length)])), readJournal(j));
  const refused = (bytes, why) => assert.throws(() => readJournal(bytes), (e) => e instanceof RecordingError && why.test(e.message));
  refused(Buffer.from('tessera-journal 3\n'), /^line 1: journal version 3 is not supported \(this tessera reads versions 1 and 2\)$/);
  refused(Buffer.from('tessera-jurnal 1\n'), /^line 1: not a tessera journal \(bad first line\)$/);
  refused(Buffer.concat([magic, frame(1, Buffer.from('x'), 2)]), /^byte 18: frame 0 is invalid/);
  refused(Buffer.concat([magic, frame(2, Buffer.from([1, 0]))]), /^byte 18: frame 0 is invalid/);
  refused(Buffer.concat([magic, frame(1, Buffer.from('hello')).subarray(0, 19)]), /^byte 18: frame 0 is cut short$/);
});

test('witnesses: agreeing, differing with or without an entry, unwitnessed; tessera-only kinds apart', () => {
  const cases = [{ suite: 'tessera', name: 'c', file: 'x', data: { input: 'a', expectedScreen: ['a'], expectedTitle: 't', expectedBell: 0, expectedStyled: ['a'] } }];
  const checks = (screen, title, bell) => [
    { field: '/expectedScreen', status: screen }, { field: '/expectedTitle', status: title }, { field: '/expectedBell', status: bell }];
  const results = [
    { backend: 'tessera', suite: 'tessera', case: 'c', checks: checks('pass', 'pass', 'pass') },
    { backend: 'a', suite: 'tessera', case: 'c', checks: checks('pass', 'mismatch', 'unreported') },
    { backend: 'b', suite: 'tessera', case: 'c', checks: checks('mismatch', 'unreported', 'unreported') },
  ];
  const w = witnessCounts({ cases, results, witnesses: ['a', 'b'], ledger: { 'b::tessera::c': 'why' }, modes: MODES });
  assert.equal(w.total, 3);
  assert.deepEqual(w.per.a, { agreeing: 1, differingLedgered: 0, differingUnledgered: 1, unwitnessed: 1 });
  assert.deepEqual(w.per.b, { agreeing: 0, differingLedgered: 1, differingUnledgered: 0, unwitnessed: 2 });
  assert.deepEqual(w.combined, { agreeing: 0, differingLedgered: 1, differingUnledgered: 1, unwitnessed: 1 });
  assert.deepEqual(w.unwitnessedByKind, { expectedBell: 1 });
  assert.deepEqual(w.excluded, { expectedStyled: 1 });
  assert.equal(tooFewWitnessed(w), true);
  assert.equal(tooFewWitnessed({ ...w, total: 20, combined: { ...w.combined, unwitnessed: 0 } }), false);
});

test('commands reach the adapter as bytes: a needle in UTF-8, quoted once', async () => {
  const { AdapterProcess } = await import('../../corpus/runner/protocol.mjs');
  const want = Buffer.from('find "\u6f22\\x22" exact\n').toString('hex');
  const echo = `process.stdin.once('data', (d) => process.stdout.write(d.toString('hex') === '${want}' ? 'match 1 2 3\\nend\\n' : 'match 9 9 9\\nend\\n'));`;
  const proc = new AdapterProcess({ name: 'echo', command: process.execPath, args: ['-e', echo] }, { timeoutMs: 5000 });
  try {
    assert.deepEqual(await proc.find(quote('\u6f22"').toString('latin1') + ' exact'), { value: [{ row: 1, col: 2, cells: 3 }] });
  } finally {
    await proc.close();
  }
});
