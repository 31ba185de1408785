// Reads xterm's print jobs (media copy: CSI i prints the screen with printerExtent, CSI ? 11 i
// every page, the saved lines first) as xterm 379 writes them with printAttributes: 2:
// each line is ESC # 3|4|5|6 (its line size), then the characters, each with an absolute
// SGR before it (ESC [ 0 ; ... m, sub-parameters after colons) when it has attributes or
// its colours differ from the last SGR's, and CR LF; trailing cells never drawn are left
// out (so an erased stretch at the end of a line, whatever its background, is not seen);
// the right half of a wide character is U+FFFF; combining characters follow their base; a
// job ends with a form feed (printerFormFeed). xterm 379's printLine compares each cell's
// attributes with none rather than with the last SGR it sent, so a character printed
// without an SGR of its own has no attributes and the last SGR's colours. Print carries
// bold, dim, italic, underline, double underline, blink, inverse and strike, the 16, 256
// and direct colours; a hidden character prints as a blank, so hidden text is not seen.

import { ATTR_ORDER, applySgr, plainPen } from './sgr_pen.mjs';

// A character drawn on the cell before it: combining marks, ZWJ, variation selectors.
const JOINS = /^[\p{M}\u200d\ufe00-\ufe0f]$/u;
const RIGHT_HALF = '\uffff';

// A cell of the pen's rendition.
const cellOf = (pen, text, width) => ({ text, width, fg: pen.fg, bg: pen.bg,
  attrs: ATTR_ORDER.filter((a) => pen.attrs.has(a)), underline: pen.underline });

/**
 * One print job (its bytes, without the form feed) as lines: {size: 3|4|5|6, cells:
 * [{text, width, fg, bg, attrs, underline}]}, a wide character's right half as a cell of
 * width 0. A line holds the cells up to its last printed character.
 */
export function parsePrintJob(bytes) {
  const text = bytes.toString('utf8');
  const lines = text.split('\r\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => {
    let size = 5;
    let i = 0;
    const head = /^\x1b#([3-6])/.exec(line);
    if (head) { size = Number(head[1]); i = head[0].length; }
    const pen = plainPen();
    let own = false; // whether an SGR came right before this character
    const cells = [];
    const sgr = /\x1b\[([0-9:;]*)m/y;
    while (i < line.length) {
      sgr.lastIndex = i;
      const m = sgr.exec(line);
      if (m) { applySgr(pen, m[1]); own = true; i = sgr.lastIndex; continue; }
      const ch = String.fromCodePoint(line.codePointAt(i));
      i += ch.length;
      if (!own) {
        pen.attrs.clear();
        pen.underline = 'none';
      }
      own = false;
      const last = cells[cells.length - 1];
      if (ch === RIGHT_HALF && last) {
        last.width = 2;
        cells.push(cellOf(pen, '', 0));
      } else if (JOINS.test(ch) && last) {
        const base = last.width === 0 ? cells[cells.length - 2] : last;
        base.text += ch;
      } else {
        cells.push(cellOf(pen, ch, 1));
      }
    }
    return { size, cells };
  });
}

const plainBlank = (c) => (c.text === ' ' || c.text === '') && c.width === 1 && c.fg === 'default' &&
  c.bg === 'default' && c.attrs.length === 0 && c.underline === 'none';

/** A line's text, `cols` columns wide (blanks added; a wide character once). */
export function lineText(line, cols) {
  let s = '';
  let n = 0;
  for (const c of line.cells) {
    if (c.width === 0) continue;
    s += c.text;
    n += c.width;
  }
  return s + ' '.repeat(Math.max(0, cols - n));
}

/** The dump's cell lines of one row: every cell that is not a plain blank. */
export function cellLines(row, line, quote) {
  const out = [];
  line.cells.forEach((c, col) => {
    if (plainBlank(c)) return;
    out.push(`cell ${row} ${col} ${quote(c.text)} width ${c.width} fg ${c.fg} bg ${c.bg} ` +
      `attrs ${c.attrs.join(',') || 'none'} underline ${c.underline}`);
  });
  return out;
}
