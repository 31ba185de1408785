// Shared by the node:test suites: where the native build and the wasm
// engines are, and how to run the native and the JS CLI. Missing builds are
// errors (a test that cannot run fails; it is never reported as passed).
//
//   TESSERA_BUILD_DIR  the native build (default: <repo>/build)
//   TESSERA_WASM_DIR   the .wasm files (default: <build>/wasm, via the loader)
//   TESSERA_ARTIFACTS  where failed assertions leave their artifacts (default: a temporary
//                      folder removed at exit, so the suites' deliberate failures leave
//                      nothing in the source tree)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const buildDir = path.resolve(process.env.TESSERA_BUILD_DIR ?? path.join(repoRoot, 'build'));
if (!process.env.TESSERA_WASM_DIR) process.env.TESSERA_WASM_DIR = path.join(buildDir, 'wasm');
if (!process.env.TESSERA_ARTIFACTS) {
  const artifacts = mkdtempSync(path.join(tmpdir(), 'tessera-js-artifacts-'));
  process.env.TESSERA_ARTIFACTS = artifacts;
  process.on('exit', () => rmSync(artifacts, { recursive: true, force: true }));
}

export const ENGINES = ['wasi', 'emscripten'];
export const jsBin = path.join(repoRoot, 'js', 'bin', 'tessera.mjs');
export const castsDir = path.join(repoRoot, 'tests', 'fixtures', 'casts');
export const casesDir = path.join(repoRoot, 'corpus', 'tessera', 'cases');

export function built(name) {
  const p = path.join(buildDir, 'bin', name);
  if (!existsSync(p)) {
    throw new Error(`${p} is missing: build first (cmake -S . -B build && cmake --build build), ` +
      'or point TESSERA_BUILD_DIR at a build');
  }
  return p;
}

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, {
    input: opts.input ?? '', cwd: opts.cwd, maxBuffer: 64 << 20, env: process.env,
  });
  if (r.error) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, status: r.status, signal: r.signal };
};

export const runNative = (args, opts) => run(built('tessera'), args, opts);

/** Shows bytes readably in assertion messages. */
export const show = (b) => JSON.stringify(Buffer.from(b).toString('latin1')).slice(0, 400);
