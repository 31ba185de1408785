#!/usr/bin/env node
// The native tool's commands on WebAssembly:
//
//   node js/bin/tessera.mjs feed|replay|view|golden|artifacts [FLAGS] [FILE|-]
//
// native-host's C compiled as a WASI command (src/cli/cli.js): the same arguments, output
// bytes, messages and exit codes as build/bin/tessera. `view --open` starts xdg-open here,
// which the WASI command cannot (src/cli/view_open.js). --engine wasi|emscripten is still
// accepted among feed's and replay's flags, for the command lines that name it; both values
// run that one WASI build.
import { runCli } from '../src/cli/cli.js';
import { runView } from '../src/cli/view_open.js';

try {
  const args = process.argv.slice(2);
  process.exitCode = args[0] === 'view' ? await runView(args.slice(1)) : await runCli(args);
} catch (e) {
  process.stderr.write(`tessera: wasm engine failure: ${e?.message ?? e}\n`);
  process.exitCode = 5;
}
