#!/bin/sh
# End-to-end tests of the tessera CLI, in the spirit of tmux's regress/:
# each case runs the real binary on real bytes and checks its exit code,
# its exact stdout and its exact stderr (one line, or nothing).
#
# usage: cli_test.sh PATH/TO/tessera CASE     (ctest runs one CASE per test)
# TESSERA_NAME names the binary in its usage lines and hints (the JS CLI's
# tessera-js); expected lines below are written for tessera.
set -u
BIN=$1
CASE=$2
NAME=${TESSERA_NAME:-tessera}
FAILED=0
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
if ! grep -q "^case_$CASE() {" "$0"; then
    echo "cli_test.sh: no such case: $CASE" >&2
    exit 2
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-cli.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

fail() {
    printf 'FAIL %s: %s\n' "$CASE" "$*" >&2
    FAILED=1
}

# run ARG...: runs tessera, stdin from ./stdin when it exists, else empty.
run() {
    if [ -f stdin ]; then
        "$BIN" "$@" <stdin >out 2>err
    else
        "$BIN" "$@" </dev/null >out 2>err
    fi
    CODE=$?
}

show_bytes() {
    echo "--- expected" >&2
    od -c "$1" | head -40 >&2
    echo "--- got" >&2
    od -c "$2" | head -40 >&2
}

# expect_ok FORMAT [ARG...]: exit 0, empty stderr, stdout exactly what
# printf FORMAT ARG... prints.
expect_ok() {
    [ "$CODE" -eq 0 ] || fail "exit code $CODE, expected 0"
    if [ -s err ]; then
        fail "unexpected stderr: $(head -c 400 err)"
    fi
    printf "$@" >want
    if ! cmp -s want out; then
        fail "stdout differs"
        show_bytes want out
    fi
}

# expect_error CODE LINE: exit CODE, empty stdout, stderr exactly LINE.
expect_error() {
    [ "$CODE" -eq "$1" ] || fail "exit code $CODE, expected $1"
    if [ -s out ]; then
        fail "stdout not empty: $(head -c 400 out)"
    fi
    printf '%s\n' "$2" | sed "s/(see tessera --help)\$/(see $NAME --help)/" >want_err
    if ! cmp -s want_err err; then
        fail "stderr differs"
        printf 'expected: %s\ngot:      %s\n' "$(cat want_err)" "$(head -c 400 err)" >&2
    fi
}

# cast FILE LINE...: writes the lines, each ending in '\n', verbatim.
cast() {
    f=$1
    shift
    printf '%s\n' "$@" >"$f"
}

# The seed's example: bold green "Done", default " in ", truecolor "3s".
make_done() {
    printf '\033[1;32mDone\033[0m in \033[38;2;1;2;3m3s' >done.bin
}

DONE_STYLED='{bold fg=2}Done{} in {fg=#010203}3s'

# A 10x3 recording: output, typed input that must not show, a marker, a
# resize to 20x4, then a line exactly 20 columns wide.
make_cast1() {
    cast rec.cast \
        '{"version": 2, "width": 10, "height": 3, "timestamp": 1700000000, "title": "demo", "env": {"SHELL": "/bin/sh", "TERM": "xterm-256color"}}' \
        '[0.1, "o", "hello\r\n"]' \
        '[0.2, "i", "SECRET"]' \
        '[0.3, "m", "mark"]' \
        '[0.4, "r", "20x4"]' \
        '[0.5, "o", "0123456789abcdefghij"]'
}

# A 10x3 recording with one short line and no resize.
make_cast2() {
    cast small.cast '{"version": 2, "width": 10, "height": 3}' '[0, "o", "abcdefgh"]'
}

# ------------------------------------------------------------ feed

case_feed_text() {
    make_done
    run feed --rows 3 --cols 20 done.bin
    expect_ok 'Done in 3s\n'
}

case_feed_styled() {
    make_done
    run feed --rows 1 --cols 20 --styled done.bin
    expect_ok '%s\n' "$DONE_STYLED"
}

case_feed_styled_blank_rows() {
    # one line per visible row; an all-blank row is empty
    make_done
    run feed --rows 3 --cols 20 --styled done.bin
    expect_ok '%s\n\n\n' "$DONE_STYLED"
}

case_feed_exact() {
    make_done
    run feed --rows 2 --cols 12 --exact done.bin
    expect_ok 'Done in 3s  \n            \n'
}

case_feed_defaults() {
    # 24 rows of 80 columns unless told otherwise
    make_done
    run feed --exact done.bin
    {
        printf '%-80s\n' 'Done in 3s'
        i=1
        while [ $i -lt 24 ]; do
            printf '%80s\n' ''
            i=$((i + 1))
        done
    } >want_grid
    expect_ok '%s' "$(cat want_grid)
"
}

case_feed_json() {
    make_done
    run feed --rows 2 --cols 12 --json done.bin
    [ "$CODE" -eq 0 ] || fail "exit code $CODE, expected 0"
    [ -s err ] && fail "unexpected stderr: $(cat err)"
    [ "$(tail -c 1 out | od -An -c | tr -d ' ')" = '\n' ] || fail "no final newline"
    python3 - out <<'PY' || fail "JSON output wrong: $(head -c 400 out)"
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert text.endswith("}\n") and not text.endswith("\n\n"), "one object, one newline"
doc = json.loads(text)
assert isinstance(doc, dict), "an object"
for key in ("rows", "cursor", "modes", "title"):
    assert key in doc, "missing " + key
assert doc["rows"] == ["Done in 3s", ""], doc["rows"]
assert doc["cursor"]["row"] == 0 and doc["cursor"]["col"] == 10, doc["cursor"]
assert doc["title"] == "", doc["title"]
PY
}

case_feed_empty_input() {
    : >empty.bin
    run feed empty.bin
    expect_ok '\n'
}

case_feed_stdin() {
    make_done
    cp done.bin stdin
    run feed --rows 1 --styled
    expect_ok '%s\n' "$DONE_STYLED"
    run feed --rows 1 --styled -
    expect_ok '%s\n' "$DONE_STYLED"
}

case_feed_flags_after_file() {
    make_done
    run feed done.bin --styled --cols 20 --rows 1
    expect_ok '%s\n' "$DONE_STYLED"
    run feed --rows=1 done.bin --cols=20 --exact
    expect_ok 'Done in 3s          \n'
}

case_feed_double_dash() {
    printf 'dashed' >-odd.bin
    run feed --rows 1 -- -odd.bin
    expect_ok 'dashed\n'
}

case_feed_last_value_wins() {
    printf 'abcdef' >six.bin
    run feed --cols 2 --rows 1 --cols 4 --exact six.bin
    expect_ok 'ef  \n'
}

case_feed_scrolls() {
    printf 'line1\r\nline2\r\nline3\r\n' >lines.bin
    run feed --rows 2 lines.bin
    expect_ok 'line3\n'
    run feed --rows 2 --scrollback 0 --exact --cols 5 lines.bin
    expect_ok 'line3\n     \n'
}

case_feed_chunk_boundaries() {
    # Sequences split across the 64 KiB reads must carry over: an SGR
    # straddling byte 65536 and a UTF-8 character straddling byte 131072.
    # The filler is CRs (they move nothing but the cursor); CHA puts the
    # second character after the first.
    head -c 65533 /dev/zero | tr '\0' '\r' >big.bin
    printf '\033[1;31mX' >>big.bin
    head -c $((131071 - 65541 - 4)) /dev/zero | tr '\0' '\r' >>big.bin
    printf '\033[2G\303\251' >>big.bin
    [ "$(wc -c <big.bin)" -eq 131073 ] || fail "fixture is $(wc -c <big.bin) bytes"
    run feed --rows 1 --cols 10 big.bin
    expect_ok 'X\303\251\n'
    run feed --rows 1 --cols 10 --styled big.bin
    expect_ok '{bold fg=1}X\303\251\n'
}

# ------------------------------------------------------------ replay

case_replay_text() {
    # the "i" event's SECRET must not reach the screen
    make_cast1
    run replay rec.cast
    expect_ok 'hello\n0123456789abcdefghij\n'
}

# replay --at, --event, --mark: the screen on the way, not only the last
# one (here the program clears the screen before it ends).
make_points_cast() {
    cast p.cast '{"version": 2, "width": 10, "height": 2}' '[0.5, "o", "one"]' \
        '[1.0, "m", "half"]' '[1.5, "o", "\r\ntwo"]' '[2.0, "i", "x"]' '[2.5, "o", "\u001b[2J"]'
}

case_replay_points() {
    make_points_cast
    run replay p.cast
    expect_ok '\n'
    run replay --at 1s p.cast
    expect_ok 'one\n'
    run replay --at=1500ms p.cast
    expect_ok 'one\ntwo\n'
    run replay --event 0 p.cast
    expect_ok '\n'
    run replay --event 3 p.cast
    expect_ok 'one\ntwo\n'
    run replay --event 5 p.cast
    expect_ok '\n'
    run replay p.cast --mark half
    expect_ok 'one\n'
    # spans take decimals, exactly: 1.5s is 1500ms, 1.49s stops before the event at 1.5 s
    run replay --at 1.5s p.cast
    expect_ok 'one\ntwo\n'
    run replay --at 1.49s p.cast
    expect_ok 'one\n'
    run replay --at 0.025m p.cast
    expect_ok 'one\ntwo\n'
}

case_err_replay_points() {
    make_points_cast
    run replay --event 6 p.cast
    expect_error 2 'p.cast: --event 6: the recording has 5 events'
    run replay --mark nope p.cast
    expect_error 2 'p.cast: --mark "nope": the recording has no such marker'
    run replay --at 1s --event 2 p.cast
    expect_error 2 'tessera: --at and --event: replay stops at one point (see tessera --help)'
    run replay --event -1 p.cast
    expect_error 2 'tessera: --event needs a whole number of events from 0, got "-1" (see tessera --help)'
    run replay --at soon p.cast
    expect_error 2 'tessera: --at must be a number with a unit (500ms, 1.5s, 1m), got "soon" (see tessera --help)'
    run replay --at 1.s p.cast
    expect_error 2 'tessera: --at needs digits after its decimal point (1.5s), got "1.s" (see tessera --help)'
    run replay --at 0.0000000001s p.cast
    expect_error 2 'tessera: --at is finer than a nanosecond, got "0.0000000001s" (see tessera --help)'
    run feed --at 1s p.cast
    expect_error 2 'tessera: unknown option "--at" (see tessera --help)'
}

case_replay_resize_exact() {
    make_cast1
    run replay --exact rec.cast
    expect_ok 'hello               \n0123456789abcdefghij\n                    \n                    \n'
}

case_replay_header_size() {
    make_cast2
    run replay --exact small.cast
    expect_ok 'abcdefgh  \n          \n          \n'
}

case_replay_flags_win() {
    make_cast2
    run replay --cols 6 --rows 2 --exact small.cast
    expect_ok 'abcdef\ngh    \n'
    # only one given: the other comes from the header
    run replay small.cast --cols 4 --exact
    expect_ok 'abcd\nefgh\n    \n'
}

case_replay_flags_then_resize() {
    # flags set the starting size; the recording's resize still applies
    make_cast1
    run replay --cols 5 --rows 5 --exact rec.cast
    expect_ok 'hello               \n0123456789abcdefghij\n                    \n                    \n'
}

case_replay_reflow() {
    cast wrap.cast '{"version": 2, "width": 10, "height": 3}' \
        '[0.0, "o", "0123456789abcdef"]' '[1.0, "r", "20x3"]'
    run replay wrap.cast
    expect_ok '0123456789\nabcdef\n'
    run replay --reflow wrap.cast
    expect_ok '0123456789abcdef\n'
}

case_replay_json_escapes() {
    # \u escapes, a surrogate pair and a raw UTF-8 character in the data
    cast esc.cast '{"version": 2, "width": 12, "height": 1}' \
        '[0, "o", "\u001b[1mA\u001b[0m\ud83d\ude00 caf\u00e9 \u4e2d"]'
    run replay esc.cast
    expect_ok 'A\360\237\230\200 caf\303\251 \344\270\255\n'
    run replay --styled esc.cast
    expect_ok '{bold}A{}\360\237\230\200 caf\303\251 \344\270\255\n'
}

case_replay_stdin() {
    make_cast1
    cp rec.cast stdin
    run replay - --rows 4
    expect_ok 'hello\n0123456789abcdefghij\n'
}

case_replay_no_final_newline() {
    printf '%s\n%s' '{"version": 2, "width": 5, "height": 1}' '[0, "o", "end"]' >nonl.cast
    run replay nonl.cast
    expect_ok 'end\n'
}

case_replay_header_only() {
    cast head.cast '{"version": 2, "width": 3, "height": 2, "idle_time_limit": 1.5, "theme": null}'
    run replay --exact head.cast
    expect_ok '   \n   \n'
}

case_replay_long_lines() {
    # lines longer than the 64 KiB reads: a header with a 70000-byte title
    # and an output event of 140000 bytes, which ends by clearing the screen
    title=$(head -c 70000 /dev/zero | tr '\0' 't')
    filler=$(head -c 140000 /dev/zero | tr '\0' 'x')
    printf '{"version": 2, "width": 80, "height": 24, "title": "%s"}\n' "$title" >long.cast
    printf '[0, "o", "%s\\u001b[2J\\u001b[Hend"]\n' "$filler" >>long.cast
    [ "$(wc -c <long.cast)" -gt 210000 ] || fail "fixture too short"
    run replay long.cast
    expect_ok 'end\n'
}

case_replay_equal_times() {
    # equal times are not a decrease
    cast same.cast '{"version": 2, "width": 5, "height": 1}' '[1, "o", "a"]' '[1.0, "o", "b"]'
    run replay same.cast
    expect_ok 'ab\n'
}

# ------------------------------------------------------------ help, version

case_help() {
    run --help
    [ "$CODE" -eq 0 ] || fail "--help exit code $CODE"
    [ -s err ] && fail "--help wrote to stderr"
    grep -q "^usage: $NAME COMMAND" out || fail "--help: no usage line"
    grep -q '^  feed ' out || fail "--help: feed not listed"
    grep -q '^  replay ' out || fail "--help: replay not listed"
    grep -q '^  view ' out || fail "--help: view not listed"
    cp out help1
    run help
    cmp -s help1 out || fail "'tessera help' differs from 'tessera --help'"
    run help help
    [ "$CODE" -eq 0 ] || fail "help help exit code $CODE"
    cmp -s help1 out || fail "'tessera help help' differs from 'tessera --help'"
    run help replay
    [ "$CODE" -eq 0 ] || fail "help replay exit code $CODE"
    grep -q "^usage: $NAME replay " out || fail "help replay: no usage line"
    run feed --help
    [ "$CODE" -eq 0 ] || fail "feed --help exit code $CODE"
    grep -q "^usage: $NAME feed " out || fail "feed --help: no usage line"
}

case_version() {
    run --version
    [ "$CODE" -eq 0 ] || fail "exit code $CODE"
    [ -s err ] && fail "stderr not empty"
    grep -Eq '^tessera [0-9]+\.[0-9]+\.[0-9]+ \(core ABI [0-9]+\)$' out || fail "version line: $(cat out)"
    [ "$(wc -l <out)" -eq 1 ] || fail "more than one line"
}

# ------------------------------------------------------------ usage errors

case_err_unknown_option() {
    run feed --bogus
    expect_error 2 'tessera: unknown option "--bogus" (see tessera --help)'
    run replay x.cast -r
    expect_error 2 'tessera: unknown option "-r" (see tessera --help)'
}

case_err_bad_number() {
    run feed --rows abc
    expect_error 2 'tessera: --rows must be a whole number from 1 to 1000, got "abc" (see tessera --help)'
    run feed --cols 1001
    expect_error 2 'tessera: --cols must be a whole number from 1 to 1000, got "1001" (see tessera --help)'
    run feed --rows=0
    expect_error 2 'tessera: --rows must be a whole number from 1 to 1000, got "0" (see tessera --help)'
    run feed --scrollback -1
    expect_error 2 'tessera: --scrollback must be a whole number from 0 to 1000000, got "-1" (see tessera --help)'
    run feed --cols 99999999999999999999
    expect_error 2 'tessera: --cols must be a whole number from 1 to 1000, got "99999999999999999999" (see tessera --help)'
    run feed --rows ''
    expect_error 2 'tessera: --rows must be a whole number from 1 to 1000, got "" (see tessera --help)'
}

case_err_missing_value() {
    run feed --rows
    expect_error 2 'tessera: --rows needs a value (see tessera --help)'
    run replay rec.cast --scrollback
    expect_error 2 'tessera: --scrollback needs a value (see tessera --help)'
}

case_err_conflicting_formats() {
    run feed --styled --json
    expect_error 2 'tessera: --styled and --json cannot be used together (see tessera --help)'
    run replay x.cast --exact --styled
    expect_error 2 'tessera: --exact and --styled cannot be used together (see tessera --help)'
}

case_err_switch_with_value() {
    run feed --reflow=yes
    expect_error 2 'tessera: --reflow takes no value, got "--reflow=yes" (see tessera --help)'
}

case_err_two_files() {
    run feed a.bin b.bin
    expect_error 2 'tessera: only one FILE may be given, got "a.bin" and "b.bin" (see tessera --help)'
}

case_err_unknown_command() {
    run frobnicate
    expect_error 2 'tessera: unknown command "frobnicate" (see tessera --help)'
    run --frobnicate
    expect_error 2 'tessera: unknown option "--frobnicate" (see tessera --help)'
    run help frobnicate
    expect_error 2 'tessera: no help for unknown command "frobnicate" (see tessera --help)'
}

case_err_missing_command() {
    run
    expect_error 2 'tessera: missing command (see tessera --help)'
}

case_err_replay_needs_file() {
    run replay --rows 3
    expect_error 2 'tessera: replay needs a FILE.cast argument (see tessera --help)'
}

# ------------------------------------------------------------ asciicast v3

# One session written by hand twice from the published descriptions
# (https://docs.asciinema.org/manual/asciicast/v2/ and
# https://docs.asciinema.org/manual/asciicast/v3/): v2 with times since the
# start, v3 with intervals since the previous event, comments, and the exit.
make_v2_v3_pair() {
    cast s2.cast '{"version": 2, "width": 12, "height": 3, "timestamp": 1700000000}' \
        '[0.248848, "o", "\u001b[1;31mred\u001b[0m\r\n"]' \
        '[1.249224, "i", "SECRET"]' \
        '[1.5, "m", "half"]' \
        '[2.643733, "o", "\u001b[42mgreen\u001b[0m"]' \
        '[4.693733, "r", "20x4"]' \
        '[6.235561, "o", "\r\n01234567890123456789"]' \
        '[6.8, "m", "end"]' \
        '[7.122561, "o", "\r\nbye"]'
    cast s3.cast '{"version": 3, "term": {"cols": 12, "rows": 3, "type": "xterm-256color"}, "timestamp": 1700000000, "title": "pair", "env": {"SHELL": "/bin/sh"}, "tags": ["t"]}' \
        '# written by hand: the same session as s2.cast' \
        '[0.248848, "o", "\u001b[1;31mred\u001b[0m\r\n"]' \
        '[1.000376, "i", "SECRET"]' \
        '[0.250776, "m", "half"]' \
        '#' \
        '[1.143733, "o", "\u001b[42mgreen\u001b[0m"]' \
        '[2.05, "r", "20x4"]' \
        '# a resize, then a full-width line' \
        '[1.541828, "o", "\r\n01234567890123456789"]' \
        '[0.564439, "m", "end"]' \
        '[0.322561, "o", "\r\nbye"]' \
        '[0.5, "x", "3"]'
}

# same ARG...: replay ARG... of s2.cast and of s3.cast print the same, and succeed.
same() {
    run replay "$@" s2.cast
    cp out out2
    [ "$CODE" -eq 0 ] || fail "replay $* s2.cast: exit $CODE: $(cat err)"
    run replay "$@" s3.cast
    [ "$CODE" -eq 0 ] || fail "replay $* s3.cast: exit $CODE: $(cat err)"
    cmp -s out2 out || { fail "replay $* differs between v2 and v3"; show_bytes out2 out; }
}

case_replay_v3_matches_v2() {
    make_v2_v3_pair
    run replay s3.cast
    expect_ok 'red\ngreen\n01234567890123456789\nbye\n'
    same
    same --styled
    same --json
    same --marks
    # every event of v2 (8) is the same event in v3; v3's 9th is its exit
    for k in 0 1 2 3 4 5 6 7 8; do same --event "$k" --exact; done
    run replay --event 9 s3.cast
    cp out want9
    run replay s3.cast
    cmp -s want9 out || fail "--event 9 (the exit) is not the final screen"
    # interval sums land on the v2 times exactly, to the microsecond
    for at in 0.248848s 0.248847s 1500ms 2.643733s 2.643732s 4.693733s 6.235561s 6.23556s 7.122561s; do
        same --at "$at" --exact
    done
    same --mark half --exact
    same --mark end --exact
}

case_err_cast_v3() {
    cast rec.cast '{"version": 3, "width": 80, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v3 header: "term" must be an object with "cols" and "rows"'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 1001}}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v3 header: "term.rows" must be an integer from 1 to 1000'
    cast rec.cast '# first' '{"version": 3, "term": {"cols": 80, "rows": 24}}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: a comment cannot come first: line 1 is the asciicast header'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 24}}' '# ok' '[1, "o", "a"]' '[-0.1, "o", "b"]'
    run replay rec.cast
    expect_error 2 'rec.cast:4: event interval must be a number >= 0'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 24}}' '[1, "r", "80by24"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad resize "80by24": expected COLSxROWS'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 24}}' '[1, "q", ""]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: unknown event code "q"'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 24}}' '[1, "x", "ok"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad exit status "ok": expected a whole number from 0 to 255'
    cast rec.cast '{"version": 3, "term": {"cols": 80, "rows": 24}}' '[1, "o"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event must be a JSON array [interval, code, data]'
}

case_record_cast_format_flag() {
    run record --cast-format v4 -o a.cast -- true
    expect_error 2 'tessera: --cast-format must be v2 or v3, got "v4" (see tessera --help)'
    run script --cast-format v2.0 x.tape
    expect_error 2 'tessera: --cast-format must be v2 or v3, got "v2.0" (see tessera --help)'
    run run --cast-format v3 -- true
    expect_error 2 'tessera: --cast-format is not an option of tessera run (see tessera --help)'
    run script --cast-format v3 x.tape
    expect_error 2 'tessera: --cast-format needs --cast FILE.cast (or -o) to write (see tessera --help)'
    run record --cast-format v2 -- true
    expect_error 2 'tessera: --cast-format needs --cast FILE.cast (or -o) to write (see tessera --help)'
}

# ------------------------------------------------------------ file errors

case_err_cannot_open() {
    run feed missing.bin
    expect_error 2 'missing.bin: cannot open: No such file or directory'
    run replay --json missing.cast
    expect_error 2 'missing.cast: cannot open: No such file or directory'
}

case_err_cannot_read() {
    mkdir adir
    run feed adir
    expect_error 2 'adir: cannot read: Is a directory'
    run replay adir
    expect_error 2 'adir: cannot read: Is a directory'
}

case_err_cast_version() {
    cast rec.cast '{"version": 1, "width": 80, "height": 24}' '[0, "o", "x"]'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast header: "version" must be 2 or 3'
    cast rec.cast '{"width": 80, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast header: "version" must be 2 or 3'
    cast rec.cast '{"version": "2", "width": 80, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast header: "version" must be 2 or 3'
    cast rec.cast '{"version": 2, "version": 2, "width": 80, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast header: "version" appears 2 times'
}

case_err_cast_not_object() {
    cast rec.cast '[2, 80, 24]'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast header: expected a JSON object'
}

case_err_cast_size() {
    cast rec.cast '{"version": 2, "width": 0, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v2 header: "width" must be an integer from 1 to 1000'
    cast rec.cast '{"version": 2, "width": 80.5, "height": 24}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v2 header: "width" must be an integer from 1 to 1000'
    cast rec.cast '{"version": 2, "width": 80, "height": 1001}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v2 header: "height" must be an integer from 1 to 1000'
    cast rec.cast '{"version": 2, "width": 80}'
    run replay rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v2 header: "height" must be an integer from 1 to 1000'
    # flags do not excuse a bad header
    cast rec.cast '{"version": 2, "width": "80", "height": 24}'
    run replay --cols 80 rec.cast
    expect_error 2 'rec.cast:1: not an asciicast v2 header: "width" must be an integer from 1 to 1000'
}

case_err_cast_empty() {
    : >rec.cast
    run replay rec.cast
    expect_error 2 'rec.cast:1: empty file, expected an asciicast header'
}

case_err_cast_blank_line() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '' '[0, "o", "x"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: empty line, expected an event'
    # a blank line at the very end is still a blank line
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0, "o", "x"]' '  '
    run replay rec.cast
    expect_error 2 'rec.cast:3: empty line, expected an event'
}

case_err_cast_unknown_code() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' \
        '[0.1, "o", "a"]' '[0.2, "i", "b"]' '[0.3, "m", ""]' '[0.4, "r", "80x24"]' \
        '[0.5, "o", "c"]' '[0.6, "x", "d"]'
    run replay rec.cast
    expect_error 2 'rec.cast:7: unknown event code "x"'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0.1, "oo", "a"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: unknown event code "oo"'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0.1, "\u001b\"", "a"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: unknown event code "\x1b\""'
}

case_err_cast_bad_json() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0.1, "o", "a"]' '[0.5, "o", "abc'
    run replay rec.cast
    expect_error 2 'rec.cast:3: bad JSON: unterminated string at column 12'
    cast rec.cast '{"version": 2, "width": 80, "height": 24,}'
    run replay rec.cast
    expect_error 2 "rec.cast:1: bad JSON: unexpected character '}', expected a string key at column 42"
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[1, "o", "\ud800"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad JSON: lone surrogate \uD800 at column 11'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[1, "o", "a"] [2, "o", "b"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad JSON: unexpected data after the JSON value at column 15'
}

case_err_cast_bad_resize() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0, "o", "a"]' '[1, "o", "b"]' \
        '[2, "o", "c"]' '[3, "r", "80by24"]'
    run replay rec.cast
    expect_error 2 'rec.cast:5: bad resize "80by24": expected COLSxROWS'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0, "r", "80x"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad resize "80x": expected COLSxROWS'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0, "r", "0x24"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad resize "0x24": columns must be 1 to 1000 and rows 1 to 1000'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[0, "r", "80x1001"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: bad resize "80x1001": columns must be 1 to 1000 and rows 1 to 1000'
}

case_err_cast_bad_event() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '{"time": 1}'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event must be a JSON array [time, code, data]'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[1, "o"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event must be a JSON array [time, code, data]'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[1, "o", 5]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event data must be a string'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[1, 111, "o"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event code must be a string'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '["1", "o", "a"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event time must be a number >= 0'
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[-0.5, "o", "a"]'
    run replay rec.cast
    expect_error 2 'rec.cast:2: event time must be a number >= 0'
}

case_err_cast_time_decreases() {
    cast rec.cast '{"version": 2, "width": 80, "height": 24}' '[2.0, "o", "a"]' '[1.5, "o", "b"]'
    run replay rec.cast
    expect_error 2 'rec.cast:3: event time 1.5 is before the previous event'"'"'s 2.0'
}

# The documented limits (tessera/recording.h): every engine refuses alike,
# with memory in line with the limit, not with the line.
case_err_cast_limits() {
    python3 -c "
open('head.cast', 'w').write('{\"version\": 2, \"width\": 80, \"height\": 24, \"x\": \"' + 'y' * (1 << 20) + '\"}\\n')
open('many.cast', 'w').write('{\"version\": 2, \"width\": 80, \"height\": 24}\\n[0.5, \"o\", \"x\"' + ', 1' * 100 + ']\\n')"
    run replay head.cast
    expect_error 2 'head.cast:1: the header line is longer than 1 MiB, the limit for a header'
    run replay many.cast
    expect_error 2 'many.cast:2: bad JSON: more than 64 values at column 197'
    python3 -c "
open('long.cast', 'w').write('{\"version\": 2, \"width\": 80, \"height\": 24}\\n[0.5, \"o\", \"' + 'x' * (16 << 20) + '\"]\\n')"
    run replay long.cast
    expect_error 2 'long.cast:2: the line is longer than 16 MiB, the limit for an event'
}

# ------------------------------------------------------------ internal errors

case_err_stdout_unwritable() {
    # a full disk under stdout is exit 5, and said on stderr
    [ -w /dev/full ] || { fail "/dev/full is needed for this case"; return; }
    printf 'x' >x.bin
    "$BIN" feed x.bin >/dev/full 2>err
    CODE=$?
    : >out
    expect_error 5 'tessera: cannot write the output: No space left on device'
}

case_err_help_unwritable() {
    # help and version text count as output too
    [ -w /dev/full ] || { fail "/dev/full is needed for this case"; return; }
    : >out
    for args in --help --version "help replay" "feed --help"; do
        # shellcheck disable=SC2086
        "$BIN" $args >/dev/full 2>err
        CODE=$?
        expect_error 5 'tessera: cannot write to stdout: No space left on device'
    done
}

# ------------------------------------------------------------ bookkeeping

case_cases_registered() {
    # every case above is a ctest test (tests/cli/CMakeLists.txt)
    for c in $(grep -o '^case_[a-z_0-9]*' "$SELF" | sed 's/^case_//'); do
        grep -Eq "(^| )$c( |\$)" "$(dirname "$SELF")/CMakeLists.txt" || fail "case $c is not in CMakeLists.txt"
    done
}

# ------------------------------------------------------------ dispatch

"case_$CASE"
if [ "$FAILED" -ne 0 ]; then
    exit 1
fi
echo "ok $CASE"
