// Just enough Markdown for the reference checks: sections under headings, and table rows
// whose first cell names the item (a flag, a property path, an API member) in backticks.

// Sections outside fenced code blocks: { level, heading, lines } for every heading.
export function sections(text) {
  const out = [{ level: 0, heading: '', lines: [] }];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^(#{1,6}) (.*)$/.exec(line);
    if (m) out.push({ level: m[1].length, heading: m[2].trim(), lines: [] });
    else out.at(-1).lines.push(line);
  }
  return out;
}

// The section with this heading and every subsection under it, as one list of lines.
export function sectionWithin(text, heading) {
  const all = sections(text);
  const i = all.findIndex((s) => s.heading === heading);
  if (i < 0) return null;
  const lines = [...all[i].lines];
  for (const s of all.slice(i + 1)) {
    if (s.level <= all[i].level) break;
    lines.push(`${'#'.repeat(s.level)} ${s.heading}`, ...s.lines);
  }
  return lines;
}

// Table rows as cells ("\|" is a pipe inside a cell), header and divider rows included.
export function tableRows(lines) {
  return lines.filter((l) => l.startsWith('|')).map((l) =>
    l.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|')));
}

// Tables as { header: [cells], rows: [[cells]] }, split where non-table lines come between.
export function tables(lines) {
  const out = [];
  let current = null;
  for (const line of lines) {
    if (!line.startsWith('|')) { current = null; continue; }
    const [cells] = tableRows([line]);
    if (!current) out.push((current = { header: cells, rows: [] }));
    else if (!cells.every((c) => /^:?-+:?$/.test(c))) current.rows.push(cells);
  }
  return out;
}

// The code spans of a cell, in order: "`--rows N`, `-o FILE`" -> ["--rows N", "-o FILE"].
export const codeSpans = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
