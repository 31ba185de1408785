// A live Terminal's trace: its frames kept as a journal that a failure writes out
// (artifacts.js). It is the native trace's design, byte for byte (native-host/artifacts/trace.h
// and trace.c, whose arithmetic this mirrors so that the same frames make the same journal):
// it keeps the last maxBytes of the journal, so endless output costs constant memory. Each
// time a quarter of that has been appended a segment starts, with a KEYFRAME of the live
// screen kept aside; when the journal passes the bound the oldest segments go at once and
// the journal, now version 2, reads: the size (at the session's start time), a MARK "trace:
// N frames (M bytes) before this were dropped (it keeps its last B bytes)", the segment's
// keyframe, the frames after it. A journal that never passed the bound is version 1 with no
// keyframe and no mark, as the trace wrote before it had a bound.
//
// Frames are kept as objects and encoded by the core only when written; the byte counts are
// what tsr_frame_encode makes of them.

import { FRAME } from './abi.generated.js';
import { encodeFrames } from './frames.js';
import { JOURNAL_MAGIC, encodeJournal } from './journal.js';

export const TRACE_MAX_BYTES = 64 << 20;
export const TRACE_MIN_BYTES = 64 << 10; // a smaller bound is raised to this
export const TRACE_MAX_ENV = 'TESSERA_TRACE_MAX_BYTES';

/**
 * The bound: maxBytes (a TypeError unless a whole number), else $TESSERA_TRACE_MAX_BYTES
 * when it is decimal digits, else 64 MiB; at least 64 KiB (as trace.c's bound()).
 */
export function traceBound(maxBytes, env = globalThis.process?.env ?? {}) {
  let v = maxBytes;
  // a huge value is as large a bound as can be, as in C
  if (v === undefined && /^\d+$/.test(env[TRACE_MAX_ENV] ?? '')) v = Math.min(Number(env[TRACE_MAX_ENV]), Number.MAX_SAFE_INTEGER);
  if (v === undefined) return TRACE_MAX_BYTES;
  if (!Number.isSafeInteger(v) || v < 0) throw new TypeError(`traceMaxBytes must be a whole number of bytes, got ${v}`);
  return Math.max(v, TRACE_MIN_BYTES);
}

const utf8 = new TextEncoder();

export class Trace {
  /**
   * screen: the live Screen the frames are applied to; keep() is told of each frame after
   * the screen applied it, so a keyframe made then shows it (trace_frame's order).
   */
  constructor(screen, { rows, cols, timeNs, maxBytes } = {}) {
    this.screen = screen;
    this.overhead = new Map(); // frame type -> its encoded bytes besides its data (the core's)
    this.maxBytes = traceBound(maxBytes);
    this.steps = 0;          // the test's steps so far (terminal.js numbers them)
    this.startNs = this.lastNs = timeNs;
    this.head = [{ type: 'resize', timeNs, rows, cols }]; // before the first kept frame
    this.body = [];          // the kept frames, in order
    this.length = JOURNAL_MAGIC.length + this._encodedBytes(this.head[0]); // the journal's bytes
    this.events = 0;         // frames after the first size (marks too), as replay --event counts
    this.eventsDropped = 0;  // how far the drops moved that count (moment())
    this.frameCount = 0;     // the session's frames and marks so far
    this.frameBytes = 0;     // their encoded bytes
    this.sinceCut = 0;       // bytes appended since the last keyframe
    this.cuts = [];          // the kept segments' starts, oldest first
    this.dropped = null;     // {frames, bytes} once a drop happened
  }

  /** Appends a frame, then cuts a segment and drops as trace.c's append() does. */
  keep(f) {
    const n = this._encodedBytes(f);
    this.body.push(f);
    this.length += n;
    if (f.timeNs > this.lastNs) this.lastNs = f.timeNs;
    this.events++;
    this.frameCount++;
    this.frameBytes += n;
    this.sinceCut += n;
    if (this.sinceCut >= this.maxBytes / 4) this._cut();
    if (this.length > this.maxBytes && this.cuts.length) this._drop();
  }

  // A frame's size in the journal: its data and what tsr_frame_encode adds to it, found once
  // a type by encoding a frame of that type without data.
  _encodedBytes(f) {
    if (!this.overhead.has(f.type)) {
      this.overhead.set(f.type, encodeFrames(this.screen.abi, [{ ...f, data: f.data && new Uint8Array(0) }]).length);
    }
    return this.overhead.get(f.type) + (f.data?.length ?? 0);
  }

  // A segment starts after the frames so far, with a keyframe of the screen as it stands
  // (one that cannot be made, or is too large for a frame, is blank: the size alone).
  _cut() {
    this.sinceCut = 0;
    const s = this.screen;
    let data;
    try { data = s.keyframe(Math.floor(this.maxBytes / 16)); } catch { data = new Uint8Array(0); }
    if (data.length > FRAME.MAX_PAYLOAD) data = new Uint8Array(0);
    const key = { type: 'keyframe', timeNs: this.lastNs, rows: s.rows, cols: s.cols, data };
    this.cuts.push({ index: this.body.length, offset: this.length, events: this.events,
      frames: this.frameCount, frameBytes: this.frameBytes, key });
  }

  // The journal's start after a drop to cut c: the size (at the session's start, so times
  // still count from it), the mark that says what went, the cut's keyframe.
  _header(c) {
    const { timeNs, rows, cols } = c.key;
    const label = `trace: ${c.frames} frames (${c.frameBytes} bytes) before this were dropped ` +
      `(it keeps its last ${this.maxBytes} bytes)`;
    return [{ type: 'resize', timeNs: this.startNs, rows, cols },
      { type: 'mark', timeNs, data: utf8.encode(label) }, c.key];
  }

  // Drops everything before the earliest cut after which the journal fits (the last one if
  // none does: a segment longer than the bound, which only a frame of more than a quarter
  // of it, or a keyframe near it, makes).
  _drop() {
    let i = 0, head, headBytes;
    for (; i < this.cuts.length; i++) {
      head = this._header(this.cuts[i]);
      headBytes = JOURNAL_MAGIC.length + head.reduce((sum, f) => sum + this._encodedBytes(f), 0);
      if (headBytes + (this.length - this.cuts[i].offset) <= this.maxBytes || i === this.cuts.length - 1) break;
    }
    const c = this.cuts[i];
    this.head = head;
    this.body.splice(0, c.index);
    this.length = headBytes + (this.length - c.offset);
    // events 1 and 2 are now the mark and the keyframe: the frame that was event c.events + 1 is event 3
    const shift = c.events - 2;
    this.events -= shift;
    this.eventsDropped += shift;
    this.dropped = { frames: c.frames, bytes: c.frameBytes };
    this.cuts = this.cuts.slice(i + 1).map((later) => ({ ...later, index: later.index - c.index,
      offset: later.offset - c.offset + headBytes, events: later.events - shift }));
  }

  /** The journal's size now, in bytes. */
  journalBytes() { return this.length; }

  /** Every frame of the journal in order (after a drop: the size, the drop mark, the keyframe, ...). */
  get frames() { return [...this.head, ...this.body]; }

  /** The journal's bytes, encoded by the core: version 1 until a drop put a keyframe in it. */
  encode(abi) { return encodeJournal(abi, this.frames, { version: this.dropped ? 2 : 1 }); }

  /** The moment now, as a number that survives later drops (trace_moment). */
  moment() { return this.events + this.eventsDropped; }

  /** The event `tessera replay --event` counts at moment: the keyframe's if it was dropped. */
  eventAt(moment) {
    const e = moment - this.eventsDropped;
    return this.dropped && e < 2 ? 2 : e;
  }

  /**
   * Where a failure's artifacts open, {step, event} as `tessera artifacts` takes them (-1:
   * not given): at step's end mark, appended at moment, while the trace holds it, else at
   * the moment's event; with no step (-1), at moment's event (moment -1: the end).
   */
  failureAt(step, moment = this.moment()) {
    // after a drop, events 1 and 2 are its mark and the keyframe
    const kept = !this.dropped || moment - this.eventsDropped > 2;
    const at = step >= 0 && kept ? step : -1;
    return { step: at, event: at >= 0 || moment < 0 ? -1 : this.eventAt(moment) };
  }
}
