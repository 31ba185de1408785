// Frames (core/README.md, "The frame format") between JS and the core: the one table of frame
// types, tsr_frame structs filled and read, and the one decoder (tsr_frame_decode) and
// encoder (tsr_frame_encode) that live terminals, journals and the CLI all use.

import { FRAME_TYPE, OFFSET, SIZEOF, STATUS } from './abi.generated.js';
import { SLOT, namesByValue, toBytes } from './abi.js';

/** Frame type number -> its JS name ('output', 'resize', ..., 'input-ack', 'input', 'mark', 'keyframe'). */
export const FRAME_NAMES = namesByValue(FRAME_TYPE);
const TYPE_OF_NAME = Object.freeze(Object.fromEntries(
  Object.entries(FRAME_NAMES).map(([value, name]) => [name, Number(value)])));

/** A frame's type as the core's number, from its JS name or number (undefined if unknown). */
export const frameTypeOf = (type) =>
  (typeof type === 'number' ? (FRAME_NAMES[type] ? type : undefined) : TYPE_OF_NAME[type]);

/**
 * Fills the tsr_frame at p from {type, timeNs, data, rows, cols, exitCode, exitSignal,
 * actionId}. The data is copied into the ABI's scratch input (valid until the next put).
 */
export function writeFrame(abi, p, frame) {
  const type = frameTypeOf(frame.type);
  if (type === undefined) throw new TypeError(`unknown frame type ${JSON.stringify(frame.type)}`);
  const o = OFFSET.frame;
  abi.u8().fill(0, p, p + SIZEOF.frame);
  abi.setI32(p + o.type, type);
  abi.setU64(p + o.time_ns, frame.timeNs ?? 0);
  if (frame.data !== undefined) {
    const bytes = toBytes(frame.data);
    abi.setU32(p + o.data, abi.put(bytes));
    abi.setU32(p + o.len, bytes.length);
  }
  abi.setI32(p + o.rows, frame.rows ?? 0);
  abi.setI32(p + o.cols, frame.cols ?? 0);
  abi.setI32(p + o.exit_code, frame.exitCode ?? 0);
  abi.setI32(p + o.exit_signal, frame.exitSignal ?? 0);
  abi.setU64(p + o.action_id, frame.actionId ?? 0);
}

/**
 * The tsr_frame at p as a plain object with the fields its type uses; its bytes are
 * dataOf(ptr, len), by default a copy out of wasm memory.
 */
export function readFrame(abi, p, dataOf = (ptr, len) => abi.bytesAt(ptr, len)) {
  const o = OFFSET.frame;
  const type = FRAME_NAMES[abi.i32(p + o.type)];
  const f = { type, timeNs: abi.u64(p + o.time_ns) };
  if (type === 'output' || type === 'input' || type === 'mark' || type === 'keyframe') f.data = dataOf(abi.u32(p + o.data), abi.u32(p + o.len));
  if (type === 'resize' || type === 'keyframe') { f.rows = abi.i32(p + o.rows); f.cols = abi.i32(p + o.cols); }
  if (type === 'exit') { f.exitCode = abi.i32(p + o.exit_code); f.exitSignal = abi.i32(p + o.exit_signal); }
  if (type === 'input-ack') f.actionId = abi.u64(p + o.action_id);
  return f;
}

/** The frames' bytes, each encoded by tsr_frame_encode. */
export function encodeFrames(abi, frames) {
  const p = abi.mustMalloc(SIZEOF.frame);
  try {
    return abi.renderBytes((buf) => {
      for (const frame of frames) {
        writeFrame(abi, p, frame);
        const st = abi.x.tsr_frame_encode(p, buf);
        if (st !== STATUS.OK) return st;
      }
      return STATUS.OK;
    }, 'encoding a frame');
  } finally {
    abi.free(p);
  }
}

/**
 * Decodes the len bytes at base (wasm memory) frame by frame with tsr_frame_decode.
 * onFrame(framePtr, index) sees each one (its data points into those bytes) and returns a
 * value to stop with, or undefined. Returns {pos, index, status, stopped}: where decoding
 * ended and why (AGAIN: the bytes from pos are an incomplete frame, or none; any other
 * status: the frame at pos is invalid; stopped: what onFrame returned).
 */
export function decodeFrames(abi, base, len, onFrame) {
  const frame = abi.mustMalloc(SIZEOF.frame + SLOT); // the frame, then its length
  const used = frame + SIZEOF.frame;
  try {
    let pos = 0;
    for (let index = 0; ; index++) {
      const status = abi.x.tsr_frame_decode(base + pos, len - pos, frame, used);
      if (status !== STATUS.OK) return { pos, index, status };
      const stopped = onFrame(frame, index);
      if (stopped !== undefined) return { pos, index, status, stopped };
      pos += abi.u32(used);
    }
  } finally {
    abi.free(frame);
  }
}

// "type 1, version 2, reserved 0, length 1": the header fields as far as the bytes go, for
// a message only (the byte layout is core/README.md's; the core decides what is valid).
function describeHeader(b) {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const fields = [['type', 1, () => b[0]], ['version', 2, () => b[1]],
    ['reserved', 4, () => dv.getUint16(2, true)], ['length', 8, () => dv.getUint32(4, true)]];
  return fields.filter(([, need]) => b.length >= need).map(([name, , get]) => `${name} ${get()}`).join(', ');
}

/**
 * Cuts a byte stream (chunks as they arrive) into frames, decoded by the core. `source`
 * names the stream in errors. Pending bytes are copied into wasm memory once per chunk, so
 * this suits frames of one read each (the host's).
 */
export class FrameDecoder {
  constructor(abi, source = 'frame stream') {
    this.abi = abi;
    this.source = source;
    this.buf = new Uint8Array(0);
    this.offset = 0; // bytes of the stream consumed, for error messages
  }

  /** Adds a chunk; returns the frames it completed (throws on a malformed header). */
  push(chunk) {
    if (this.buf.length) {
      const joined = new Uint8Array(this.buf.length + chunk.length);
      joined.set(this.buf);
      joined.set(chunk, this.buf.length);
      this.buf = joined;
    } else {
      this.buf = chunk;
    }
    const abi = this.abi, out = [];
    const r = decodeFrames(abi, abi.put(this.buf), this.buf.length, (p) => { out.push(readFrame(abi, p)); });
    if (r.status === STATUS.FORMAT) {
      throw new Error(`${this.source}: malformed frame header at byte ${this.offset + r.pos} ` +
        `(${describeHeader(this.buf.subarray(r.pos, r.pos + 8))})`);
    }
    if (r.status !== STATUS.AGAIN) abi.check(r.status, `${this.source}: decoding a frame`);
    this.buf = this.buf.subarray(r.pos);
    this.offset += r.pos;
    return out;
  }

  /** Bytes left over at EOF (a frame cut short). */
  get pending() { return this.buf.length; }
}
