// The JS CLI is the native tool's own code: native-host's commands (their flags, help,
// messages and exit codes) compiled as the WASI command tessera-cli.wasm
// (wasm/CMakeLists.txt, cli/main_wasi.c there). This only loads it and runs it; the
// package's golden comparison and failure artifacts run it too (captured output).
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeWasmBytes } from '../engine.js';
import { runWasiCommand } from './wasi_command.js';

export const CLI_WASM = 'tessera-cli.wasm';

// Compiling the module takes longer than running a short command: once per process.
let compiled = null;
function cliModule() {
  compiled ??= nodeWasmBytes(CLI_WASM).then((bytes) => WebAssembly.compile(bytes))
    .catch((e) => { compiled = null; throw e; });
  return compiled;
}

// What the command reads from the environment: where pages and artifacts go by default.
function commandEnv(cwd) {
  const env = { PWD: cwd, TMPDIR: tmpdir() };
  if (process.env.TESSERA_ARTIFACTS) env.TESSERA_ARTIFACTS = process.env.TESSERA_ARTIFACTS;
  return env;
}

// The JS CLI's one name (package.json "bin"): its usage and help lines say it.
export const CLI_NAME = 'tessera-js';

/**
 * Runs `tessera-js ARGS...` and returns its exit code; stdin, stdout and stderr are file
 * descriptors (this process's by default). Paths mean what they mean here: "/" is
 * preopened and the command starts in cwd (the current directory by default).
 */
export async function runCli(args, { stdin = 0, stdout = 1, stderr = 2, cwd = process.cwd() } = {}) {
  return runWasiCommand(await cliModule(), {
    args: [CLI_NAME, ...args], env: commandEnv(cwd), preopens: { '/': '/' }, stdin, stdout, stderr,
  });
}

/**
 * Runs `tessera-js ARGS...` with its stdout (and, unless stderr is 'inherit', its stderr) kept
 * in a temporary folder: resolves { code, stdout, stderr } (stderr '' when inherited).
 */
export async function runCliCaptured(args, { stderr = 'capture' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  const fds = [];
  const open = (name) => {
    const fd = openSync(join(dir, name), 'w');
    fds.push(fd);
    return fd;
  };
  try {
    const out = open('stdout');
    const err = stderr === 'inherit' ? 2 : open('stderr');
    const code = await runCli(args, { stdout: out, stderr: err });
    const read = (name) => readFileSync(join(dir, name), 'utf8');
    return { code, stdout: read('stdout'), stderr: err === 2 ? '' : read('stderr') };
  } finally {
    for (const fd of fds) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A temporary folder holding files { name: text or bytes }; resolves fn(paths), then removes it. */
export async function withTempFiles(files, fn) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-'));
  try {
    const paths = {};
    for (const [name, data] of Object.entries(files)) {
      paths[name] = join(dir, name);
      writeFileSync(paths[name], data);
    }
    return await fn(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
