#!/usr/bin/env node
// tessera feed|replay on the WebAssembly engine:
//
//   node js/bin/tessera.mjs feed|replay [--engine wasi|emscripten] [FLAGS] [FILE|-]
//
// Same arguments, same output bytes, same messages and exit codes as
// build/bin/tessera feed|replay; --engine (default wasi) may stand anywhere
// among the flags.
import { cmdFeed, cmdReplay } from '../src/cli/commands.js';
import * as diag from '../src/cli/diag.js';
import { quoteForMessage } from '../src/cli/quote.js';
import { COMMANDS as HELP, commandHelp } from '../src/cli/help.js';

const COMMANDS = { feed: cmdFeed, replay: cmdReplay };

const USAGE = 'usage: node js/bin/tessera.mjs COMMAND [--engine wasi|emscripten] [FLAGS] [ARGS]\n\n' +
  'The wasm engine of tessera; the same arguments, output and exit codes as build/bin/tessera.\n' +
  '--engine (default wasi) may stand anywhere among the flags.\n\ncommands:\n' +
  Object.entries(HELP).map(([n, c]) => `  ${n.padEnd(8)} ${c.summary}\n`).join('') +
  `  ${'help'.padEnd(8)} show this, or \`help COMMAND\` for one command\n`;

async function main(argv) {
  if (argv.length < 1) return diag.usage('missing command');
  const name = argv[0];
  if (['--help', '-h', 'help'].includes(name)) {
    if (argv.length < 2) { process.stdout.write(USAGE); return 0; }
    if (!Object.hasOwn(HELP, argv[1])) return diag.usage(`no help for unknown command ${quoteForMessage(argv[1])}`);
    process.stdout.write(commandHelp(argv[1]));
    return 0;
  }
  const run = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : null;
  if (!run) {
    return diag.usage(`${name[0] === '-' ? 'unknown option' : 'unknown command'} ${quoteForMessage(name)}`);
  }
  try {
    return await run(argv, 'wasi');
  } catch (e) {
    return diag.internal(`wasm engine failure: ${e?.message ?? e}`);
  }
}

process.exitCode = await main(process.argv.slice(2));
