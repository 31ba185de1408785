// Both witnesses of the screen cases together: an expectation is witnessed
// when xterm.js or libvterm checked it. Prints each witness's counts and the
// combined ones, and fails when 5% or more of the expectations are
// unwitnessed (not counting the kinds no available emulator reports) or any
// difference has no reason.
//
//   node tests/screen/check_witnesses.mjs LIBVTERM-ADAPTER tests/screen/cases/*.test [-v]
import { loadXterm, runCaseXterm } from './witness_xterm.mjs';
import { runCaseLibvterm } from './witness_libvterm.mjs';
import { report } from './witness_report.mjs';

let Terminal;
try {
  Terminal = loadXterm();
} catch (e) {
  console.error(`screen_cases_witnessed: cannot run: ${e.message}`);
  process.exit(1);
}
const args = process.argv.slice(2);
const [adapter, ...files] = args.filter((x) => x !== '-v');
if (!adapter) {
  console.error('usage: check_witnesses.mjs LIBVTERM-ADAPTER CASE-FILE...');
  process.exit(2);
}
process.exit(await report(files, [
  { name: 'xterm', label: 'xterm.js', run: (c) => runCaseXterm(Terminal, c) },
  { name: 'libvterm', label: 'libvterm', run: (c) => runCaseLibvterm(adapter, c) },
], { verbose: args.includes('-v'), maxUnwitnessed: 0.05 }));
