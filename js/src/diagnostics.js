// How failures show the screen: rows numbered, trailing blank rows folded.
// Shared by assertion failures (expect.js) and missed deadlines (errors.js),
// so both read the same.

/** The snapshot's rows as "  N | text" lines. */
export function formatScreen(snap) {
  if (!snap) return '  (no screen)';
  const lines = snap.lines.map((l) => l.text);
  let last = lines.length - 1;
  while (last > 0 && lines[last] === '') last--;
  const w = String(lines.length - 1).length;
  const out = lines.slice(0, last + 1).map((t, i) => `  ${String(i).padStart(w)} | ${t}`);
  if (last < lines.length - 1) out.push(`  (rows ${last + 1}..${lines.length - 1} blank)`);
  return out.join('\n');
}

/** The heading and rows of a screen in a failure message: "screen at WHEN (revision N, RxC):". */
export function screenSection(snap, when) {
  return `  screen at ${when} (revision ${snap?.seq ?? '?'}, ${snap?.rows ?? '?'}x${snap?.cols ?? '?'}):\n` +
    formatScreen(snap);
}
