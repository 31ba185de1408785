// Grids of text rows: the cell-level evidence of a mismatch, and its readable diff.
import { visible } from './quote.mjs';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const clusters = (s) => Array.from(segmenter.segment(s ?? ''), (x) => x.segment);

// Enough cells to see what differs; a grid that differs everywhere would drown the report.
export const MAX_CELLS = 200;

/**
 * The differing cells of two lists of rows, as [{row, col, expected, actual}]. `col`
 * counts the grapheme clusters of the row's text (a wide character is one), "" past
 * a row's end.
 */
export function gridCells(expected, actual) {
  const cells = [];
  const rows = Math.max(expected.length, actual.length);
  for (let row = 0; row < rows && cells.length < MAX_CELLS; row++) {
    const e = clusters(expected[row]), a = clusters(actual[row]);
    for (let col = 0; col < Math.max(e.length, a.length) && cells.length < MAX_CELLS; col++) {
      if ((e[col] ?? '') !== (a[col] ?? '')) cells.push({ row, col, expected: e[col] ?? '', actual: a[col] ?? '' });
    }
  }
  return cells;
}

/**
 * Expected and actual rows side by side, `!` on the rows that differ, `^` under the
 * cells; labels name the two columns.
 */
export function gridDiff(expected, actual, indent = '    ', labels = ['expected', 'actual']) {
  const exp = expected.map((r) => '|' + visible(r) + '|');
  const act = actual.map((r) => '|' + visible(r) + '|');
  const width = Math.max(8, labels[0].length, ...exp.map((r) => [...r].length));
  const out = [`${indent}     ${labels[0].padEnd(width)}   ${labels[1]}`];
  const rows = Math.max(exp.length, act.length);
  for (let i = 0; i < rows; i++) {
    const same = expected[i] === actual[i];
    const e = exp[i] ?? '(none)', a = act[i] ?? '(none)';
    out.push(`${indent}${same ? ' ' : '!'}${String(i).padStart(3)} ${e.padEnd(width + (e.length - [...e].length))}   ${a}`);
    if (!same && expected[i] !== undefined && actual[i] !== undefined) {
      const ec = clusters(expected[i]), ac = clusters(actual[i]);
      const marks = [];
      for (let c = 0; c < Math.max(ec.length, ac.length); c++) marks.push(ec[c] === ac[c] ? ' ' : '^');
      if (marks.includes('^')) out.push(`${indent}     ${' '.repeat(width)}    ${marks.join('').trimEnd()}`);
    }
  }
  return out.join('\n');
}
