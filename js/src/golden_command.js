// Golden screens through the native code (Node only): `tessera golden` of the WASI command
// (native-host/artifacts/golden.c) compares a screen with a golden file as `tessera
// snapshot --golden` does (trailing spaces of rows and blank rows at the end do not count;
// a difference is a unified diff, golden (-) before screen (+), with a note when only
// spacing differs) and writes one with --update (missing folders made).
import { runCliCaptured, withTempFiles } from './cli/cli.js';

// The command's stderr without its "tessera: " prefix: the reason, then the diff.
function explained(stderr) {
  const [first, ...rest] = stderr.replace(/\n$/, '').split('\n');
  return { reason: first.replace(/^tessera: /, ''), diff: rest.join('\n') };
}

/**
 * Compares screen (an exact grid, as ScreenSnapshot.snapshot() gives it, with a final
 * newline) with the golden file: resolves { same: true }, or { same: false, reason, diff }
 * (diff '' when the golden file could not be read).
 */
export async function compareGolden(file, screen) {
  const r = await withTempFiles({ screen }, (paths) => runCliCaptured(['golden', file, paths.screen]));
  if (r.code === 0) return { same: true };
  const { reason, diff } = explained(r.stderr);
  return { same: false, reason, diff: r.code === 1 ? diff : '' };
}

/** Writes screen to the golden file: resolves { ok: true }, or { ok: false, reason }. */
export async function writeGolden(file, screen) {
  const r = await withTempFiles({ screen }, (paths) => runCliCaptured(['golden', '--update', file, paths.screen]));
  return r.code === 0 ? { ok: true } : { ok: false, reason: explained(r.stderr).reason };
}
