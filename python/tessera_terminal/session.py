"""What live terminals and replays share: one Screen fed frame by frame under one lock, the
listeners told of every revision while the lock is held (so an assertion about a passing
moment sees each revision before the history can drop it), the latest action's receipt, and
locators. The clock and how frames arrive are the subclass's."""
import threading
import time
from typing import NamedTuple

from .locator import Locator


class ExitStatus(NamedTuple):
    """How the program ended: code, or -1 and the signal that ended it."""
    code: int
    signal: int


class Receipt(NamedTuple):
    """What an action returns: its id, the revision when the host took it, the host's time."""
    id: object
    revision: int
    time_ns: int


class Session:
    def __init__(self, screen, timeout=5.0, start_ns=0):
        self._screen = screen
        self.timeout = timeout
        self.start_ns = start_ns  # no settle window starts before it
        self.last_action = None   # the latest completed action's Receipt
        self.ended = False
        self.end_reason = None
        self.exit_status = None
        self.failure = None       # a fatal error: malformed stream, host gone
        self._cond = threading.Condition(threading.RLock())
        self._listeners = []
        self._latest = None

    @property
    def engine_screen(self):
        """The core's Screen (live, changes as frames arrive)."""
        return self._screen

    @property
    def screen(self):
        """The newest revision as a Snapshot."""
        with self._cond:
            seq = self._screen.revision
            if self._latest is None or self._latest.seq != seq:
                self._latest = self._screen.revision_at(seq)
            return self._latest

    def _look(self):
        """The newest snapshot and whether the session had ended by then, read together: a
        frame applied between the two reads (the reader thread's) could otherwise pair an
        old screen with the end."""
        with self._cond:
            return self.screen, self.ended

    @property
    def revision(self):
        with self._cond:
            return self._screen.revision

    @property
    def title(self):
        with self._cond:
            return self._screen.title

    def revision_at(self, seq):
        with self._cond:
            return self._screen.revision_at(seq)

    @property
    def oldest_revision(self):
        with self._cond:
            return self._screen.oldest_revision

    def get_by_text(self, text, exact=False, style=None):
        """A strict locator: a literal text or a compiled regular expression, on one row; with
        style ({'bg': 4, 'bold': True}), only matches whose every cell looks so."""
        return Locator(self, text, exact=exact, style=style)

    def subscribe(self, fn):
        """fn(seq) for every revision, fn(None) at the end; returns the unsubscribe function."""
        with self._cond:
            self._listeners.append(fn)

        def unsubscribe():
            with self._cond:
                if fn in self._listeners:
                    self._listeners.remove(fn)
        return unsubscribe

    def _emit(self, seq):
        for fn in list(self._listeners):
            fn(seq)
        self._cond.notify_all()

    def _apply(self, frame):
        """Applies one frame, drops the engine's replies (the host answers the program, or
        nobody), tells the listeners."""
        with self._cond:
            made = self._screen.apply_frame(frame)
            if frame.type == "output":
                self._screen.take_replies()
            if frame.type == "exit":
                self.exit_status = ExitStatus(frame.exit_code, frame.exit_signal)
            if made:
                self._emit(self._screen.revision)
            return made

    def _end(self, reason):
        with self._cond:
            if self.ended:
                return
            self.ended = True
            self.end_reason = reason
            self._emit(None)

    def describe_end(self):
        """How the session stands, for diagnostics."""
        if not self.ended:
            return "running"
        st = self.exit_status
        if st is None:
            how = "no exit status"
        elif st.signal:
            how = f"exited on signal {st.signal}"
        else:
            how = f"exited with code {st.code}"
        return f"{how}; {self.end_reason}"

    def now_ns(self):
        """The real monotonic clock (the host stamps frames with CLOCK_MONOTONIC too)."""
        return time.monotonic_ns()

    def wait_for_change(self, until_ns, seen=None):
        """Returns at the next revision after `seen` (default: the newest now), the end, a
        failure or until_ns, whichever is first. A caller that judged revision `seen` passes
        it, so a revision made since its look ends the wait at once instead of being missed."""
        with self._cond:
            start = self._screen.revision if seen is None else seen
            while not self.ended and self.failure is None and self._screen.revision == start:
                left = until_ns - self.now_ns()
                if left <= 0:
                    return
                self._cond.wait(left / 1e9)
