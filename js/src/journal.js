// tessera journals: TSR_JOURNAL_MAGIC ("tessera-journal 1\n", tessera.h), then frames exactly
// as tsr_frame_encode writes them (core/README.md), the first a RESIZE of the recorded size.
// Frames are decoded and encoded by the core (frames.js); problems are worded as
// native-host/recordings/journal.c words them, "byte OFFSET: reason".

import { JOURNAL_MAGIC as MAGIC_TEXT, STATUS } from './abi.generated.js';
import { utf8 } from './abi.js';
import { decodeFrames, encodeFrames } from './frames.js';

export const JOURNAL_MAGIC = utf8.encode(MAGIC_TEXT);

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
  const r = decodeFrames(abi, abi.put(body), body.length, onFrame);
  if (r.stopped !== undefined) return { stopped: r.stopped };
  if (r.status === STATUS.AGAIN) {
    return r.pos < body.length ? { offset: m + r.pos, reason: `frame ${r.index} is cut short` } : {};
  }
  return { offset: m + r.pos, reason: `frame ${r.index} is invalid: ${abi.statusText(r.status)}` };
}

/**
 * A journal's bytes: the magic line, then the frames ({type, timeNs, ...} as
 * Screen.applyFrame takes them) encoded by the core. The first frame should
 * be the RESIZE of the recorded size.
 */
export function encodeJournal(abi, frames) {
  const body = encodeFrames(abi, frames);
  const out = new Uint8Array(JOURNAL_MAGIC.length + body.length);
  out.set(JOURNAL_MAGIC);
  out.set(body, JOURNAL_MAGIC.length);
  return out;
}
