"""tessera-terminal: test terminal programs the way a person sees them, from Python.

    from tessera_terminal import launch, expect

    with launch("less", [path], rows=10, cols=40) as term:
        expect(term.get_by_text("line 1", exact=True)).to_be_present()
        term.keyboard.press("G")

Programs run on real PTYs under the native `tessera host`; what they draw is rendered by
tessera's core (libtessera.so), the same C core the CLI and the JS package use."""
from .errors import (HistoryEvictedError, RecordingError, TerminalAssertionError, TerminalError,
                     TerminalTimeoutError, TesseraError)
from .expect import expect
from .recording import Recording, open_recording
from .screen import Screen
from .session import ExitStatus, Receipt
from .snapshot import Cell, Cursor, Match, Snapshot, Style
from .terminal import Terminal, launch

__version__ = "0.1.0"

__all__ = ["launch", "expect", "open_recording", "Recording", "Terminal", "Screen", "Snapshot", "Cell", "Cursor", "Style", "Match",
           "ExitStatus", "Receipt", "TesseraError", "TerminalError", "TerminalTimeoutError",
           "TerminalAssertionError", "HistoryEvictedError", "RecordingError"]
