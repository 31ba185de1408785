// tessera journals: a line naming the version (TSR_JOURNAL_MAGIC, "tessera-journal 2\n", for
// traces, which may hold KEYFRAME frames; TSR_JOURNAL_MAGIC_V1 for recordings, which never
// do; tessera.h), then frames exactly as tsr_frame_encode writes them (core/README.md), the
// first a RESIZE of the recorded size. Frames are decoded and encoded by the core
// (frames.js); problems are worded as native-host/recordings/journal.c words them,
// "byte OFFSET: reason".

import { FRAME, JOURNAL_MAGIC as MAGIC_TEXT, JOURNAL_MAGIC_V1 as MAGIC_V1_TEXT, STATUS } from './abi.generated.js';
import { utf8 } from './abi.js';
import { RecordingError } from './errors.js';
import { decodeFrames, encodeFrames, readFrame } from './frames.js';

export const JOURNAL_MAGIC = utf8.encode(MAGIC_TEXT);
const VERSIONS = [[2, JOURNAL_MAGIC], [1, utf8.encode(MAGIC_V1_TEXT)]];
const PREFIX = utf8.encode('tessera-journal ');

// Bytes of the file copied into wasm memory at once: a frame longer than this gets a window
// of its own, so the module grows to the largest frame, not to the file.
const WINDOW = 1 << 20;

const startsWith = (bytes, prefix) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

export const isJournal = (bytes) => bytes.length > 0 && bytes[0] === JOURNAL_MAGIC[0];

/**
 * The journal's version from its first line: {version, length} (the line's bytes), or
 * {reason} (a version this reader does not know is named, anything else is not a journal).
 */
export function journalVersion(bytes) {
  for (const [version, magic] of VERSIONS) if (startsWith(bytes, magic)) return { version, length: magic.length };
  let d = PREFIX.length;
  while (d < bytes.length && d < PREFIX.length + 9 && bytes[d] >= 0x30 && bytes[d] <= 0x39) d++;
  if (startsWith(bytes, PREFIX) && d > PREFIX.length && bytes[d] === 0x0a) {
    const v = new TextDecoder().decode(bytes.subarray(PREFIX.length, d));
    return { reason: `journal version ${v} is not supported (this tessera reads versions 1 and 2)` };
  }
  return { reason: 'not a tessera journal (bad first line)' };
}

/**
 * Decodes a whole journal held in memory, a window at a time. onFrame(framePtr, index, view)
 * sees each frame in wasm memory (its data points into a copy, valid during the call;
 * view(ptr, len) is the same bytes of `bytes`, no copy) and returns a value to stop with,
 * or undefined. Returns {version, stopped} or {version}, or {line: 1, reason} for a first line
 * this reader refuses, or {offset, reason} for a frame.
 */
export function walkJournal(abi, bytes, onFrame) {
  const head = journalVersion(bytes);
  if (head.reason) return { line: 1, reason: head.reason };
  let pos = head.length, index = 0, window = WINDOW;
  for (;;) {
    const part = bytes.subarray(pos, pos + window);
    const base = abi.put(part);
    const view = (ptr, len) => bytes.subarray(pos + (ptr - base), pos + (ptr - base) + len);
    const r = decodeFrames(abi, base, part.length, (p, i) => onFrame(p, index + i, view));
    if (r.stopped !== undefined) return { version: head.version, stopped: r.stopped };
    index += r.index;
    if (r.status !== STATUS.AGAIN) {
      return { offset: pos + r.pos, reason: `frame ${index} is invalid: ${abi.statusText(r.status)}` };
    }
    if (pos + part.length >= bytes.length) {
      if (r.pos < part.length) return { offset: pos + r.pos, reason: `frame ${index} is cut short` };
      return { version: head.version };
    }
    // The rest of the window is the start of a frame: the next window begins there, as wide
    // as that frame when it alone filled this one (its header, which the core has found
    // valid, says its length), so wasm memory grows to the largest frame and no further.
    window = r.pos === 0 && part.length >= FRAME.HEADER_BYTES
      ? FRAME.HEADER_BYTES + new DataView(part.buffer, part.byteOffset + 4, 4).getUint32(0, true) : WINDOW;
    pos += r.pos;
  }
}

/**
 * A journal's frames ({type, timeNs, ...} as Screen.applyFrame takes them, their data views
 * of bytes, not copies) and its version: {version, frames}. Throws RecordingError, naming
 * the file as `name`, where the journal is wrong.
 */
export function journalFrames(engine, bytes, name = '<journal>') {
  const abi = engine.abi, frames = [];
  const r = walkJournal(abi, bytes, (p, i, view) => { frames.push(readFrame(abi, p, view)); });
  if (r.reason) throw new RecordingError(name, r.line ?? null, r.reason, r.offset ?? null);
  return { version: r.version, frames };
}

/**
 * A journal's bytes: the magic line, then the frames ({type, timeNs, ...} as
 * Screen.applyFrame takes them) encoded by the core. The first frame should
 * be the RESIZE of the recorded size. Version 2 unless told 1 (a recording's).
 */
export function encodeJournal(abi, frames, { version = 2 } = {}) {
  const magic = VERSIONS.find(([v]) => v === version)?.[1];
  if (!magic) throw new RangeError(`journal version ${version}: this tessera writes versions 1 and 2`);
  const body = encodeFrames(abi, frames);
  const out = new Uint8Array(magic.length + body.length);
  out.set(magic);
  out.set(body, magic.length);
  return out;
}
