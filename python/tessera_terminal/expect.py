"""expect(): the six assertions of the seed (assertions-and-locators.md) over a session's
revisions, with the JS package's semantics: no polling: each assertion judges the newest
revision, then sleeps until the next revision, the program's end, the end of its settle
window or its deadline, whichever is first. Strict locators: several matches fail at once.
.not_ is JS's .not: only the negations that can pass at a moment exist."""
import inspect
import os
import subprocess
import tempfile
from pathlib import Path

from . import _context, _native
from .errors import HistoryEvictedError, TerminalAssertionError, screen_section
from .locator import Locator, format_range, quote
from .session import Session
from .style_match import describe_match_style, describe_style, match_looks, parse_style, style_literal, wants_nothing

DEFAULT_SETTLE = 0.1  # seconds a screen must stay unchanged to count as settled


def _s2ns(seconds):
    return int(round(seconds * 1e9))


def expect(target):
    """An expectation about a Terminal, a recording, or a locator (term.get_by_text(...))."""
    if isinstance(target, Locator):
        return Expectation(target.session, target)
    if isinstance(target, Session):
        return Expectation(target, None)
    if isinstance(getattr(target, "session", None), Session):
        return Expectation(target.session, None)
    raise TypeError("expect(target): a Terminal, a recording or a locator (term.get_by_text(...))")


class Expectation:
    def __init__(self, session, locator, negated=False):
        self.session = session
        self.locator = locator
        self.negated = negated

    @property
    def not_(self):
        """The negations: .not_.to_be_present() is to_be_absent(), .not_.to_be_absent() is
        to_be_present()."""
        return Expectation(self.session, self.locator, not self.negated)

    def _no_not(self, name, why):
        if self.negated:
            raise TypeError(f".not_.{name}(): {why}")

    def _fail(self, name, reason, expected, timeout, snapshot=None, candidates=(), note=None):
        s = self.session
        snap = snapshot if snapshot is not None else s.screen
        target = f"expect({self.locator})" if self.locator else "expect(terminal)"
        parts = [f"{target}.{name}() failed: {reason}", f"  expected: {expected}"]
        if timeout is not None:
            parts.append(f"  timeout: {timeout:g} s")
        if s.ended:
            parts.append(f"  program: {s.describe_end()}")
        if candidates:
            parts.append("  candidates: " + "; ".join(format_range(m) for m in candidates))
        if note:
            parts.append("\n".join("  " + line for line in note.split("\n")))
        parts.append(screen_section(snap, "failure"))
        return TerminalAssertionError("\n".join(parts), assertion=name, reason=reason, expectation=expected,
                                      locator=str(self.locator) if self.locator else None, timeout=timeout,
                                      candidates=candidates, snapshot=snap, exit_status=s.exit_status)

    def _timeout(self, timeout):
        t = self.session.timeout if timeout is None else timeout
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not t > 0:
            raise TypeError(f"timeout must be a number of seconds > 0, got {t!r}")
        return t

    def _need_locator(self, name):
        if self.locator is None:
            raise TypeError(f"{name}() needs a locator: expect(term.get_by_text(...)).{name}()")
        return self.locator

    def _short_of_nth(self, candidates, ok):
        i = self.locator._nth if self.locator else None
        n = len(candidates or ())
        if i is not None and not ok and n <= i:
            return f": {n} match{'' if n == 1 else 'es'}, index {i}"
        return ""

    def _converge(self, name, expected, timeout, judge, settle=0.0, settle_from=None):
        """The shared wait: judge(snapshot) -> (ok, ambiguous, candidates, note), once per
        revision (revisions never change). With settle, an ok result must also hold while the
        screen stays unchanged for settle seconds, from the newest revision's time."""
        s = self.session
        settle_ns = _s2ns(settle)
        deadline = s.now_ns() + _s2ns(timeout)
        seq, result = -1, None
        while True:
            if s.failure is not None:
                raise s.failure
            snap, ended = s._look()
            if snap.seq != seq:
                seq = snap.seq
                result = judge(snap)
            ok, ambiguous, candidates, note = result
            now = s.now_ns()
            if ambiguous:
                raise self._fail(name, f"{len(candidates)} matches; a strict locator needs exactly one "
                                 "(use .nth(i) or .region(...))", expected, timeout, snap, candidates)
            wait_until = deadline
            if ok:
                since = settle_from(snap, now) if settle_from else max(snap.time_ns, s.start_ns)
                ready_at = since + settle_ns
                # After the exit the screen cannot change: the final snapshot has settled.
                if not settle_ns or ended or now >= ready_at:
                    return snap.seq
                wait_until = min(ready_at, deadline)
            elif ended:
                raise self._fail(name, "the program ended and its final screen does not meet the condition"
                                 + self._short_of_nth(candidates, ok), expected, timeout, snap, candidates, note)
            if now >= deadline:
                if ok:
                    why = (f"timed out after {timeout:g} s: the condition held but the screen did not stay "
                           f"unchanged for {settle:g} s")
                else:
                    why = f"timed out after {timeout:g} s" + self._short_of_nth(candidates, ok)
                raise self._fail(name, why, expected, timeout, snap, candidates, None if ok else note)
            s.wait_for_change(wait_until, seen=snap.seq)

    def _locate(self, loc):
        def judge(snap):
            candidates, match, ambiguous = loc.resolve(snap)
            return match is not None, ambiguous, candidates, None
        return judge

    # ------------------------------------------------------------ the assertions

    def to_be_present(self, *, timeout=None):
        """The locator matches exactly once. .not_: to_be_absent()."""
        if self.negated:
            return self._absent("not_.to_be_present", timeout, DEFAULT_SETTLE)
        return self._present("to_be_present", timeout)

    def _present(self, name, timeout):
        loc = self._need_locator(name)
        return self._converge(name, "the locator to match exactly once", self._timeout(timeout), self._locate(loc))

    def to_be_stable(self, *, settle=DEFAULT_SETTLE, timeout=None):
        """The locator matches exactly once on a screen unchanged for settle seconds; on a
        terminal, the screen is unchanged for settle seconds."""
        self._no_not("to_be_stable", "a screen that keeps changing has no moment to pass at; assert what it "
                     "should show instead")
        loc = self.locator
        expected = (f"the locator to match exactly once on a screen unchanged for {settle:g} s" if loc
                    else f"the screen to stay unchanged for {settle:g} s")

        def judge(snap):
            # While the program holds synchronized output (2026) the screen is mid-update.
            if snap.modes.get("synchronized_output"):
                return False, False, (), None
            if loc is None:
                return True, False, (), None
            return self._locate(loc)(snap)
        return self._converge("to_be_stable", expected, self._timeout(timeout), judge, settle)

    def to_be_absent(self, *, settle=DEFAULT_SETTLE, timeout=None):
        """The locator stays absent for settle seconds; reappearing restarts the window.
        .not_: to_be_present()."""
        if self.negated:
            return self._present("not_.to_be_absent", timeout)
        return self._absent("to_be_absent", timeout, settle)

    def _absent(self, name, timeout, settle):
        loc = self._need_locator(name)
        s = self.session
        settle_ns = _s2ns(settle)
        presence = {}  # seq -> present (revisions never change)

        def present_at(snap):
            if snap.seq not in presence:
                _, match, ambiguous = loc.resolve(snap)
                presence[snap.seq] = ambiguous or match is not None
            return presence[snap.seq]

        def absent_since(newest, now):
            # Absent since the revision after the newest one that showed the locator; the walk
            # back stops once a revision older than the window is absent too. Under the lock:
            # the reader thread cannot evict a revision the walk is about to read.
            since = max(newest.time_ns, s.start_ns)
            with s._cond:
                k = newest.seq - 1
                while k >= s.oldest_revision:
                    if since + settle_ns <= now:
                        break
                    snap = s.revision_at(k)
                    if present_at(snap):
                        break
                    since = max(snap.time_ns, s.start_ns)
                    k -= 1
            return since

        def judge(snap):
            candidates, match, ambiguous = loc.resolve(snap)
            presence[snap.seq] = ambiguous or match is not None
            return not presence[snap.seq], False, candidates, None
        return self._converge(name, f"the locator to stay absent for {settle:g} s", self._timeout(timeout), judge,
                              settle, absent_since)

    def to_have_style(self, style=None, *, timeout=None, **looks):
        """Every cell of the locator's one match has the style ({'fg': 4, 'bold': True}, or
        the same as keywords), waited for like to_be_present. .not_: the match is there and
        some cell lacks it."""
        name = ("not_." if self.negated else "") + "to_have_style"
        loc = self._need_locator(name)
        if style is not None and looks:
            raise TypeError(f"{name}(): a style dict or keywords, not both")
        want = parse_style(style if style is not None else looks, f"{name}(style)")
        if wants_nothing(want):
            raise TypeError(f"{name}(style): name at least one of fg, bg, bold, ... (an empty style matches anything)")
        words = describe_style(want)
        expected = (f"the locator to match exactly once, some cell of it without {words}" if self.negated
                    else f"the locator to match exactly once, every cell of it with {words}")

        def judge(snap):
            candidates, match, ambiguous = loc.resolve(snap)
            if match is None:
                return False, ambiguous, candidates, None if ambiguous else "no match on the screen"
            ok = match_looks(snap, match, want) != self.negated
            return ok, False, candidates, f"the match ({format_range(match)}) looks: {describe_match_style(snap, match)}"
        return self._converge(name, expected, self._timeout(timeout), judge)

    def to_satisfy(self, predicate, *, settle=DEFAULT_SETTLE, timeout=None):
        """predicate(snapshot) holds on a screen unchanged for settle seconds."""
        self._no_not("to_satisfy", "negate the predicate instead: to_satisfy(lambda s: not ...)")
        if not callable(predicate):
            raise TypeError("to_satisfy(predicate): a function of a Snapshot")
        return self._converge("to_satisfy", f"the predicate to hold on a screen unchanged for {settle:g} s",
                              self._timeout(timeout), lambda snap: (bool(predicate(snap)), False, (), None), settle)

    def _baseline(self, name, since):
        s = self.session
        if since is None:
            base = s.last_action.revision if s.last_action is not None else 0
        elif isinstance(since, int) and not isinstance(since, bool):
            base = since
        elif isinstance(getattr(since, "revision", None), int):
            base = since.revision
        else:
            raise TypeError(f"{name}(since=): an action's receipt or a revision number")
        oldest = s.oldest_revision
        if base < oldest:
            raise HistoryEvictedError(f"{name}(): the baseline revision {base} is no longer kept (history holds "
                                      f"{oldest}..{s.revision}); raise the history limits (launch(history=...))",
                                      baseline=base, oldest_revision=oldest)
        return base

    def to_have_shown(self, predicate, *, since=None, timeout=None):
        """Some revision made after the baseline (since: a receipt or a revision; default the
        latest action) satisfied predicate(snapshot), even if it is gone from the screen now."""
        self._no_not("to_have_shown", "no revision showing it could only be known by sitting out the whole "
                     "timeout; check the screen as it is now with to_satisfy(lambda s: not ...)")
        if not callable(predicate):
            raise TypeError("to_have_shown(predicate): a function of a Snapshot")
        return self._shown("to_have_shown", "some revision after the baseline to satisfy the predicate",
                           predicate, since, timeout)

    def to_have_shown_text(self, text, *, exact=False, since=None, timeout=None):
        """Some revision made after the baseline showed text (literal, one row)."""
        self._no_not("to_have_shown_text", "no revision showing the text could only be known by sitting out the "
                     "whole timeout; use expect(term.get_by_text(text)).to_be_absent()")
        if not isinstance(text, str) or not text:
            raise TypeError("to_have_shown_text(text): a non-empty str")
        return self._shown("to_have_shown_text", f"some revision after the baseline to show {quote(text)}",
                           lambda snap: bool(snap.find_all(text, exact)), since, timeout)

    def _shown(self, name, expected, predicate, since, timeout):
        if self.locator is not None:
            raise TypeError(f"{name}() applies to a terminal: expect(term).{name}(...)")
        s = self.session
        timeout = self._timeout(timeout)
        found = []
        errors = []

        def check(seq):
            if found or errors or seq is None:
                return
            try:
                if predicate(s.revision_at(seq)):
                    found.append(seq)
            except Exception as e:  # the predicate's own error is the assertion's outcome
                errors.append(e)

        deadline = s.now_ns() + _s2ns(timeout)
        # Subscribed before the scan, both under the lock: every revision is seen once, while
        # it is still kept.
        with s._cond:
            base = self._baseline(name, since)
            unsubscribe = s.subscribe(check)
            try:
                for k in range(base + 1, s.revision + 1):
                    check(k)
                while True:
                    if errors:
                        raise errors[0]
                    if found:
                        return found[0]
                    if s.failure is not None:
                        raise s.failure
                    why = None
                    if s.ended:
                        why = f"the program ended; no revision {base + 1}..{s.revision} matched"
                    elif s.now_ns() >= deadline:
                        why = f"timed out after {timeout:g} s; no revision {base + 1}..{s.revision} matched"
                    if why:
                        raise self._fail(name, why, expected, timeout)
                    s.wait_for_change(deadline)
            finally:
                unsubscribe()

    def to_match_snapshot(self, name, *, settle=DEFAULT_SETTLE, timeout=None, directory=None, update=None):
        """The settled screen matches the golden file __snapshots__/NAME.txt beside the test
        file (or in directory), compared by the native `tessera golden`. With update (default:
        TESSERA_UPDATE=1 in the environment) the settled screen is written there instead."""
        self._no_not("to_match_snapshot", "a screen that differs from a golden file says nothing about what it "
                     "shows; assert what it should show instead")
        if self.locator is not None:
            raise TypeError("to_match_snapshot() applies to a terminal: expect(term).to_match_snapshot(name)")
        if not isinstance(name, str) or not name or name.startswith("/") or ".." in Path(name).parts:
            raise TypeError(f"to_match_snapshot(name): a non-empty relative name without '..', got {name!r}")
        if directory is None:
            directory = Path(_caller_file()).parent / "__snapshots__"
        file = Path(directory).resolve() / f"{name}.txt"
        timeout = self._timeout(timeout)
        if update is None:
            update = _context.update_snapshots() or os.environ.get("TESSERA_UPDATE") == "1"
        if not update and not os.access(file, os.R_OK):
            raise self._fail("to_match_snapshot", f"cannot read the golden file {file} (write it with TESSERA_UPDATE=1)",
                             f"the screen to match {file}", timeout)
        expected = (f"the screen to stay unchanged for {settle:g} s, to be written to {file}" if update
                    else f"the screen, once unchanged for {settle:g} s, to match {file}")
        judged = {}  # the last snapshot judged: its renderings outlive an eviction

        def judge(snap):
            judged.clear()
            judged[snap.seq] = snap
            return not snap.modes.get("synchronized_output"), False, (), None
        seq = self._converge("to_match_snapshot", expected, timeout, judge, settle)
        snap = judged[seq]
        ok, reason, diff = _golden(file, snap.snapshot() + "\n", update)
        if not ok:
            error = self._fail("to_match_snapshot", reason, expected, timeout, snap, note=diff or None)
            if diff:
                error.expected_file = file  # the report shows it beside the screen
            raise error
        return seq


def _golden(file, screen, update):
    """`tessera golden [--update] FILE SCREEN`: (ok, reason, diff)."""
    with tempfile.NamedTemporaryFile("w", suffix=".screen", encoding="utf-8", delete=False) as f:
        f.write(screen)
    try:
        args = [_native.find_host(), "golden"] + (["--update"] if update else []) + [str(file), f.name]
        r = subprocess.run(args, capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(f.name)
    if r.returncode == 0:
        return True, "", ""
    first, _, rest = r.stderr.rstrip("\n").partition("\n")
    reason = first[len("tessera: "):] if first.startswith("tessera: ") else first
    return False, reason, rest if r.returncode == 1 else ""


def _caller_file():
    """The file of the first frame outside this package: the test that asserted."""
    here = Path(__file__).resolve().parent
    for frame in inspect.stack()[1:]:
        f = Path(frame.filename).resolve()
        if here not in f.parents:
            return f
    raise TypeError("to_match_snapshot(): cannot tell the test file from the stack; pass directory=")



# Every assertion on a live Terminal is a step of its trace (web/README.md, "Marks"): a start
# mark, and an end mark with its verdict; a failed one also writes the failure's artifacts at
# that step (artifacts.py), and the error names their folder.
ASSERTIONS = ("to_be_present", "to_be_stable", "to_be_absent", "to_satisfy", "to_match_snapshot", "to_have_shown",
              "to_have_shown_text", "to_have_style")


def _describe_call(target, name, args, kwargs):
    shown = [quote(a) for a in args if isinstance(a, str)]
    if name.endswith("to_have_style"):
        style = args[0] if args and isinstance(args[0], dict) else {k: v for k, v in kwargs.items() if k != "timeout"}
        try:
            shown.append(style_literal(parse_style(style, name)))
        except TypeError:
            pass  # the call itself says what is wrong
    return f"expect({target}).{name}({', '.join(shown)})"


def _traced(name, original):
    def traced(self, *args, **kwargs):
        __tracebackhide__ = True  # pytest shows the test's line, not this package's frames
        s = self.session
        if getattr(s, "_trace", None) is None:
            return original(self, *args, **kwargs)
        test_file = _caller_file()
        call = _describe_call(self.locator or "terminal", ("not_." if self.negated else "") + name, args, kwargs)
        step = s._begin_step(call)
        try:
            value = original(self, *args, **kwargs)
        except TerminalAssertionError as error:
            step.failed(error.reason)
            # The journal as it stands at the end mark: later output could push the mark out
            # of the trace's bound before the artifacts are written.
            with s._cond:
                journal = s._trace.encode()
                at_step, at_event = s._trace.failure_at(step.index)
                dropped, bound = s._trace.dropped, s._trace.max_bytes
            _attach_artifacts(s, error, at_step, at_event, journal, call, test_file, dropped, bound)
            raise error.with_traceback(None) from None
        except Exception as error:
            step.failed(str(error))
            raise
        step.passed(f"revision {value}" if isinstance(value, int) and value >= 0 else "")
        return value
    traced.__name__ = original.__name__
    traced.__doc__ = original.__doc__
    return traced


def _attach_artifacts(session, error, step, event, journal, call, test_file, dropped, bound):
    from .artifacts import write_artifacts
    more = ""
    try:
        error.artifacts = write_artifacts(session, step=step, event=event, journal=journal, reason=str(error),
                                          expectation=f"{call}: {error.expectation}",
                                          expected_file=getattr(error, "expected_file", None), test_file=test_file)
        more = f"\n  artifacts: {error.artifacts}"
        if dropped:
            more += (f" (its trace keeps the last {bound} bytes: the first {dropped[0]} frames, {dropped[1]} bytes, "
                     "were dropped)")
    except Exception as e:  # the failure itself is what the test must see
        more = f"\n  artifacts: not written: {e}"
    error.args = (error.args[0] + more,)


for _name in ASSERTIONS:
    setattr(Expectation, _name, _traced(_name, getattr(Expectation, _name)))
