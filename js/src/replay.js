// A recording as a session on virtual time: frames are applied in order as
// assertions wait, and the clock jumps to each frame's recorded time (or to
// the end of a settle window or deadline). So locators and expectTerminal
// work on a replay exactly as on a live terminal, deterministically, and a
// replay never waits in real time.

import { openRecording } from './recording.js';
import { Screen } from './screen.js';
import { Session } from './session.js';

export class ReplayTerminal extends Session {
  constructor(recording, options = {}) {
    const frames = recording.frames;
    const startNs = recording.format === 'journal' && frames.length ? BigInt(frames[0].timeNs) : 0n;
    super(new Screen(recording.engine, { rows: recording.rows, cols: recording.cols, reflow: options.reflow,
      history: options.history, scrollback: options.scrollback }), { timeoutMs: options.timeoutMs ?? 5000, startNs });
    this.recording = recording;
    this._frames = frames;
    this._next = 0;
    this._now = startNs;
    this.failure = null;
    this.receipts = [];
    if (!frames.length) this._end('recording ended: it has no frames');
  }

  /** The virtual clock: the newest applied frame's time, or the end of the last wait. */
  nowNs() { return this._now; }

  _step() {
    const f = this._frames[this._next++];
    this._now = max(this._now, BigInt(f.timeNs));
    const made = this._apply(f);
    if (f.type === 'input' || f.type === 'input-ack') {
      const r = Object.freeze({ id: f.actionId !== undefined ? Number(f.actionId) : null,
        revision: this.engineScreen.revision, timeNs: BigInt(f.timeNs) });
      this.lastAction = r;
      this.receipts.push(r);
    }
    if (this._next >= this._frames.length) this._end('recording ended: every frame applied');
    return made;
  }

  /** Applies frames up to untilNs, stopping after the first that makes a revision. */
  waitForChange(untilNs) {
    while (!this.ended && BigInt(this._frames[this._next].timeNs) <= untilNs) {
      if (this._step()) return Promise.resolve();
    }
    if (!this.ended) this._now = max(this._now, untilNs);
    return Promise.resolve();
  }

  /** Applies every frame up to a virtual time (ms after the start), e.g. to skip ahead. */
  advanceTo(ms) {
    const until = this.startNs + BigInt(Math.round(ms * 1e6));
    while (!this.ended && BigInt(this._frames[this._next].timeNs) <= until) this._step();
    if (!this.ended) this._now = max(this._now, until);
    return this;
  }

  /** Nothing to end; here so tests can treat replays like terminals. */
  close() { return Promise.resolve(); }
}

const max = (a, b) => (a > b ? a : b);

/** Opens an asciicast or journal file as a ReplayTerminal. */
export async function openReplay(path, options = {}) {
  return new ReplayTerminal(await openRecording(path, { engine: options.engine }), options);
}

/** A ReplayTerminal over a Recording already read. */
export function replay(recording, options = {}) { return new ReplayTerminal(recording, options); }
