// What a run says about its results: one line per mismatch or error, the grid diff
// with -v, and the flat records of --json.
import { visible } from './quote.mjs';
import { gridDiff } from './grid.mjs';

const GRID_KINDS = new Set(['expectedScreen', 'expectedExact', 'expectedScrollback', 'expectedStyled']);

const shown = (v) => (typeof v === 'string' ? `"${visible(v)}"` : v === undefined ? 'nothing' : JSON.stringify(v));
const where = (r, step) => `${r.backend} ${r.suite}::${r.case}${step === null || step === undefined ? '' : ` step ${step}`}`;

/** Lines describing a failing case result; with verbose, grids side by side. */
export function describeFailure(r, { verbose = false, reason = null } = {}) {
  const out = [];
  const tag = reason === null ? 'FAIL' : 'LEDGERED';
  if (r.error) out.push(`${tag} ${where(r, r.error.step)}: ${r.error.message}`);
  for (const k of r.checks) {
    if (k.status !== 'mismatch') continue;
    out.push(`${tag} ${where(r, k.step)} ${k.field}: expected ${shown(k.expected)}, got ${shown(k.actual)}`);
    if (!verbose) continue;
    if (GRID_KINDS.has(k.kind) && Array.isArray(k.actual)) out.push(gridDiff(k.expected, k.actual));
    else if (k.kind === 'expectedRows') out.push(gridDiff([k.expected], [k.actual ?? '']));
    else if (k.cells) for (const c of k.cells) out.push(`    cell ${c.row} ${c.col}: expected ${shown(c.expected)}, got ${shown(c.actual)}`);
  }
  if (reason !== null && verbose) out.push(`    ledger: ${reason}`);
  return out;
}

/**
 * Every check and error as a flat record: {type: 'pass'|'mismatch'|'unreported'|'error',
 * backend, suite, case, file, step, kind, field, expected, actual, cells?, why?, message?}.
 */
export function recordsOf(results) {
  const out = [];
  for (const r of results) {
    const base = { backend: r.backend, suite: r.suite, case: r.case, file: r.file };
    for (const k of r.checks) {
      const { status, ...rest } = k;
      out.push({ type: status, ...base, ...rest });
    }
    if (r.error) out.push({ type: 'error', ...base, step: r.error.step, message: r.error.message });
  }
  return out;
}
