// getByText(RegExp): a regular expression tried on each visible row's text
// (as rowText gives it: trailing spaces removed), one row at a time, so a
// match never crosses rows. A match covers the cells its characters are in
// (a wide character's two, a grapheme's one), like the core's literal search;
// empty matches are skipped. exact: the expression must match the whole row.
// region: matches are found on the whole row, then kept if wholly inside.

/** Every match on a snapshot, row-major: [{row, column, width}]. */
export function findAllRegExp(snapshot, regex, { exact = false, region = null } = {}) {
  const flags = regex.flags.replace(/[gy]/g, '');
  const re = exact ? new RegExp(`^(?:${regex.source})$`, flags) : new RegExp(regex.source, `${flags}g`);
  const box = bounds(region, snapshot);
  const out = [];
  for (let row = box.top; row < box.bottom; row++) {
    const text = snapshot.lines[row].text;
    const found = exact ? [re.exec(text)].filter(Boolean) : [...text.matchAll(re)];
    const matches = found.filter((m) => m[0].length > 0);
    if (!matches.length) continue;
    const cells = rowCells(snapshot, row);
    for (const m of matches) {
      const first = cells.at(m.index), last = cells.at(m.index + m[0].length - 1);
      const hit = { row, column: first.column, width: last.column + last.width - first.column };
      if (hit.column >= box.left && hit.column + hit.width <= box.right) out.push(hit);
    }
  }
  return out;
}

// The region as row and column limits (width or height 0 or missing: to the edge).
function bounds(r, snap) {
  const top = r?.row ?? 0, left = r?.column ?? 0;
  return {
    top, left,
    bottom: r?.height ? Math.min(top + r.height, snap.rows) : snap.rows,
    right: r?.width ? Math.min(left + r.width, snap.cols) : snap.cols,
  };
}

// For each UTF-16 index of the row's text, the cell it lies in ({column, width}).
function rowCells(snap, row) {
  const map = [];
  for (let col = 0; col < snap.cols; col++) {
    const c = snap.cell(row, col);
    if (c.width === 0) continue; // the tail of a wide character
    const cell = { column: col, width: c.width };
    for (let i = 0; i < (c.text || ' ').length; i++) map.push(cell);
  }
  return { at: (i) => map[i] };
}
