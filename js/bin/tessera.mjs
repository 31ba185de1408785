#!/usr/bin/env node
// tessera feed|replay on WebAssembly:
//
//   node js/bin/tessera.mjs feed|replay [--engine wasi|emscripten] [FLAGS] [FILE|-]
//
// The native tool's own feed and replay, compiled as a WASI command (src/cli/cli.js):
// the same arguments, output bytes, messages and exit codes as build/bin/tessera.
// --engine is still accepted anywhere among the flags, for the command lines that name
// it; both values run that one WASI build.
import { runCli } from '../src/cli/cli.js';

try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`tessera: wasm engine failure: ${e?.message ?? e}\n`);
  process.exitCode = 5;
}
