"""Screen: one terminal of the core (libtessera.so), fed frame by frame, with its revision
history. Every answer comes from the core; this file only moves bytes."""
import ctypes
from ctypes import byref

from . import _abi
from .frames import fill_frame
from .snapshot import Snapshot

FEED_CHUNK = 1 << 20
HISTORY_KEYS = {"max_revisions": 1 << 32, "max_raw_bytes": 1 << 64, "max_decoded_bytes": 1 << 64}  # the C types' range


class Screen:
    def __init__(self, rows=24, cols=80, scrollback=None, reflow=False, history=None):
        core = self.core = _abi.core()
        opts = _abi.Options()
        core.options_default(byref(opts))
        opts.rows, opts.cols = rows, cols
        if scrollback is not None:
            opts.scrollback = scrollback
        opts.reflow = 1 if reflow else 0
        for key, value in (history or {}).items():
            if key not in HISTORY_KEYS:
                raise TypeError(f"history: unknown key {key!r} ({', '.join(HISTORY_KEYS)})")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < HISTORY_KEYS[key]:
                raise TypeError(f"history[{key!r}]: a whole number from 0 (the default) below {HISTORY_KEYS[key]}, "
                                f"got {value!r}")
            setattr(opts.history, key, value)
        term = ctypes.c_void_p()
        core.check(core.term_new(byref(opts), byref(term)), f"creating a {rows}x{cols} terminal")
        self._term = term
        self._frame = _abi.Frame()
        self._made = ctypes.c_int()

    def __del__(self):
        self.free()

    def free(self):
        term, self._term = getattr(self, "_term", None), None
        if term:
            self.core.term_free(term)

    def _t(self):
        if not self._term:
            raise _abi.TesseraError("this Screen was freed")
        return self._term

    def feed(self, data):
        """Bytes (or a str, as UTF-8) as a program wrote them."""
        if isinstance(data, str):
            data = data.encode("utf-8")
        for o in range(0, len(data), FEED_CHUNK):
            piece = bytes(data[o:o + FEED_CHUNK])
            self.core.check(self.core.term_feed(self._t(), piece, len(piece)), "feeding")

    def apply_frame(self, frame):
        """Applies one decoded frame (frames.Frame); True if it made a revision."""
        keep = fill_frame(self._frame, frame)
        self.core.check(self.core.term_apply_frame(self._t(), byref(self._frame), byref(self._made)),
                        "applying a frame")
        del keep
        return self._made.value != 0

    def take_replies(self):
        """The bytes the terminal owes the program (DA, CPR, ...), taken."""
        t = self._t()
        return self.core.render(lambda b: self.core.term_take_replies(t, b), "taking replies")

    def resize(self, rows, cols):
        self.core.check(self.core.term_resize(self._t(), rows, cols), f"resizing to {rows}x{cols}")

    @property
    def rows(self):
        return self.core.term_rows(self._t())

    @property
    def cols(self):
        return self.core.term_cols(self._t())

    @property
    def revision(self):
        return self.core.term_revision(self._t())

    @property
    def oldest_revision(self):
        return self.core.term_oldest_revision(self._t())

    @property
    def title(self):
        n = ctypes.c_size_t()
        p = self.core.term_title(self._t(), byref(n))
        return ctypes.string_at(p, n.value).decode("utf-8", "replace") if p and n.value else ""

    def hyperlink(self, link_id):
        t = self._t()
        return self.core.render_text(lambda b: self.core.term_hyperlink(t, link_id, b), "reading a hyperlink")

    def keyframe(self, scrollback_bytes=0):
        t = self._t()
        return self.core.render(lambda b: self.core.term_keyframe(t, scrollback_bytes, b), "making a keyframe")

    def snapshot_ptr(self, seq):
        p = ctypes.c_void_p()
        st = self.core.term_history_get(self._t(), seq, byref(p))
        self.core.check(st, f"revision {seq} (kept: {self.oldest_revision}..{self.revision})")
        return p

    def revision_at(self, seq=None):
        """The Snapshot of revision seq (default: the newest)."""
        return Snapshot(self, self.snapshot_ptr(self.revision if seq is None else seq))
