// A trace's steps from its marks, by the grammar of web/README.md ("Marks: the steps of a
// trace"):
//   step N start: DESCRIPTION
//   step N end: passed (Dms[, DETAIL])
//   step N end: failed (Dms[, DETAIL]): REASON
// A mark outside the grammar, or a second start or end of one step, stays a plain marker.

const START = /^step (\d+) start: (.*)$/s;
const PASSED = /^step (\d+) end: passed \((\d+)ms(?:, (.*))?\)$/s;
const FAILED = /^step (\d+) end: failed \((\d+)ms(?:, (.*?))?\): (.*)$/s;

/** One mark's meaning: {step, start, description} or {step, end, verdict, ms, detail, reason} or null. */
export function parseMark(label) {
  let m = START.exec(label);
  if (m) return { step: Number(m[1]), start: true, description: m[2] };
  const passed = PASSED.exec(label);
  m = passed ?? FAILED.exec(label);
  if (!m) return null;
  return { step: Number(m[1]), end: true, verdict: passed ? 'passed' : 'failed',
    durationMs: Number(m[2]), detail: m[3] ?? '', reason: m[4] ?? '' };
}

/**
 * Splits markers ([{label, ms, event}]) into steps, by index:
 * [{ index, description, verdict: 'passed'|'failed'|'not finished', durationMs (null when
 * not finished), detail, reason, start: marker|null, end: marker|null }], and the other
 * markers, in their order.
 */
export function stepsOf(markers) {
  const byIndex = new Map();
  const others = [];
  for (const marker of markers) {
    const mark = parseMark(marker.label);
    const step = mark && (byIndex.get(mark.step) ?? { index: mark.step, description: '',
      verdict: 'not finished', durationMs: null, detail: '', reason: '', start: null, end: null });
    if (!mark || (mark.start && step.start) || (mark.end && step.end)) {
      others.push(marker);
      continue;
    }
    if (mark.start) {
      step.start = marker;
      step.description = mark.description;
    } else {
      Object.assign(step, { end: marker, verdict: mark.verdict, durationMs: mark.durationMs,
        detail: mark.detail, reason: mark.reason });
    }
    byIndex.set(mark.step, step);
  }
  const steps = [...byIndex.values()].sort((a, b) => a.index - b.index);
  return { steps, others };
}
