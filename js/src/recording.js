// Recordings as frames. A tessera journal (journal.js, versions 1 and 2) already
// is frames: they are decoded by the core and kept as they are (a trace's KEYFRAME
// too: applying it rebuilds the screen where the trace's kept part begins). An
// asciicast file (v2 or v3, told by its header) is read by the core's reader
// (through wasm), so a file the native CLI rejects is rejected here with the
// same line and reason. One output event becomes one output frame, a resize
// event one resize frame, typed input an input frame (it never shows), v3's
// exit event an exit frame (so exitStatus is set, as by a journal's);
// event times (seconds; v3's summed by the core) become frame times in
// nanoseconds. v3's comment lines are not events.

import { loadEngine } from './engine.js';
import { CastReader, LineSplitter } from './cast_reader.js';
import { RecordingError, TesseraError } from './errors.js';
import { STATUS } from './abi.generated.js';
import { isJournal, journalFrames } from './journal.js';
import { replayAt } from './replay_terminal.js';
import { Screen } from './screen.js';

/**
 * Reads a recording from bytes. `name` is what errors call the file.
 * Needs a loaded engine (loadEngine()).
 */
export function readRecording(bytes, { engine, name = '<recording>' }) {
  if (isJournal(bytes)) return readJournal(bytes, engine, name);
  const abi = engine.abi;
  const reader = new CastReader(abi);
  const frames = [];
  const markers = [];
  let header = null;
  let event = 0; // every line after the header is one event, of any kind
  const frameEvents = [], markerEvents = [];
  const fail = (r) => {
    if (r.status === STATUS.FORMAT) throw new RecordingError(name, r.line, r.reason);
    throw new TesseraError(`${name}: ${r.reason}`, r.status);
  };
  try {
    const split = new LineSplitter();
    const lines = [...split.push(bytes), ...split.end()];
    for (const line of lines) {
      const r = reader.line(line);
      if (!r.ok) fail(r);
      const e = r.event;
      if (e.kind === 'comment') continue;
      if (e.kind !== 'header') event++;
      switch (e.kind) {
        case 'header':
          header = { cols: e.cols, rows: e.rows };
          break;
        case 'output':
        case 'input':
          frames.push({ type: e.kind, timeNs: e.timeNs, data: abi.bytesAt(e.dataPtr, e.len) });
          frameEvents.push(event);
          break;
        case 'resize':
          frames.push({ type: 'resize', timeNs: e.timeNs, rows: e.rows, cols: e.cols });
          frameEvents.push(event);
          break;
        case 'marker':
          markers.push({ timeNs: e.timeNs, label: abi.textAt(e.dataPtr, e.len) });
          markerEvents.push(event);
          break;
        case 'exit':
          frames.push({ type: 'exit', timeNs: e.timeNs, exitCode: e.exitCode, exitSignal: 0 });
          frameEvents.push(event);
          break;
        default:
          break;
      }
    }
    const end = reader.finish();
    if (!end.ok) fail(end);
  } finally {
    reader.free();
  }
  return new Recording(engine, 'asciicast', header, frames, markers,
    { events: event, startNs: 0n, frameEvents, markerEvents });
}

function readJournal(bytes, engine, name) {
  const { frames } = journalFrames(engine, bytes, name);
  // The first frame is the recorded size (a journal without one keeps 24x80).
  const startNs = frames.length ? BigInt(frames[0].timeNs) : 0n;
  const size = frames[0]?.type === 'resize' ? frames.shift() : { rows: 24, cols: 80 };
  // every frame after the size is one event; mark frames (a trace's test steps) are markers
  const kept = [], frameEvents = [], markers = [], markerEvents = [];
  frames.forEach((f, i) => {
    if (f.type === 'mark') {
      markers.push({ timeNs: f.timeNs, label: new TextDecoder().decode(f.data) });
      markerEvents.push(i + 1);
    } else {
      kept.push(f);
      frameEvents.push(i + 1);
    }
  });
  return new Recording(engine, 'journal', { cols: size.cols, rows: size.rows }, kept, markers,
    { events: frames.length, startNs, frameEvents, markerEvents });
}

/**
 * Reads an asciicast file (v2 or v3) or a tessera journal (Node). The options other
 * than engine (timeoutMs, history, reflow, scrollback, and a point: at,
 * event or mark) are those of its replay (Recording.session); a point is
 * checked at once.
 */
export async function openRecording(path, options = {}) {
  const { readFile } = await import('node:fs/promises');
  const { engine: which, ...replayOptions } = options;
  const engine = which?.abi ? which : await loadEngine({ engine: which });
  const bytes = new Uint8Array(await readFile(path));
  const recording = readRecording(bytes, { engine, name: String(path) });
  Object.defineProperty(recording, '_replayOptions', { value: replayOptions });
  const { at, event, mark } = replayOptions;
  if (at !== undefined || event !== undefined || mark !== undefined) void recording.session;
  return recording;
}

export class Recording {
  constructor(engine, format, header, frames, markers, {
    events = frames.length + markers.length, startNs = 0n,
    frameEvents = frames.map((f, i) => i + 1), markerEvents = markers.map(() => 0),
  } = {}) {
    this.engine = engine;
    /** Each frame's and each marker's number among all events, from 1 (seek counts by them). */
    this.frameEvents = Object.freeze(frameEvents);
    this.markerEvents = Object.freeze(markerEvents);
    /** How many events it holds, of every kind (asciicast lines after the header; journal frames after the size). */
    this.events = events;
    /** Where times count from: 0 for asciicast, the first frame's time for a journal. */
    this.startNs = startNs;
    this.format = format;
    /** The header's size: {cols, rows}. */
    this.header = Object.freeze(header);
    this.cols = header.cols;
    this.rows = header.rows;
    this.frames = Object.freeze(frames.map((f) => Object.freeze(f)));
    this.markers = Object.freeze(markers);
  }

  /**
   * Applies every frame to a screen (a new one of the header's size unless
   * given; options as for Screen) and returns it: one revision at most per
   * frame, stamped with the frame's time. Replies are dropped, as there is
   * no program to answer.
   */
  replay(screen, options = {}) {
    const s = screen ?? new Screen(this.engine, { rows: this.rows, cols: this.cols, ...options });
    for (const frame of this.frames) {
      s.applyFrame(frame);
      if (frame.type === 'output') s.takeReplies();
    }
    return s;
  }

  /**
   * The recording as a ReplayTerminal on virtual time, made on first use
   * (with openRecording's options). The recording answers its API itself
   * (below), so one object serves for frames, locators and assertions:
   * recording.getByText(...), expectTerminal(recording), recording.seek(...).
   */
  get session() {
    if (!this._session) {
      Object.defineProperty(this, '_session', { value: replayAt(this, this._replayOptions ?? {}) });
    }
    return this._session;
  }
}

// The ReplayTerminal's API on the Recording, answered by its session; the
// methods that return the replay (seek, advanceTo) return the recording.
for (const name of ['screen', 'revision', 'title', 'lastAction', 'receipts', 'ended', 'exitStatus',
  'endReason', 'engineScreen', 'timeoutMs', 'failure']) {
  Object.defineProperty(Recording.prototype, name, { get() { return this.session[name]; }, configurable: true });
}
for (const name of ['getByText', 'seek', 'advanceTo', 'nowNs', 'subscribe', 'waitForChange', 'describeEnd', 'close']) {
  Object.defineProperty(Recording.prototype, name, {
    value(...args) {
      const r = this.session[name](...args);
      return r === this.session ? this : r;
    },
    configurable: true, writable: true,
  });
}
