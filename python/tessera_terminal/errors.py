"""The exceptions the package raises, and how a failure shows the screen.

Every wait that fails raises TerminalTimeoutError, an AssertionError, so pytest reports it
as a test's failure rather than an error: an action or wait_for_exit() past its deadline,
and (as its subclass TerminalAssertionError) every expect() that fails, whether at its
deadline, at once (several matches for a strict locator) or at the program's end."""


class TesseraError(Exception):
    """A core call that failed (status: the tsr_status), or an unusable core."""

    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status


class HistoryEvictedError(TesseraError):
    """A revision older than the kept history was asked for."""

    def __init__(self, message, baseline=None, oldest_revision=None):
        super().__init__(message, status=-4)
        self.baseline = baseline
        self.oldest_revision = oldest_revision


class RecordingError(TesseraError):
    """An invalid recording: "FILE:LINE: reason", as the native CLI words it."""


class TerminalError(Exception):
    """A host failure: the program could not start, an input was refused, the host ended."""


def format_screen(snap):
    """The snapshot's rows as "  N | text" lines, trailing blank rows folded."""
    if snap is None:
        return "  (no screen)"
    lines = snap.rows_text()
    last = len(lines) - 1
    while last > 0 and lines[last] == "":
        last -= 1
    width = len(str(len(lines) - 1))
    out = [f"  {str(i).rjust(width)} | {t}" for i, t in enumerate(lines[:last + 1])]
    if last < len(lines) - 1:
        out.append(f"  (rows {last + 1}..{len(lines) - 1} blank)")
    return "\n".join(out)


def screen_section(snap, when):
    """'  screen at WHEN (revision N, RxC):' and the rows."""
    if snap is None:
        return f"  screen at {when} (revision ?, ?x?):\n" + format_screen(None)
    return f"  screen at {when} (revision {snap.seq}, {snap.rows}x{snap.cols}):\n" + format_screen(snap)


class TerminalTimeoutError(TerminalError, AssertionError):
    """A wait that missed its deadline; the message shows the screen."""

    def __init__(self, what, timeout, reason, snapshot, program, exit_status=None):
        super().__init__("\n".join([f"{what} timed out after {_seconds(timeout)}: {reason}",
                                    f"  timeout: {_seconds(timeout)}", f"  program: {program}",
                                    screen_section(snapshot, "timeout")]))
        self.what = what
        self.timeout = timeout
        self.snapshot = snapshot
        self.exit_status = exit_status


class TerminalAssertionError(TerminalTimeoutError):
    """An expect() that failed: the expectation, the screen, the candidates, the artifacts."""

    def __init__(self, message, *, assertion, reason, expectation, locator=None, timeout=None,
                 candidates=(), snapshot=None, exit_status=None):
        AssertionError.__init__(self, message)
        self.what = assertion
        self.assertion = assertion
        self.reason = reason
        self.expectation = expectation
        self.locator = locator
        self.timeout = timeout
        self.candidates = list(candidates)
        self.snapshot = snapshot
        self.exit_status = exit_status
        self.artifacts = None

    def __str__(self):
        return self.args[0]


def _seconds(s):
    return f"{s:g} s"
