// Which cases a run takes (corpus/runner/select.mjs): by name, an even sample of each
// suite, and a slow backend's share of a default run (the registry's samplePerSuite).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectCases, samplePerSuite } from '../../corpus/runner/select.mjs';
import { BACKEND_NAMES, DEFAULT_BACKENDS, sampleSizeOf } from '../../corpus/backends/index.mjs';
import { judgeLedger } from '../../corpus/runner/ledger.mjs';

const suite = (name, count) => Array.from({ length: count }, (_, i) => ({ suite: name, name: `${name}-${i}` }));

test('a glob picks by name; a sample is every k-th case from the first', () => {
  const cases = suite('s', 10);
  assert.deepEqual(selectCases(cases, { caseGlob: 's-1*' }).map((c) => c.name), ['s-1']);
  assert.deepEqual(selectCases(cases, { sample: 4 }).map((c) => c.name), ['s-0', 's-3', 's-6', 's-9']);
  assert.equal(selectCases(cases, { sample: 10 }).length, 10, 'a sample as large as the suite is the suite');
});

test('samplePerSuite takes at most n of each suite, spread over it, in the order given', () => {
  const cases = [...suite('a', 110), ...suite('b', 12), ...suite('c', 3)];
  const got = samplePerSuite(cases, 12);
  const count = (s) => got.filter((c) => c.suite === s).length;
  assert.equal(count('a'), 11, 'k = ceil(110 / 12) = 10: cases 0, 10, ..., 100');
  assert.equal(got.find((c) => c.suite === 'a' && c.name === 'a-100') !== undefined, true);
  assert.equal(count('b'), 12);
  assert.equal(count('c'), 3);
  assert.deepEqual(got, cases.filter((c) => got.includes(c)), 'the order of the run is kept');
  assert.deepEqual(samplePerSuite(cases, 12), got, 'the same cases every time');
});

test('every backend runs by default; only xterm and tmux are sampled there', () => {
  assert.deepEqual(DEFAULT_BACKENDS, BACKEND_NAMES);
  assert.deepEqual(BACKEND_NAMES.filter((n) => sampleSizeOf(n) !== null), ['xterm', 'tmux']);
  assert.equal(sampleSizeOf('xterm'), 12);
  assert.equal(sampleSizeOf('tmux'), 40);
  assert.equal(sampleSizeOf('no-such-backend'), null);
});

test('a ledger entry of a case the sample left out is neither stale nor a failure', () => {
  const entries = { 'xterm::s::s-1': 'xterm does this; the standard says that' };
  const verdict = judgeLedger(entries, [{ backend: 'xterm', suite: 's', case: 's-0', status: 'pass', checks: [] }]);
  assert.deepEqual(verdict, { unledgered: [], stale: [], todo: [], ledgered: [] });
});
