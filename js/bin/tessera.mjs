#!/usr/bin/env node
// The native tool's commands on WebAssembly:
//
//   tessera-js feed|replay|view|golden|artifacts [FLAGS] [FILE|-]
//
// native-host's C compiled as a WASI command (src/cli/cli.js): the same arguments, output
// bytes, messages and exit codes as build/bin/tessera. `view --open` starts xdg-open here,
// which the WASI command cannot (src/cli/view_open.js).
import { runCli } from '../src/cli/cli.js';
import { runView } from '../src/cli/view_open.js';

try {
  const args = process.argv.slice(2);
  process.exitCode = args[0] === 'view' ? await runView(args.slice(1)) : await runCli(args);
} catch (e) {
  process.stderr.write(`tessera-js: wasm engine failure: ${e?.message ?? e}\n`);
  process.exitCode = 5;
}
