"""A failed assertion writes the failing moment's artifacts (by the native `tessera
artifacts`, as for tapes and JS tests) and names their folder in its message."""
import os

import pytest

from conftest import T
from tessera_terminal import TerminalAssertionError, expect, launch


def test_a_failed_assertion_writes_its_moment_and_names_the_folder(artifacts_dir):
    with launch("bc", ["-q"], rows=6, cols=30, timeout=T) as term:
        term.keyboard.type("6*7\n")
        expect(term.get_by_text("42", exact=True)).to_be_present()
        with pytest.raises(TerminalAssertionError) as info:
            expect(term.get_by_text("43", exact=True)).to_be_present(timeout=0.3)
        term.keyboard.type("quit\n")
        term.wait_for_exit()
    error = info.value
    assert error.artifacts and error.artifacts.startswith(str(artifacts_dir))
    assert f"\n  artifacts: {error.artifacts}" in str(error)
    files = sorted(os.listdir(error.artifacts))
    for name in ("trace.journal", "screen.txt", "screen.styled.txt", "report.html"):
        assert name in files, files
    screen = open(os.path.join(error.artifacts, "screen.txt")).read()
    assert "6*7" in screen and "42" in screen
    journal = open(os.path.join(error.artifacts, "trace.journal"), "rb").read()
    assert journal.startswith(b"tessera-journal ")
    # the steps are marks of the trace: the typing, the passing and the failing assertion
    assert b'step 0 start: type "6*7\\n"' in journal
    assert b'step 1 start: expect(get_by_text("42", exact=True)).to_be_present()' in journal
    assert b"step 2 end: failed" in journal


def test_a_passing_test_leaves_nothing(artifacts_dir):
    with launch("sh", ["-c", "echo fine"], rows=4, cols=20, timeout=T) as term:
        expect(term.get_by_text("fine")).to_be_present()
        term.wait_for_exit()
    assert not artifacts_dir.exists()
