// A recording as a session on virtual time: frames are applied in order as
// assertions wait, and the clock jumps to each frame's recorded time (or to
// the end of a settle window or deadline). So locators and expectTerminal
// work on a replay exactly as on a live terminal, deterministically, and a
// replay never waits in real time. It takes a Recording (recording.js) and
// does not import it, so a Recording can make its own replay.

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

  /**
   * Applies every frame up to one point, as `tessera replay` does: `at` (ms, or a span such
   * as '1500ms', '2s', '1m', from the recording's start), `event` (after the first N events
   * of any kind; 0: none) or `mark` (at the first marker with that label).
   */
  seek({ at, event, mark } = {}) {
    const given = [at, event, mark].filter((v) => v !== undefined);
    if (given.length > 1) throw new TypeError('seek: give one of at, event and mark');
    if (at !== undefined) {
      const until = this.recording.startNs + spanNs(at);
      while (!this.ended && BigInt(this._frames[this._next].timeNs) <= until) this._step();
      if (!this.ended) this._now = max(this._now, until);
      return this;
    }
    let last = Infinity;
    if (event !== undefined) {
      if (!Number.isInteger(event) || event < 0) throw new TypeError(`seek: event must be a whole number from 0, got ${event}`);
      if (event > this.recording.events) {
        throw new RangeError(`event ${event}: the recording has ${this.recording.events} event${this.recording.events === 1 ? '' : 's'}`);
      }
      last = event;
    } else if (mark !== undefined) {
      const i = this.recording.markers.findIndex((x) => x.label === mark);
      if (i < 0) throw new RangeError(`mark ${JSON.stringify(mark)}: the recording has no such marker`);
      last = this.recording.markerEvents[i];
    }
    while (!this.ended && this.recording.frameEvents[this._next] <= last) this._step();
    return this;
  }

  /** Nothing to end; here so tests can treat replays like terminals. */
  close() { return Promise.resolve(); }
}

/** A ReplayTerminal over a Recording, at a point if options say (at, event or mark: see seek). */
export function replayAt(recording, options = {}) {
  const t = new ReplayTerminal(recording, options);
  const { at, event, mark } = options;
  return at !== undefined || event !== undefined || mark !== undefined ? t.seek({ at, event, mark }) : t;
}

const max = (a, b) => (a > b ? a : b);

// A time as the CLI writes it ('1500ms', '2s', '1m') or a number of ms, in ns.
function spanNs(at) {
  if (typeof at === 'number' && Number.isFinite(at) && at >= 0) return BigInt(Math.round(at * 1e6));
  const m = typeof at === 'string' ? /^(\d+)(ms|s|m)$/.exec(at) : null;
  if (!m) throw new TypeError(`seek: at must be ms or a span such as '1500ms', '2s', '1m', got ${JSON.stringify(at)}`);
  return BigInt(m[1]) * { ms: 1000000n, s: 1000000000n, m: 60000000000n }[m[2]];
}
