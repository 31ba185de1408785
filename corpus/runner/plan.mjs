// A case as phases for a backend: the actions of each phase (feeds, resizes, resets),
// then the expectations checked after them. A case of one input or one recording is one
// phase (step null); a case of steps has one phase per step.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readRecording } from './recording.mjs';

/** The most bytes in one `feed` line: 512 KiB of hex, half of what an adapter must read. */
export const MAX_WRITE = 256 * 1024;

/** The writes of one input: whole (joined repeats, split at MAX_WRITE) or one byte each. */
export function* writesOf(bytes, { chunking = 'whole', repeat = 1 } = {}) {
  if (bytes.length === 0) return;
  if (chunking === 'bytewise') {
    for (let r = 0; r < repeat; r++) for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
    return;
  }
  const perWrite = Math.max(1, Math.floor(MAX_WRITE / bytes.length));
  for (let left = repeat; left > 0; left -= perWrite) {
    const whole = Buffer.concat(Array(Math.min(left, perWrite)).fill(bytes));
    for (let i = 0; i < whole.length; i += MAX_WRITE) yield whole.subarray(i, i + MAX_WRITE);
  }
}

const inputBytes = (holder) => (holder.input !== undefined ? Buffer.from(holder.input, 'utf8')
  : holder.inputHex !== undefined ? Buffer.from(holder.inputHex, 'hex') : null);

function* actionsOf(holder, file) {
  const bytes = inputBytes(holder);
  if (bytes) {
    for (const w of writesOf(bytes, holder)) yield { feed: w };
  } else if (holder.resize) {
    yield { resize: holder.resize };
  } else if (holder.reset) {
    yield { reset: true };
  } else if (holder.recordingRef) {
    const ref = path.resolve(path.dirname(file), holder.recordingRef);
    for (const a of readRecording(ref, readFileSync(ref))) {
      if (!a.feed) yield a;
      else for (const w of writesOf(a.feed)) yield { feed: w };
    }
  }
}

/**
 * c: {file, data: the case}. Returns [{step, base, actions: () => iterator, holder}],
 * holder being the object whose expectations the phase checks, base its JSON pointer.
 */
export function phasesOf(c) {
  if (c.data.steps) {
    return c.data.steps.map((s, i) => ({ step: i, base: `/steps/${i}`, holder: s, actions: () => actionsOf(s, c.file) }));
  }
  return [{ step: null, base: '', holder: c.data, actions: () => actionsOf(c.data, c.file) }];
}
