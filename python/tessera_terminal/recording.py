"""Recordings on virtual time: open_recording() reads an asciicast file (v2 or v3, by the
core's reader, so a file the native CLI rejects is rejected here with the same line and
reason) or a tessera journal (frames decoded by the core), and returns a Recording: a session
whose frames are applied in order as assertions wait, the clock jumping to each frame's
recorded time (or to the end of a settle window or a deadline). Locators and expect() work
on it exactly as on a live terminal, deterministically, and never wait in real time."""
import ctypes
import re
from ctypes import byref, c_long, c_void_p

from . import _abi
from .errors import RecordingError, TesseraError
from .frames import Frame, decode_frames
from .screen import Screen
from .session import Receipt, Session

CAST_KINDS = {1: "header", 2: "output", 3: "input", 4: "resize", 5: "marker", 6: "exit", 7: "comment"}
JOURNAL_VERSIONS = ((2, b"tessera-journal 2\n"), (1, b"tessera-journal 1\n"))
JOURNAL_PREFIX = b"tessera-journal "


class Marker:
    def __init__(self, time_ns, label):
        self.time_ns, self.label = time_ns, label

    def __repr__(self):
        return f"Marker({self.time_ns}, {self.label!r})"


def _read_cast(data, name, core):
    reader = c_void_p()
    core.check(core.cast_reader_new(byref(reader)), f"{name}: making a reader")
    frames, frame_events, markers, marker_events = [], [], [], []
    header, event = None, 0
    ev = _abi.CastEvent()

    def fail(st):
        line = c_long()
        reason = core.cast_reader_error(reader, byref(line)).decode("utf-8", "replace")
        if st == _abi.ERR_FORMAT:
            raise RecordingError(f"{name}:{line.value}: {reason}", status=st)
        raise TesseraError(f"{name}: {core.status(st)}", status=st)

    try:
        lines = data.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()  # the newline that ends the last line
        for line in lines:
            st = core.cast_reader_line(reader, line, len(line), byref(ev))
            if st != _abi.OK:
                fail(st)
            kind = CAST_KINDS.get(ev.kind)
            if kind == "comment":
                continue
            if kind != "header":
                event += 1
            payload = ctypes.string_at(ev.data, ev.len) if ev.data and ev.len else b""
            if kind == "header":
                header = (ev.rows, ev.cols)
            elif kind in ("output", "input"):
                frames.append(Frame(kind, ev.time_ns, payload))
                frame_events.append(event)
            elif kind == "resize":
                frames.append(Frame("resize", ev.time_ns, rows=ev.rows, cols=ev.cols))
                frame_events.append(event)
            elif kind == "marker":
                markers.append(Marker(ev.time_ns, payload.decode("utf-8", "replace")))
                marker_events.append(event)
            elif kind == "exit":
                frames.append(Frame("exit", ev.time_ns, exit_code=ev.exit_code))
                frame_events.append(event)
        st = core.cast_reader_finish(reader)
        if st != _abi.OK:
            fail(st)
    finally:
        core.cast_reader_free(reader)
    return dict(format="asciicast", rows=header[0], cols=header[1], frames=frames, frame_events=frame_events,
                markers=markers, marker_events=marker_events, events=event, start_ns=0)


def _journal_version(data):
    for version, magic in JOURNAL_VERSIONS:
        if data.startswith(magic):
            return version, len(magic)
    m = re.match(rb"tessera-journal (\d{1,9})\n", data)
    if m:
        raise ValueError(f"journal version {m.group(1).decode()} is not supported (this tessera reads versions 1 and 2)")
    raise ValueError("not a tessera journal (bad first line)")


def _journal_frames(data, name, core):
    """Every frame after the journal's first line, decoded by the core; RecordingError
    "FILE: byte OFFSET: reason" where one is wrong, as the native reader words it."""
    try:
        _, pos = _journal_version(data)
    except ValueError as e:
        raise RecordingError(f"{name}:1: {e}") from None
    frames, pos, st = decode_frames(core, data, pos)
    if st == _abi.ERR_AGAIN and pos < len(data):
        raise RecordingError(f"{name}: byte {pos}: frame {len(frames)} is cut short")
    if st not in (_abi.OK, _abi.ERR_AGAIN):
        raise RecordingError(f"{name}: byte {pos}: frame {len(frames)} is invalid: {core.status(st)}", status=st)
    return frames


def _read_journal(data, name, core):
    frames = _journal_frames(data, name, core)
    start_ns = frames[0].time_ns if frames else 0
    if frames and frames[0].type == "resize":
        size = frames.pop(0)
        rows, cols = size.rows, size.cols
    else:
        rows, cols = 24, 80
    kept, frame_events, markers, marker_events = [], [], [], []
    for i, f in enumerate(frames):
        if f.type == "mark":
            markers.append(Marker(f.time_ns, f.data.decode("utf-8", "replace")))
            marker_events.append(i + 1)
        else:
            kept.append(f)
            frame_events.append(i + 1)
    return dict(format="journal", rows=rows, cols=cols, frames=kept, frame_events=frame_events, markers=markers,
                marker_events=marker_events, events=len(frames), start_ns=start_ns)


def open_recording(path, *, at=None, event=None, mark=None, timeout=5.0, history=None, reflow=False,
                   scrollback=None):
    """Reads an asciicast v2/v3 file or a tessera journal and returns it as a Recording, at a
    point if one is given: at (seconds from the start, or a span such as '1500ms', '2s',
    '1m'), event (after the first N events of any kind) or mark (at the first marker with
    that label)."""
    with open(path, "rb") as f:
        data = f.read()
    name = str(path)
    core = _abi.core()
    parsed = _read_journal(data, name, core) if data[:1] == b"t" else _read_cast(data, name, core)
    rec = Recording(parsed, timeout=timeout, history=history, reflow=reflow, scrollback=scrollback)
    if at is not None or event is not None or mark is not None:
        rec.seek(at=at, event=event, mark=mark)
    return rec


class Recording(Session):
    """A recording replayed on virtual time: a session (locators, expect) with seek()."""

    def __init__(self, parsed, timeout=5.0, history=None, reflow=False, scrollback=None):
        screen = Screen(parsed["rows"], parsed["cols"], scrollback=scrollback, reflow=reflow, history=history)
        super().__init__(screen, timeout=timeout, start_ns=parsed["start_ns"] if parsed["format"] == "journal" else 0)
        self.format = parsed["format"]
        self.rows, self.cols = parsed["rows"], parsed["cols"]
        self.frames = parsed["frames"]
        self.markers = parsed["markers"]
        self.events = parsed["events"]
        self._frame_events = parsed["frame_events"]
        self._marker_events = parsed["marker_events"]
        self._origin_ns = parsed["start_ns"]
        self.receipts = []
        self._next = 0
        self._now = self.start_ns
        if not self.frames:
            self._end("recording ended: it has no frames")

    def now_ns(self):
        """The virtual clock: the newest applied frame's time, or the end of the last wait."""
        return self._now

    def _step(self):
        f = self.frames[self._next]
        self._next += 1
        self._now = max(self._now, f.time_ns)
        made = self._apply(f)
        if f.type in ("input", "input-ack"):
            r = Receipt(f.action_id if f.type == "input-ack" else None, self._screen.revision, f.time_ns)
            self.last_action = r
            self.receipts.append(r)
        if self._next >= len(self.frames):
            self._end("recording ended: every frame applied")
        return made

    def wait_for_change(self, until_ns, seen=None):
        """Applies frames up to until_ns, stopping after the first that makes a revision (one
        thread: nothing can have changed since the caller's look, so `seen` is not needed)."""
        while not self.ended and self.frames[self._next].time_ns <= until_ns:
            if self._step():
                return
        if not self.ended:
            self._now = max(self._now, until_ns)

    def seek(self, *, at=None, event=None, mark=None):
        """Applies every frame up to one point (see open_recording); returns the recording."""
        given = [v for v in (at, event, mark) if v is not None]
        if len(given) > 1:
            raise TypeError("seek: give one of at, event and mark")
        if at is not None:
            until = self._origin_ns + _span_ns(at)
            while not self.ended and self.frames[self._next].time_ns <= until:
                self._step()
            if not self.ended:
                self._now = max(self._now, until)
            return self
        last = float("inf")
        if event is not None:
            if isinstance(event, bool) or not isinstance(event, int) or event < 0:
                raise TypeError(f"seek: event must be a whole number from 0, got {event!r}")
            if event > self.events:
                raise ValueError(f"event {event}: the recording has {self.events} event{'' if self.events == 1 else 's'}")
            last = event
        elif mark is not None:
            labels = [m.label for m in self.markers]
            if mark not in labels:
                raise ValueError(f"mark {mark!r}: the recording has no such marker")
            last = self._marker_events[labels.index(mark)]
        while not self.ended and self._frame_events[self._next] <= last:
            self._step()
        return self

    def close(self):
        """Nothing to end; here so tests can treat recordings like terminals."""
        return self.exit_status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _span_ns(at):
    if isinstance(at, (int, float)) and not isinstance(at, bool) and at >= 0:
        return int(round(at * 1e9))
    m = re.fullmatch(r"(\d+)(ms|s|m)", at) if isinstance(at, str) else None
    if not m:
        raise TypeError(f"seek: at must be seconds or a span such as '1500ms', '2s', '1m', got {at!r}")
    return int(m.group(1)) * {"ms": 1_000_000, "s": 1_000_000_000, "m": 60_000_000_000}[m.group(2)]
