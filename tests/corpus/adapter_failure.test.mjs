// An adapter that dies, hangs or answers outside the protocol is an error record naming
// the backend and the case, never a hang; the cases after it run on a fresh adapter.
// A backend that cannot start is reported with what is missing (exit 2).
//
// usage: node --test tests/corpus/adapter_failure.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scratch, writeCases, runCorpus, fakeArgs } from './corpus_fixture.mjs';

async function runWith(cases, extra = []) {
  const s = scratch();
  try {
    writeCases(s.dir, 'demo', 'a.json', cases);
    const json = path.join(s.dir, 'out.json');
    const r = await runCorpus([...fakeArgs(s), '--json', json, ...extra]);
    return { ...r, doc: r.status === 2 ? null : JSON.parse(readFileSync(json, 'utf8')) };
  } finally {
    s.cleanup();
  }
}

const after = { name: 'after', input: 'ok', expectedScreen: ['ok'] };

// Each runs its own corpus in its own scratch folder: they wait on deadlines side by side.
describe('adapters that fail', { concurrency: true }, () => {
  test('an adapter that dies is an error of that case; the next case runs on a new one', async () => {
    const r = await runWith([{ name: 'dies', steps: [{ input: 'a', expectedScreen: ['a'] }, { input: 'DIE', expectedScreen: ['aDIE'] }] }, after]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /FAIL fake demo::dies step 1: backend fake exited with status 3/);
    const errors = r.doc.records.filter((x) => x.type === 'error');
    assert.deepEqual(errors.map((e) => [e.backend, e.case, e.step]), [['fake', 'dies', 1]]);
    assert.deepEqual(r.doc.cases.map((c) => [c.case, c.status]), [['dies', 'fail'], ['after', 'pass']]);
  });

  // A runner that waited past the deadline would never end: the test's own timeout says so.
  // 5 s, not 1: the case after the hang starts a fresh adapter (a node process), and on a
  // loaded machine (the full command runs three suites beside fuzzing) that start alone has
  // been seen to take over a second.
  test('an adapter that stops answering is killed at the deadline', { timeout: 60_000 }, async () => {
    const r = await runWith([{ name: 'hangs', input: 'HANG', expectedScreen: ['HANG'] }, after], ['--timeout', '5']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /FAIL fake demo::hangs: backend fake did not answer within 5 s while answering "dump"/);
    assert.deepEqual(r.doc.cases.map((c) => c.status), ['fail', 'pass']);
  });

  test('an answer outside the protocol is an error, not a pass', async () => {
    const r = await runWith([{ name: 'babbles', input: 'GARBAGE', expectedScreen: ['GARBAGE'] }, after]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /FAIL fake demo::babbles: backend fake answered "dump" outside the protocol: an unexpected "hello"/);
    assert.deepEqual(r.doc.cases.map((c) => c.status), ['fail', 'pass']);
  });

  test('a backend that cannot start is named with what is missing', async () => {
    const r = await runCorpus(['--backend', 'libvterm', '--backend', 'nosuch'], { env: { TESSERA_BUILD_DIR: '/nonexistent' } });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /backend libvterm cannot start: \/nonexistent\/bin\/backend_libvterm is not built \(install Debian's libvterm-dev/);
    assert.match(r.stderr, /backend nosuch cannot start: there is no backend "nosuch"/);
  });

  test('an adapter that hangs case after case is given up on', { timeout: 60_000 }, async () => {
    const hang = (i) => ({ name: `hangs-${i}`, input: 'HANG', expectedScreen: ['HANG'] });
    const r = await runWith([hang(1), hang(2), hang(3), hang(4), after], ['--timeout', '1']);
    assert.equal(r.status, 1);
    assert.deepEqual(r.doc.records.filter((x) => x.type === 'error').map((e) => e.message.replace(/ while.*/, '')), [
      'backend fake did not answer within 1 s', 'backend fake did not answer within 1 s', 'backend fake did not answer within 1 s',
      'not run: backend fake hung on the 3 cases before it', 'not run: backend fake hung on the 3 cases before it',
    ]);
  });
});
