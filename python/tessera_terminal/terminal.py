"""launch(): a real program on a PTY through `tessera host` (native-host/host/HOST_PROTOCOL.md).
A reader thread cuts the host's stdout into frames and applies each to the core's Screen in
order, one frame per call, under the session's lock; the engine's replies are dropped because
the host answers the program itself. Input actions wait, in the host, for the program to read
its terminal, and return a Receipt once the host's INPUT_ACK (for a resize, its RESIZE frame)
comes back. Every wait has a deadline (timeout=, in seconds, else the launch's)."""
import atexit
import json
import os
import subprocess
import threading
import weakref

from . import _native
from .errors import TerminalError, TerminalTimeoutError
from .frames import Frame, FrameDecoder
from .locator import format_range, middle_of, quote
from .screen import Screen
from .session import Receipt, Session
from .trace import Trace

MAX_READY_MS = 86_400_000  # the host's limit
_live = weakref.WeakSet()  # every Terminal not closed yet, for close_all()
KILLED_HOST_S = 2.0        # how long a SIGKILLed host may take to be reaped
NO_ACK = "no acknowledgement from the host (the program has not taken the input)"


def launch(command, args=None, *, rows=24, cols=80, env=None, cwd=None, timeout=5.0, inherit_home=False,
           reflow=False, scrollback=None, history=None, ready_budget=None, trace_max_bytes=None, host_path=None):
    """Starts `command` with `args` on a PTY of rows x cols; returns once the program runs.
    env adds variables; HOME is a fresh temporary folder unless inherit_home. timeout (seconds)
    is every wait's default; ready_budget (seconds) how long an input waits for the program
    to read its terminal before it is sent anyway (the host's default: 1 s). The trace a
    failure writes out keeps the last trace_max_bytes of the session (default 64 MiB, or
    $TESSERA_TRACE_MAX_BYTES)."""
    if args is None:
        args = []
    if isinstance(args, (str, bytes)) or not all(isinstance(a, str) for a in args):
        raise TypeError("launch(command, args): args is a list of str")
    _positive(timeout, "launch(timeout=)")
    budget_ms = None if ready_budget is None else _ready_ms(ready_budget, "launch(ready_budget=)")
    screen = Screen(rows, cols, scrollback=scrollback, reflow=reflow, history=history)
    term = Terminal(screen, timeout=timeout, ready_budget_ms=budget_ms,
                    options={"reflow": reflow, "scrollback": scrollback})
    term._trace = Trace(screen, rows, cols, term.now_ns(), trace_max_bytes)
    spawn = {"op": "spawn", "cmd": str(command), "args": list(args), "rows": rows, "cols": cols}
    if env:
        spawn["env"] = {str(k): str(v) for k, v in env.items()}
    if cwd is not None:
        spawn["cwd"] = os.fspath(cwd)
    if inherit_home:
        spawn["inheritHome"] = True
    term._start(host_path or _native.find_host(), spawn)
    _live.add(term)
    try:
        # Acknowledged once the spawn has worked; now: nothing is typed, so nothing waits.
        term._send([{"op": "input", "bytes": [], "now": True}], "start", None, probe=True, traced=False)
    except BaseException:
        term.close()
        raise
    return term


class _Keyboard:
    def __init__(self, term):
        self._term = term

    def press(self, key, *, timeout=None, now=False, ready=None):
        """Presses a key by name ("Enter", "ctrl+c", "ArrowUp", "G": the keys reference)."""
        __tracebackhide__ = True
        return self._term._act([{"key": key}], f"press {_quote_short(key)}", timeout, now, ready)

    def type(self, text, *, timeout=None, now=False, ready=None):
        """Types text as the keyboard would (UTF-8)."""
        __tracebackhide__ = True
        return self._term._act([{"text": text}], f"type {_quote_short(text)}", timeout, now, ready)


class _Mouse:
    def __init__(self, term):
        self._term = term

    def _one(self, action, row, col, button, mods, timeout, now, ready):
        __tracebackhide__ = True
        field = {"action": action, "row": row, "col": col, "button": button}
        if mods:
            field["mods"] = list(mods)
        return self._term._act([{"mouse": field}], f"mouse {action} at {row},{col}", timeout, now, ready)

    def click(self, row, col, *, button="left", mods=(), timeout=None, now=False, ready=None):
        return self._one("click", row, col, button, mods, timeout, now, ready)

    def down(self, row, col, *, button="left", mods=(), timeout=None, now=False, ready=None):
        return self._one("down", row, col, button, mods, timeout, now, ready)

    def up(self, row, col, *, button="left", mods=(), timeout=None, now=False, ready=None):
        return self._one("up", row, col, button, mods, timeout, now, ready)

    def move(self, row, col, *, button="none", mods=(), timeout=None, now=False, ready=None):
        return self._one("move", row, col, button, mods, timeout, now, ready)

    def wheel(self, row, col, direction="down", *, mods=(), timeout=None, now=False, ready=None):
        if direction not in ("up", "down"):
            raise TypeError(f"wheel(direction): 'up' or 'down', got {direction!r}")
        return self._one("wheel", row, col, "wheel" + direction, mods, timeout, now, ready)


class Terminal(Session):
    def __init__(self, screen, timeout=5.0, ready_budget_ms=None, options=None):
        super().__init__(screen, timeout=timeout, start_ns=0)
        self.options = dict(options or {})
        self._trace = None
        self.start_ns = self.now_ns()
        self._ready_budget_ms = ready_budget_ms
        self._next_id = 1
        self._pending = {}   # id -> dict(what, probe, notes, receipt, error)
        self._resizes = []   # FIFO of dicts(receipt, error)
        self.host_errors = []
        self._last_host_error = None
        self._closing = False
        self._closed = False
        self.host_exit = None
        self.keyboard = _Keyboard(self)
        self.mouse = _Mouse(self)

    # ------------------------------------------------------------ the host

    def _start(self, host_path, spawn):
        self.host_path = host_path
        try:
            self.proc = subprocess.Popen([host_path, "host"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0, close_fds=True)
        except OSError as e:
            raise TerminalError(f"tessera host ({host_path}): {e}") from None
        self._decoder = FrameDecoder("tessera host")
        self._stderr_done = threading.Event()
        threading.Thread(target=self._read_stderr, name="tessera-host-stderr", daemon=True).start()
        threading.Thread(target=self._read_stdout, name="tessera-host-stdout", daemon=True).start()
        self._write(spawn)

    def _write(self, obj):
        if self._closing:
            return False
        try:
            self.proc.stdin.write((json.dumps(obj) + "\n").encode())
            return True
        except (BrokenPipeError, ValueError, OSError):
            return False  # the host is gone: its end is reported by the reader

    def _read_stdout(self):
        fd = self.proc.stdout.fileno()
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            try:
                frames = self._decoder.push(chunk)
            except Exception as e:  # a malformed stream: nothing after it can be trusted
                self._fail(TerminalError(str(e)))
                self.proc.kill()
                break
            with self._cond:
                for f in frames:
                    self._frame(f)
        code = self.proc.wait()
        self._stderr_done.wait(KILLED_HOST_S)
        with self._cond:
            self.host_exit = code
            if self.exit_status is not None:
                reason = "output drained: EXIT frame received"
            else:
                how = f"signal {-code}" if code < 0 else f"exit {code}"
                cut = f" ({self._decoder.pending} bytes of a frame cut short)" if self._decoder.pending else ""
                reason = f"host ended ({how}) without an EXIT frame{cut}"
            self._end(reason)
            self._reject_all(TerminalError(f"tessera host ended{self._stderr_note()}"))

    def _frame(self, f):
        try:
            self._apply(f)
        except Exception as e:
            self._fail(TerminalError(f"applying a frame: {e}"))
            return
        if self._trace is not None:
            self._trace.keep(f)  # after the screen applied it: a keyframe made now shows it
        if f.type == "mark":
            note = _readiness_note(f.data.decode("utf-8", "replace"))
            if note and note[0] in self._pending:
                self._pending[note[0]]["notes"].append(note[1])
        elif f.type == "input-ack":
            p = self._pending.pop(f.action_id, None)
            if p is not None:
                receipt = Receipt(f.action_id, self._screen.revision, f.time_ns)
                if not p["probe"]:
                    self.last_action = receipt
                p["receipt"] = receipt
        elif f.type == "resize":
            if self._resizes:
                r = self._resizes.pop(0)
                r["receipt"] = self.last_action = Receipt(None, self._screen.revision, f.time_ns)
        elif f.type == "exit":
            self._end("output drained: EXIT frame received")
        self._cond.notify_all()

    def _read_stderr(self):
        try:
            for raw in self.proc.stderr:
                line = raw.decode("utf-8", "replace").strip()
                if line:
                    with self._cond:
                        self._host_line(line)
        finally:
            self._stderr_done.set()

    def _host_line(self, line):
        try:
            msg = json.loads(line)
            if not isinstance(msg, dict):
                raise ValueError
        except ValueError:
            msg = {"error": line}
        self.host_errors.append(msg)
        op, mid = msg.get("op", "error"), msg.get("id")
        text = f"tessera host: {op}{f' {mid}' if mid is not None else ''}: {msg.get('error', msg.get('warning'))}"
        if mid is not None and mid in self._pending:
            p = self._pending.pop(mid)
            # A refused spawn leaves the host running: the start probe's "no program" is its
            # consequence, the spawn's line its reason.
            reason = text
            if p["what"] == "start" and self._last_host_error and self._last_host_error.startswith("tessera host: spawn"):
                reason = self._last_host_error
            p["error"] = TerminalError(f"{p['what']}: {reason}")
        elif op == "resize" and self._resizes:
            self._resizes.pop(0)["error"] = TerminalError(text)
        elif "warning" not in msg and (op == "spawn" or mid is None):
            self._last_host_error = text  # e.g. could not start: reported when the host ends
        self._cond.notify_all()

    def _stderr_note(self):
        return f": {self._last_host_error[len('tessera host: '):]}" if self._last_host_error else ""

    def _reject_all(self, err):
        for p in self._pending.values():
            if p["receipt"] is None and p["error"] is None:
                p["error"] = TerminalError(f"{p['what']}: {err}")
        self._pending.clear()
        for r in self._resizes:
            r["error"] = err
        self._resizes.clear()
        self._cond.notify_all()

    def _fail(self, err):
        with self._cond:
            if self.failure is None:
                self.failure = err
            self._reject_all(err)
            self._emit(None)

    # ------------------------------------------------------------ waiting

    def _deadline_s(self, timeout, what):
        t = self.timeout if timeout is None else timeout
        _positive(t, f"{what}: timeout")
        return t

    def _timeout_error(self, what, timeout, reason):
        return TerminalTimeoutError(what, timeout, reason, self.screen, self.describe_end(), self.exit_status)

    def _wait(self, done, what, timeout, reason):
        """Waits (lock held) until done() is true; raises TerminalTimeoutError at the deadline."""
        until = self.now_ns() + int(timeout * 1e9)
        while not done():
            left = until - self.now_ns()
            if left <= 0:
                raise self._timeout_error(what, timeout, reason() if callable(reason) else reason)
            self._cond.wait(left / 1e9)

    # ------------------------------------------------------------ steps of the trace

    def _mark(self, label):
        with self._cond:
            if self._trace is not None:
                self._trace.keep(Frame("mark", self.now_ns(), label.encode("utf-8")))

    def _begin_step(self, description):
        """Marks `step N start: DESCRIPTION`; the returned Step marks its end once
        (web/README.md, "Marks")."""
        with self._cond:
            index = self._trace.steps if self._trace is not None else 0
            if self._trace is not None:
                self._trace.steps += 1
        self._mark(f"step {index} start: {_one_line(description)}")
        return _Step(self, index, self.now_ns())

    # ------------------------------------------------------------ actions

    def _readiness(self, now, ready, what):
        if not isinstance(now, bool):
            raise TypeError(f"{what}: now must be True or False, got {now!r}")
        if now and ready is not None:
            raise TypeError(f"{what}: now and ready, one of them (now sends without waiting)")
        if now:
            return {"now": True}
        ms = _ready_ms(ready, f"{what}: ready") if ready is not None else self._ready_budget_ms
        return {} if ms is None else {"readyMs": ms}

    def _act(self, inputs, what, timeout, now, ready):
        __tracebackhide__ = True
        fields = self._readiness(now, ready, what)
        commands = [dict({"op": "input"}, **(fields if i == 0 else {}), **f) for i, f in enumerate(inputs)]
        return self._send(commands, what, timeout)

    def _send(self, commands, what, timeout, probe=False, traced=True):
        """Sends commands one after another, each with an id, each acknowledged by the host;
        returns the last one's Receipt. A step of the trace unless untraced (the start probe,
        readiness waits), its end mark with the host's readiness notes."""
        timeout = self._deadline_s(timeout, what)
        __tracebackhide__ = True
        step = self._begin_step(what) if traced and not probe else None
        notes = []
        try:
            receipt = self._send_all(commands, what, timeout, probe, notes)
        except TerminalTimeoutError as e:
            if step:
                step.failed(f"timed out after {timeout:g} s: {NO_ACK}")
            raise e.with_traceback(None) from None
        except TerminalError as e:
            if step:
                step.failed(str(e)[len(what) + 2:] if str(e).startswith(what + ": ") else str(e))
            raise e.with_traceback(None) from None
        if step:
            step.passed(", ".join([f"revision {receipt.revision}"] + notes))
        return receipt

    def _send_all(self, commands, what, timeout, probe, notes):
        until = self.now_ns() + int(timeout * 1e9)
        with self._cond:
            if self.failure is not None:
                raise self.failure
            if self.ended or self._closing:
                raise TerminalError(f"{what}: the terminal is {'closed' if self._closing else 'ended'}")
            receipt = None
            for cmd in commands:
                cid = self._next_id
                self._next_id += 1
                p = {"what": what, "probe": probe, "notes": [], "receipt": None, "error": None}
                self._pending[cid] = p
                self._write(dict(cmd, id=cid))
                left = (until - self.now_ns()) / 1e9
                try:
                    self._wait(lambda: p["receipt"] is not None or p["error"] is not None or self.failure is not None,
                               what, max(left, 1e-9), NO_ACK)
                except TerminalTimeoutError as e:
                    self._pending.pop(cid, None)
                    e.timeout = timeout
                    raise
                if p["error"] is not None:
                    raise p["error"]
                if self.failure is not None and p["receipt"] is None:
                    raise self.failure
                receipt = p["receipt"]
                notes.extend(p["notes"])
            return receipt

    def paste(self, text, *, timeout=None, now=False, ready=None):
        """Pastes text (bracketed when the program asked for it)."""
        return self._act([{"paste": text}], f"paste {_quote_short(text)}", timeout, now, ready)

    def focus(self, focused=True, *, timeout=None, now=False, ready=None):
        """Reports focus in (True) or out (False), if the program asked for it."""
        return self._act([{"focus": bool(focused)}], f"focus {bool(focused)}", timeout, now, ready)

    def click_text(self, locator, *, button="left", timeout=None):
        """Clicks the middle cell of the locator's one match, once there is exactly one."""
        timeout = self._deadline_s(timeout, f"click {locator}")
        until = self.now_ns() + int(timeout * 1e9)
        while True:
            snap, ended = self._look()
            candidates, match, ambiguous = locator.resolve(snap)
            if match is not None:
                row, col = middle_of(match)
                left = max((until - self.now_ns()) / 1e9, 1e-3)
                return self.mouse.click(row, col, button=button, timeout=left)
            if ambiguous:
                raise TerminalError(f"click {locator}: {len(candidates)} matches; an action needs exactly one "
                                    f"(use .nth(i) or .region(...))\n  candidates: "
                                    + "; ".join(format_range(m) for m in candidates))
            if ended:
                raise TerminalError(f"click {locator}: the program ended and its final screen has no match")
            if self.now_ns() >= until:
                raise self._timeout_error(f"click {locator}", timeout, f"no single match of {locator}")
            self.wait_for_change(until, seen=snap.seq)

    def wait_for_input_ready(self, *, timeout=None):
        """Returns once the program waits for input: its screen settled and the PTY's foreground
        process group blocked reading the terminal (Linux /proc). The receipt does not replace
        last_action."""
        t = self._deadline_s(timeout, "wait_for_input_ready")
        ms = max(1, int(-(-t * 1000 // 1)))
        # The host's deadline comes first, so its reason is what a timeout reports; ours, a
        # second later, only ends the wait if the host never answers.
        return self._send([{"op": "ready", "timeoutMs": ms}], "wait_for_input_ready", t + 1.0, probe=True,
                          traced=False)

    def resize(self, rows, cols, *, timeout=None):
        """Resizes the terminal; the receipt is the revision after the RESIZE frame."""
        what = f"resize to {rows}x{cols}"
        timeout = self._deadline_s(timeout, what)
        with self._cond:
            if self.failure is not None:
                raise self.failure
            if self.ended or self._closing:
                raise TerminalError(f"{what}: the terminal is ended")
            step = self._begin_step(what)
            r = {"receipt": None, "error": None}
            self._resizes.append(r)
            self._write({"op": "resize", "rows": rows, "cols": cols})
            try:
                self._wait(lambda: r["receipt"] is not None or r["error"] is not None, what, timeout,
                           "no RESIZE frame from the host")
            except TerminalTimeoutError:
                if r in self._resizes:
                    self._resizes.remove(r)
                step.failed(f"timed out after {timeout:g} s: no RESIZE frame from the host")
                raise
            if r["error"] is not None:
                step.failed(str(r["error"]))
                raise r["error"]
            step.passed(f"revision {r['receipt'].revision}")
            return r["receipt"]

    def wait_for_exit(self, *, timeout=None):
        """The program's ExitStatus(code, signal) once it has exited and its output is drained."""
        timeout = self._deadline_s(timeout, "wait_for_exit()")
        with self._cond:
            self._wait(lambda: self.exit_status is not None or self.ended or self.failure is not None,
                       "wait_for_exit()", timeout, "the program is still running")
            if self.exit_status is not None:
                return self.exit_status
            if self.failure is not None:
                raise self.failure
            raise TerminalError(f"tessera host ended without an exit status{self._stderr_note()}")

    def close(self, *, timeout=None):
        """Ends the program (its whole process group) and the host; idempotent. If the host has
        not ended within timeout, it is killed (its PTY hangs up, which ends the program) and
        TerminalTimeoutError is raised."""
        if self._closed:
            return self.exit_status
        timeout = self._deadline_s(timeout, "close()")
        self._closed = True
        _live.discard(self)
        with self._cond:
            self._closing = True
        proc = getattr(self, "proc", None)
        if proc is None:
            return None
        try:
            proc.stdin.write(b'{"op":"close"}\n')
            proc.stdin.close()
        except (BrokenPipeError, ValueError, OSError):
            pass  # the host is gone already
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            try:
                proc.wait(KILLED_HOST_S)
            except subprocess.TimeoutExpired:
                pass
            raise self._timeout_error("close()", timeout,
                                      "the host did not end the program in time; it was killed (SIGKILL)") from None
        with self._cond:
            self._wait(lambda: self.ended, "close()", KILLED_HOST_S, "the host's output did not end")
            self._reject_all(TerminalError("the terminal was closed"))
        return self.exit_status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False



class _Step:
    """One step of the trace: its end is marked once, passed or failed."""

    def __init__(self, term, index, start_ns):
        self.term, self.index, self.start_ns, self.ended = term, index, start_ns, False

    def _end(self, verdict, detail="", reason=None):
        if self.ended:
            return
        self.ended = True
        ms = (self.term.now_ns() - self.start_ns) // 1_000_000
        more = f", {_one_line(detail)}" if detail else ""
        why = "" if reason is None else f": {_one_line(reason) or 'no reason given'}"
        self.term._mark(f"step {self.index} end: {verdict} ({ms}ms{more}){why}")

    def passed(self, detail=""):
        self._end("passed", detail)

    def failed(self, reason):
        self._end("failed", "", reason)


def _one_line(text):
    return str(text).split("\n")[0]


def close_all():
    """Closes every terminal still open (an interrupted test run's last act, and the
    interpreter's at exit); errors are ignored, since what matters then is that no program
    is left. A terminal nobody closed also ends when the process does: its host sees its
    stdin close and ends the program itself."""
    for term in list(_live):
        try:
            term.close(timeout=2.0)
        except Exception:
            pass


atexit.register(close_all)


def _readiness_note(label):
    head, sep, rest = label.partition(": ")
    if sep and head.startswith("input ") and head[6:].isdigit():
        return int(head[6:]), rest
    return None


def _positive(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise TypeError(f"{what} must be a number of seconds > 0, got {value!r}")


def _ready_ms(seconds, what):
    _positive(seconds, what)
    ms = int(round(seconds * 1000))
    if not 1 <= ms <= MAX_READY_MS:
        raise TypeError(f"{what}: from 0.001 to {MAX_READY_MS // 1000} seconds, got {seconds!r}")
    return ms


def _quote_short(text):
    q = quote(str(text))
    return f'{q[:36]}..." ({len(str(text))} chars)' if len(q) > 40 else q
