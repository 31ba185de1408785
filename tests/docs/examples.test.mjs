// The examples of README.md and docs/**/*.md run (docs/testing.md, "Examples that run"):
// every page's marking is checked, then each page with blocks to run gets a test that runs
// them in order in its own scratch folder, three pages at a time.
//
// usage: node --test tests/docs/examples.test.mjs   (by hand: node tests/docs/run_examples.mjs)
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { documents, planOf, runPlan } from './run_blocks.mjs';

const plans = documents().map(planOf);

test('every runnable-looking block of the docs is marked, and every mark is valid', () => {
  const problems = plans.flatMap((p) => p.problems);
  assert.equal(problems.length, 0, `\n${problems.join('\n')}`);
});

describe('the docs\' examples', { concurrency: 3 }, () => {
  for (const plan of plans.filter((p) => p.steps.some((s) => s.kind === 'run'))) {
    test(plan.doc, async () => {
      const results = await runPlan(plan);
      const failed = results.filter((r) => !r.ok);
      assert.equal(failed.length, 0, `\n${failed.map((r) => r.message).join('\n')}`);
    });
  }
});
