// The runner refuses bad case files before any backend starts (exit 2), each error
// naming the file, the case and the field (a JSON pointer).
//
// usage: node --test tests/corpus/validation.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { scratch, writeCases, runCorpus, fakeArgs, ROOT } from './corpus_fixture.mjs';
import { makeValidator } from '../../corpus/runner/validate.mjs';
import { loadCorpus } from '../../corpus/runner/load.mjs';
import { EXPECTATION_KINDS } from '../../corpus/runner/expect.mjs';

const SCHEMA = path.join(ROOT, 'corpus', 'case-v1.schema.json');
const MODES = JSON.parse(readFileSync(path.join(ROOT, 'corpus', 'modes.json'), 'utf8')).modes;

// The errors of one suite written with the given files: {file: cases}.
function errorsOf(files, extra = () => {}) {
  const s = scratch();
  try {
    for (const [file, cases] of Object.entries(files)) writeCases(s.dir, 'demo', file, cases);
    extra(s);
    const { suites } = loadCorpus(path.join(s.dir, 'corpus'));
    return makeValidator(SCHEMA, MODES)(suites[0]).map((e) => ({ ...e, file: path.basename(e.file) }));
  } finally {
    s.cleanup();
  }
}

const ok = { name: 'fine', input: 'a', expectedScreen: ['a'] };

test('a valid file has no error', () => {
  assert.deepEqual(errorsOf({ 'a.json': [ok, { name: 'steps', steps: [{ input: 'a' }, { expectedScreen: ['a'] }] }] }), []);
});

test('an unknown field names the file, the case and the field', () => {
  assert.deepEqual(errorsOf({ 'a.json': [{ ...ok, expectedScren: ['a'] }] }),
    [{ file: 'a.json', case: 'fine', pointer: '/cases/0/expectedScren', message: 'unknown field' }]);
  const inStep = errorsOf({ 'a.json': [{ name: 's', steps: [{ input: 'a', expectedCursor: { row: 0, col: 1, wrap: true } }] }] });
  assert.deepEqual(inStep.map((e) => [e.case, e.pointer]), [['s', '/cases/0/steps/0/expectedCursor/wrap']]);
});

test('two input flavours, or none, are named', () => {
  const two = errorsOf({ 'a.json': [{ ...ok, inputHex: '61' }] });
  assert.deepEqual(two, [{ file: 'a.json', case: 'fine', pointer: '/cases/0/inputHex', message: 'a second input flavour: input and inputHex' }]);
  const none = errorsOf({ 'a.json': [{ name: 'nothing', expectedScreen: [] }] });
  assert.equal(none.length, 1);
  assert.equal(none[0].pointer, '/cases/0');
  assert.match(none[0].message, /no input flavour/);
  const twoActions = errorsOf({ 'a.json': [{ name: 's', steps: [{ input: 'a', reset: true, expectedScreen: [] }] }] });
  assert.deepEqual(twoActions.map((e) => [e.pointer, e.message]), [['/cases/0/steps/0/reset', 'a second action in one step: input and reset']]);
});

test('a case without an expectation is refused', () => {
  assert.deepEqual(errorsOf({ 'a.json': [{ name: 'mute', input: 'a' }] }),
    [{ file: 'a.json', case: 'mute', pointer: '/cases/0', message: 'no expectation' }]);
  const steps = errorsOf({ 'a.json': [{ name: 'mute', steps: [{ input: 'a' }, { resize: { rows: 1, cols: 1 } }] }] });
  assert.deepEqual(steps.map((e) => e.message), ['no expectation']);
});

test('a mode name outside modes.json is refused', () => {
  const e = errorsOf({ 'a.json': [{ ...ok, expectedModes: { DECAWM: true, autowrap: false } }] });
  assert.deepEqual(e, [{ file: 'a.json', case: 'fine', pointer: '/cases/0/expectedModes/autowrap', message: '"autowrap" is not a mode of corpus/modes.json' }]);
});

test('names are unique across the files of a suite', () => {
  const e = errorsOf({ 'a.json': [ok], 'b.json': [{ ...ok, input: 'b' }] });
  assert.deepEqual(e.map((x) => [x.file, x.case, x.pointer]), [['b.json', 'fine', '/cases/0/name']]);
  assert.match(e[0].message, /a second case named "fine".*a\.json/);
});

test('the rules the schema cannot say', () => {
  const cases = [
    { name: 'wrong-suite', suite: 'other', input: 'a', expectedScreen: ['a'] },
    { name: 'top-level-in-steps', steps: [{ input: 'a', expectedScreen: ['a'] }], expectedBell: 0 },
    { name: 'chunking-alone', steps: [{ resize: { rows: 1, cols: 1 }, chunking: 'bytewise', expectedScreen: [] }] },
    { name: 'empty-step', steps: [{ input: 'a', expectedScreen: ['a'] }, {}] },
    { name: 'outside', recordingRef: '../../x.cast', expectedScreen: [] },
    { name: 'missing-recording', recordingRef: 'none.cast', expectedScreen: [] },
    { name: 'bad-recording', recordingRef: 'bad.cast', expectedScreen: [] },
  ];
  const e = errorsOf({ 'a.json': cases }, (s) => {
    writeFileSync(path.join(s.dir, 'corpus', 'x.cast'), '{"version": 2, "width": 10, "height": 2}\n');
    writeFileSync(path.join(s.dir, 'corpus', 'demo', 'cases', 'bad.cast'), '{"version": 2, "width": 5, "height": 3}\n[1, "o"]\n');
  });
  const got = e.map((x) => `${x.case} ${x.pointer} ${x.message}`);
  assert.deepEqual(got, [
    'wrong-suite /cases/0/suite "other" is not the suite\'s folder "demo"',
    'top-level-in-steps /cases/1/expectedBell a case with steps has its expectations and feed options in its steps',
    'chunking-alone /cases/2/steps/0/chunking chunking only beside input or inputHex',
    'empty-step /cases/3/steps/1 an empty step',
    'outside /cases/4/recordingRef "../../x.cast" is outside the suite\'s folder',
    'missing-recording /cases/5/recordingRef "none.cast" does not exist',
    'bad-recording /cases/6/recordingRef "bad.cast": line 2: event must be a JSON array [time, code, data]',
  ]);
});

test('the runner exits 2 naming every error, and starts no backend', async () => {
  const s = scratch();
  try {
    writeCases(s.dir, 'demo', 'a.json', [{ ...ok, bogus: 1 }, { name: 'mute', input: 'a' }]);
    writeCases(s.dir, 'demo', 'b.json', [{ ...ok, name: 'mute', input: 'b' }]);
    const started = path.join(s.dir, 'started');
    const r = await runCorpus(fakeArgs(s), { env: { STARTED: started } });
    assert.equal(r.status, 2, r.stderr);
    const a = path.join('demo', 'cases', 'a.json'), b = path.join('demo', 'cases', 'b.json');
    assert.match(r.stderr, new RegExp(`${a}: case fine: /cases/0/bogus: unknown field`));
    assert.match(r.stderr, new RegExp(`${a}: case mute: /cases/1: no expectation`));
    assert.match(r.stderr, new RegExp(`${b}: case mute: /cases/0/name: a second case named "mute"`));
    assert.match(r.stderr, /3 error\(s\) in the case files; no backend was started/);
    assert.equal(existsSync(started), false);
  } finally {
    s.cleanup();
  }
});

test('a file that is not JSON, and bad arguments, exit 2', async () => {
  const s = scratch();
  try {
    mkdirSync(path.join(s.dir, 'corpus', 'demo', 'cases'), { recursive: true });
    writeFileSync(path.join(s.dir, 'corpus', 'demo', 'cases', 'a.json'), '{"version": 1,');
    const r = await runCorpus(fakeArgs(s));
    assert.equal(r.status, 2);
    assert.match(r.stderr, /a\.json: not a JSON file/);
    for (const args of [['--frobnicate'], ['--sample', '0'], ['--adapter', 'x'], ['--suite']]) {
      const u = await runCorpus(args);
      assert.equal(u.status, 2, args.join(' '));
      assert.match(u.stderr, /usage:/);
    }
  } finally {
    s.cleanup();
  }
});

test('the runner checks every expectation kind of the schema', () => {
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const kinds = Object.keys(schema.$defs.case.properties).filter((k) => k.startsWith('expected'));
  assert.deepEqual([...EXPECTATION_KINDS].sort(), kinds.sort());
});
