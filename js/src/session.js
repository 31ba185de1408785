// What live terminals and replays share: one Screen fed frame by frame,
// listeners told synchronously of every revision (so transient assertions
// see each one before the history can drop it), the latest action receipt,
// and locators. The clock (real or virtual) and waiting are the subclass's.

import { Locator } from './locator.js';

export class Session {
  constructor(screen, { timeoutMs = 5000, startNs = 0n } = {}) {
    this._screen = screen;
    this.timeoutMs = timeoutMs;
    /** When the session began: no settle window starts before it. */
    this.startNs = startNs;
    /** The most recent completed action's receipt, or null. */
    this.lastAction = null;
    /** The time of the program's first OUTPUT frame, or null before it. */
    this.firstOutputNs = null;
    this.ended = false;
    this.exitStatus = null;
    this._listeners = new Set();
    this._latest = null;
  }

  /** The engine's Screen (live, mutable). */
  get engineScreen() { return this._screen; }

  /** The latest immutable snapshot (a ScreenSnapshot of the newest revision). */
  get screen() {
    const seq = this._screen.revision;
    if (!this._latest || this._latest.seq !== seq) this._latest = this._screen.revisionAt(seq);
    return this._latest;
  }

  get revision() { return this._screen.revision; }
  get title() { return this._screen.title; }

  getByText(text, options = {}) { return new Locator(this, text, options); }

  /** fn(event) for every revision ({type: 'revision', seq}) and the end ({type: 'end'}). */
  subscribe(fn) {
    this._listeners.add(fn);
    return () => this._listeners.delete(fn);
  }

  _emit(event) {
    for (const fn of [...this._listeners]) fn(event);
  }

  /** Applies one frame (one engine call), drops the engine's replies, tells the listeners. */
  _apply(frame) {
    const { made } = this._screen.applyFrame(frame);
    if (frame.type === 'output') {
      this._screen.takeReplies(); // the host (or nobody) answers
      this.firstOutputNs ??= BigInt(frame.timeNs);
    }
    if (frame.type === 'exit') this.exitStatus = { code: frame.exitCode, signal: frame.exitSignal };
    if (made) this._emit({ type: 'revision', seq: this._screen.revision });
    return made;
  }

  /**
   * The earliest a settle window may start, as the CLI's --settle counts it: after the
   * program's first output, the session's start and the last action (input or resize);
   * null while nothing has been output and the session goes on (a blank screen before the
   * program drew is not settled).
   */
  settleFloorNs() {
    if (this.firstOutputNs === null) return this.ended ? this.startNs : null;
    const floor = this.firstOutputNs > this.startNs ? this.firstOutputNs : this.startNs;
    const acted = this.lastAction ? BigInt(this.lastAction.timeNs) : 0n;
    return acted > floor ? acted : floor;
  }

  _end(reason) {
    if (this.ended) return;
    this.ended = true;
    this.endReason = reason;
    this._emit({ type: 'end' });
  }

  /** How the session stands, for diagnostics. */
  describeEnd() {
    if (!this.ended) return 'running';
    const st = this.exitStatus;
    const how = st ? (st.signal ? `exited on signal ${st.signal}` : `exited with code ${st.code}`)
      : 'no exit status';
    return `${how}; ${this.endReason}`;
  }
}
