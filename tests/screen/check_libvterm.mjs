// Witness for the screen cases: runs every case file through libvterm by its
// backend adapter (corpus/backends/libvterm.c) and prints, per expectation,
// how many libvterm witnessed and agreed with, witnessed and differed from
// (the case gives a `libvterm-differs "reason"`), and could not witness. A
// difference without a reason makes the exit status non-zero.
//
//   node tests/screen/check_libvterm.mjs ADAPTER tests/screen/cases/*.test [-v]
import { runCaseLibvterm } from './witness_libvterm.mjs';
import { report } from './witness_report.mjs';

const args = process.argv.slice(2);
const [adapter, ...files] = args.filter((x) => x !== '-v');
if (!adapter) {
  console.error('usage: check_libvterm.mjs ADAPTER CASE-FILE...');
  process.exit(2);
}
process.exit(await report(files, [{ name: 'libvterm', label: 'libvterm', run: (c) => runCaseLibvterm(adapter, c) }],
                          { verbose: args.includes('-v') }));
