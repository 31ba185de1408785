// Draws one ScreenSnapshot as HTML: one element per row (data-row="N", its textContent the
// row's text as the core renders it), one span per cell with the colours the core paints
// (Cell.paint: theme, palette, inverse, dim, hidden, with the colours the program had set
// at that revision: OSC 4, 10, 11), and the cursor as an overlay in its shape and colour
// (OSC 12). Nothing from the terminal is ever parsed as HTML: text goes in with
// textContent, links only as a title attribute, through DOM calls.

const DECORATION = { single: 'solid', double: 'double', curly: 'wavy', dotted: 'dotted', dashed: 'dashed' };

const isBlank = (cell) => cell.text === '' || cell.text === ' ';

function styleCell(span, cell) {
  const s = cell.style, st = span.style;
  st.color = cell.paint.fg;
  st.backgroundColor = cell.paint.bg;
  if (s.bold) st.fontWeight = 'bold';
  if (s.italic) st.fontStyle = 'italic';
  const lines = [];
  if (s.underline !== 'none' && !s.hidden) lines.push('underline');
  if (s.strike && !s.hidden) lines.push('line-through');
  if (s.overline && !s.hidden) lines.push('overline');
  if (lines.length) {
    st.textDecorationLine = lines.join(' ');
    st.textDecorationStyle = DECORATION[s.underline] ?? 'solid';
    st.textDecorationColor = s.underline !== 'none' ? cell.paint.underline : cell.paint.fg;
  }
  if (s.blink) span.classList.add('blink');
  if (s.link) span.title = s.link; // an attribute value, never a link or markup
}

/**
 * Renders snap into container (emptied first). marks: { matches: [{row, column, width}],
 * changed: Set of 'row,col', restyled: Set of 'row,col' } adds classes 'match', 'changed'
 * (the text differs) and 'restyled' (the style differs) to those cells.
 */
export function renderGrid(container, snap, marks = {}) {
  container.replaceChildren();
  container.style.setProperty('--rows', snap.rows);
  container.style.setProperty('--cols', snap.cols);
  const matched = new Set();
  for (const m of marks.matches ?? []) {
    for (let c = m.column; c < m.column + m.width; c++) matched.add(`${m.row},${c}`);
  }
  const changed = marks.changed ?? new Set(), restyled = marks.restyled ?? new Set();
  for (let y = 0; y < snap.rows; y++) {
    const row = document.createElement('div');
    row.className = 'row';
    row.dataset.row = String(y);
    // A double-size line (DECDWL, DECDHL) is drawn scaled: its cells go in an inner box
    // the stylesheet stretches, and the row's box shows the part that is on that row.
    const size = snap.lineSize(y);
    let line = row;
    if (size !== 'single') {
      row.classList.add('sized', size);
      line = document.createElement('div');
      line.className = 'line';
      row.append(line);
    }
    const cells = [];
    let lastText = -1; // the row's text ends at its last non-blank cell, as the core trims it
    for (let x = 0; x < snap.cols; x++) {
      const cell = snap.cell(y, x);
      cells.push(cell);
      if (!isBlank(cell)) lastText = x;
    }
    for (let x = 0; x < snap.cols; x++) {
      const cell = cells[x];
      if (cell.width === 0) continue; // the tail of a wide character: its head spans two cells
      const span = document.createElement('span');
      span.className = 'cell';
      if (cell.width === 2) span.classList.add('wide');
      // Blank cells inside the text are spaces; past its end they are empty boxes, so the
      // row's textContent is exactly the trimmed row text.
      span.textContent = isBlank(cell) ? (x < lastText ? ' ' : '') : cell.text;
      styleCell(span, cell);
      if (matched.has(`${y},${x}`)) span.classList.add('match');
      if (changed.has(`${y},${x}`)) span.classList.add('changed');
      if (restyled.has(`${y},${x}`)) span.classList.add('restyled');
      span.dataset.col = String(x);
      line.append(span);
    }
    container.append(row);
  }
  const c = snap.cursor;
  if (c.visible && c.row < snap.rows && c.col < snap.cols) {
    const cursor = document.createElement('div');
    cursor.className = `cursor cursor-${c.shape === 'default' ? 'block' : c.shape}`;
    if (c.blink) cursor.classList.add('blink');
    cursor.style.setProperty('--row', c.row);
    cursor.style.setProperty('--col', c.col);
    if (snap.lineSize(c.row) !== 'single') cursor.style.setProperty('--sx', 2); // a cell twice as wide
    cursor.style.background = snap.cursorPaint(); // the program's OSC 12, else the theme's
    container.append(cursor);
  }
}
