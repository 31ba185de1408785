// Running a document's planned blocks (tests/docs/fences.mjs) in a fresh scratch folder, as
// a reader who installed tessera and the tessera-terminal package would: `tessera` and
// `tessera-js` on PATH, an empty HOME, the JS and Python packages importable, stdin /dev/null.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planDocument } from './fences.mjs';
import { compareOutput } from './expected_output.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RUN_TIMEOUT_MS = 60_000;

/** The build with bin/tessera and wasm/: $TESSERA_BUILD_DIR, as the JS package reads it, or build/. */
export const buildDir = (env = process.env) => path.resolve(REPO, env.TESSERA_BUILD_DIR || 'build');

/** README.md and every page under docs/ (recursively), as paths relative to the repository. */
export function documents() {
  const pages = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) pages.push(rel);
    }
  };
  walk('docs');
  return ['README.md', ...pages.sort()];
}

export const planOf = (doc) => planDocument(doc, readFileSync(path.join(REPO, doc), 'utf8'));

// The folders and environment of one document's runs. The marker finds any process a block
// left behind, even one that left the process group.
function prepare(build) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tessera-doc-'));
  const aside = mkdtempSync(path.join(os.tmpdir(), 'tessera-doc-env-')); // HOME and tessera-js, out of the scratch listing
  const home = path.join(aside, 'home');
  const bin = path.join(aside, 'bin');
  mkdirSync(home);
  mkdirSync(bin);
  symlinkSync(path.join(REPO, 'js', 'bin', 'tessera.mjs'), path.join(bin, 'tessera-js'));
  mkdirSync(path.join(scratch, 'node_modules'));
  symlinkSync(path.join(REPO, 'js'), path.join(scratch, 'node_modules', 'tessera-terminal'));
  const mark = `docs-${process.pid}-${path.basename(scratch)}`;
  const env = { ...process.env, PATH: [bin, path.join(build, 'bin'), process.env.PATH].join(path.delimiter),
    HOME: home, TSR_TEST_MARK: mark,
    // Where the checkout is, for examples that compile against it (docs/embedding.md).
    TESSERA_REPO: REPO,
    // An installed package carries its wasm engines; this checkout's are in the build.
    TESSERA_WASM_DIR: path.join(build, 'wasm'),
    // The Python package importable with its pytest plugin loaded, as an installed wheel's
    // entry point loads it, on this build's libtessera.so.
    PYTHONPATH: [path.join(REPO, 'python'), process.env.PYTHONPATH].filter(Boolean).join(path.delimiter),
    PYTEST_PLUGINS: 'tessera_terminal.pytest_plugin',
    TESSERA_LIB: path.join(build, 'lib', 'libtessera.so') };
  // The binary is found on PATH, as for an installed package; node:test's own variable would
  // make a `node --test` in a block report to this test instead of printing.
  for (const name of ['TESSERA_BIN', 'TESSERA_BUILD_DIR', 'NODE_TEST_CONTEXT']) delete env[name];
  return { scratch, env, mark, cleanup: () => { for (const d of [scratch, aside]) rmSync(d, { recursive: true, force: true }); } };
}

// Processes still alive (zombies are gone) whose environment holds the marker: killed, and named.
function leftovers(mark) {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`TSR_TEST_MARK=${mark}`)) continue;
      if (/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) continue;
      found.push(`${pid} (${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ').trim()})`);
      process.kill(Number(pid), 'SIGKILL');
    } catch { /* gone, or not ours to read */ }
  }
  return found;
}

const killGroup = (pid) => { try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ } };

// One `run` block under bash -e -o pipefail, in its own process group, killed at the timeout
// and once it has exited (a background job must not outlive it).
function runScript(script, cwd, env, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { timedOut = true; killGroup(child.pid); }, timeoutMs);
    let status = null;
    child.on('exit', (code, signal) => {
      status = code ?? `signal ${signal}`;
      killGroup(child.pid);
      // A process that left the group may still hold the pipes: stop reading after a moment.
      setTimeout(() => { child.stdout.destroy(); child.stderr.destroy(); }, 2000).unref();
    });
    child.on('close', () => { clearTimeout(timer); resolve({ status, stdout, stderr, timedOut }); });
    child.on('error', (e) => { clearTimeout(timer); resolve({ status: `not started: ${e.message}`, stdout, stderr, timedOut }); });
  });
}

const tail = (text, lines = 20) => text.trimEnd().split('\n').slice(-lines).join('\n');

/**
 * Runs the steps of one document's plan in order, in a fresh scratch folder removed after.
 * `report(result)` is called for each run block: { doc, line, ok, seconds, message }. A failed
 * block ends the document (the blocks after it build on it). Returns the results.
 * `timeoutMs` (default 60 s) bounds each run block.
 */
export async function runPlan(plan, { build = buildDir(), report = () => {}, timeoutMs = RUN_TIMEOUT_MS } = {}) {
  const results = [];
  if (!plan.steps.some((s) => s.kind === 'run')) return results;
  if (!existsSync(path.join(build, 'bin', 'tessera'))) {
    throw new Error(`${path.join(build, 'bin', 'tessera')} is missing: build first (cmake --build build), or set TESSERA_BUILD_DIR`);
  }
  const folder = prepare(build);
  try {
    for (const step of plan.steps) {
      const where = `${plan.doc}:${step.line}`;
      if (step.kind === 'file') {
        const to = path.join(folder.scratch, step.name);
        mkdirSync(path.dirname(to), { recursive: true });
        writeFileSync(to, step.content);
        continue;
      }
      const started = Date.now();
      const r = await runScript(step.script, folder.scratch, folder.env, timeoutMs);
      const problems = [];
      if (r.timedOut) problems.push(`timed out after ${timeoutMs / 1000} s (killed)`);
      else if (r.status !== step.exit) problems.push(`exited ${r.status}, expected ${step.exit}`);
      const left = leftovers(folder.mark);
      if (left.length) problems.push(`left processes behind (killed): ${left.join(', ')}`);
      const diff = step.output && compareOutput(step.output.text, r.stdout, `${plan.doc}:${step.output.line}`);
      if (diff) problems.push(`its stdout differs from the output block:\n${diff}`);
      if (problems.length && r.stderr.trim()) problems.push(`stderr:\n${tail(r.stderr)}`);
      if (problems.length && !diff && r.stdout.trim()) problems.push(`stdout:\n${tail(r.stdout)}`);
      const result = { doc: plan.doc, line: step.line, ok: !problems.length, seconds: (Date.now() - started) / 1000,
        message: problems.length ? `${where}: ${problems.join('\n')}` : `${where}: ok` };
      results.push(result);
      report(result);
      if (!result.ok) break;
    }
  } finally {
    folder.cleanup();
  }
  return results;
}

/** Runs `count` jobs at most at once; resolves once all have. */
export async function inPool(items, count, job) {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(count, queue.length) }, async () => {
    while (queue.length) await job(queue.shift());
  }));
}
