// The core's asciicast v2 reader (tessera/recording.h) seen from JS, and the
// line splitting the native CLI does (native-host/common/line_reader.c): lines end
// at '\n', a final line without one counts, the empty remainder after a
// final '\n' does not. Same lines in, same core, so the same events and the
// same errors, byte for byte.

import { SIZEOF, STATUS } from './abi.js';

export const CAST_KIND = Object.freeze({ 1: 'header', 2: 'output', 3: 'input', 4: 'resize', 5: 'marker' });

export class CastReader {
  constructor(abi) {
    this.abi = abi;
    const out = abi.tmpPtr;
    abi.check(abi.x.tsr_cast_reader_new(out), 'creating the asciicast reader');
    this.ptr = abi.u32(out);
    this.event = abi.mustMalloc(SIZEOF.castEvent);
  }

  /**
   * Reads one line (bytes without its '\n'). Returns {ok: true, event} or
   * {ok: false, status, line, reason}. The event's dataPtr/len point into
   * wasm memory and stay valid until the next line.
   */
  line(bytes) {
    const abi = this.abi;
    const st = abi.x.tsr_cast_reader_line(this.ptr, abi.put(bytes), bytes.length, this.event);
    if (st !== STATUS.OK) return this._failure(st);
    const e = this.event;
    return {
      ok: true,
      event: {
        kind: CAST_KIND[abi.i32(e + 24)],
        timeNs: abi.u64(e),
        time: abi.f64(e + 8),
        dataPtr: abi.u32(e + 16),
        len: abi.u32(e + 20),
        cols: abi.i32(e + 28),
        rows: abi.i32(e + 32),
      },
    };
  }

  /** Ends the file: an error if it had no line at all. */
  finish() {
    const st = this.abi.x.tsr_cast_reader_finish(this.ptr);
    return st === STATUS.OK ? { ok: true } : this._failure(st);
  }

  _failure(status) {
    const abi = this.abi;
    if (status !== STATUS.FORMAT) return { ok: false, status, line: 0, reason: abi.statusText(status) };
    const reasonPtr = abi.x.tsr_cast_reader_error(this.ptr, abi.tmpPtr);
    return { ok: false, status, line: abi.i32(abi.tmpPtr), reason: abi.cString(reasonPtr) };
  }

  free() {
    if (!this.ptr) return;
    this.abi.x.tsr_cast_reader_free(this.ptr);
    this.abi.free(this.event);
    this.ptr = 0;
  }
}

/** Splits a stream of byte chunks into lines as native-host/common/line_reader.c does. */
export class LineSplitter {
  constructor() { this.pending = []; this.pendingLen = 0; }

  /** The complete lines in chunk (copies are made only for lines that span chunks). */
  *push(chunk) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      yield this._take(chunk.subarray(start, nl));
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.pending.push(chunk.slice(start));
      this.pendingLen += chunk.length - start;
    }
  }

  /** The final line without '\n', if any bytes are left. */
  *end() {
    if (this.pendingLen > 0) yield this._take(new Uint8Array(0));
  }

  _take(tail) {
    if (this.pending.length === 0) return tail;
    const line = new Uint8Array(this.pendingLen + tail.length);
    let o = 0;
    for (const p of this.pending) { line.set(p, o); o += p.length; }
    line.set(tail, o);
    this.pending = [];
    this.pendingLen = 0;
    return line;
  }
}
