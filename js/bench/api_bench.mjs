// The test API's overheads (issue 5's benchmark):
//  1. one toBePresent against a screen where the text is already present
//     (median of 5 rounds of 2000 assertions; a live terminal, 24x80);
//  2. the wall time of 100 small live tests (live100.mjs) under node:test,
//     two at a time.
// Run: node js/bench/api_bench.mjs   (TESSERA_BUILD_DIR names another build)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import '../test/support.mjs';
import { launch, expectTerminal } from '../src/index.js';

const t = await launch('sh', ['-c', 'printf "ready\\n"; read x'], { timeoutMs: 20_000 });
const rounds = [];
try {
  const loc = t.getByText('ready');
  await expectTerminal(loc).toBePresent();
  for (let r = 0; r < 6; r++) {
    const n = 2000, t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await expectTerminal(loc).toBePresent();
    if (r > 0) rounds.push(Number(process.hrtime.bigint() - t0) / n / 1000); // round 0 warms up
  }
} finally {
  await t.close();
}
rounds.sort((a, b) => a - b);
console.log(`toBePresent on an already-true screen: ${rounds[2].toFixed(1)} us (median of 5 x 2000)`);

const t0 = process.hrtime.bigint();
const run = spawnSync(process.execPath, ['--test', fileURLToPath(new URL('live100.mjs', import.meta.url))],
  { encoding: 'utf8', env: process.env });
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
const pass = /# pass (\d+)/.exec(run.stdout)?.[1];
console.log(`100 live tests, concurrency 2: ${secs.toFixed(2)} s wall (${pass} passed, exit ${run.status})`);
if (run.status !== 0) process.exitCode = 1;
