// The behaviours the JS and Python packages share (tests/behaviours/cases.json, also run by
// python/tests/test_behaviours.py): strict locators, the assertions, deadlines and settle
// windows, each on a recording replayed on virtual time, so the revision an assertion passes
// at and the clock when it passes or fails are exact, and must be the same in both packages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openRecording, expectTerminal, TerminalAssertionError } from '../src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { cases } = JSON.parse(readFileSync(path.join(here, '..', '..', 'tests', 'behaviours', 'cases.json'), 'utf8'));
const FAILURES = { timeout: 'timed out after', ambiguous: 'matches; a strict locator needs exactly one', ended: 'the program ended' };

function targetOf(rec, step) {
  if (step.text === undefined && step.regex === undefined) return rec;
  let loc = rec.getByText(step.regex !== undefined ? new RegExp(step.regex) : step.text,
    { exact: step.exact ?? false, ...(step.style ? { style: step.style } : {}) });
  if (step.nth !== undefined) loc = loc.nth(step.nth);
  if (step.region !== undefined) loc = loc.region(step.region);
  return loc;
}

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
        const run = () => e[name](...(step.args ?? []), step.options ?? {});
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
