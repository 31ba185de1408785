"""The core's C ABI (core/include/tessera/tessera.h) through ctypes: the structs that cross
it, each function's signature, and the few helpers every caller needs (a status checked into
an exception, a rendering read out of a tsr_buf). The wasm engines of the JS package export
the same functions; this is the native twin of js/src/abi.js."""
import ctypes
from ctypes import (POINTER, Structure, byref, c_char, c_char_p, c_double, c_int, c_long, c_size_t, c_uint8, c_uint16,
                    c_uint32, c_uint64, c_void_p)

from . import _native
from .errors import HistoryEvictedError, TesseraError

ABI_VERSION = 1  # TSR_ABI_VERSION this package was written for
MAX_CLUSTER_CPS = 16

OK, ERR_NOMEM, ERR_INVALID, ERR_RANGE, ERR_EVICTED, ERR_AGAIN, ERR_FORMAT, ERR_MODE = 0, -1, -2, -3, -4, -5, -6, -7

FRAME_TYPES = {1: "output", 2: "resize", 3: "reset", 4: "exit", 5: "input-ack", 6: "input", 7: "mark",
               8: "keyframe"}
FRAME_NUMBERS = {name: number for number, name in FRAME_TYPES.items()}
FRAME_HEADER_BYTES = 16


class Buf(Structure):
    _fields_ = [("data", POINTER(c_char)), ("len", c_size_t), ("cap", c_size_t)]


class HistoryLimits(Structure):
    _fields_ = [("max_revisions", c_uint32), ("max_raw_bytes", c_uint64), ("max_decoded_bytes", c_uint64)]


class Options(Structure):
    _fields_ = [("rows", c_int), ("cols", c_int), ("scrollback", c_int), ("reflow", c_int),
                ("history", HistoryLimits)]


class Cursor(Structure):
    _fields_ = [("row", c_int), ("col", c_int), ("visible", c_int), ("shape", c_int), ("blink", c_int),
                ("pending_wrap", c_int)]


class Style(Structure):
    _fields_ = [("fg", c_uint32), ("bg", c_uint32), ("ul_color", c_uint32), ("attrs", c_uint16),
                ("underline", c_uint8), ("reserved", c_uint8), ("link", c_uint32)]


class CellInfo(Structure):
    _fields_ = [("cps", c_uint32 * MAX_CLUSTER_CPS), ("ncps", c_int), ("width", c_int), ("protected_", c_int),
                ("style", Style)]


class Match(Structure):
    _fields_ = [("row", c_int), ("col", c_int), ("cells", c_int)]


class Region(Structure):
    _fields_ = [("row", c_int), ("col", c_int), ("height", c_int), ("width", c_int)]


class Frame(Structure):
    _fields_ = [("type", c_int), ("time_ns", c_uint64), ("data", POINTER(c_uint8)), ("len", c_size_t),
                ("rows", c_int), ("cols", c_int), ("exit_code", c_int), ("exit_signal", c_int),
                ("action_id", c_uint64)]


class CastEvent(Structure):
    _fields_ = [("time_ns", c_uint64), ("time", c_double), ("data", c_void_p), ("len", c_size_t), ("kind", c_int),
                ("cols", c_int), ("rows", c_int), ("version", c_int), ("exit_code", c_int)]


_term = c_void_p
_snap = c_void_p
_SIGNATURES = {
    "tsr_abi_version": (c_int, []),
    "tsr_status_str": (c_char_p, [c_int]),
    "tsr_buf_free": (None, [POINTER(Buf)]),
    "tsr_options_default": (None, [POINTER(Options)]),
    "tsr_term_new": (c_int, [POINTER(Options), POINTER(_term)]),
    "tsr_term_free": (None, [_term]),
    "tsr_term_feed": (c_int, [_term, c_void_p, c_size_t]),
    "tsr_term_resize": (c_int, [_term, c_int, c_int]),
    "tsr_term_rows": (c_int, [_term]),
    "tsr_term_cols": (c_int, [_term]),
    "tsr_term_apply_frame": (c_int, [_term, POINTER(Frame), POINTER(c_int)]),
    "tsr_term_take_replies": (c_int, [_term, POINTER(Buf)]),
    "tsr_term_title": (c_void_p, [_term, POINTER(c_size_t)]),
    "tsr_term_hyperlink": (c_int, [_term, c_uint32, POINTER(Buf)]),
    "tsr_term_revision": (c_uint64, [_term]),
    "tsr_term_oldest_revision": (c_uint64, [_term]),
    "tsr_term_history_get": (c_int, [_term, c_uint64, POINTER(_snap)]),
    "tsr_term_keyframe": (c_int, [_term, c_size_t, POINTER(Buf)]),
    "tsr_frame_decode": (c_int, [c_void_p, c_size_t, POINTER(Frame), POINTER(c_size_t)]),
    "tsr_frame_encode": (c_int, [POINTER(Frame), POINTER(Buf)]),
    "tsr_snapshot_seq": (c_uint64, [_snap]),
    "tsr_snapshot_time_ns": (c_uint64, [_snap]),
    "tsr_snapshot_hash": (c_uint64, [_snap]),
    "tsr_snapshot_rows": (c_int, [_snap]),
    "tsr_snapshot_cols": (c_int, [_snap]),
    "tsr_snapshot_alt_screen": (c_int, [_snap]),
    "tsr_snapshot_cursor": (None, [_snap, POINTER(Cursor)]),
    "tsr_snapshot_cell": (c_int, [_snap, c_int, c_int, POINTER(CellInfo)]),
    "tsr_snapshot_line_size": (c_int, [_snap, c_int]),
    "tsr_snapshot_render_text": (c_int, [_snap, POINTER(Buf)]),
    "tsr_snapshot_render_row": (c_int, [_snap, c_int, POINTER(Buf)]),
    "tsr_snapshot_render_exact": (c_int, [_snap, POINTER(Buf)]),
    "tsr_snapshot_render_styled": (c_int, [_snap, POINTER(Buf)]),
    "tsr_snapshot_render_json": (c_int, [_snap, POINTER(Buf)]),
    "tsr_snapshot_render_svg": (c_int, [_snap, POINTER(Buf)]),
    "tsr_snapshot_palette": (c_uint32, [_snap, c_int]),
    "tsr_snapshot_find_all": (c_int, [_snap, c_char_p, c_size_t, c_int, POINTER(Region), POINTER(Match),
                                      c_size_t, POINTER(c_size_t)]),
    "tsr_utf8_encode": (c_int, [c_uint32, c_char_p]),
    "tsr_palette_default": (c_uint32, [c_int]),
    "tsr_cast_reader_new": (c_int, [POINTER(c_void_p)]),
    "tsr_cast_reader_free": (None, [c_void_p]),
    "tsr_cast_reader_line": (c_int, [c_void_p, c_char_p, c_size_t, POINTER(CastEvent)]),
    "tsr_cast_reader_finish": (c_int, [c_void_p]),
    "tsr_cast_reader_error": (c_char_p, [c_void_p, POINTER(c_long)]),
}


class Core:
    """libtessera.so, loaded once per process (see core())."""

    def __init__(self, path):
        self.path = path
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise TesseraError(f"cannot load the core {path}: {e}") from None
        missing = [name for name in _SIGNATURES if not hasattr(lib, name)]
        if missing:
            raise TesseraError(f"{path} is not the tessera core this package needs: it lacks {', '.join(missing)}")
        for name, (restype, argtypes) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, argtypes
            setattr(self, name[len("tsr_"):], fn)
        version = self.abi_version()
        if version != ABI_VERSION:
            raise TesseraError(f"{path} has core ABI {version}; this package needs ABI {ABI_VERSION}")

    def status(self, st):
        return self.status_str(st).decode()

    def check(self, st, what):
        """Raises for a failed status: HistoryEvictedError for an evicted revision."""
        if st == OK:
            return
        message = f"{what}: {self.status(st)}"
        if st == ERR_EVICTED:
            raise HistoryEvictedError(message)
        raise TesseraError(message, status=st)

    def render(self, call, what):
        """The bytes a rendering function appends to a fresh tsr_buf: call(buf_pointer)."""
        buf = Buf()
        try:
            self.check(call(byref(buf)), what)
            return ctypes.string_at(buf.data, buf.len) if buf.len else b""
        finally:
            self.buf_free(byref(buf))

    def render_text(self, call, what):
        return self.render(call, what).decode("utf-8", "replace")


_core = None


def core():
    """The process's one Core, loaded from _native.find_library() on first use."""
    global _core  # one shared library per process, as one wasm instance serves the JS package
    if _core is None:
        _core = Core(_native.find_library())
    return _core
