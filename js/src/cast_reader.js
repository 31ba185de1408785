// The core's asciicast v2 and v3 reader (tessera/recording.h) seen from JS, and the
// line splitting the native CLI does (native-host/common/line_reader.c): lines end
// at '\n', a final line without one counts, the empty remainder after a
// final '\n' does not. Same lines in, same core, so the same events and the
// same errors, byte for byte.

import { CAST_KIND, OFFSET, SIZEOF, STATUS } from './abi.generated.js';
import { namesByValue } from './abi.js';

const KIND_NAMES = namesByValue(CAST_KIND);

export class CastReader {
  constructor(abi) {
    this.abi = abi;
    const out = abi.tmpPtr;
    abi.check(abi.x.tsr_cast_reader_new(out), 'creating the asciicast reader');
    this.ptr = abi.u32(out);
    this.event = abi.mustMalloc(SIZEOF.cast_event);
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
    const e = this.event, o = OFFSET.cast_event;
    return {
      ok: true,
      event: {
        kind: KIND_NAMES[abi.i32(e + o.kind)],
        timeNs: abi.u64(e + o.time_ns),
        time: abi.f64(e + o.time),
        dataPtr: abi.u32(e + o.data),
        len: abi.u32(e + o.len),
        cols: abi.i32(e + o.cols),
        rows: abi.i32(e + o.rows),
        version: abi.i32(e + o.version),
        exitCode: abi.i32(e + o.exit_code),
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
