// Runs the examples of the docs by hand: every `run` block of the given pages (default:
// README.md and docs/**/*.md), each page in its own scratch folder, two pages at a time.
// Prints each block's result and every marking problem; exits 1 on any failure.
//
//   node tests/docs/run_examples.mjs [FILE.md ...]
import path from 'node:path';
import { REPO, documents, planOf, runPlan, inPool } from './run_blocks.mjs';

const docs = process.argv.length > 2
  ? process.argv.slice(2).map((f) => path.relative(REPO, path.resolve(f)))
  : documents();
let failed = 0;
let ran = 0;
await inPool(docs, 2, async (doc) => {
  const plan = planOf(doc);
  for (const p of plan.problems) { failed++; process.stdout.write(`FAIL ${p}\n`); }
  try {
    await runPlan(plan, {
      report: (r) => {
        ran++;
        if (!r.ok) failed++;
        process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.message} (${r.seconds.toFixed(1)} s)\n`);
      },
    });
  } catch (e) {
    failed++;
    process.stdout.write(`FAIL ${doc}: ${e.message}\n`);
  }
});
process.stdout.write(`${docs.length} page(s), ${ran} block(s) run, ${failed} failure(s)\n`);
process.exitCode = failed ? 1 : 0;
