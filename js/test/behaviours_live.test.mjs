// The live behaviours the JS and Python packages share (tests/behaviours/cases.json, "live";
// also run by python/tests/test_behaviours.py): real programs through launch(), the readiness
// default against a program that drops early input, and what a failure's artifacts hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { built } from './support.mjs';
import { FAILURES, live, targetOf } from './behaviours_cases.mjs';
import { launch, expectTerminal, TerminalAssertionError } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
for (const c of live) {
  test(`live: ${c.name}`, async (t) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tessera-behaviour-artifacts-'));
    const before = process.env.TESSERA_ARTIFACTS;
    process.env.TESSERA_ARTIFACTS = root;
    t.after(() => {
      if (before === undefined) delete process.env.TESSERA_ARTIFACTS; else process.env.TESSERA_ARTIFACTS = before;
      rmSync(root, { recursive: true, force: true });
    });
    const term = await launch(c.command, c.args, { rows: c.rows, cols: c.cols, timeoutMs: 20_000 });
    try {
      for (const [i, step] of c.steps.entries()) {
        const where = `step ${i}`;
        if (step.type !== undefined) {
          await term.keyboard.type(step.type, step.now ? { now: true } : {});
          continue;
        }
        const run = () => expectTerminal(targetOf(term, step))[step.assert](...(step.args ?? []), step.options ?? {});
        if (!step.fail) { await run(); continue; }
        const error = await run().then(() => null, (err) => err);
        assert.ok(error instanceof TerminalAssertionError, `${where}: ${error}`);
        assert.ok(error.reason.includes(FAILURES[step.fail.as]), `${where}: ${error.reason}`);
        assert.equal(path.dirname(error.artifacts), root, where);
        assert.deepEqual(readdirSync(error.artifacts).sort(), step.fail.files, where);
        assert.equal(readFileSync(path.join(error.artifacts, 'screen.txt'), 'utf8'), step.fail['screen.txt'], where);
      }
    } finally {
      await term.close();
    }
  });
}
