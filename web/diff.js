// Comparing the shown screen with an expected one, cell by cell, text and style apart. A
// cell outside one screen counts as a blank, unstyled cell there, as the CLI's golden
// comparison ignores trailing spaces and blank lines. Styles are compared only when both
// screens have them: a golden file (a snapshot text file) has none.

const isBlank = (cell) => cell.text === '' || cell.text === ' ';
const textKey = (cell) => (!cell || isBlank(cell) ? ' ' : `${cell.text}\u0000${cell.width}`);

// A style as the core gives it (colours, underline, attributes), hyperlinks aside. No
// style at all (a cell outside the screen) is the default: colours 'default', no underline,
// every attribute off.
const defaultOf = (name, value) => (name === 'underline' ? 'none' : typeof value === 'boolean' ? false : 'default');
function styleKey(style, asDefault = false) {
  return Object.keys(style).filter((k) => k !== 'link').sort()
    .map((k) => `${k}=${asDefault ? defaultOf(k, style[k]) : style[k]}`).join(' ');
}

/**
 * The differences between two snapshots: { text: Set('row,col'), style: Set('row,col') or
 * null when styles are not compared, sizes: '' or 'ROWS×COLS here, ROWS×COLS expected' }.
 */
export function compareScreens(actual, expected, { styles }) {
  const text = new Set(), style = styles ? new Set() : null;
  const rows = Math.max(actual.rows, expected.rows), cols = Math.max(actual.cols, expected.cols);
  const cellOf = (snap, y, x) => (y < snap.rows && x < snap.cols ? snap.cell(y, x) : null);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const a = cellOf(actual, y, x), e = cellOf(expected, y, x);
      if (textKey(a) !== textKey(e)) text.add(`${y},${x}`);
      if (!style) continue;
      const shape = (a ?? e).style; // the attribute names, from the cell that exists
      const key = (cell) => (cell ? styleKey(cell.style) : styleKey(shape, true));
      if (key(a) !== key(e)) style.add(`${y},${x}`);
    }
  }
  const sizes = actual.rows === expected.rows && actual.cols === expected.cols ? ''
    : `${actual.rows}×${actual.cols} here, ${expected.rows}×${expected.cols} expected`;
  return { text, style, sizes };
}

const cells = (n) => `${n} cell${n === 1 ? '' : 's'}`;

/** The summary line: what differs, in text and in style, or why styles were not compared. */
export function diffSummary(diff, expectedName) {
  const parts = [diff.text.size ? `${cells(diff.text.size)} differ${diff.text.size === 1 ? 's' : ''} in text`
    : 'no text differs'];
  if (diff.style) parts.push(diff.style.size ? `${cells(diff.style.size)} in style` : 'no style differs');
  else parts.push(`styles not compared (${expectedName} has none: text only)`);
  // A golden file's size is its text's (trimmed, as the CLI compares it): only screens' sizes tell.
  if (diff.sizes && diff.style) parts.push(`sizes differ: ${diff.sizes}`);
  return parts.join('; ');
}
