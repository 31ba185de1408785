// Screen: one terminal of the core, driven and queried through the wasm ABI.
// Every answer comes from the core (renderings, cells, search, modes,
// revisions); this file only moves bytes and names things the JS way.

import { MOUSE_ENCODING, MOUSE_TRACKING, OFFSET, SIZEOF, STATUS } from './abi.generated.js';
import { SLOT, dynamicColors, findAllWith, hexRgb, lineSizeName, namesByValue, paletteIndex, readCell, readCursor, readStats, toBytes } from './abi.js';
import { loadEngine } from './engine.js';
import { TesseraError } from './errors.js';
import { writeFrame } from './frames.js';
import { ScreenSnapshot } from './snapshot.js';

const TRACKING_NAMES = namesByValue(MOUSE_TRACKING);
const ENCODING_NAMES = namesByValue(MOUSE_ENCODING);
const FEED_CHUNK = 1 << 20; // bounds the wasm scratch area for huge inputs

// Frees the core terminal of a Screen that was dropped without free().
const leaks = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ abi, term }) => abi.x.tsr_term_free(term))
  : null;

export class Screen {
  /**
   * Makes a screen on an engine loaded with loadEngine(). Use
   * `await Screen.create(options)` to load the default engine as well.
   */
  constructor(engine, options = {}) {
    if (!engine?.abi) throw new TypeError('new Screen(engine, options): engine comes from loadEngine()');
    this.engine = engine;
    const abi = (this.abi = engine.abi);
    const opts = abi.mustMalloc(SIZEOF.options + SLOT);
    try {
      const o = OFFSET.options, ho = OFFSET.history_limits;
      abi.x.tsr_options_default(opts);
      if (options.rows !== undefined) abi.setI32(opts + o.rows, options.rows);
      if (options.cols !== undefined) abi.setI32(opts + o.cols, options.cols);
      if (options.scrollback !== undefined) abi.setI32(opts + o.scrollback, options.scrollback);
      if (options.reflow !== undefined) abi.setI32(opts + o.reflow, options.reflow ? 1 : 0);
      const h = options.history ?? {}, hp = opts + o.history;
      if (h.maxRevisions !== undefined) abi.setU32(hp + ho.max_revisions, h.maxRevisions);
      if (h.maxRawBytes !== undefined) abi.setU64(hp + ho.max_raw_bytes, h.maxRawBytes);
      if (h.maxDecodedBytes !== undefined) abi.setU64(hp + ho.max_decoded_bytes, h.maxDecodedBytes);
      const out = opts + SIZEOF.options;
      abi.check(abi.x.tsr_term_new(opts, out), 'creating the terminal');
      this.term = abi.u32(out);
    } finally {
      abi.free(opts);
    }
    leaks?.register(this, { abi, term: this.term }, this);
  }

  static async create(options = {}) {
    return new Screen(await loadEngine({ engine: options.engine, wasm: options.wasm }), options);
  }

  _t() {
    if (!this.term) throw new TesseraError('this Screen was freed');
    return this.term;
  }

  // ------------------------------------------------------------ input

  /** Feeds bytes (or a string, as UTF-8) as a program wrote them. */
  feed(data) {
    const bytes = toBytes(data);
    const t = this._t();
    for (let o = 0; o < bytes.length; o += FEED_CHUNK) {
      const piece = bytes.subarray(o, o + FEED_CHUNK);
      this.abi.check(this.abi.x.tsr_term_feed(t, this.abi.put(piece), piece.length), 'feeding');
    }
    return this;
  }

  /** The bytes the terminal owes the program (DA, CPR, ...), taken. */
  takeReplies() {
    const t = this._t();
    return this.abi.renderBytes((b) => this.abi.x.tsr_term_take_replies(t, b), 'taking replies');
  }

  resize(rows, cols) {
    this.abi.check(this.abi.x.tsr_term_resize(this._t(), rows, cols), 'resizing');
    return this;
  }

  reset() {
    this.abi.check(this.abi.x.tsr_term_reset(this._t()), 'resetting');
    return this;
  }

  /**
   * Applies one frame ({type: 'output'|'resize'|'reset'|'exit'|'input-ack'|
   * 'input', timeNs, data, rows, cols, exitCode, exitSignal, actionId}).
   * At most one revision is made; returns the newest revision and whether
   * this frame made it.
   */
  applyFrame(frame) {
    const abi = this.abi, t = this._t();
    const p = abi.tmpPtr;
    writeFrame(abi, p, frame);
    const made = p + SIZEOF.frame;
    abi.check(abi.x.tsr_term_apply_frame(t, p, made), 'applying a frame');
    return { revision: this.revision, made: abi.i32(made) !== 0 };
  }

  // ------------------------------------------------------------ renderings

  _render(fn, what) {
    const t = this._t();
    return this.abi.renderText((b) => fn(t, b), what);
  }
  /** Rows trimmed, joined by '\n', trailing blank rows dropped. */
  text() { return this._render(this.abi.x.tsr_render_text, 'rendering the text'); }
  /** One visible row, trailing spaces trimmed. */
  rowText(row) {
    const t = this._t();
    return this.abi.renderText((b) => this.abi.x.tsr_render_row(t, row, b), 'rendering a row');
  }
  /** Every visible row, trimmed. */
  rowsText() {
    const out = [];
    for (let y = 0; y < this.rows; y++) out.push(this.rowText(y));
    return out;
  }
  /** The exact grid: every row padded to the width, joined by '\n'. */
  snapshot() { return this._render(this.abi.x.tsr_render_exact, 'rendering the grid'); }
  /** The run-length styled rows ({bold fg=2}Done{} ...), joined by '\n'; a brace of the text is doubled ({{, }}). */
  styledSnapshot() { return this._render(this.abi.x.tsr_render_styled, 'rendering styles'); }
  /** An SVG picture (tessera/svg.h, as `tessera replay --svg`): colours, styles, cell widths, the cursor. */
  toSVG() { return this._render(this.abi.x.tsr_render_svg, 'rendering SVG'); }
  /** One JSON object: rows, cursor, modes, title. */
  json() { return JSON.parse(this._render(this.abi.x.tsr_render_json, 'rendering JSON')); }
  /** Scrollback lines, oldest first, trimmed, joined by '\n'. */
  scrollbackText() { return this._render(this.abi.x.tsr_render_scrollback, 'rendering scrollback'); }
  get scrollbackLines() { return this.abi.x.tsr_term_scrollback_lines(this._t()); }

  /** Raw renderings as bytes (what the CLI prints). */
  renderBytes(format = 'text') {
    const x = this.abi.x, t = this._t();
    const fn = { text: x.tsr_render_text, exact: x.tsr_render_exact, styled: x.tsr_render_styled,
                 json: x.tsr_render_json, svg: x.tsr_render_svg }[format];
    if (!fn) throw new TypeError(`unknown format ${JSON.stringify(format)}`);
    return this.abi.renderBytes((b) => fn(t, b), 'rendering the screen');
  }
  /**
   * A keyframe (tsr_term_keyframe): bytes that, in a KEYFRAME frame of this size, rebuild
   * what this screen shows, with the newest scrollback lines that fit in scrollbackBytes.
   */
  keyframe(scrollbackBytes = 0) {
    const t = this._t();
    return this.abi.renderBytes((b) => this.abi.x.tsr_term_keyframe(t, scrollbackBytes, b), 'making a keyframe');
  }

  // ------------------------------------------------------------ cells, cursor, search

  cell(row, col) {
    const abi = this.abi, t = this._t();
    abi.check(abi.x.tsr_term_cell(t, row, col, abi.tmpPtr), `reading cell ${row},${col}`);
    return readCell(abi, abi.tmpPtr, (id) => this.hyperlink(id), (st, out) => abi.x.tsr_term_paint(t, st, out));
  }

  /** The size of row `row` (DECDWL, DECDHL): 'single', 'double-width', 'double-height-top' or 'double-height-bottom'. */
  lineSize(row) { return lineSizeName(this.abi, this.abi.x.tsr_term_line_size(this._t(), row), row); }

  /** The '#rrggbb' of palette entry index (0..255) before any OSC 4 change (the core's table). */
  paletteDefault(index) { return hexRgb(this.abi.x.tsr_palette_default(index)); }
  /** The '#rrggbb' of palette entry index (0..255) now: the default unless the program changed it (OSC 4, 104). */
  palette(index) { return hexRgb(this.abi.x.tsr_term_palette(this._t(), paletteIndex(index))); }
  /** The default text, background and cursor colours now, as OSC 10, 11, 12 set them and their queries answer. */
  defaultColors() { return dynamicColors((which) => this.abi.x.tsr_term_dynamic_color(this._t(), which)); }
  /** The '#rrggbb' the cursor is drawn with (the program's OSC 12, else the theme's text colour). */
  cursorPaint() { return hexRgb(this.abi.x.tsr_term_cursor_rgb(this._t())); }

  hyperlink(id) {
    const t = this._t();
    return this.abi.renderText((b) => this.abi.x.tsr_term_hyperlink(t, id, b), 'reading a hyperlink');
  }

  cursor() {
    this.abi.x.tsr_term_cursor(this._t(), this.abi.tmpPtr);
    return readCursor(this.abi, this.abi.tmpPtr);
  }

  /**
   * Every match of a literal text in the visible rows, row-major, as the
   * seed's strict locators see them: case-sensitive, one row, cell-aware.
   * exact: the whole row (trailing spaces removed) must equal text.
   * region: {row, column, width, height} in zero-based cells.
   */
  findAll(text, options = {}) {
    const t = this._t();
    return findAllWith(this.abi, (...a) => this.abi.x.tsr_term_find_all(t, ...a), text, options);
  }
  /** The first match's position, or null. */
  find(text, options = {}) {
    const m = this.findAll(text, options)[0];
    return m ? { row: m.row, col: m.column } : null;
  }
  contains(text, options = {}) { return this.findAll(text, options).length > 0; }

  // ------------------------------------------------------------ modes and state

  get rows() { return this.abi.x.tsr_term_rows(this._t()); }
  get cols() { return this.abi.x.tsr_term_cols(this._t()); }
  get reflow() { return this.abi.x.tsr_term_reflow(this._t()) !== 0; }

  /** A mode's value (true set, false reset), or null if the core does not track it. */
  mode(n, { private: isPrivate = false } = {}) {
    const abi = this.abi;
    const st = abi.x.tsr_term_mode(this._t(), n, isPrivate ? 1 : 0, abi.tmpPtr);
    if (st === STATUS.INVALID) return null;
    abi.check(st, 'reading a mode');
    return abi.i32(abi.tmpPtr) !== 0;
  }
  get mouseTracking() { return TRACKING_NAMES[this.abi.x.tsr_term_mouse_tracking(this._t())] ?? 'off'; }
  get mouseEncoding() { return ENCODING_NAMES[this.abi.x.tsr_term_mouse_encoding(this._t())] ?? 'default'; }
  get focusReporting() { return this.mode(1004, { private: true }) === true; }
  get bracketedPaste() { return this.mode(2004, { private: true }) === true; }
  get altScreen() { return this.abi.x.tsr_term_alt_screen(this._t()) !== 0; }
  get keypadApplication() { return this.abi.x.tsr_term_keypad_app(this._t()) !== 0; }
  /** The kitty keyboard protocol's flags the program set on the shown buffer (0: off). */
  get kittyKeyboard() { return this.abi.x.tsr_term_kitty_keyboard(this._t()); }
  /** xterm's modifyOtherKeys level the program set (0, 1 or 2). */
  get modifyOtherKeys() { return this.abi.x.tsr_term_modify_other_keys(this._t()); }

  /**
   * The bytes `press(key)` sends the program in the terminal's current modes, the
   * keyboard protocol it turned on included (the core's encoder, as the host uses it).
   * A name the core refuses throws a TesseraError with the reason.
   */
  keyBytes(key) {
    const abi = this.abi, t = this._t();
    const name = toBytes(String(key));
    const k = abi.tmpPtr; // a tsr_key: code, ch, mods
    let status = 0;
    const why = abi.renderText((b) => {
      status = abi.x.tsr_key_parse_why(abi.put(name), name.length, k, b);
      return 0;
    }, 'reading a key name');
    if (status < 0) throw new TesseraError(why || this.abi.statusText(status), status);
    return abi.renderBytes((b) => abi.x.tsr_encode_key(t, k, b), `encoding ${JSON.stringify(String(key))}`);
  }
  get title() { return this.abi.cString(this.abi.x.tsr_term_title(this._t(), 0)); }
  get iconName() { return this.abi.cString(this.abi.x.tsr_term_icon_name(this._t(), 0)); }
  get bellCount() { return Number(this.abi.x.tsr_term_bell_count(this._t())); }

  /** The exit frame's status, if one was applied: {code, signal}, else null. */
  get exitStatus() {
    const abi = this.abi, p = abi.tmpPtr;
    if (!abi.x.tsr_term_exit_status(this._t(), p, p + SLOT)) return null;
    return { code: abi.i32(p), signal: abi.i32(p + SLOT) };
  }

  // ------------------------------------------------------------ revisions

  /** The newest revision's sequence number (0 is the blank start). */
  get revision() { return Number(this.abi.x.tsr_term_revision(this._t())); }
  /** The oldest revision still kept. */
  get oldestRevision() { return Number(this.abi.x.tsr_term_oldest_revision(this._t())); }

  /** The core's snapshot pointer for seq (throws HistoryEvictedError). */
  _snapshotPtr(seq) {
    const abi = this.abi;
    const st = abi.x.tsr_term_history_get(this._t(), BigInt(seq), abi.tmpPtr);
    if (st === STATUS.EVICTED || st === STATUS.RANGE) {
      throw TesseraError.fromStatus(st, `revision ${seq} (kept: ${this.oldestRevision}..${this.revision})`,
        abi.statusText(st));
    }
    abi.check(st, 'reading a revision');
    return abi.u32(abi.tmpPtr);
  }

  /** An immutable snapshot of revision seq (default: the newest). */
  revisionAt(seq = this.revision) { return new ScreenSnapshot(this, this._snapshotPtr(seq)); }

  /** Snapshots of revisions since..newest, oldest first; HistoryEvictedError
   * if since is no longer kept (never a shorter range). */
  revisionsSince(since) {
    const newest = this.revision;
    this._snapshotPtr(since); // throws if evicted
    const out = [];
    for (let s = since; s <= newest; s++) out.push(this.revisionAt(s));
    return out;
  }

  historyStats() {
    this.abi.x.tsr_term_history_stats(this._t(), this.abi.tmpPtr);
    return readStats(this.abi, this.abi.tmpPtr);
  }

  // ------------------------------------------------------------ lifetime

  free() {
    if (!this.term) return;
    leaks?.unregister(this);
    this.abi.x.tsr_term_free(this.term);
    this.term = 0;
  }
  dispose() { this.free(); }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.free(); }
}
