"""Frames (core/README.md, "The frame format") between Python and the core: tsr_frame structs
filled and read, and the core's own decoder (tsr_frame_decode) and encoder (tsr_frame_encode)
that live terminals, traces and journals all use, so Python and JS cannot read or write the
format differently."""
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


def fill_frame(f, frame):
    """Fills the tsr_frame f from a Frame; returns the buffer its data points into, which the
    caller keeps alive while the core reads f."""
    ctypes.memset(byref(f), 0, ctypes.sizeof(f))
    f.type = _abi.FRAME_NUMBERS[frame.type]
    f.time_ns = frame.time_ns
    data = None
    if frame.data is not None:
        data = ctypes.create_string_buffer(bytes(frame.data), len(frame.data))
        f.data = ctypes.cast(data, ctypes.POINTER(ctypes.c_uint8))
        f.len = len(frame.data)
    f.rows, f.cols = frame.rows, frame.cols
    f.exit_code, f.exit_signal, f.action_id = frame.exit_code, frame.exit_signal, frame.action_id
    return data


def encode_frames(core, frames):
    """The frames' bytes, each encoded by tsr_frame_encode."""
    buf = _abi.Buf()
    f = _abi.Frame()
    try:
        for frame in frames:
            data = fill_frame(f, frame)
            core.check(core.frame_encode(byref(f), byref(buf)), "encoding a frame")
            del data
        return ctypes.string_at(buf.data, buf.len) if buf.len else b""
    finally:
        core.buf_free(byref(buf))


def decode_frames(core, data, pos=0):
    """Decodes data from pos frame by frame: (frames, pos, status), decoding stopped at pos
    with status (ERR_AGAIN: what is left is an incomplete frame, or nothing; another: the
    frame there is invalid)."""
    frames = []
    if pos >= len(data):
        return frames, pos, _abi.ERR_AGAIN
    base = (ctypes.c_char * len(data)).from_buffer_copy(data)  # frames' data point into it
    addr = ctypes.addressof(base)
    frame, used = _abi.Frame(), ctypes.c_size_t()
    while True:
        st = core.frame_decode(addr + pos, len(data) - pos, byref(frame), byref(used))
        if st != _abi.OK:
            return frames, pos, st
        frames.append(read_frame(frame))
        pos += used.value


class FrameDecoder:
    """Cuts a byte stream (chunks as they arrive) into frames; `source` names it in errors."""

    def __init__(self, source="frame stream"):
        self.core = _abi.core()
        self.source = source
        self._buf = b""
        self.offset = 0  # bytes of the stream consumed, for error messages

    def push(self, chunk):
        """Adds a chunk; returns the frames it completed. Raises on a malformed header."""
        self._buf = self._buf + chunk if self._buf else bytes(chunk)
        frames, pos, st = decode_frames(self.core, self._buf)
        if st == _abi.ERR_FORMAT:
            raise _abi.TesseraError(f"{self.source}: malformed frame header at byte {self.offset + pos}", status=st)
        if st != _abi.ERR_AGAIN:
            self.core.check(st, f"{self.source}: decoding a frame")
        self._buf = self._buf[pos:]
        self.offset += pos
        return frames

    @property
    def pending(self):
        """Bytes left over (a frame cut short at the end of the stream)."""
        return len(self._buf)
