"""open_recording(): asciicast v2 and v3 and journals, replayed on virtual time. Each
recording is made here (by hand, or by `tessera record` of a real program), and every final
screen is checked against the native `tessera replay` of the same file."""
import json
import subprocess

import pytest

from tessera_terminal import (HistoryEvictedError, RecordingError, TerminalAssertionError, TesseraError, expect,
                              open_recording)
from tessera_terminal import _native


def native_replay(path, *args):
    r = subprocess.run([_native.find_host(), "replay", *args, str(path)], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout.rstrip("\n"), r.stderr


def write_cast_v2(path, events, rows=5, cols=20):
    lines = [json.dumps({"version": 2, "width": cols, "height": rows})]
    lines += [json.dumps(e) for e in events]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_v2_on_virtual_time_with_markers_and_seek(tmp_path):
    cast = write_cast_v2(tmp_path / "menu.cast", [
        [0.5, "o", "loading...\r\n"], [2.0, "m", "loaded"], [2.0, "o", "\x1b[2J\x1b[Hmenu: \x1b[1mopen\x1b[0m"],
        [3.0, "i", "q"], [3.5, "o", "\r\nbye"]])
    rec = open_recording(cast)
    expect(rec.get_by_text("loading...")).to_be_present()
    assert rec.now_ns() == 500_000_000  # the clock is the recording's: nothing waited 0.5 s
    expect(rec.get_by_text("loading...")).to_be_absent()
    expect(rec.get_by_text("open", style={"bold": True})).to_be_present()
    expect(rec.get_by_text("open")).to_have_style(bold=True)
    expect(rec.get_by_text("menu:")).not_.to_have_style({"bold": True})
    expect(rec).to_have_shown_text("loading...", since=0)
    expect(rec.get_by_text("bye")).to_be_present()
    assert rec.screen.text() == native_replay(cast)[1]
    assert open_recording(cast, at="1s").screen.text() == native_replay(cast, "--at", "1s")[1] == "loading..."
    assert open_recording(cast, mark="loaded").screen.text() == native_replay(cast, "--mark", "loaded")[1]
    assert open_recording(cast, event=3).screen.text() == native_replay(cast, "--event", "3")[1]
    with pytest.raises(ValueError, match="event 9: the recording has 5 events"):
        open_recording(cast, event=9)


def test_v3_exit_status_and_a_failing_assertion_on_the_final_screen(tmp_path):
    cast = tmp_path / "v3.cast"
    cast.write_text("\n".join([json.dumps({"version": 3, "term": {"cols": 10, "rows": 3}}), "# a comment",
                               json.dumps([0.1, "o", "done\r\n"]), json.dumps([0.1, "x", "3"])]) + "\n")
    rec = open_recording(cast)
    with pytest.raises(TerminalAssertionError) as info:
        expect(rec.get_by_text("never")).to_be_present()
    assert "the program ended and its final screen does not meet the condition" in str(info.value)
    assert "  0 | done" in str(info.value)
    assert rec.exit_status == (3, 0)


def test_a_journal_of_a_real_program_replays_as_the_native_cli_does(tmp_path):
    journal = tmp_path / "bc.journal"
    r = subprocess.run([_native.find_host(), "record", "--quiet", "--rows", "5", "--cols", "30", "--journal",
                        str(journal), "--", "sh", "-c", "printf '6*7\\nquit\\n' | bc -q; printf 'end\\n'"],
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    rec = open_recording(journal)
    expect(rec.get_by_text("42", exact=True)).to_be_present()
    expect(rec.get_by_text("end", exact=True)).to_be_present()
    assert rec.format == "journal" and (rec.rows, rec.cols) == (5, 30)
    rec.seek(event=rec.events)
    assert rec.screen.text() == native_replay(journal)[1]
    assert rec.exit_status == (0, 0)


def test_an_invalid_recording_is_refused_with_the_native_clis_words(tmp_path):
    bad = tmp_path / "bad.cast"
    bad.write_text(json.dumps({"version": 2, "width": 10, "height": 3}) + "\n[1.0, \"o\"]\n")
    with pytest.raises(RecordingError) as info:
        open_recording(bad)
    code, _, stderr = native_replay(bad)
    assert code != 0 and str(info.value) in stderr
    assert str(info.value).startswith(f"{bad}:2: ")
    journal = tmp_path / "cut.journal"
    journal.write_bytes(b"tessera-journal 1\n\x02\x01\x00\x00")
    with pytest.raises(RecordingError, match=r"cut\.journal: byte 18: frame 0 is cut short"):
        open_recording(journal)
    other = tmp_path / "v9.journal"
    other.write_bytes(b"tessera-journal 9\n")
    with pytest.raises(RecordingError, match="journal version 9 is not supported"):
        open_recording(other)


def test_a_baseline_older_than_the_history_is_an_error(tmp_path):
    events = [[0.01 * i, "o", f"\r{i:04d}"] for i in range(1, 40)]
    rec = open_recording(write_cast_v2(tmp_path / "count.cast", events), history={"max_revisions": 5})
    rec.seek(event=39)
    with pytest.raises(HistoryEvictedError, match="the baseline revision 1 is no longer kept"):
        expect(rec).to_have_shown_text("0001", since=1)


def test_style_matchers_see_the_palette_the_program_set(tmp_path):
    # OSC 4 makes colour 1 #123456: red text is seen (and matched) as #123456, no longer
    # #cd0000, as the JS package and tapes match it
    cast = write_cast_v2(tmp_path / "palette.cast", [
        [0.1, "o", "\x1b]4;1;#123456\x07\x1b[31mred\x1b[0m \x1b[32mgreen"]])
    rec = open_recording(cast)
    expect(rec.get_by_text("red")).to_have_style(fg="#123456")
    expect(rec.get_by_text("red")).to_have_style(fg=1)
    expect(rec.get_by_text("red")).not_.to_have_style(fg="#cd0000")
    expect(rec.get_by_text("green")).to_have_style(fg="#00cd00")
    assert rec.screen.palette(1) == "#123456" and rec.screen.palette_default(1) == "#cd0000"
    with pytest.raises(ValueError):
        rec.screen.palette(256)
    assert rec.screen.styled_snapshot().endswith("\n{palette 1=#123456}")


def test_double_size_lines(tmp_path):
    # DECDWL and DECDHL: the sizes read back, the styled rows open with them, the SVG is the CLI's
    cast = write_cast_v2(tmp_path / "sized.cast", [[0.1, "o", "\x1b#6wide\r\n\x1b#3Big\r\n\x1b#4Big"]],
                         rows=3, cols=10)
    rec = open_recording(cast, at="1s")
    assert [rec.screen.line_size(y) for y in range(3)] == ["double-width", "double-height-top",
                                                           "double-height-bottom"]
    assert rec.screen.text() == "wide\nBig\nBig"
    assert rec.screen.styled_snapshot().split("\n")[0] == "{line=double-width}{}wide"
    assert rec.screen.to_svg() == native_replay(cast, "--svg")[1]
    with pytest.raises(TesseraError, match="line 3"):
        rec.screen.line_size(3)
