// The vttest suite's recordings and cases stay together: every case file comes from a raw
// recording, every recording is a menu test fetch.mjs records, and COVERAGE.md counts the
// same recordings (corpus/vttest/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'corpus', 'vttest');
const stems = (sub, ext) => readdirSync(path.join(dir, sub)).filter((f) => f.endsWith(ext)).map((f) => f.slice(0, -ext.length)).sort();

test('every vttest case file has its raw recording, and every recording is a menu test of fetch.mjs', () => {
  const raw = stems('raw', '.jsonl');
  const cases = stems('cases', '.json');
  assert.deepEqual(cases.filter((m) => !raw.includes(m)), [], 'case files without a recording');
  const fetch = readFileSync(path.join(dir, 'fetch.mjs'), 'utf8');
  const listed = fetch.slice(fetch.indexOf('const TESTS = ['), fetch.indexOf('].map(')).match(/'[0-9.+]+(@132)?'/g).map((q) => q.slice(1, -1));
  assert.deepEqual(raw.filter((m) => !listed.includes(m)), [], 'recordings of menu tests fetch.mjs does not list');
  assert.deepEqual(listed.filter((m) => !raw.includes(m)).sort(), [], 'menu tests fetch.mjs lists but raw/ lacks');
  for (const m of raw) {
    const head = JSON.parse(readFileSync(path.join(dir, 'raw', `${m}.jsonl`), 'utf8').split('\n')[0]);
    assert.equal(head.menu, m, `raw/${m}.jsonl names its menu`);
  }
});

test('COVERAGE.md counts the recordings raw/ holds', () => {
  const coverage = readFileSync(path.join(dir, 'COVERAGE.md'), 'utf8');
  const rows = coverage.split('\n').filter((l) => /^\| [0-9]/.test(l)).map((l) => l.split('|')[1].trim()).sort();
  assert.deepEqual(rows, stems('raw', '.jsonl'));
});
