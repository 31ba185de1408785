// Witness for the screen cases: runs every case file through xterm.js
// headless (witness_xterm.mjs) and prints, per expectation, how many xterm.js
// witnessed and agreed with, witnessed and differed from (the case gives an
// `xterm-differs "reason"`), and could not witness. A difference without a
// reason makes the exit status non-zero.
//
//   node tests/screen/check_xterm.mjs tests/screen/cases/*.test [-v]
import { loadXterm, runCaseXterm } from './witness_xterm.mjs';
import { report } from './witness_report.mjs';

let Terminal;
try {
  Terminal = loadXterm();
} catch (e) {
  console.error(`screen_cases_xterm: cannot run: ${e.message}`);
  process.exit(1);
}
const args = process.argv.slice(2);
const files = args.filter((x) => x !== '-v');
process.exit(await report(files, [{ name: 'xterm', label: 'xterm.js', run: (c) => runCaseXterm(Terminal, c) }],
                          { verbose: args.includes('-v') }));
