// The Markdown matrix of backends by suites: cases passed of cases run, and how many
// expectations the backend could not report (neither passed nor failed).

// labels: a row's name where it is not the backend's own (a sampled backend says so).
export function matrixMarkdown(results, backends, suites, labels = new Map()) {
  const cell = new Map();
  for (const r of results) {
    const key = `${r.backend}\n${r.suite}`;
    const c = cell.get(key) ?? { passed: 0, total: 0, unreported: 0 };
    c.total++;
    if (r.status === 'pass') c.passed++;
    c.unreported += r.checks.filter((k) => k.status === 'unreported').length;
    cell.set(key, c);
  }
  const show = (b, s) => {
    const c = cell.get(`${b}\n${s}`);
    if (!c) return '—';
    return `${c.passed}/${c.total}` + (c.unreported ? ` (${c.unreported} unreported)` : '');
  };
  return [
    `| backend | ${suites.join(' | ')} |`,
    `| --- |${suites.map(() => ' --- |').join('')}`,
    ...backends.map((b) => `| ${labels.get(b) ?? b} | ${suites.map((s) => show(b, s)).join(' | ')} |`),
    '',
    'Cases passed of cases run; in parentheses, the expectations the backend cannot report.',
  ].join('\n');
}
