// The JS CLI is the native tool's own code: native-host's feed and replay (their flags,
// help, messages and exit codes) compiled as the WASI command tessera-cli.wasm
// (wasm/CMakeLists.txt, cli/main_wasi.c there). This only loads it and runs it.
import { nodeWasmBytes } from '../engine.js';
import { runWasiCommand } from './wasi_command.js';

export const CLI_WASM = 'tessera-cli.wasm';

/**
 * Runs `tessera ARGS...` on this process's stdin, stdout and stderr; returns its exit
 * code. Paths mean what they mean here: "/" is preopened and the command starts in the
 * current directory (PWD).
 */
export async function runCli(args) {
  const module = await WebAssembly.compile(await nodeWasmBytes(CLI_WASM));
  return runWasiCommand(module, {
    args: ['tessera', ...args],
    env: { PWD: process.cwd() },
    preopens: { '/': '/' },
  });
}
