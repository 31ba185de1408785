// The behaviours the JS and Python packages share (tests/behaviours/cases.json, also run by
// python/tests/test_behaviours.py): strict locators, the assertions, deadlines and settle
// windows, each on a recording replayed on virtual time, so the revision an assertion passes
// at and the clock when it passes or fails are exact, and must be the same in both packages.
// The live cases are behaviours_live.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAILURES, cases, predicateOf, targetOf } from './behaviours_cases.mjs';
import { openRecording, expectTerminal, TerminalAssertionError } from '../src/index.js';

for (const c of cases) {
  test(c.name, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-behaviour-'));
    try {
      const cast = path.join(dir, 'case.cast');
      writeFileSync(cast, [JSON.stringify({ version: 2, width: c.cols, height: c.rows }),
        ...c.events.map((e) => JSON.stringify(e))].join('\n') + '\n');
      const rec = await openRecording(cast);
      for (const [i, step] of c.steps.entries()) {
        const where = `step ${i} (${step.assert})`;
        const negated = step.assert.startsWith('not.');
        let e = expectTerminal(targetOf(rec, step));
        if (negated) e = e.not;
        const name = step.assert.replace(/^not\./, '');
        const args = [...(step.predicate ? [predicateOf(step.predicate)] : []), ...(step.args ?? [])];
        const options = { ...(step.options ?? {}) };
        if (step.golden !== undefined) {
          writeFileSync(path.join(dir, `${step.args[0]}.txt`), step.golden);
          options.dir = dir;
        }
        const run = () => e[name](...args, options);
        if (step.pass) {
          const stats = await run();
          assert.equal(stats.revision, step.pass.revision, where);
          assert.equal(rec.nowNs(), BigInt(step.pass.atMs) * 1_000_000n, where);
        } else {
          const error = await run().then(() => null, (err) => err);
          assert.ok(error instanceof TerminalAssertionError, `${where}: ${error}`);
          assert.ok(error.reason.includes(FAILURES[step.fail.as]), `${where}: ${error.reason}`);
          assert.equal(rec.nowNs(), BigInt(step.fail.atMs) * 1_000_000n, where);
          if (step.fail.candidates !== undefined) assert.equal(error.candidates.length, step.fail.candidates, where);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

