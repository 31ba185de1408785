// The ledger ratchets both ways (corpus/README.md): an unledgered mismatch fails the
// run, so does an entry whose case passes, a "TODO" reason, and an entry for a case
// that does not exist (that one is a bad ledger, exit 2). Driven through corpus/run.mjs
// with a fake backend that puts what it is fed on row 0.
//
// usage: node --test tests/corpus/ledger.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scratch, writeCases, writeLedger, runCorpus, fakeArgs } from './corpus_fixture.mjs';

let s;
before(() => {
  s = scratch();
  writeCases(s.dir, 'demo', 'a.json', [
    { name: 'agrees', input: 'abc', expectedScreen: ['abc'], expectedCursor: { row: 0, col: 3 } },
    { name: 'differs', input: 'abc', expectedScreen: ['abd'] },
    // The fake reports no modes: unreported, which is neither a pass nor a failure.
    { name: 'unreported', input: 'x', expectedModes: { DECAWM: true } },
  ]);
});
after(() => s.cleanup());

const ledgerFile = () => path.join(s.dir, 'corpus', 'known-gaps.json');
const run = (extra = []) => runCorpus([...fakeArgs(s), ...extra]);

test('an unledgered mismatch fails the run, naming backend, case, field and both values', async () => {
  writeLedger(s.dir, {});
  const r = await run();
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /FAIL fake demo::differs \/expectedScreen: expected \["abd"\], got \["abc"\]/);
  assert.doesNotMatch(r.stdout, /FAIL fake demo::agrees/);
  assert.match(r.stdout, /fake: 1 passed, 1 failed, 1 with nothing reported/);
});

test('a ledgered mismatch holds; with -v it is shown with its reason and grid', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'writes c where d belongs (ECMA-48 8.2)' });
  const r = await run(['-v']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /LEDGERED fake demo::differs/);
  assert.match(r.stdout, /ledger: writes c where d belongs/);
  assert.match(r.stdout, /! {2}0 \|abd\| +\|abc\|/);
});

test('a stale entry fails the run until it is removed', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'a reason', 'fake::demo::agrees': 'once failed' });
  const r = await run();
  assert.equal(r.status, 1);
  assert.match(r.stdout, /STALE fake::demo::agrees/);
  // An entry for a case that reports nothing is stale too: it does not fail.
  writeLedger(s.dir, { 'fake::demo::differs': 'a reason', 'fake::demo::unreported': 'old' });
  assert.equal((await run()).status, 1);
});

test('a TODO reason fails the run', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'TODO' });
  const r = await run();
  assert.equal(r.status, 1);
  assert.match(r.stdout, /TODO fake::demo::differs: write the reason/);
});

test('an entry for a case or backend that does not exist is a bad ledger', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'r', 'fake::demo::gone': 'r', 'nobody::demo::agrees': 'r', 'bad-key': 'r' });
  const r = await run();
  assert.equal(r.status, 2);
  assert.match(r.stderr, /"fake::demo::gone": there is no case "gone" in a suite "demo"/);
  assert.match(r.stderr, /"nobody::demo::agrees": there is no backend "nobody"/);
  assert.match(r.stderr, /"bad-key": a key is "backend::suite::case"/);
});

test('our own backends carry no entry for our own suite', async () => {
  const own = scratch();
  try {
    writeCases(own.dir, 'tessera', 'a.json', [{ name: 'differs', input: 'abc', expectedScreen: ['abd'] }]);
    writeLedger(own.dir, { 'tessera::tessera::differs': 'no excuse' });
    const r = await runCorpus(fakeArgs(own, 'tessera'));
    assert.equal(r.status, 2);
    assert.match(r.stderr, /our own backends carry no entry for the tessera suite/);
    // --update-ledger does not write one either: the failure stays unledgered.
    writeLedger(own.dir, {});
    const u = await runCorpus([...fakeArgs(own, 'tessera'), '--update-ledger']);
    assert.equal(u.status, 1);
    assert.deepEqual(JSON.parse(readFileSync(path.join(own.dir, 'corpus', 'known-gaps.json'), 'utf8')), {});
  } finally {
    own.cleanup();
  }
});

test('--update-ledger keeps reasons, drops stale and vanished entries, writes TODO for new ones', async () => {
  writeLedger(s.dir, { 'fake::demo::agrees': 'stale', 'fake::demo::gone': 'vanished', 'libvterm::demo::differs': 'kept: not run' });
  const r = await run(['--update-ledger']);
  assert.equal(r.status, 1, 'the new TODO fails the run');
  assert.match(r.stdout, /1 new entr\(ies\) to give a reason, 2 dropped/);
  assert.deepEqual(JSON.parse(readFileSync(ledgerFile(), 'utf8')), {
    'fake::demo::differs': 'TODO',
    'libvterm::demo::differs': 'kept: not run',
  });
  writeLedger(s.dir, { 'fake::demo::differs': 'a real reason' });
  const again = await run(['--update-ledger']);
  assert.equal(again.status, 0);
  assert.deepEqual(JSON.parse(readFileSync(ledgerFile(), 'utf8')), { 'fake::demo::differs': 'a real reason' });
});

test('--json writes every record; --summary prints the matrix', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'a reason' });
  const json = path.join(s.dir, 'out.json');
  const r = await run(['--summary', '--json', json]);
  assert.equal(r.status, 0, r.stdout);
  assert.match(r.stdout, /\| backend \| demo \|\n\| --- \| --- \|\n\| fake \| 1\/3 \(1 unreported\) \|/);
  const doc = JSON.parse(readFileSync(json, 'utf8'));
  assert.deepEqual(doc.cases.map((c) => [c.case, c.status, c.ledger]),
    [['agrees', 'pass', null], ['differs', 'fail', 'a reason'], ['unreported', 'unreported', null]]);
  const mismatch = doc.records.find((x) => x.type === 'mismatch');
  assert.deepEqual({ ...mismatch, file: path.basename(mismatch.file) }, {
    type: 'mismatch', backend: 'fake', suite: 'demo', case: 'differs', file: 'a.json', step: null,
    kind: 'expectedScreen', field: '/expectedScreen', expected: ['abd'], actual: ['abc'],
    cells: [{ row: 0, col: 2, expected: 'd', actual: 'c' }],
  });
  assert.deepEqual(doc.records.filter((x) => x.type === 'unreported').map((x) => [x.case, x.field]),
    [['unreported', '/expectedModes/DECAWM']]);
});

test('--case and --sample choose cases deterministically', async () => {
  writeLedger(s.dir, { 'fake::demo::differs': 'a reason' });
  const one = await run(['--case', 'agr*', '--summary']);
  assert.match(one.stdout, /\| fake \| 1\/1 \|/);
  const sample = await run(['--sample', '2', '--json', path.join(s.dir, 's.json')]);
  const doc = JSON.parse(readFileSync(path.join(s.dir, 's.json'), 'utf8'));
  assert.deepEqual(doc.cases.map((c) => c.case), ['agrees', 'unreported']);
  assert.equal(sample.status, 0);
});
