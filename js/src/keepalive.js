// Whether a host process keeps Node alive. Idle, it does not: the child and
// its pipes are unref'd, so a test file that forgot close() still ends (and
// the host, seeing its stdin close, ends the program). While something waits
// on the host (an action's acknowledgement, an assertion, waitForExit,
// close), they are ref'd, so the wait is not cut short by an empty event loop.

export class HostKeepAlive {
  constructor(proc) {
    this._handles = [proc, proc.stdin, proc.stdout, proc.stderr].filter(Boolean);
    this._waits = 0;
    this._apply();
  }

  /** Keeps Node alive until the returned release() is called (once; later calls do nothing). */
  hold() {
    if (this._waits++ === 0) this._apply();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this._waits === 0) this._apply();
    };
  }

  /** Runs `work` (a promise) while holding Node alive. */
  during(work) {
    const release = this.hold();
    return work.finally(release);
  }

  _apply() {
    const on = this._waits > 0;
    for (const h of this._handles) {
      if (on) h.ref?.(); else h.unref?.();
    }
  }
}
