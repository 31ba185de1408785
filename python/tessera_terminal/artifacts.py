"""Failure artifacts of a live Terminal, written by the native code itself: the terminal's
trace goes to a temporary journal and `tessera artifacts` (native-host/artifacts/) makes the
folder from it, as a failed tape's and a failed JS test's: trace.journal, screen.txt and
screen.styled.txt (the trace replayed to the failed step's end), expected.txt for a golden
comparison, and report.html (the viewer at that moment). Passing tests leave nothing.

Where: the pytest plugin's --tessera-artifacts DIR, else $TESSERA_ARTIFACTS, else
tessera-artifacts/ beside the test file. Named after the test (its pytest node id)."""
import os
import subprocess
import tempfile

from . import _context, _native


def _first_line(text):
    return str(text or "").split("\n")[0]


def write_artifacts(terminal, *, step=-1, event=-1, journal, reason=None, expectation=None, expected_file=None,
                    test_file=None):
    """Writes the folder for a failed step and returns its path (raises RuntimeError if the
    command could not write it)."""
    fd, trace = tempfile.mkstemp(prefix="tessera-trace.", suffix=".journal")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(journal)
        args = [_native.find_host(), "artifacts", "--trace", trace]
        if step >= 0:
            args += ["--step", str(step)]
        elif event >= 0:
            args += ["--event", str(event)]
        test = _context.current_test()
        name = test.name if test else None
        test_file = test.file if test and test_file is None else test_file
        if name:
            args += ["--name", name]
        if test_file:
            args += ["--beside", str(test_file)]
        root = _context.artifacts_root()
        if root:
            args += ["--artifacts", str(root)]
        if reason:
            args += ["--reason", _first_line(reason)]
        if expectation:
            args += ["--expectation", expectation]
        if expected_file:
            args += ["--expected", str(expected_file)]
        if terminal.options.get("reflow"):
            args.append("--reflow")
        if terminal.options.get("scrollback") is not None:
            args += ["--scrollback", str(terminal.options["scrollback"])]
        r = subprocess.run(args, capture_output=True, text=True, timeout=60)
        folder = r.stdout.split("\n")[0]
        if r.returncode != 0 or not folder:
            more = f" ({folder} is incomplete)" if folder else ""
            raise RuntimeError(f"tessera artifacts exited with {r.returncode}{more}: {_first_line(r.stderr)}")
        return folder
    finally:
        os.unlink(trace)
