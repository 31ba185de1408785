// The one thin layer over the core's C ABI in wasm memory: views that follow
// memory growth, malloc/free, tsr_buf handling, UTF-8 strings in and out,
// and readers for the structs that cross the ABI. Both engines (wasi and
// emscripten) export the same functions, so everything above this file is
// engine-agnostic. Struct offsets are those of wasm32 (ILP32: int, size_t
// and pointers 4 bytes; uint64_t and double 8-aligned).

import { TesseraError } from './errors.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

export const STATUS = Object.freeze({
  OK: 0, NOMEM: -1, INVALID: -2, RANGE: -3, EVICTED: -4, AGAIN: -5, FORMAT: -6,
});

// Sizes of the structs the wrapper allocates (wasm32).
export const SIZEOF = Object.freeze({
  buf: 12, options: 40, cursor: 24, cell: 96, match: 12, region: 16, frame: 48,
  stats: 40, castEvent: 40,
});

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
    this.tmpPtr = this.mustMalloc(128); // out-structs: cursor, cell, stats, event, ...
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
    const data = this.u32(this.bufPtr);
    const len = this.u32(this.bufPtr + 4);
    return data ? this.bytesAt(data, len) : new Uint8Array(0);
  }
  renderText(render, what) {
    this.x.tsr_buf_clear(this.bufPtr);
    this.check(render(this.bufPtr), what);
    const data = this.u32(this.bufPtr);
    return data ? this.textAt(data, this.u32(this.bufPtr + 4)) : '';
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

const SHAPES = ['default', 'block', 'underline', 'bar'];
const UNDERLINES = ['none', 'single', 'double', 'curly', 'dotted', 'dashed'];
const ATTRS = ['bold', 'dim', 'italic', 'blink', 'inverse', 'hidden', 'strike', 'overline'];

/** tsr_cursor at p. */
export function readCursor(abi, p) {
  return {
    row: abi.i32(p),
    col: abi.i32(p + 4),
    visible: abi.i32(p + 8) !== 0,
    shape: SHAPES[abi.i32(p + 12)] ?? 'default',
    blink: abi.i32(p + 16) !== 0,
    pendingWrap: abi.i32(p + 20) !== 0,
  };
}

/** A colour as the case files write it: 'default', 0..255 or '#rrggbb'. */
export function colorOf(c) {
  const kind = c >>> 24;
  if (kind === 1) return c & 0xff;
  if (kind === 2) return '#' + (c & 0xffffff).toString(16).padStart(6, '0');
  return 'default';
}

/** tsr_cell_info at p; linkUri maps a hyperlink id to its URI. */
export function readCell(abi, p, linkUri) {
  const ncps = abi.i32(p + 64);
  const cps = [];
  for (let i = 0; i < ncps; i++) cps.push(abi.u32(p + 4 * i));
  const s = p + 76;
  const attrs = abi.u16(s + 12);
  const style = {
    fg: colorOf(abi.u32(s)),
    bg: colorOf(abi.u32(s + 4)),
    underlineColor: colorOf(abi.u32(s + 8)),
    underline: UNDERLINES[abi.dv().getUint8(s + 14)] ?? 'none',
    link: null,
  };
  ATTRS.forEach((name, bit) => { style[name] = (attrs & (1 << bit)) !== 0; });
  const link = abi.u32(s + 16);
  if (link && linkUri) style.link = linkUri(link);
  return {
    text: String.fromCodePoint(...cps),
    codepoints: cps,
    width: abi.i32(p + 68),
    protected: abi.i32(p + 72) !== 0,
    style,
  };
}

/** tsr_history_stats at p, as numbers. */
export function readStats(abi, p) {
  return {
    revisions: abi.u32(p),
    rawBytes: Number(abi.u64(p + 8)),
    decodedBytes: Number(abi.u64(p + 16)),
    fullCopyBytes: Number(abi.u64(p + 24)),
    evicted: Number(abi.u64(p + 32)),
  };
}

/**
 * Runs a find_all-shaped call: find(needlePtr, len, exact, regionPtr, outPtr,
 * max, countPtr). Returns [{row, column, width}] in row-major order.
 */
export function findAllWith(abi, call, text, opts = {}) {
  const needle = toBytes(String(text));
  // One allocation: region (16), count (8), the needle, then the matches
  // (4-aligned).
  const head = (24 + needle.length + 3) & ~3;
  let max = 64;
  for (;;) {
    const p = abi.mustMalloc(head + max * SIZEOF.match);
    try {
      const region = p, countPtr = p + 16, needlePtr = p + 24, out = p + head;
      abi.u8().set(needle, needlePtr);
      let regionArg = 0;
      if (opts.region) {
        const r = opts.region;
        abi.setI32(region, r.row ?? 0);
        abi.setI32(region + 4, r.column ?? r.col ?? 0);
        abi.setI32(region + 8, r.height ?? 0);
        abi.setI32(region + 12, r.width ?? 0);
        regionArg = region;
      }
      abi.check(call(needlePtr, needle.length, opts.exact ? 1 : 0, regionArg, out, max, countPtr),
        'searching the screen');
      const count = abi.u32(countPtr);
      if (count > max) { max = count; continue; }
      const found = [];
      for (let i = 0; i < count; i++) {
        const m = out + i * SIZEOF.match;
        found.push({ row: abi.i32(m), column: abi.i32(m + 4), width: abi.i32(m + 8) });
      }
      return found;
    } finally {
      abi.free(p);
    }
  }
}
