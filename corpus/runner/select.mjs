// Which cases a run takes: by name (a glob, * and ?), then a deterministic sample.

export function globRegExp(glob) {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/**
 * cases: one suite's cases in their stable order. caseGlob: matched against the name;
 * sample N: every k-th case with k = ceil(count / N), starting with the first, so the
 * same corpus always gives the same sample.
 */
export function selectCases(cases, { caseGlob = null, sample = null } = {}) {
  let chosen = cases;
  if (caseGlob) {
    const re = globRegExp(caseGlob);
    chosen = chosen.filter((c) => re.test(c.name));
  }
  if (sample && chosen.length > sample) {
    const k = Math.ceil(chosen.length / sample);
    chosen = chosen.filter((_, i) => i % k === 0);
  }
  return chosen;
}

/**
 * A slow backend's share of a run: at most n of each suite's cases (selectCases' even
 * sample within each suite), in the order given.
 */
export function samplePerSuite(cases, n) {
  const bySuite = new Map();
  for (const c of cases) bySuite.set(c.suite, [...(bySuite.get(c.suite) ?? []), c]);
  const kept = new Set([...bySuite.values()].flatMap((group) => selectCases(group, { sample: n })));
  return cases.filter((c) => kept.has(c));
}
