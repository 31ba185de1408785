"""Frames (core/README.md, "The frame format"): the host's stream cut into frames by the
core's own decoder (tsr_frame_decode), so Python and JS cannot read the format differently."""
import ctypes
from ctypes import byref
from typing import NamedTuple, Optional

from . import _abi


class Frame(NamedTuple):
    type: str                   # 'output', 'resize', 'reset', 'exit', 'input-ack', 'input', 'mark', 'keyframe'
    time_ns: int
    data: Optional[bytes] = None  # output, input, mark, keyframe
    rows: int = 0               # resize, keyframe
    cols: int = 0
    exit_code: int = 0          # exit
    exit_signal: int = 0
    action_id: int = 0          # input-ack


def read_frame(f):
    kind = _abi.FRAME_TYPES.get(f.type)
    if kind is None:
        raise _abi.TesseraError(f"the core decoded a frame of unknown type {f.type}")
    data = ctypes.string_at(f.data, f.len) if kind in ("output", "input", "mark", "keyframe") and f.len else (
        b"" if kind in ("output", "input", "mark", "keyframe") else None)
    return Frame(kind, f.time_ns, data, f.rows, f.cols, f.exit_code, f.exit_signal, f.action_id)


class FrameDecoder:
    """Cuts a byte stream (chunks as they arrive) into frames; `source` names it in errors."""

    def __init__(self, source="frame stream"):
        self.core = _abi.core()
        self.source = source
        self._buf = b""
        self.offset = 0  # bytes of the stream consumed, for error messages
        self._frame = _abi.Frame()
        self._used = ctypes.c_size_t()

    def push(self, chunk):
        """Adds a chunk; returns the frames it completed. Raises on a malformed header."""
        self._buf = self._buf + chunk if self._buf else bytes(chunk)
        out, pos, buf = [], 0, self._buf
        if not buf:
            return out
        base = (ctypes.c_char * len(buf)).from_buffer_copy(buf)  # frames' data point into it
        addr = ctypes.addressof(base)
        while True:
            st = self.core.frame_decode(addr + pos, len(buf) - pos, byref(self._frame), byref(self._used))
            if st == _abi.ERR_AGAIN:
                break
            if st == _abi.ERR_FORMAT:
                raise _abi.TesseraError(f"{self.source}: malformed frame header at byte {self.offset + pos}",
                                        status=st)
            self.core.check(st, f"{self.source}: decoding a frame")
            out.append(read_frame(self._frame))
            pos += self._used.value
        self._buf = buf[pos:]
        self.offset += pos
        return out

    @property
    def pending(self):
        """Bytes left over (a frame cut short at the end of the stream)."""
        return len(self._buf)
