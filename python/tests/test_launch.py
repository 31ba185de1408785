"""launch() and Terminal against real programs (less, bc, python3's REPL, sh)."""
import re

import pytest

from conftest import T
from tessera_terminal import (ExitStatus, TerminalAssertionError, TerminalError, TerminalTimeoutError, expect,
                              launch)


@pytest.fixture
def hundred_lines(tmp_path):
    path = tmp_path / "hundred.txt"
    path.write_text("".join(f"line {i}\n" for i in range(1, 101)))
    return str(path)


def test_less_pages_to_the_end_and_quits(hundred_lines):
    with launch("less", [hundred_lines], rows=10, cols=40, env={"LESS": ""}, timeout=T) as term:
        expect(term.get_by_text("line 1", exact=True)).to_be_present()
        receipt = term.keyboard.press("G")
        expect(term.get_by_text("line 100", exact=True)).to_be_stable()
        expect(term).to_have_shown_text("line 100", since=receipt)
        expect(term.get_by_text("line 1", exact=True)).to_be_absent()
        assert term.screen.row_text(8) == "line 100"
        assert term.screen.rows_text()[0] == "line 92"
        term.keyboard.press("q")
        assert term.wait_for_exit() == (0, 0)
        assert isinstance(term.wait_for_exit(), ExitStatus)


def test_bc_computes_what_is_typed():
    with launch("bc", ["-q"], rows=6, cols=30, timeout=T) as term:
        term.keyboard.type("6*7\n")
        expect(term.get_by_text("42", exact=True)).to_be_present()
        term.keyboard.type("2^20\n")
        expect(term.get_by_text("1048576", exact=True)).to_be_present()
        term.keyboard.type("quit\n")
        assert term.wait_for_exit().code == 0


def test_python_repl_evaluates_after_input_readiness():
    with launch("python3", ["-q"], rows=8, cols=40, timeout=T) as term:
        term.wait_for_input_ready()
        term.keyboard.type("print(sum(range(10)))\n")
        expect(term.get_by_text("45", exact=True)).to_be_present()
        term.keyboard.press("ctrl+d")
        assert term.wait_for_exit() == (0, 0)


def test_size_env_cwd_title_and_resize():
    script = 'printf "\\033]0;my title\\007$FOO in $(pwd)\\n"; read line; echo "got:$line"; read x'
    with launch("sh", ["-c", script], rows=6, cols=40, env={"FOO": "foo-value"}, cwd="/tmp", timeout=T) as term:
        expect(term.get_by_text("foo-value in /tmp")).to_be_present()
        assert term.title == "my title"
        assert (term.screen.rows, term.screen.cols) == (6, 40)
        receipt = term.resize(8, 50)
        assert receipt.revision == term.revision or receipt.revision < term.revision
        assert (term.screen.rows, term.screen.cols) == (8, 50)
        term.keyboard.type("hello\n")
        expect(term.get_by_text("got:hello")).to_be_present()


def test_a_strict_locator_fails_at_once_on_several_matches(hundred_lines):
    with launch("less", [hundred_lines], rows=10, cols=40, env={"LESS": ""}, timeout=T) as term:
        expect(term.get_by_text("line 9", exact=True)).to_be_present()
        with pytest.raises(TerminalAssertionError) as info:
            expect(term.get_by_text("line")).to_be_present()
        message = str(info.value)
        assert "9 matches; a strict locator needs exactly one" in message
        assert "candidates: row 0, columns 0..3" in message
        assert "\n  0 | line 1\n" in message
        assert len(info.value.candidates) == 9
        # .nth picks one; a regular expression matches on one row at a time
        expect(term.get_by_text("line").nth(8)).to_be_present()
        expect(term.get_by_text(re.compile(r"^line \d$")).nth(8)).to_be_present()
        term.keyboard.press("q")


def test_a_deadline_that_passes_shows_the_screen_and_is_an_assertion_error():
    with launch("sh", ["-c", "echo waiting; read x"], rows=4, cols=30, timeout=T) as term:
        expect(term.get_by_text("waiting")).to_be_present()
        with pytest.raises(TerminalTimeoutError) as info:
            expect(term.get_by_text("never shown")).to_be_present(timeout=0.2)
        assert isinstance(info.value, AssertionError)
        text = str(info.value)
        assert text.startswith('expect(get_by_text("never shown")).to_be_present() failed: timed out after 0.2 s')
        assert "  0 | waiting" in text


def test_the_final_screen_decides_once_the_program_ends():
    with launch("sh", ["-c", "echo bye"], rows=4, cols=30, timeout=T) as term:
        assert term.wait_for_exit() == (0, 0)
        with pytest.raises(TerminalAssertionError) as info:
            expect(term.get_by_text("hello")).to_be_present()
        assert "the program ended and its final screen does not meet the condition" in str(info.value)
        assert "program: exited with code 0" in str(info.value)
        with pytest.raises(TerminalError, match="the terminal is ended"):
            term.keyboard.type("x")


def test_a_missing_program_is_a_clear_error():
    with pytest.raises(TerminalError, match="no-such-program-here"):
        launch("no-such-program-here", timeout=T)


def test_an_unknown_key_is_refused_by_name():
    with launch("sh", ["-c", "read x"], rows=4, cols=30, timeout=T) as term:
        with pytest.raises(TerminalError, match="no\\+such\\+key"):
            term.keyboard.press("no+such+key")


def test_bad_arguments_are_type_errors():
    with pytest.raises(TypeError, match="args is a list of str"):
        launch("sh", "-c")
    with pytest.raises(TypeError, match="timeout"):
        launch("sh", timeout=0)


def test_vim_edits_and_saves_a_file(tmp_path):
    note = tmp_path / "note.txt"
    with launch("vim", ["-u", "NONE", "-N", "-i", "NONE", "-n", str(note)], rows=10, cols=60, timeout=T) as term:
        expect(term.get_by_text("[New]")).to_be_present()
        term.keyboard.press("i")
        expect(term.get_by_text("-- INSERT --")).to_be_present()
        term.keyboard.type("hello from python")
        term.keyboard.press("Escape")
        expect(term.get_by_text("-- INSERT --")).to_be_absent()
        term.keyboard.type(":wq\n")
        assert term.wait_for_exit() == (0, 0)
    assert note.read_text() == "hello from python\n"


def test_dialog_menu_highlight_moves_with_the_arrow_keys():
    args = ["--menu", "Pick one", "12", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry"]
    with launch("dialog", args, rows=16, cols=50, timeout=T) as term:
        apple, banana = term.get_by_text("Apple"), term.get_by_text("Banana")
        expect(apple).to_be_stable()
        first = apple.resolve()[1]
        look = term.screen.cell(first.row, first.column).style  # the highlighted item's colours
        highlight = {"fg": look.fg, "bg": look.bg}
        expect(banana).not_.to_have_style(highlight)
        term.keyboard.press("ArrowDown")
        expect(banana).to_have_style(highlight)
        expect(apple).not_.to_have_style(highlight)
        term.keyboard.press("Enter")
        assert term.wait_for_exit() == (0, 0)


def test_htop_draws_its_meters_and_quits():
    with launch("htop", [], rows=24, cols=100, timeout=T) as term:
        expect(term.get_by_text("Tasks:")).to_be_present()
        expect(term.get_by_text("F10Quit")).to_be_present()
        term.keyboard.press("q")
        assert term.wait_for_exit().code == 0


def test_to_satisfy_and_to_have_shown_on_a_real_program():
    script = "stty -echo; printf 'count: 1'; read x; printf '\\rcount: 2'; read x; printf '\\rcount: 3'; read x"
    with launch("sh", ["-c", script], rows=3, cols=20, timeout=T) as term:
        expect(term).to_satisfy(lambda s: s.row_text(0) == "count: 1")
        receipt = term.keyboard.press("Enter")
        term.keyboard.press("Enter")
        expect(term).to_satisfy(lambda s: s.row_text(0) == "count: 3" and s.cursor().col == 8)
        # count: 2 was on the screen after the first Enter, though it is gone now
        expect(term).to_have_shown(lambda s: s.row_text(0) == "count: 2", since=receipt.revision - 1)
        with pytest.raises(TerminalAssertionError, match="the predicate to hold"):
            expect(term).to_satisfy(lambda s: "count: 4" in s.text(), timeout=0.3)


def test_dialog_buttons_are_clicked_with_the_mouse():
    with launch("dialog", ["--yesno", "Proceed?", "7", "30"], rows=12, cols=40, timeout=T) as term:
        no = term.get_by_text("< No  >")
        expect(no).to_be_stable()
        term.click_text(no)
        assert term.wait_for_exit() == (1, 0)  # dialog's exit status for No


def test_input_waits_for_the_program_to_read_by_default():
    # The program throws away what was typed before it reads (as bash does while it handles
    # Ctrl-C): typed at once the line is lost; by default the host waits until it reads.
    program = ("import sys, termios, time; print('busy', flush=True); time.sleep(0.3); "
               "termios.tcflush(0, termios.TCIFLUSH); print('got:' + input(), flush=True)")
    with launch("python3", ["-c", program], rows=4, cols=30, timeout=T) as term:
        expect(term.get_by_text("busy")).to_be_present()
        term.keyboard.type("kept\n")
        expect(term.get_by_text("got:kept")).to_be_present()
    with launch("python3", ["-c", program], rows=4, cols=30, timeout=T) as term:
        expect(term.get_by_text("busy")).to_be_present()
        term.keyboard.type("lost\n", now=True)
        expect(term.get_by_text("got:")).to_be_absent(settle=0.6)


def test_bad_history_limits_name_the_key():
    with pytest.raises(TypeError, match="history: unknown key 'maxRevisions'"):
        launch("sh", ["-c", "true"], history={"maxRevisions": 5})
    with pytest.raises(TypeError, match=r"history\['max_revisions'\]: a whole number"):
        launch("sh", ["-c", "true"], history={"max_revisions": -1})
