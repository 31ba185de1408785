// tessera journals (native-host/recordings/journal.h): the line "tessera-journal 1\n",
// then frames exactly as tsr_frame_encode writes them (core/README.md),
// the first a RESIZE of the recorded size. Frames are decoded by the core
// (tsr_frame_decode) and problems worded as native-host/recordings/journal.c words
// them, "byte OFFSET: reason".

import { SIZEOF, STATUS } from './abi.js';

export const JOURNAL_MAGIC = new TextEncoder().encode('tessera-journal 1\n');
const TYPES = { 1: 'output', 2: 'resize', 3: 'reset', 4: 'exit', 5: 'input-ack', 6: 'input' };

export const isJournal = (bytes) => bytes.length > 0 && bytes[0] === JOURNAL_MAGIC[0];

/**
 * Decodes a whole journal held in memory. onFrame(framePtr, index) sees each
 * frame in wasm memory (its data points into the copy) and returns a value
 * to stop with, or undefined. Returns {stopped} or {offset, reason} or {}.
 */
export function walkJournal(abi, bytes, onFrame) {
  const m = JOURNAL_MAGIC.length;
  if (bytes.length < m || JOURNAL_MAGIC.some((b, i) => bytes[i] !== b)) {
    return { offset: 0, reason: 'not a tessera journal (bad first line)' };
  }
  const body = bytes.subarray(m);
  const base = abi.put(body);
  const frame = abi.mustMalloc(SIZEOF.frame + 8);
  try {
    let pos = 0;
    for (let index = 0; ; index++) {
      const used = frame + SIZEOF.frame;
      const st = abi.x.tsr_frame_decode(base + pos, body.length - pos, frame, used);
      if (st === STATUS.AGAIN) {
        if (pos < body.length) return { offset: m + pos, reason: `frame ${index} is cut short` };
        return {};
      }
      if (st !== STATUS.OK) {
        return { offset: m + pos, reason: `frame ${index} is invalid: ${abi.statusText(st)}` };
      }
      const stop = onFrame(frame, index);
      if (stop !== undefined) return { stopped: stop };
      pos += abi.u32(used);
    }
  } finally {
    abi.free(frame);
  }
}

/** The frame at p as a plain object (output and input bytes copied out). */
export function readFrame(abi, p) {
  const type = TYPES[abi.i32(p)];
  const f = { type, timeNs: abi.u64(p + 8) };
  if (type === 'output' || type === 'input') f.data = abi.bytesAt(abi.u32(p + 16), abi.u32(p + 20));
  if (type === 'resize') { f.rows = abi.i32(p + 24); f.cols = abi.i32(p + 28); }
  if (type === 'exit') { f.exitCode = abi.i32(p + 32); f.exitSignal = abi.i32(p + 36); }
  if (type === 'input-ack') f.actionId = abi.u64(p + 40);
  return f;
}
