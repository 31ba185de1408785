// Ghostty's VT core as npm's ghostty-web (pinned in package-lock.json) ships it:
// ghostty-vt.wasm, a freestanding module whose only import is env.log, driven here
// through its C ABI with our own loader (the package's JavaScript is for browsers).
//
// What the ABI gives, and how it is laid out (ghostty-web 0.4.0):
//  - ghostty_terminal_new_with_config(cols, rows, config): config is 80 bytes, u32 each:
//    scrollback limit (bytes, 0 meaning unbounded), default foreground, background,
//    cursor colour (0xRRGGBB, 0 meaning Ghostty's own), then palette entries 0-15.
//  - ghostty_terminal_write(term, ptr, len) parses bytes; ghostty_terminal_resize(term,
//    cols, rows); ghostty_terminal_free(term).
//  - ghostty_render_state_update(term) snapshots the screen; then the viewport's cells
//    (ghostty_render_state_get_viewport: rows * cols cells of 16 bytes), the cursor's
//    column, row and visibility. A cell: u32 codepoint (0 for an empty cell), the
//    foreground and background as resolved r, g, b bytes, u8 flags (CELL_FLAGS), u8
//    width (1, 2, or 0 for the spacer beside or before a wide character), u16 hyperlink
//    (nonzero inside an OSC 8 link; the URI is not exposed), u8 count of further
//    codepoints of the grapheme cluster (read with ghostty_render_state_get_grapheme;
//    the count wraps at 256, so a cluster of exactly 256 more reads as its first one).
//  - the scrollback as lines of the same cells, oldest first (get_scrollback_length,
//    get_scrollback_line, get_scrollback_grapheme);
//  - ghostty_terminal_get_mode(term, N, ansi): Ghostty's mode bits; is_alternate_screen;
//  - the replies to queries (DSR 5 and 6): has_response and read_response.
// Memory comes from the module's own allocator (ghostty_wasm_alloc_u8_array). A trap
// (a WebAssembly.RuntimeError) is Ghostty crashing; the caller decides what it means.
//
// One terminal to an instance: Ghostty takes its pages from the allocator as if they
// were fresh from mmap, zeroed, but in wasm a freed terminal's pages come back as they
// were left, so a second terminal in the same instance starts with the first one's
// cells on its screen. A fresh instance of the compiled module costs about 3 ms.
import { readFileSync } from 'node:fs';

const CELL_BYTES = 16;
const CONFIG_BYTES = 80;
const MAX_CLUSTER = 4096; // code points read of one cell's cluster

/** The cell flag bits of the ABI, in the protocol's attribute names. */
export const CELL_FLAGS = [
  [1, 'bold'], [128, 'dim'], [2, 'italic'], [64, 'blink'], [16, 'inverse'], [32, 'hidden'], [8, 'strike'],
];
export const UNDERLINE_FLAG = 4;

/** The cell layout, as offsets into a viewport or scrollback buffer. */
export const CELL = { bytes: CELL_BYTES, fg: 4, bg: 7, flags: 10, width: 11, link: 12, more: 14 };

/** The compiled module, to make instances of. */
export const compile = (wasmPath) => new WebAssembly.Module(readFileSync(wasmPath));

/** One instance of the module: memory views, scratch buffers, and terminals made in it. */
export class GhosttyVt {
  constructor(module) {
    this.lastLog = null; // the bytes of Ghostty's last log message, shown with a trap
    const imports = { env: { log: (ptr, len) => { this.lastLog = this.bytes().slice(ptr, ptr + Math.min(len, 240)); } } };
    this.x = new WebAssembly.Instance(module, imports).exports;
    this.buffers = new Map(); // name -> {ptr, size}: memory of ours inside the module, reused
  }

  /** A view of the module's memory as it is now (it moves when the memory grows). */
  bytes() {
    if (this.u8?.buffer !== this.x.memory.buffer) {
      this.u8 = new Uint8Array(this.x.memory.buffer);
      this.dv = new DataView(this.x.memory.buffer);
    }
    return this.u8;
  }

  view() {
    this.bytes();
    return this.dv;
  }

  /**
   * A buffer of at least `size` bytes, aligned to 8, kept under `name` for the next call.
   * One outgrown is zeroed before it is freed, as Ghostty may take it for a page (above).
   */
  scratch(name, size) {
    const have = this.buffers.get(name);
    if (have && have.size >= size) return have.ptr;
    if (have) {
      this.bytes().fill(0, have.raw, have.raw + have.size + 8);
      this.x.ghostty_wasm_free_u8_array(have.raw, have.size + 8);
    }
    const want = Math.max(size, 256, have ? have.size * 2 : 0);
    const raw = this.x.ghostty_wasm_alloc_u8_array(want + 8);
    if (!raw) throw new RangeError(`ghostty-vt.wasm could not allocate ${want} bytes`);
    const ptr = (raw + 7) & ~7;
    this.buffers.set(name, { raw, ptr, size: want });
    return ptr;
  }

  /** A fresh terminal: colours as 0xRRGGBB (none 0), palette[16]; scrollback in bytes. */
  terminal(rows, cols, { scrollbackBytes, foreground, background, palette }) {
    const cfg = this.scratch('config', CONFIG_BYTES);
    const dv = this.view();
    dv.setUint32(cfg, scrollbackBytes, true);
    dv.setUint32(cfg + 4, foreground, true);
    dv.setUint32(cfg + 8, background, true);
    dv.setUint32(cfg + 12, 0, true);
    for (let i = 0; i < 16; i++) dv.setUint32(cfg + 16 + 4 * i, palette[i], true);
    const handle = this.x.ghostty_terminal_new_with_config(cols, rows, cfg);
    if (!handle) throw new RangeError(`ghostty-vt.wasm could not make a ${rows}x${cols} terminal`);
    return new Terminal(this, handle);
  }
}

/** One Ghostty terminal. */
export class Terminal {
  constructor(vt, handle) {
    this.vt = vt;
    this.x = vt.x;
    this.h = handle;
  }

  free() {
    this.x.ghostty_terminal_free(this.h);
  }

  write(bytes) {
    if (!bytes.length) return;
    const ptr = this.vt.scratch('input', bytes.length);
    this.vt.bytes().set(bytes, ptr);
    this.x.ghostty_terminal_write(this.h, ptr, bytes.length);
  }

  resize(rows, cols) {
    this.x.ghostty_terminal_resize(this.h, cols, rows);
  }

  /**
   * The screen now: {rows, cols, cursor: {row, col, visible}, cells: byte offset of the
   * first cell in vt.bytes()}; valid until the next call into the module.
   */
  snapshot() {
    this.x.ghostty_render_state_update(this.h);
    const rows = this.x.ghostty_render_state_get_rows(this.h), cols = this.x.ghostty_render_state_get_cols(this.h);
    const ptr = this.vt.scratch('viewport', rows * cols * CELL_BYTES);
    if (this.x.ghostty_render_state_get_viewport(this.h, ptr, rows * cols) < 0) throw new RangeError('ghostty-vt.wasm gave no viewport');
    const cursor = {
      row: this.x.ghostty_render_state_get_cursor_y(this.h),
      col: this.x.ghostty_render_state_get_cursor_x(this.h),
      visible: !!this.x.ghostty_render_state_get_cursor_visible(this.h),
    };
    return { rows, cols, cursor, cells: ptr };
  }

  /** The codepoints of the cluster at a viewport cell (after snapshot()). */
  grapheme(row, col) {
    const ptr = this.vt.scratch('grapheme', 4 * MAX_CLUSTER);
    return this.codepoints(this.x.ghostty_render_state_get_grapheme(this.h, row, col, ptr, MAX_CLUSTER), ptr);
  }

  scrollbackLength() {
    return this.x.ghostty_terminal_get_scrollback_length(this.h);
  }

  /** Scrollback line i (0 the oldest) as {count, cells: byte offset}, at most `cols` cells. */
  scrollbackLine(i, cols) {
    const ptr = this.vt.scratch('line', cols * CELL_BYTES);
    return { count: Math.max(0, this.x.ghostty_terminal_get_scrollback_line(this.h, i, ptr, cols)), cells: ptr };
  }

  scrollbackGrapheme(i, col) {
    const ptr = this.vt.scratch('grapheme', 4 * MAX_CLUSTER);
    return this.codepoints(this.x.ghostty_terminal_get_scrollback_grapheme(this.h, i, col, ptr, MAX_CLUSTER), ptr);
  }

  codepoints(n, ptr) {
    const dv = this.vt.view(), out = [];
    for (let k = 0; k < n; k++) out.push(dv.getUint32(ptr + 4 * k, true));
    return out;
  }

  /** Ghostty's bit for mode N (ANSI or DEC); false for a mode it does not know. */
  mode(n, ansi) {
    return !!this.x.ghostty_terminal_get_mode(this.h, n, ansi);
  }

  altScreen() {
    return !!this.x.ghostty_terminal_is_alternate_screen(this.h);
  }

  /** The reply bytes queued since the last call. */
  replies() {
    const parts = [];
    while (this.x.ghostty_terminal_has_response(this.h)) {
      const size = 65536, ptr = this.vt.scratch('replies', size);
      const n = this.x.ghostty_terminal_read_response(this.h, ptr, size);
      if (n <= 0) break;
      parts.push(Buffer.from(this.vt.bytes().subarray(ptr, ptr + n)));
    }
    return Buffer.concat(parts);
  }
}
