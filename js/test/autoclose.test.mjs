// A forgotten close() never hangs the test run (issue 10 item 3): an idle
// host does not keep Node alive, a process that ends (normally, through
// process.exit, or by an uncaught error) ends its sessions, and
// launch({ signal }) / launch({ test: t }) close by themselves. Each case
// checks that no program and no host is left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { built, repoRoot } from './support.mjs';
import { alive, ends, hostChildren, pidOnScreen } from './processes.mjs';
import { launch } from '../src/index.js';

process.env.TESSERA_BIN ??= built('tessera');
const OUTER = { timeout: 20_000 };
const SLEEPER = ['sh', ['-c', 'echo "pid=$$"; exec sleep 1000']];
const indexUrl = pathToFileURL(path.join(repoRoot, 'js', 'src', 'index.js')).href;

/**
 * Runs `body` (ESM, after launching SLEEPER as `terminal` and printing
 * "PIDS program host") in a fresh Node; resolves with its exit status and
 * output once it ends, or with timedOut after 10 s (then it is killed).
 */
function runScript(body) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-autoclose-'));
  const file = path.join(dir, 'script.mjs');
  writeFileSync(file, `import { launch, expectTerminal } from ${JSON.stringify(indexUrl)};
const terminal = await launch(${JSON.stringify(SLEEPER[0])}, ${JSON.stringify(SLEEPER[1])}, { timeoutMs: 20000 });
await expectTerminal(terminal.getByText('pid=')).toBePresent();
const pid = /pid=(\\d+)/.exec(terminal.screen.text())[1];
console.log('PIDS', pid, terminal.proc.pid);
${body}
`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      const m = /PIDS (\d+) (\d+)/.exec(out);
      resolve({ code, timedOut: signal === 'SIGKILL', out, err, program: m && Number(m[1]), host: m && Number(m[2]) });
    });
  });
}

async function assertAllEnded(r) {
  assert.ok(r.program && r.host, `the script printed its pids: ${r.out} ${r.err}`);
  assert.ok(await ends(r.program), `the program ${r.program} ended`);
  assert.ok(await ends(r.host), `the host ${r.host} ended`);
}

test('a script that never calls close() still ends, and so does its program', OUTER, async () => {
  const r = await runScript('// no close(): the script just ends');
  assert.equal(r.timedOut, false, 'Node did not wait for the idle host');
  assert.equal(r.code, 0, r.err);
  await assertAllEnded(r);
});

test('process.exit() during a wait ends the session', OUTER, async () => {
  const r = await runScript(`setTimeout(() => process.exit(3), 100);
await expectTerminal(terminal.getByText('never shown')).toBePresent({ timeoutMs: 60000 });`);
  assert.equal(r.code, 3, r.err);
  await assertAllEnded(r);
});

test('an uncaught error ends the session', OUTER, async () => {
  const r = await runScript("setTimeout(() => { throw new Error('boom'); }, 50);\nawait terminal.waitForExit({ timeoutMs: 60000 });");
  assert.equal(r.code, 1);
  assert.match(r.err, /boom/);
  await assertAllEnded(r);
});

test('launch({ signal }): aborting closes the terminal', OUTER, async () => {
  const ac = new AbortController();
  const t = await launch(...SLEEPER, { signal: ac.signal, timeoutMs: 20_000 });
  const pid = await pidOnScreen(t);
  ac.abort();
  // Nothing else closes it: the program's exit comes from the abort alone.
  const st = await t.waitForExit({ timeoutMs: 5000 });
  assert.ok(st.signal || st.code !== 0, `ended by the close: ${JSON.stringify(st)}`);
  await t.close(); // the same close, already done
  assert.equal(alive(pid), false);
  assert.deepEqual(hostChildren(), []);
});

test('launch({ signal }) with an aborted signal starts nothing', OUTER, async () => {
  const ac = new AbortController();
  ac.abort(new Error('cancelled before the start'));
  await assert.rejects(launch(...SLEEPER, { signal: ac.signal }), /cancelled before the start/);
  assert.deepEqual(hostChildren(), []);
});

let given = null;
test('launch({ test: t }) ...', OUTER, async (t) => {
  const terminal = await launch(...SLEEPER, { test: t, timeoutMs: 20_000 });
  given = { terminal, pid: await pidOnScreen(terminal) };
  // no close(): t.after does it
});

test('... is closed once that test is done', OUTER, () => {
  assert.ok(given, 'the previous test launched its terminal');
  assert.ok(given.terminal.hostExit, 'the host has ended');
  assert.equal(alive(given.pid), false, 'the program has ended');
  assert.deepEqual(hostChildren(), []);
});
