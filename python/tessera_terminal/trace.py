"""A live Terminal's trace: its frames kept as a journal that a failure writes out
(artifacts.py). The native trace's design, byte for byte (native-host/artifacts/trace.c, as
js/src/trace.js mirrors it): it keeps the last max_bytes of the journal, so endless output
costs constant memory. Each time a quarter of that has been appended a segment starts, with
a KEYFRAME of the live screen kept aside; past the bound the oldest segments go at once and
the journal, now version 2, reads: the size (at the session's start), a MARK "trace: N frames
(M bytes) before this were dropped (it keeps its last B bytes)", the segment's keyframe, the
frames after it. A journal that never passed the bound is version 1."""
import os

from .frames import Frame, encode_frames

TRACE_MAX_BYTES = 64 << 20
TRACE_MIN_BYTES = 64 << 10  # a smaller bound is raised to this
TRACE_MAX_ENV = "TESSERA_TRACE_MAX_BYTES"
JOURNAL_MAGIC = {1: b"tessera-journal 1\n", 2: b"tessera-journal 2\n"}
MAX_PAYLOAD = 16 * 1024 * 1024


def trace_bound(max_bytes=None, env=None):
    env = os.environ if env is None else env
    v = max_bytes
    if v is None and env.get(TRACE_MAX_ENV, "").isdigit():
        v = int(env[TRACE_MAX_ENV])
    if v is None:
        return TRACE_MAX_BYTES
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise TypeError(f"trace_max_bytes must be a whole number of bytes, got {v!r}")
    return max(v, TRACE_MIN_BYTES)


class Trace:
    def __init__(self, screen, rows, cols, time_ns, max_bytes=None):
        self.screen = screen
        self.core = screen.core
        self.overhead = {}  # frame type -> its encoded bytes besides its data
        self.max_bytes = trace_bound(max_bytes)
        self.steps = 0      # the test's steps so far (terminal.py numbers them)
        self.start_ns = self.last_ns = time_ns
        self.head = [Frame("resize", time_ns, rows=rows, cols=cols)]
        self.body = []
        self.length = len(JOURNAL_MAGIC[1]) + self._encoded_bytes(self.head[0])
        self.events = 0          # frames after the first size (marks too), as replay --event counts
        self.events_dropped = 0  # how far the drops moved that count
        self.frame_count = 0
        self.frame_bytes = 0
        self.since_cut = 0
        self.cuts = []           # the kept segments' starts, oldest first
        self.dropped = None      # (frames, bytes) once a drop happened

    def keep(self, f):
        n = self._encoded_bytes(f)
        self.body.append(f)
        self.length += n
        self.last_ns = max(self.last_ns, f.time_ns)
        self.events += 1
        self.frame_count += 1
        self.frame_bytes += n
        self.since_cut += n
        if self.since_cut >= self.max_bytes / 4:
            self._cut()
        if self.length > self.max_bytes and self.cuts:
            self._drop()

    def _encoded_bytes(self, f):
        if f.type not in self.overhead:
            empty = f._replace(data=b"" if f.data is not None else None)
            self.overhead[f.type] = len(encode_frames(self.core, [empty]))
        return self.overhead[f.type] + (len(f.data) if f.data is not None else 0)

    def _cut(self):
        self.since_cut = 0
        s = self.screen
        try:
            data = s.keyframe(self.max_bytes // 16)
        except Exception:
            data = b""
        if len(data) > MAX_PAYLOAD:
            data = b""
        key = Frame("keyframe", self.last_ns, data, s.rows, s.cols)
        self.cuts.append({"index": len(self.body), "offset": self.length, "events": self.events,
                          "frames": self.frame_count, "frame_bytes": self.frame_bytes, "key": key})

    def _header(self, c):
        key = c["key"]
        label = (f"trace: {c['frames']} frames ({c['frame_bytes']} bytes) before this were dropped "
                 f"(it keeps its last {self.max_bytes} bytes)")
        return [Frame("resize", self.start_ns, rows=key.rows, cols=key.cols),
                Frame("mark", key.time_ns, label.encode()), key]

    def _drop(self):
        i = 0
        while True:
            head = self._header(self.cuts[i])
            head_bytes = len(JOURNAL_MAGIC[2]) + sum(self._encoded_bytes(f) for f in head)
            if head_bytes + (self.length - self.cuts[i]["offset"]) <= self.max_bytes or i == len(self.cuts) - 1:
                break
            i += 1
        c = self.cuts[i]
        self.head = head
        del self.body[:c["index"]]
        self.length = head_bytes + (self.length - c["offset"])
        shift = c["events"] - 2  # events 1 and 2 are now the mark and the keyframe
        self.events -= shift
        self.events_dropped += shift
        self.dropped = (c["frames"], c["frame_bytes"])
        self.cuts = [dict(later, index=later["index"] - c["index"], offset=later["offset"] - c["offset"] + head_bytes,
                          events=later["events"] - shift) for later in self.cuts[i + 1:]]

    def encode(self):
        """The journal's bytes: version 1 until a drop put a keyframe in it."""
        return JOURNAL_MAGIC[2 if self.dropped else 1] + encode_frames(self.core, self.head + self.body)

    def moment(self):
        return self.events + self.events_dropped

    def event_at(self, moment):
        e = moment - self.events_dropped
        return 2 if self.dropped and e < 2 else e

    def failure_at(self, step, moment=None):
        """(step, event) where a failure's artifacts open, as `tessera artifacts` takes them."""
        moment = self.moment() if moment is None else moment
        kept = not self.dropped or moment - self.events_dropped > 2
        at = step if step >= 0 and kept else -1
        return at, (-1 if at >= 0 or moment < 0 else self.event_at(moment))
