// The one thin layer over the core's C ABI in wasm memory: views that follow
// memory growth, malloc/free, tsr_buf handling, UTF-8 strings in and out,
// and readers for the structs that cross the ABI. Both engines (wasi and
// emscripten) export the same functions, so everything above this file is
// engine-agnostic. Sizes, offsets, enum values and status codes come from
// abi.generated.js (generated from the C headers for wasm32, where int,
// size_t and pointers are 4 bytes: the generator checks that), never from
// numbers written here.

import {
  ATTR, COLOR, CURSOR_SHAPE, DYNAMIC, OFFSET, SIZEOF, STATUS, UNDERLINE,
} from './abi.generated.js';
import { TesseraError } from './errors.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

export { OFFSET, SIZEOF, STATUS };

/** One scalar out-parameter (int, size_t, pointer or uint64_t) in a scratch area. */
export const SLOT = 8;

// The scratch area for out-structs: the largest struct plus two scalar slots.
// Room for the largest out-struct, and a cell followed by its paint (readCell).
const TMP_BYTES = Math.max(...Object.values(SIZEOF), SIZEOF.cell_info + SIZEOF.paint) + 2 * SLOT;

// 'INPUT_ACK' -> 'input-ack': how the JS API names the values of a C enum.
const jsName = (cName) => cName.toLowerCase().replaceAll('_', '-');

/** {value: 'js-name'} for an enum of abi.generated.js. */
export const namesByValue = (cEnum) =>
  Object.freeze(Object.fromEntries(Object.entries(cEnum).map(([k, v]) => [v, jsName(k)])));

export class Abi {
  /** @param {WebAssembly.Instance} instance @param {string} engine */
  constructor(instance, engine) {
    this.x = instance.exports;
    this.engine = engine;
    this.memory = this.x.memory;
    this._buffer = null;
    // Scratch areas reused by every call (one thread, no re-entrance).
    this.bufPtr = this.mustMalloc(SIZEOF.buf);
    this.u8().fill(0, this.bufPtr, this.bufPtr + SIZEOF.buf);
    this.tmpPtr = this.mustMalloc(TMP_BYTES); // out-structs: cursor, cell, stats, event, ...
    this.inCap = 64 * 1024;
    this.inPtr = this.mustMalloc(this.inCap); // bytes going in (feeds, needles, lines)
  }

  // Views are re-made whenever memory grew (growth detaches the old buffer).
  _refresh() {
    if (this._buffer !== this.memory.buffer) {
      this._buffer = this.memory.buffer;
      this._u8 = new Uint8Array(this._buffer);
      this._dv = new DataView(this._buffer);
    }
  }
  u8() { this._refresh(); return this._u8; }
  dv() { this._refresh(); return this._dv; }

  i32(p) { return this.dv().getInt32(p, true); }
  u32(p) { return this.dv().getUint32(p, true); }
  u16(p) { return this.dv().getUint16(p, true); }
  u64(p) { return this.dv().getBigUint64(p, true); }
  f64(p) { return this.dv().getFloat64(p, true); }
  setI32(p, v) { this.dv().setInt32(p, v, true); }
  setU32(p, v) { this.dv().setUint32(p, v, true); }
  setU64(p, v) { this.dv().setBigUint64(p, BigInt(v), true); }

  mustMalloc(n) {
    const p = this.x.malloc(Math.max(1, n));
    if (!p) throw new TesseraError('out of memory in the wasm engine', STATUS.NOMEM);
    return p;
  }
  free(p) { if (p) this.x.free(p); }

  // Throws a TesseraError for a failing status; returns it otherwise.
  check(status, what) {
    if (status < 0) throw TesseraError.fromStatus(status, what, this.statusText(status));
    return status;
  }

  statusText(status) { return this.cString(this.x.tsr_status_str(status)); }

  // A NUL-terminated string at p (UTF-8), or '' for NULL.
  cString(p) {
    if (!p) return '';
    const u8 = this.u8();
    let end = p;
    while (u8[end] !== 0) end++;
    return decoder.decode(u8.subarray(p, end));
  }

  bytesAt(p, len) { return this.u8().slice(p, p + len); }
  textAt(p, len) { return decoder.decode(this.u8().subarray(p, p + len)); }

  // Copies bytes into the scratch input area (grown on demand) and returns
  // its address. The area is valid until the next call to put().
  put(bytes) {
    if (bytes.length > this.inCap) {
      let cap = this.inCap;
      while (cap < bytes.length) cap *= 2;
      const p = this.mustMalloc(cap);
      this.free(this.inPtr);
      this.inPtr = p;
      this.inCap = cap;
    }
    this.u8().set(bytes, this.inPtr);
    return this.inPtr;
  }

  // Runs render(bufPtr) and returns the tsr_buf's bytes (a copy) or text.
  renderBytes(render, what) {
    this.x.tsr_buf_clear(this.bufPtr);
    this.check(render(this.bufPtr), what);
    const data = this.u32(this.bufPtr + OFFSET.buf.data);
    return data ? this.bytesAt(data, this.u32(this.bufPtr + OFFSET.buf.len)) : new Uint8Array(0);
  }
  renderText(render, what) {
    this.x.tsr_buf_clear(this.bufPtr);
    this.check(render(this.bufPtr), what);
    const data = this.u32(this.bufPtr + OFFSET.buf.data);
    return data ? this.textAt(data, this.u32(this.bufPtr + OFFSET.buf.len)) : '';
  }
}

export const toBytes = (data) => {
  if (typeof data === 'string') return encoder.encode(data);
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw new TypeError('expected a string, Uint8Array, ArrayBuffer view or ArrayBuffer');
};

export const utf8 = { encode: (s) => encoder.encode(s), decode: (b) => decoder.decode(b) };

// ------------------------------------------------------------ struct readers

const SHAPES = namesByValue(CURSOR_SHAPE);
const UNDERLINES = namesByValue(UNDERLINE);
const ATTRS = Object.entries(ATTR).map(([name, bit]) => [jsName(name), bit]);

/** tsr_cursor at p. */
export function readCursor(abi, p) {
  const o = OFFSET.cursor;
  return {
    row: abi.i32(p + o.row),
    col: abi.i32(p + o.col),
    visible: abi.i32(p + o.visible) !== 0,
    shape: SHAPES[abi.i32(p + o.shape)] ?? 'default',
    blink: abi.i32(p + o.blink) !== 0,
    pendingWrap: abi.i32(p + o.pending_wrap) !== 0,
  };
}

/** A colour as the case files write it: 'default', 0..255 or '#rrggbb'. */
export function colorOf(c) {
  const kind = c >>> COLOR.KIND_SHIFT;
  if (kind === COLOR.KIND_INDEXED) return c & COLOR.INDEX_MASK;
  if (kind === COLOR.KIND_RGB) return '#' + (c & COLOR.RGB_MASK).toString(16).padStart(6, '0');
  return 'default';
}

/** A 0xRRGGBB from the core as '#rrggbb'. */
export const hexRgb = (rgb) => '#' + (rgb >>> 0).toString(16).padStart(6, '0');

/** index when it is a palette index (0..255); RangeError otherwise. */
export function paletteIndex(index) {
  if (Number.isInteger(index) && index >= 0 && index <= 255) return index;
  throw new RangeError(`palette(index): index is 0 to 255, got ${JSON.stringify(index)}`);
}

/** { fg, bg, cursor } as '#rrggbb', read by read(TSR_DYNAMIC_*). */
export function dynamicColors(read) {
  return { fg: hexRgb(read(DYNAMIC.FG)), bg: hexRgb(read(DYNAMIC.BG)), cursor: hexRgb(read(DYNAMIC.CURSOR)) };
}

/**
 * The colours a tsr_style at p is drawn with, asked of the core (tessera/svg.h): paint(p, out)
 * is tsr_term_paint or tsr_snapshot_paint bound to its screen, so indexed colours and the
 * defaults are the ones the program set there; out is scratch for a tsr_paint.
 */
export function paintOf(abi, p, paint, out) {
  abi.check(paint(p, out), 'painting a cell');
  const o = OFFSET.paint;
  return { fg: hexRgb(abi.u32(out + o.fg)), bg: hexRgb(abi.u32(out + o.bg)), underline: hexRgb(abi.u32(out + o.underline)) };
}

// TSR_LINE_* by value: what tsr_term_line_size and tsr_snapshot_line_size return.
const LINE_SIZES = ['single', 'double-width', 'double-height-top', 'double-height-bottom'];

/** The name of the line size a tsr_*_line_size call returned (a TesseraError for a failure). */
export function lineSizeName(abi, status, row) {
  return LINE_SIZES[abi.check(status, `reading the size of line ${row}`)];
}

/**
 * tsr_cell_info at p (the scratch area, with room for a tsr_paint after it); linkUri maps a
 * hyperlink id to its URI, paint(stylePtr, outPtr) is the screen's tsr_*_paint.
 */
export function readCell(abi, p, linkUri, paint) {
  const o = OFFSET.cell_info, so = OFFSET.style;
  const ncps = abi.i32(p + o.ncps);
  const cps = [];
  for (let i = 0; i < ncps; i++) cps.push(abi.u32(p + o.cps + 4 * i)); // uint32_t each
  const s = p + o.style;
  const attrs = abi.u16(s + so.attrs);
  const style = {
    fg: colorOf(abi.u32(s + so.fg)),
    bg: colorOf(abi.u32(s + so.bg)),
    underlineColor: colorOf(abi.u32(s + so.ul_color)),
    underline: UNDERLINES[abi.dv().getUint8(s + so.underline)] ?? 'none',
    link: null,
  };
  for (const [name, bit] of ATTRS) style[name] = (attrs & bit) !== 0;
  const link = abi.u32(s + so.link);
  if (link && linkUri) style.link = linkUri(link);
  return {
    text: String.fromCodePoint(...cps),
    codepoints: cps,
    width: abi.i32(p + o.width),
    protected: abi.i32(p + o.protected_) !== 0,
    style,
    paint: paintOf(abi, s, paint, p + SIZEOF.cell_info),
  };
}

/** tsr_history_stats at p, as numbers. */
export function readStats(abi, p) {
  const o = OFFSET.history_stats;
  return {
    revisions: abi.u32(p + o.revisions),
    rawBytes: Number(abi.u64(p + o.raw_bytes)),
    decodedBytes: Number(abi.u64(p + o.decoded_bytes)),
    fullCopyBytes: Number(abi.u64(p + o.full_copy_bytes)),
    evicted: Number(abi.u64(p + o.evicted)),
  };
}

/**
 * Runs a find_all-shaped call: find(needlePtr, len, exact, regionPtr, outPtr,
 * max, countPtr). Returns [{row, column, width}] in row-major order.
 */
export function findAllWith(abi, call, text, opts = {}) {
  const needle = toBytes(String(text));
  const ro = OFFSET.region, mo = OFFSET.match;
  // One allocation: the region, the count, the needle, then the matches
  // (aligned as the region, which starts the block).
  const countAt = SIZEOF.region, needleAt = countAt + SLOT;
  const head = (needleAt + needle.length + SLOT - 1) & ~(SLOT - 1);
  let max = 64;
  for (;;) {
    const p = abi.mustMalloc(head + max * SIZEOF.match);
    try {
      const region = p, countPtr = p + countAt, needlePtr = p + needleAt, out = p + head;
      abi.u8().set(needle, needlePtr);
      let regionArg = 0;
      if (opts.region) {
        const r = opts.region;
        abi.setI32(region + ro.row, r.row ?? 0);
        abi.setI32(region + ro.col, r.column ?? r.col ?? 0);
        abi.setI32(region + ro.height, r.height ?? 0);
        abi.setI32(region + ro.width, r.width ?? 0);
        regionArg = region;
      }
      abi.check(call(needlePtr, needle.length, opts.exact ? 1 : 0, regionArg, out, max, countPtr),
        'searching the screen');
      const count = abi.u32(countPtr);
      if (count > max) { max = count; continue; }
      const found = [];
      for (let i = 0; i < count; i++) {
        const m = out + i * SIZEOF.match;
        found.push({ row: abi.i32(m + mo.row), column: abi.i32(m + mo.col), width: abi.i32(m + mo.cells) });
      }
      return found;
    } finally {
      abi.free(p);
    }
  }
}
