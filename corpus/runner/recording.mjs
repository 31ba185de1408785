// Recorded byte streams as the actions a backend replays: asciicast v2 and v3 (`o` events
// fed, `r` events applied as resizes) and tessera journals (README: the journal; core/README.md:
// the frame format), decoded by the core through the JS package.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isJournal, journalFrames, loadEngine, readRecording as readCoreRecording } from '../../js/src/core.js';
import { buildDir } from '../backends/index.mjs';

// Each reader returns [{feed: Buffer} | {resize: {rows, cols}} | {reset: true}] or throws
// RecordingError saying where the file is wrong; readEvents adds where each action is in
// the file and when it happened, for the session differentials.

export class RecordingError extends Error {}

// An action as the readers above return it, without its place and time.
const actionOf = ({ feed, resize, reset }) => (feed ? { feed } : resize ? { resize } : { reset });

/** asciicast v2 or v3 (told by its header), read by the core's reader. */
export function readCast(bytes) {
  return castEvents(bytes).events.map(actionOf);
}

// {size: {rows, cols}, events: [{index, time, ...action}]}: index counts events of every
// kind (as `tessera replay --event` does), time in seconds. Input, marker and exit events
// change nothing on the screen; v3's comment lines are no events.
function castEvents(bytes) {
  const rec = decoded(() => readCoreRecording(bytes, { engine: loaded(), name: 'cast' }));
  const events = [];
  rec.frames.forEach((f, i) => {
    const when = { index: rec.frameEvents[i] - 1, time: Number(f.timeNs) / 1e9 };
    if (f.type === 'output') events.push({ ...when, feed: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length) });
    else if (f.type === 'resize') events.push({ ...when, resize: { rows: f.rows, cols: f.cols } });
  });
  return { size: { rows: rec.rows, cols: rec.cols }, events };
}

// Recordings are decoded by the core (the package's wasm engine: js/src/journal.js and
// recording.js), so the runner reads every format and version the CLI and the package read,
// and refuses what they refuse with their words. The engine is loaded once, with this
// module: the build's (TESSERA_BUILD_DIR or build/) unless $TESSERA_WASM_DIR says, else
// wherever the package finds one; without any, reading a recording fails, saying why.
const ownWasm = path.join(buildDir(), 'wasm', 'tessera-wasi.wasm');
const engine = await loadEngine(!process.env.TESSERA_WASM_DIR && existsSync(ownWasm) ? { wasm: ownWasm } : {})
  .catch((e) => e);

function loaded() {
  if (engine instanceof Error) throw new RecordingError(`recordings are read by the wasm engine: ${engine.message}`);
  return engine;
}

// The package's RecordingError as the runner's: `line N: reason` (or `byte N: reason`).
function decoded(read) {
  try {
    return read();
  } catch (e) {
    if (e.name === 'RecordingError') throw new RecordingError(`${e.line ? `line ${e.line}` : `byte ${e.offset}`}: ${e.reason}`);
    throw e;
  }
}

/** A journal: its first line naming the version, then frames (core/README.md). */
export function readJournal(bytes) {
  return journalEvents(bytes).map(actionOf);
}

// As castEvents, every frame counted in index; time from the frames' clock, in seconds
// since the first frame. A feed is a view of bytes, not a copy. A KEYFRAME (a trace that
// dropped its oldest frames starts at one) is a reset, a resize and the screen's bytes.
function journalEvents(bytes) {
  const { frames } = decoded(() => journalFrames(loaded(), bytes));
  const clock0 = frames.length ? frames[0].timeNs : 0n;
  const events = [];
  frames.forEach((f, index) => {
    const when = { index, time: Number(f.timeNs - clock0) / 1e9 };
    if (f.type === 'output') events.push({ ...when, feed: f.data });
    else if (f.type === 'resize') events.push({ ...when, resize: { rows: f.rows, cols: f.cols } });
    else if (f.type === 'reset') events.push({ ...when, reset: true });
    else if (f.type === 'keyframe') {
      events.push({ ...when, reset: true }, { ...when, resize: { rows: f.rows, cols: f.cols } });
      if (f.data.length) events.push({ ...when, feed: f.data });
    }
    // EXIT, INPUT_ACK, INPUT and MARK frames change nothing on the screen.
  });
  return events;
}

/** The actions of a recording file's bytes, chosen by its name's ending. */
export function readRecording(name, bytes) {
  return name.endsWith('.journal') ? readJournal(bytes) : readCast(bytes);
}

/**
 * A recording's bytes (a journal when they begin with its magic line, else a cast) as
 * {format: 'cast'|'journal', size: {rows, cols} | null, events: [{index, time, ...action}]}.
 */
export function readEvents(bytes) {
  if (!isJournal(bytes)) return { format: 'cast', ...castEvents(bytes) };
  // A first frame that resizes is the recorded size, not an event (as `tessera replay` reads it).
  const events = journalEvents(bytes);
  if (!events[0]?.resize || events[0].index !== 0) return { format: 'journal', size: null, events };
  return { format: 'journal', size: events[0].resize, events: events.slice(1).map((e) => ({ ...e, index: e.index - 1 })) };
}
