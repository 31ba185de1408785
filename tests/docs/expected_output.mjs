// A run's stdout against the `output` block under it: line by line, trailing spaces and
// trailing blank lines left out; a line that is exactly `...` stands for any number of lines
// (none too), and `[..]` inside a line for any text within that line.

/** Lines as compared: each without trailing spaces, the blank ones at the end dropped. */
export function comparableLines(text) {
  const lines = text.replace(/\r\n/g, '\n').split('\n').map((l) => l.trimEnd());
  while (lines.length && lines.at(-1) === '') lines.pop();
  return lines;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether one actual line fits one expected line (with its `[..]` wildcards). */
export function lineMatches(expected, actual) {
  if (!expected.includes('[..]')) return expected === actual;
  return new RegExp(`^${expected.split('[..]').map(escapeRegExp).join('.*')}$`, 's').test(actual);
}

/**
 * null when `actual` fits `expected`; otherwise a unified-style diff (expected `-`, stdout
 * `+`) under a header naming `label`. The alignment is the one with the fewest lines off, so
 * the diff shows only what really differs.
 */
export function compareOutput(expected, actual, label) {
  const e = comparableLines(expected);
  const a = comparableLines(actual);
  // cost[i][j]: fewest unmatched lines aligning e[i..] with a[j..]
  const cost = Array.from({ length: e.length + 1 }, () => new Array(a.length + 1).fill(0));
  for (let i = e.length; i >= 0; i--) {
    for (let j = a.length; j >= 0; j--) {
      if (i === e.length) cost[i][j] = a.length - j;
      else if (e[i] === '...') cost[i][j] = Math.min(cost[i + 1][j], j < a.length ? cost[i][j + 1] : Infinity);
      else {
        let best = 1 + cost[i + 1][j];
        if (j < a.length) best = Math.min(best, 1 + cost[i][j + 1]);
        if (j < a.length && lineMatches(e[i], a[j])) best = Math.min(best, cost[i + 1][j + 1]);
        cost[i][j] = best;
      }
    }
  }
  if (cost[0][0] === 0) return null;
  const diff = [`--- ${label} (expected)`, '+++ stdout', `@@ -1,${e.length} +1,${a.length} @@`];
  let i = 0;
  let j = 0;
  while (i < e.length || j < a.length) {
    if (i < e.length && e[i] === '...') {
      // Ends as soon as it can, so the lines after it line up with what they match.
      if (cost[i][j] === cost[i + 1][j]) { diff.push(' ...'); i++; } else { diff.push(` ${a[j]}`); j++; }
    } else if (i < e.length && j < a.length && lineMatches(e[i], a[j]) && cost[i][j] === cost[i + 1][j + 1]) {
      diff.push(` ${a[j]}`); i++; j++;
    } else if (i < e.length && cost[i][j] === 1 + cost[i + 1][j]) {
      diff.push(`-${e[i]}`); i++;
    } else {
      diff.push(`+${a[j]}`); j++;
    }
  }
  return diff.join('\n');
}
