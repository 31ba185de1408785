#!/usr/bin/env node
// Runs a WASI command under node:wasi on this process's stdin, stdout and stderr: the
// tessera-wasm backend is the tessera adapter (tessera.c) built as such a command.
//
//   node corpus/backends/wasi_adapter.mjs build/wasm/tessera-adapter.wasm
//
// The module reads stdin with blocking reads and flushes each answer, so a caller on a
// pipe gets every answer as soon as its command is written, not at the end of input.
// The exit status is the command's; a trap (the emulator crashing) exits 3 with its message.
// Loading and running go through the JS package's wasi export (js/src/wasi.js), which the
// JS CLI uses too (it drops Node's WASI ExperimentalWarning and avoids the fast-API crash
// past 8 MiB).
import { readFile } from 'node:fs/promises';
import { runWasiCommand } from '../../js/src/wasi.js';

const [path, ...args] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: node corpus/backends/wasi_adapter.mjs MODULE.wasm [ARGS...]\n');
  process.exit(2);
}
let module;
try {
  module = await WebAssembly.compile(await readFile(path));
} catch (e) {
  process.stderr.write(`wasi adapter: cannot load ${path}: ${e?.message ?? e}\n`);
  process.exit(2);
}
try {
  process.exitCode = await runWasiCommand(module, { args: [path, ...args], env: {} });
} catch (e) {
  process.stderr.write(`wasi adapter: ${path} failed: ${e?.message ?? e}\n`);
  process.exitCode = 3;
}
