// The session differentials through corpus/run.mjs, on fake terminals (sessions_fixture.mjs)
// whose divergence is known to the byte: where it is named, how its bytes and grids are
// printed, its --json records, the ledger's ratchet for bundled recordings, and external
// recordings reported without failing the run.
//
// usage: node --test tests/corpus/sessions_run.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { runCorpus, writeCases, writeLedger } from './corpus_fixture.mjs';
import { sessionScratch, sessionArgs, castText } from './sessions_fixture.mjs';

// The liar prints D where d is fed: its first divergence is the unit "d" of event 2 (the
// input event 1 counts), bytes 8 to 9 of that event, 16 of the stream (7 before it).
const DEMO = castText({ cols: 10, rows: 3 }, [
  [0.1, 'o', 'hello\r\n'], [0.2, 'i', 'x'], [0.5, 'o', 'wor\x1b[1mld\x1b[2;1Hab'], [0.7, 'r', '12x4'], [0.9, 'o', 'dd'],
]);
// Agrees on every fake: no d in it, and a sequence cut across two events.
const PLAIN = castText({ cols: 10, rows: 3 }, [[0.1, 'o', 'one\x1b['], [0.2, 'o', '1mtwo\r\n'], [0.3, 'o', 'three']]);
const DEMO_KEY = 'liar::sessions::corpus/sessions/fixtures/demo.cast';

let s;
before(() => { s = sessionScratch({ 'demo.cast': DEMO, 'plain.cast': PLAIN }); });
after(() => s.cleanup());

const run = (backends, extra = [], opts) => runCorpus([...sessionArgs(s, backends), ...extra], opts);

test('the first divergence is named by event, time and byte, with its bytes decoded', async () => {
  writeLedger(s.dir, {});
  const r = await run(['tessera', 'liar:swap=dD']);
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /corpus: sessions: liar: 1 without divergence, 1 diverging, 0 error\(s\) \(\d+\.\d s\)\n/);
  const lines = r.stdout.split('\n');
  const at = lines.findIndex((l) => l.startsWith('FAIL liar sessions::corpus/sessions/fixtures/demo.cast'));
  assert.equal(lines[at], 'FAIL liar sessions::corpus/sessions/fixtures/demo.cast: differs from tessera at event 2 ' +
    '(output, 0.500 s), after byte 9 of the event (byte 16 of the stream): row 1');
  assert.equal(lines[at + 1], '    bytes: "hello" CR LF "wor" ESC [ 1 m "l" >>> "d" <<< ESC [ 2 ; 1 H "ab" (resize to 12 columns, 4 rows) "dd"');
  assert.doesNotMatch(r.stdout, /plain\.cast/);
  // Without -v no grids.
  assert.doesNotMatch(r.stdout, /\|worlD\|/);
});

test('a divergence at a resize is named as the resize', async () => {
  writeLedger(s.dir, {});
  const r = await run(['tessera', 'stiff:noresize']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /FAIL stiff sessions::corpus\/sessions\/fixtures\/demo\.cast: differs from tessera at event 3 \(resize, 0\.700 s\), at its resize: row 3\n/);
  assert.match(r.stdout, /\n {4}bytes: "hello" CR LF "wor" ESC \[ 1 m "ld" ESC \[ 2 ; 1 H "ab" >>> \(resize to 12 columns, 4 rows\) <<< "dd"\n/);
});

test('a backend that crashes is an error, and the unit it crashes on is found', async () => {
  writeLedger(s.dir, {});
  const r = await run(['tessera', 'fragile:die=b']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /fragile: 1 without divergence, 0 diverging, 1 error\(s\)/);
  assert.match(r.stdout, /FAIL fragile sessions::corpus\/sessions\/fixtures\/demo\.cast: backend fragile exited with status 3 while answering "dump"\n/);
  assert.match(r.stdout, /\n {4}it fails at event 2 \(output, 0\.500 s\), after byte 17 of the event \(byte 24 of the stream\)\n/);
  assert.match(r.stdout, /\n {4}bytes: "hello" CR LF "wor" ESC \[ 1 m "ld" ESC \[ 2 ; 1 H "a" >>> "b" <<< \(resize to 12 columns, 4 rows\) "dd"\n/);
});

test('-v shows both grids side by side with the differing row marked', async () => {
  writeLedger(s.dir, {});
  const r = await run(['tessera', 'liar:swap=dD'], ['-v']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /tessera: cursor 1,5 visible; liar: cursor 1,5 visible/);
  assert.match(r.stdout, /\n {9}tessera +liar\n {7}0 \|hello\| +\|hello\|\n {4}! {2}1 \|world\| +\|worlD\|\n +\^\n/);
  assert.match(r.stdout, /tessera replay --event 3 \S*demo\.cast/);
});

test('a backend agreeing at every event passes, dumped only between units (a sequence cut by events waits)', async () => {
  writeLedger(s.dir, {});
  const r = await run(['tessera', 'twin:strict']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /twin: 2 without divergence, 0 diverging, 0 error\(s\)/);
});

test('--json holds a divergence record in the runner\'s shape, and the sessions as cases', async () => {
  writeLedger(s.dir, {});
  const json = path.join(s.dir, 'out.json');
  await run(['tessera', 'liar:swap=dD'], ['--json', json]);
  const doc = JSON.parse(readFileSync(json, 'utf8'));
  assert.deepEqual(doc.suites, ['sessions']);
  const d = doc.records.find((x) => x.type === 'divergence');
  assert.equal(d.backend, 'liar');
  assert.equal(d.suite, 'sessions');
  assert.equal(d.case, 'corpus/sessions/fixtures/demo.cast');
  assert.deepEqual([d.event, d.time, d.action, d.offset, d.streamOffset, d.unitStart], [2, 0.5, 'output', 9, 16, 15]);
  assert.equal(d.sequence, '"d"');
  assert.deepEqual(d.expected.rows, ['hello', 'world', '']);
  assert.deepEqual(d.actual.rows, ['hello', 'worlD', '']);
  assert.deepEqual(d.cells, [{ row: 1, col: 4, expected: 'd', actual: 'D' }]);
  const c = doc.cases.find((x) => x.backend === 'liar' && x.case.endsWith('demo.cast'));
  assert.deepEqual([c.status, c.ledger], ['fail', null]);
  assert.deepEqual(doc.ledger.unledgered, [DEMO_KEY]);
  assert.equal(doc.records.filter((x) => x.type === 'pass').length, 3, 'tessera twice, the liar on plain.cast');
});

test('a ledgered divergence holds and -v shows its reason; a stale or TODO entry fails', async () => {
  writeLedger(s.dir, { [DEMO_KEY]: 'prints D for d' });
  let r = await run(['tessera', 'liar:swap=dD'], ['-v']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /LEDGERED liar sessions::corpus\/sessions\/fixtures\/demo\.cast: differs from tessera at event 2/);
  assert.match(r.stdout, /ledger: prints D for d/);
  writeLedger(s.dir, { [DEMO_KEY]: 'prints D for d', 'liar::sessions::corpus/sessions/fixtures/plain.cast': 'once' });
  r = await run(['tessera', 'liar:swap=dD']);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /STALE liar::sessions::corpus\/sessions\/fixtures\/plain\.cast/);
  writeLedger(s.dir, { [DEMO_KEY]: 'TODO' });
  assert.equal((await run(['tessera', 'liar:swap=dD'])).status, 1);
});

test('--update-ledger writes TODO for a new divergence and drops a stale one', async () => {
  writeLedger(s.dir, { 'liar::sessions::corpus/sessions/fixtures/plain.cast': 'once' });
  const r = await run(['tessera', 'liar:swap=dD'], ['--update-ledger']);
  assert.equal(r.status, 1);
  assert.deepEqual(JSON.parse(readFileSync(path.join(s.dir, 'corpus', 'known-gaps.json'), 'utf8')), { [DEMO_KEY]: 'TODO' });
});

test('a ledger entry for a missing recording, or for our own backends, is a bad ledger', async () => {
  writeLedger(s.dir, { 'liar::sessions::corpus/sessions/fixtures/gone.cast': 'r', 'tessera-wasm::sessions::corpus/sessions/fixtures/demo.cast': 'r' });
  const r = await run(['tessera', 'liar:swap=dD']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /there is no case "corpus\/sessions\/fixtures\/gone\.cast" in a suite "sessions"/);
  assert.match(r.stderr, /"tessera-wasm::sessions::corpus\/sessions\/fixtures\/demo\.cast": our own backends carry no entry for the sessions suite/);
});

test('--summary adds a sessions column: recordings without divergence of those replayed', async () => {
  writeLedger(s.dir, { [DEMO_KEY]: 'prints D for d' });
  const r = await run(['tessera', 'liar:swap=dD'], ['--summary']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\| backend \| sessions \|\n\| --- \| --- \|\n\| tessera \| 2\/2 \|\n\| liar \| 1\/2 \|/);
});

test('external recordings are reported without failing; an unreadable one names its path and why', async () => {
  writeLedger(s.dir, { [DEMO_KEY]: 'prints D for d' });
  const casts = path.join(s.dir, 'mine');
  mkdirSync(casts);
  writeFileSync(path.join(casts, 'own.cast'), DEMO);
  writeFileSync(path.join(casts, 'notes.txt'), 'not a recording\n');
  mkdirSync(path.join(casts, 'sub'));
  const gone = path.join(s.dir, 'no-such-folder');
  const json = path.join(s.dir, 'ext.json');
  const r = await run(['tessera', 'liar:swap=dD'], ['--json', json], { env: { TESSERA_CAST_DIR: casts, TESSERA_JOURNAL_DIR: gone } });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /sessions: 3 recording\(s\) \(1 external\)/);
  const own = path.join(casts, 'own.cast');
  assert.ok(r.stdout.includes(`DIVERGES liar sessions::${own}: differs from tessera at event 2 (output, 0.500 s), after byte 9 of the event (byte 16 of the stream): row 1`), r.stdout);
  assert.ok(r.stdout.includes(`UNREADABLE ${path.join(casts, 'notes.txt')}: not a recording: line 1: bad JSON: `), r.stdout);
  assert.ok(r.stdout.includes(`UNREADABLE ${gone}: TESSERA_JOURNAL_DIR: ENOENT`), r.stdout);
  const doc = JSON.parse(readFileSync(json, 'utf8'));
  const ext = doc.records.find((x) => x.type === 'divergence' && x.external);
  assert.equal(ext.case, own);
  assert.deepEqual(doc.records.filter((x) => x.type === 'unreadable').map((x) => x.file).sort(), [path.join(casts, 'notes.txt'), gone].sort());
  assert.deepEqual(doc.ledger.unledgered, []);
});

test('a bundled recording that cannot be read stops the run before any backend starts', async () => {
  const bad = sessionScratch({ 'broken.cast': '{"version": 2, "width": 5, "height": 3}\n[1, "o"]\n' });
  try {
    writeLedger(bad.dir, {});
    const r = await runCorpus(sessionArgs(bad, ['tessera']));
    assert.equal(r.status, 2);
    assert.match(r.stderr, /corpus\/sessions\/fixtures\/broken\.cast: not a recording: line 2: event must be a JSON array \[time, code, data\]/);
  } finally {
    bad.cleanup();
  }
});

// Last: it adds a suite to the scratch corpus.
test('sessions run by default beside the suites, alone with --sessions, and not with another --suite', async () => {
  writeLedger(s.dir, {});
  writeCases(s.dir, 'demo', 'a.json', [{ name: 'one', input: 'x', expectedScreen: ['x'] }]);
  const all = await run(['tessera']);
  assert.equal(all.status, 0, all.stdout + all.stderr);
  assert.match(all.stdout, /1 case\(s\) of 1 suite\(s\)/);
  assert.match(all.stdout, /sessions: 2 recording\(s\)/);
  for (const flag of [['--sessions'], ['--suite', 'sessions']]) {
    const only = await run(['tessera'], flag);
    assert.doesNotMatch(only.stdout, /case\(s\) of/);
    assert.match(only.stdout, /sessions: 2 recording\(s\)/);
  }
  const suite = await run(['tessera'], ['--suite', 'demo']);
  assert.doesNotMatch(suite.stdout, /recording/);
  // --case matches recordings by their names too.
  const both = await run(['tessera'], ['--suite', 'demo', '--sessions', '--case', '*plain*']);
  assert.match(both.stdout, /0 case\(s\) of 1 suite\(s\)/);
  assert.match(both.stdout, /sessions: 1 recording\(s\)/);
});
