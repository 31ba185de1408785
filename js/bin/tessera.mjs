#!/usr/bin/env node
// tessera feed|replay on WebAssembly:
//
//   node js/bin/tessera.mjs feed|replay [--engine wasi|emscripten] [FLAGS] [FILE|-]
//
// The native tool's own feed and replay, compiled as a WASI command (src/cli/cli.js):
// the same arguments, output bytes, messages and exit codes as build/bin/tessera.
// --engine is still accepted anywhere among the flags, for the command lines that name
// it; both values run that one WASI build.
//
//   node js/bin/tessera.mjs view [--port N] [--no-open] FILE
//
// serves the browser viewer (web/) and FILE on 127.0.0.1 (src/cli/view.js).
import { runCli } from '../src/cli/cli.js';
import { runView } from '../src/cli/view.js';

try {
  const args = process.argv.slice(2);
  process.exitCode = args[0] === 'view' ? await runView(args.slice(1)) : await runCli(args);
} catch (e) {
  process.stderr.write(`tessera: wasm engine failure: ${e?.message ?? e}\n`);
  process.exitCode = 5;
}
