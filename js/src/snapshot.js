// ScreenSnapshot: one revision of a Screen as plain, frozen JS values. The
// renderings, lines and cursor are read from the core once, when the
// snapshot is made, so they stay valid whatever happens to the history
// later. Cells and searches are asked of the core on use (it owns the
// locator rules): while the revision is kept they answer, once it has been
// evicted they throw HistoryEvictedError.

import { dynamicColors, findAllWith, hexRgb, lineSizeName, paletteIndex, readCell, readCursor } from './abi.js';

export class ScreenSnapshot {
  constructor(screen, ptr) {
    const abi = screen.abi, x = abi.x;
    const render = (fn) => abi.renderText((b) => fn(ptr, b), 'rendering a revision');
    this.seq = Number(x.tsr_snapshot_seq(ptr));
    this.timeNs = x.tsr_snapshot_time_ns(ptr);
    this.hash = x.tsr_snapshot_hash(ptr);
    this.rows = x.tsr_snapshot_rows(ptr);
    this.cols = x.tsr_snapshot_cols(ptr);
    this.altScreen = x.tsr_snapshot_alt_screen(ptr) !== 0;
    x.tsr_snapshot_cursor(ptr, abi.tmpPtr);
    this.cursor = Object.freeze(readCursor(abi, abi.tmpPtr));
    const lines = [];
    for (let y = 0; y < this.rows; y++) {
      lines.push(Object.freeze({ text: abi.renderText((b) => x.tsr_snapshot_render_row(ptr, y, b), 'rendering a row') }));
    }
    this.lines = Object.freeze(lines);
    this._text = render(x.tsr_snapshot_render_text);
    this._exact = render(x.tsr_snapshot_render_exact);
    this._styled = render(x.tsr_snapshot_render_styled);
    // Modes and titles as that revision had them, from the core's JSON
    // rendering (the same keys as `tessera feed --json`).
    const json = JSON.parse(render(x.tsr_snapshot_render_json));
    this.modes = Object.freeze(json.modes);
    this.title = json.title;
    this.iconName = json.icon;
    // Not enumerable: a snapshot compares and prints as its data.
    Object.defineProperty(this, '_screen', { value: screen });
    Object.freeze(this);
  }

  text() { return this._text; }
  rowText(row) { return this.lines[row]?.text ?? ''; }
  rowsText() { return this.lines.map((l) => l.text); }
  snapshot() { return this._exact; }
  styledSnapshot() { return this._styled; }

  // The core's pointer for this revision, fetched anew each time: it is
  // only valid while the revision is kept.
  _ptr() { return this._screen._snapshotPtr(this.seq); }

  /** An SVG picture of this revision (as Screen.toSVG); HistoryEvictedError once evicted. */
  toSVG() {
    const abi = this._screen.abi;
    const p = this._ptr();
    return abi.renderText((b) => abi.x.tsr_snapshot_render_svg(p, b), 'rendering SVG');
  }

  cell(row, col) {
    const abi = this._screen.abi;
    const p = this._ptr();
    abi.check(abi.x.tsr_snapshot_cell(p, row, col, abi.tmpPtr), `reading cell ${row},${col}`);
    return readCell(abi, abi.tmpPtr, (id) => this._screen.hyperlink(id), (st, out) => abi.x.tsr_snapshot_paint(p, st, out));
  }

  /** The size of row `row` in this revision (as Screen.lineSize). */
  lineSize(row) { return lineSizeName(this._screen.abi, this._screen.abi.x.tsr_snapshot_line_size(this._ptr(), row), row); }

  /** The '#rrggbb' of palette entry index before any OSC 4 change (as Screen.paletteDefault). */
  paletteDefault(index) { return this._screen.paletteDefault(index); }
  /** The '#rrggbb' of palette entry index (0..255) as this revision had it (as Screen.palette). */
  palette(index) { return hexRgb(this._screen.abi.x.tsr_snapshot_palette(this._ptr(), paletteIndex(index))); }
  /** The default text, background and cursor colours as this revision had them (as Screen.defaultColors). */
  defaultColors() {
    const p = this._ptr();
    return dynamicColors((which) => this._screen.abi.x.tsr_snapshot_dynamic_color(p, which));
  }
  /** The '#rrggbb' this revision's cursor is drawn with (as Screen.cursorPaint). */
  cursorPaint() { return hexRgb(this._screen.abi.x.tsr_snapshot_cursor_rgb(this._ptr())); }

  findAll(text, options = {}) {
    const abi = this._screen.abi;
    const p = this._ptr();
    return findAllWith(abi, (...a) => abi.x.tsr_snapshot_find_all(p, ...a), text, options);
  }
  find(text, options = {}) {
    const m = this.findAll(text, options)[0];
    return m ? { row: m.row, col: m.column } : null;
  }
  contains(text, options = {}) { return this.findAll(text, options).length > 0; }
}
