#!/bin/sh
# Tapes against real programs, and tapes that must be refused before
# anything runs. Each case runs `tessera script` in a fresh directory and
# checks its exit code, stderr, and what the program left on disk; then
# that no process it started is left (a unique marker in the environment).
#
# usage: tape_test.sh PATH/TO/tessera CASE
. "$(dirname "$0")/../lib/case.sh" # BIN, CASE, HERE, fail, show, ...
case_begin tape

# script FILE: runs a tape with the marker and HOME in the work directory.
script() {
    "$BIN" script --env "TSR_TEST_MARK=$MARK" --env "HOME=$WORK" "$@" </dev/null >out 2>err
    CODE=$?
}
expect_err_line() {
    printf '%s\n' "$1" >want_err
    cmp -s want_err err || { fail "stderr differs"; echo "--- want" >&2; cat want_err >&2; show; }
}
. "$HERE/../lib/leftovers.sh"
# bad NAME LINE: a tape with LINE after a run that would leave a file; it
# must fail with exit 2 and the exact message, and launch nothing.
bad() {
    printf 'run sh -c "touch launched"\n%s\n' "$1" >bad.tape
    script bad.tape
    expect_code 2
    expect_err_line "$2"
    [ ! -e launched ] || fail "an invalid tape launched its program"
    [ ! -s out ] || fail "stdout not empty"
}

case_vim_edit() {
    script "$HERE/vim_edit.tape"
    expect_code 0
    printf 'Hello from tessera \342\234\223\n' >want
    cmp -s want note.txt || fail "note.txt: $(od -c note.txt 2>&1 | head -3)"
}
case_bash_interactive() { script "$HERE/bash_interactive.tape"; expect_code 0; }
case_less_pages() {
    i=1; : >lines.txt
    while [ $i -le 100 ]; do echo "line $i" >>lines.txt; i=$((i + 1)); done
    script "$HERE/less_pages.tape"
    expect_code 0
}
# A program that turns on kitty's flags (on both screens) and modifyOtherKeys 2
# receives the bytes those modes send (the waits in the tape check each key).
case_keyboard_protocols() { script "$HERE/keyboard_protocols.tape"; expect_code 0; }
# vim turns on modifyOtherKeys 2 by itself; its <S-CR> mapping fires only on those bytes.
case_vim_modify_other_keys() { script "$HERE/vim_modify_other_keys.tape"; expect_code 0; }
case_htop_quit() { script "$HERE/htop_quit.tape"; expect_code 0; }
case_dialog_msgbox() { script "$HERE/dialog_msgbox.tape"; expect_code 0; }
case_bash_dialog_actions() { script "$HERE/bash_dialog_actions.tape"; expect_code 0; }
case_cat_steps() {
    cp "$HERE/cat_steps.tape" .  # its snapshot file lands beside the tape
    script cat_steps.tape
    expect_code 0
    # 8 rows of 40 cells after the resize: the two abc lines, then blanks
    { printf '%-40s\n' abc got:abc; for i in 1 2 3 4 5 6; do printf '%40s\n' ''; done; } >want
    cmp -s want screen.txt || { fail "snapshot file"; cat -A screen.txt >&2; }
}
# Typing into a program that never reads obeys the deadline: exit 3 with
# the screen, never a hang.
case_type_into_program_not_reading() {
    big=$(head -c 200000 /dev/zero | tr '\0' a)
    { printf 'run sh -c "stty raw -echo; echo ready; sleep 30"\nwait "ready" 30s\n'
      printf 'type "%s"\n' "$big"; } >t.tape
    timeout 60 "$BIN" script --timeout 1s --env "TSR_TEST_MARK=$MARK" t.tape </dev/null >out 2>err
    CODE=$?
    expect_code 3
    grep -q "did not read its input" err || { fail "no deadline message"; show; }
}
# with_memory_ceiling MB CMD...: runs CMD allowed about MB megabytes (ASan's
# RSS limit in the sanitizer build, where ulimit -v cannot work).
with_memory_ceiling() {
    mb=$1; shift
    if [ -n "${TSR_SANITIZED:-}" ]; then
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=$mb" "$@"
    else
        (ulimit -v $((mb * 1024)) && exec "$@")
    fi
}

# Lexing is linear: tapes with 300,000 words or strings on one line are
# refused with their exact error well within 300 MB (the old lexer copied
# the rest of the line for every token: over 1 GB).
case_long_lines_linear_memory() {
    python3 -c "
open('words.tape', 'w').write('run true\\nresize ' + ' '.join(['1'] * 300000) + '\\n')
open('strings.tape', 'w').write('run true\\ntype ' + ' '.join(['\"ab\"'] * 300000) + '\\n')"
    with_memory_ceiling 300 "$BIN" script --env "TSR_TEST_MARK=$MARK" words.tape </dev/null >out 2>err
    CODE=$?
    expect_code 2
    expect_err_line 'words.tape:2:12: resize takes 2 arguments, got 300000'
    with_memory_ceiling 300 "$BIN" script --env "TSR_TEST_MARK=$MARK" strings.tape </dev/null >out 2>err
    CODE=$?
    expect_code 2
    expect_err_line 'strings.tape:2:11: type takes 1 argument, got 300000'
}

# env and cwd lines start the program; snapshot files and cwd are relative to
# the tape's folder, whatever folder tessera runs in; --env on the command
# line wins over the tape's.
case_env_cwd_beside_tape() {
    mkdir -p sub/data
    printf 'env GREETING=hi\nenv OTHER=x\ncwd data\nrun sh -c "echo \\"$GREETING from ${PWD##*/}\\""\nwait "from data" 30s\nsnapshot out.txt\n' >sub/t.tape
    script sub/t.tape
    expect_code 0
    grep -q "hi from data" sub/out.txt || { fail "sub/out.txt: $(cat sub/out.txt 2>&1)"; show; }
    [ ! -e out.txt ] || fail "the snapshot was written beside tessera, not beside the tape"
    script --env GREETING=cli sub/t.tape
    expect_code 0
    grep -q "cli from data" sub/out.txt || fail "--env did not win: $(cat sub/out.txt)"
    printf 'env NOEQUALS\nrun true\n' >e.tape
    script e.tape
    expect_code 2
    expect_err_line 'e.tape:1:5: env takes NAME=VALUE'
}

case_snapshot_stdout_and_quiet() {
    printf 'rows 2\ncols 5\nrun printf hi\nwait "hi" 30s\nsnapshot\n' >s.tape
    script s.tape
    expect_code 0
    printf 'hi   \n     \n' >want
    cmp -s want out || { fail "snapshot on stdout"; show; }
    script --quiet s.tape
    expect_code 0
    [ ! -s out ] || fail "--quiet printed the snapshot"
}
case_quoted_run_args() {
    printf '%s\n' 'run sh -c "printf \"<%s>\\n\" \"$0\" \"$1\"" "a b" \x21\u{2713}' \
        'wait "<a b>" 30s' 'expect "<!\u{2713}>"' >q.tape
    # the second argument is a bare word: escapes are not decoded in words
    script q.tape
    expect_code 1
    grep -qF '<\x21\u{2713}>' err || { fail "bare word was changed"; show; }
    printf '%s\n' 'run sh -c "printf \"<%s>\\n\" \"$0\" \"$1\"" "a b" "\x21\u{2713}"' \
        'wait "<a b>" 30s' 'expect "<!\u{2713}>"' >q2.tape
    script q2.tape
    expect_code 0
}
case_wait_deadline() {
    printf 'run sh -c "echo here; while :; do sleep 1; done"\nwait "never" 1s\n' >w.tape
    script w.tape
    expect_code 3
    grep -qF 'w.tape:2: wait "never": deadline reached' err || { fail "message"; show; }
    grep -qF 'here' err || { fail "no screen in the message"; show; }
}
case_expect_exit_mismatch() {
    printf 'run sh -c "exit 4"\nexpect-exit 0\n' >e.tape
    script e.tape
    expect_code 1
    grep -qF 'e.tape:2: expect-exit 0: the program exited with 4' err || { fail "message"; show; }
}
case_not_started() {
    printf 'run no-such-program-tessera\nwait "x" 1s\n' >n.tape
    script n.tape
    expect_code 4
}
case_parse_errors() {
    bad 'wait "x" 5' 'bad.tape:2:10: expected a duration such as 500ms, 1.5s or 1m, got "5": it needs a unit: ms, s or m'
    bad 'wait "x"' 'bad.tape:2:1: wait takes 2 arguments, got 1'
    bad 'type "abc' 'bad.tape:2:6: unterminated string: a closing " is missing'
    bad 'type "a\qb"' 'bad.tape:2:8: unknown escape (use \n \t \r \e \0 \" \\ \xHH or \u{HEX})'
    bad 'type "\x4"' 'bad.tape:2:7: \x needs exactly two hex digits'
    bad 'type "\u{110000}"' 'bad.tape:2:7: \u{...} is not a Unicode scalar value'
    bad 'type "\u2713"' 'bad.tape:2:7: \u needs braces: \u{2713}'
    bad 'type abc' 'bad.tape:2:6: type needs a double-quoted string'
    bad 'frobnicate' 'bad.tape:2:1: unknown directive "frobnicate"'
    bad 'run true' 'bad.tape:2:1: a second run: a tape has exactly one (the first is on line 1)'
    bad 'rows 10' 'bad.tape:2:1: rows must come before run'
    bad 'resize 0 80' 'bad.tape:2:8: expected a whole number from 1 to 1000, got "0"'
    bad 'press C-c' "bad.tape:2:7: press: 'C-c': not a key name: join modifiers with '+', as in ctrl+c or alt+x"
    bad 'idle 5s 1s' 'bad.tape:2:9: idle: the deadline is shorter than the settle time'
    bad 'expect "a"b' 'bad.tape:2:11: a string must be followed by a space'
    bad 'expect-exit 256' 'bad.tape:2:13: expected a whole number from 0 to 255, got "256"'
    bad 'wait "" 1s' 'bad.tape:2:6: wait: the text is empty: it would match any screen'
    bad 'wait "a\nb" 1s' 'bad.tape:2:6: wait: the text holds control character 0x0a: no screen shows one (search one row at a time)'
    bad 'expect-not ""' 'bad.tape:2:12: expect-not: the text is empty: it would match any screen'
    bad 'snapshot "a\0b"' 'bad.tape:2:10: snapshot: a file name cannot hold a NUL character'
    bad 'expect "x" fg=999' 'bad.tape:2:12: expect: fg= needs a colour: 0 to 255, #rrggbb or default'
    bad 'click 3' 'bad.tape:2:7: click takes ROW COL (0-based cells) or a "TEXT" on the screen'
    bad 'type --bogus "x"' 'bad.tape:2:6: type: unknown option "--bogus" (--now, --ready SPAN)'
    bad 'wheel sideways 1 2' 'bad.tape:2:7: wheel needs up or down'
    bad 'type --now --ready 1s "x"' 'bad.tape:2:1: type: --now and --ready: one of them'
    bad 'wait /ab 1s' 'bad.tape:2:6: unterminated pattern: a closing / is missing'
    bad 'expect /a\bc/' 'bad.tape:2:8: expect: \b is not supported (\d \w \s and their capitals are)'
    printf 'rows 10\n# no run\n' >norun.tape
    script norun.tape
    expect_code 2
    expect_err_line 'norun.tape:3:1: the tape has no run line'
    printf 'type "x"\nrun true\n' >early.tape
    script early.tape
    expect_code 2
    expect_err_line 'early.tape:1:1: type comes before run: there is no program yet'
    script missing.tape
    expect_code 2
}

# reflow before run: a soft-wrapped line joins when the screen widens; the
# same tape without it keeps the wrap (the control that shows reflow acted).
case_reflow() {
    printf 'rows 3\ncols 10\nreflow\nrun sh -c "printf abcdefghijklmno; read x"\nwait "klmno" 30s\nresize 3 20\nsnapshot\n' >r.tape
    script r.tape
    expect_code 0
    printf '%-20s\n' abcdefghijklmno '' '' >want
    cmp -s want out || { fail "reflow: the wrapped line did not join"; show; }
    grep -v '^reflow$' r.tape >plain.tape
    script plain.tape
    expect_code 0
    printf '%-20s\n' abcdefghij klmno '' >want
    cmp -s want out || { fail "without reflow the wrap must stay"; show; }
}
# --rows/--cols on the command line win over the tape's rows and cols.
case_rows_cols_flags_override() {
    printf 'rows 2\ncols 5\nrun sh -c "stty size; read x"\nwait "4 12" 30s\nsnapshot\n' >s.tape
    script --rows 4 --cols 12 s.tape
    expect_code 0
    printf '%-12s\n' '4 12' '' '' '' >want
    cmp -s want out || { fail "the flags' size"; show; }
    printf 'rows 2\ncols 5\nrun sh -c "stty size; read x"\nwait "2 5" 30s\n' >t.tape
    script t.tape
    expect_code 0
}
# snapshot with --styled prints the styled run-length form.
case_snapshot_styled() {
    printf '%s\n' 'rows 2' 'cols 12' \
        'run sh -c "printf \"\\033[1mB\\033[0m \\033[31mx\\033[0m\"; read x"' \
        'wait "x" 30s' 'snapshot' >st.tape
    script --styled st.tape
    expect_code 0
    printf '{bold}B{} {fg=1}x\n\n' >want
    cmp -s want out || { fail "styled snapshot"; show; }
    script st.tape
    expect_code 0
    printf '%-12s\n' 'B x' '' >want
    cmp -s want out || { fail "plain snapshot"; show; }
}
# A program that sets colour 1 (OSC 4): its red text is matched as the rgb
# it set, not xterm's (in a tape, and in a spec), and the styled snapshot
# ends with the palette line. A # inside a word is the word's; one where a
# word would start begins a comment.
case_palette_style() {
    run='run sh -c "printf \"\\033]4;1;#123456\\007\\033[31mX\\033[0m\"; read x"'
    printf '%s\n' 'rows 2' 'cols 12' "$run" 'expect "X" fg=1 30s' 'expect "X" fg=#123456 30s' \
        'snapshot # the last step' >ok.tape
    script --styled ok.tape
    expect_code 0
    printf '{fg=1}X\n\n{palette 1=#123456}\n' >want
    cmp -s want out || { fail "styled snapshot with the palette line"; show; }
    for rgb in 123456 cd0000; do
        printf '%s\n' '{"version": 3, "command": ["sh", "-c",' \
            '  "printf '"'"'\\033]4;1;#123456\\007\\033[31mX\\033[0m'"'"'; read x"],' \
            '  "viewport": {"cols": 12, "rows": 2}, "timeout_ms": 3000,' \
            "  \"steps\": [{\"expect\": {\"text\": \"X\", \"style\": {\"fg\": \"#$rgb\"}}}]}" \
            >"$rgb.spec.json"
        "$BIN" test "$rgb.spec.json" </dev/null >out 2>err
        CODE=$?
        [ $rgb = 123456 ] && expect_code 0 || expect_code 1
    done
}
# --cast and --journal write the session the tape drives; each replays
# (tessera replay) to the screen the tape's last snapshot took, plain and
# styled, and the cast holds the resize and the typed input as events.
case_script_records_session() {
    cp "$HERE/record_session.tape" .
    for form in exact styled; do
        style=; [ $form = styled ] && style=--styled
        script $style --cast s.cast --journal s.journal record_session.tape
        expect_code 0
        for rec in s.cast s.journal; do
            "$BIN" replay --$form "$rec" >replayed 2>err || fail "$rec: replay failed: $(cat err)"
            cmp -s screen.txt replayed ||
                { fail "$rec replays to another screen ($form)"; cat -A screen.txt replayed >&2; }
        done
    done
    grep -q '"r", "50x12"' s.cast || fail "the cast has no resize event"
    grep -q '"i", "go"' s.cast || fail "the cast has no input event"
    grep -q 'red' screen.txt || fail "the snapshot misses the text: $(cat screen.txt)"
    # --cast-format v3: the same session as asciicast v3, ending with its exit
    script --cast-format v3 --cast s3.cast record_session.tape
    expect_code 0
    head -1 s3.cast | grep -q '^{"version": 3, "term": {"cols": ' ||
        fail "no v3 header: $(head -1 s3.cast)"
    tail -1 s3.cast | grep -q '"x", "0"\]$' || fail "the v3 cast does not end with the exit: $(tail -1 s3.cast)"
    "$BIN" replay --exact s3.cast >replayed 2>err || fail "s3.cast: replay failed: $(cat err)"
    "$BIN" replay --exact s.cast >replayed2 2>err
    cmp -s replayed2 replayed || { fail "the v3 cast replays to another screen"; cat -A replayed2 replayed >&2; }
}
# A recording that cannot be opened is exit 2 before anything runs; an
# invalid tape creates no recording.
case_script_recording_refused() {
    printf 'run sh -c "touch launched"\nexpect-exit 0\n' >ok.tape
    script --cast missing/dir/s.cast ok.tape
    expect_code 2
    grep -q '^missing/dir/s.cast: cannot open: No such file or directory$' err ||
        { fail "no cannot-open message"; show; }
    [ ! -e launched ] || fail "the program ran without its recording"
    printf 'run sh -c "touch launched"\nwait "x"\n' >bad.tape
    script --cast s.cast --journal s.journal bad.tape
    expect_code 2
    [ ! -e s.cast ] && [ ! -e s.journal ] || fail "an invalid tape left a recording"
    [ ! -e launched ] || fail "an invalid tape launched its program"
}
# tapes_and_recordings TAPES RECORDINGS MIN: every tape of TAPES is valid and has
# its cast in RECORDINGS, and every recording there (cast or journal) replays
# cleanly, stays under 200 KB and has its tape; at least MIN tapes.
tapes_and_recordings() {
    "$BIN" test --check "$1" >out 2>err
    CODE=$?
    expect_code 0
    n=0
    for tape in "$1"/*.tape; do
        name=$(basename "$tape" .tape)
        [ -f "$2/$name.cast" ] || fail "$name: no $name.cast in $2"
        n=$((n + 1))
    done
    [ $n -ge "$3" ] || fail "only $n tapes in $1"
    for rec in "$2"/*; do
        case $rec in *.tape) continue ;; esac
        "$BIN" replay "$rec" >out 2>err || { fail "$(basename "$rec") does not replay"; show; }
        [ "$(wc -c <"$rec")" -lt 204800 ] || fail "$(basename "$rec") is 200 KB or more"
        [ -f "$1/$(basename "${rec%.*}").tape" ] || fail "$(basename "$rec") has no tape"
    done
}
# The session fixtures (corpus/sessions) and the tessera suite's recordings
# (corpus/tessera/recordings, tapes beside their casts). Running the tapes is
# corpus/sessions/record.sh's job (it needs the programs).
case_session_fixtures() {
    dir=$HERE/../../corpus/sessions
    tapes_and_recordings "$dir/tapes" "$dir/fixtures" 22
    dir=$HERE/../../corpus/tessera/recordings
    tapes_and_recordings "$dir" "$dir" 2
}
# idle waits until no revision for SETTLE: output 300 ms after the step
# starts restarts the window, so the snapshot taken right after holds it.
# A program that never goes quiet makes idle reach its deadline (exit 3).
case_idle_and_deadline() {
    printf 'run sh -c "echo ready; sleep 0.3; echo late; read x"\nwait "ready" 30s\nidle 1s 30s\nsnapshot\n' >i.tape
    script i.tape
    expect_code 0
    grep -q '^late' out || { fail "idle returned before the output 300 ms later"; show; }
    printf 'run sh -c "echo ready; while :; do echo tick; sleep 0.05; done"\nwait "ready" 30s\nidle 500ms 1s\n' >busy.tape
    script --quiet busy.tape
    expect_code 3
    head -n 1 err | grep -qxF 'tessera: busy.tape:3: idle: deadline reached' || { fail "idle deadline message"; show; }
}
# expect against a program that keeps running (not exiting) fails at
# --timeout with exit 1, the reason and the screen; the program is ended.
case_expect_timeout_running() {
    printf 'run sh -c "echo here; while :; do sleep 1; done"\nexpect "never"\n' >e.tape
    start=$(date +%s%N)
    script --quiet --timeout 1s e.tape
    took=$(( ($(date +%s%N) - start) / 1000000 ))
    expect_code 1
    head -n 1 err | grep -qxF 'tessera: e.tape:2: expect "never": it is not on the screen (--timeout reached)' \
        || { fail "expect timeout message"; show; }
    grep -q '^here' err || { fail "no screen in the message"; show; }
    [ "$took" -ge 1000 ] || fail "expect gave up after $took ms, before the 1 s timeout"
}

# paste with ?2004 off sends the text raw, end to end: no CSI 200~/201~
# around it and nothing removed from it; with ?2004 on it is bracketed.
case_paste_raw_and_bracketed() {
    printf '%s\n' 'run sh -c "stty raw -echo; printf \"ready\\r\\n\"; exec cat -v"' 'wait "ready" 30s' \
        'paste "p\e[201~q"' 'type "|"' 'wait "|" 30s' 'snapshot' >p.tape
    script p.tape
    expect_code 0
    sed -n 2p out | sed "s/ *$//" | grep -qxF 'p^[[201~q|' || { fail "raw paste"; show; }
    printf '%s\n' 'run sh -c "stty raw -echo; printf \"\\033[?2004hready\\r\\n\"; exec cat -v"' \
        'wait "ready" 30s' 'paste "p\e[201~q"' 'type "|"' 'wait "|" 30s' 'snapshot' >b.tape
    script b.tape
    expect_code 0
    sed -n 2p out | sed "s/ *$//" | grep -qxF '^[[200~pq^[[201~|' || { fail "bracketed paste"; show; }
}

# loop N TAPE [FLAGS...]: runs the tape N times; every run must pass.
loop() {
    n=$1 tape=$2
    shift 2
    i=0 lost=0
    while [ $i -lt "$n" ]; do
        script "$@" "$tape"
        if [ "$CODE" -ne 0 ]; then
            [ $lost -gt 0 ] || { cp err first_err; cp out first_out; }
            lost=$((lost + 1))
        fi
        i=$((i + 1))
    done
    if [ $lost -gt 0 ]; then
        fail "$tape: $lost of $n runs failed; the first:"
        cat first_err >&2
    fi
}

# Per-step deadlines: expect and expect-not take one as wait does; a
# missed one fails at its own deadline, not the global --timeout.
case_expect_step_deadline() {
    printf 'run sh -c "echo hi; sleep 30"\nexpect "hi" 5s\nexpect-not "bye" 5s\nexpect "never" 300ms\n' >d.tape
    start=$(date +%s)
    script --timeout 30s d.tape
    expect_code 1
    [ $(($(date +%s) - start)) -lt 10 ] || fail "the step's deadline was not used"
    grep -q 'd.tape:4: expect "never": it is not on the screen (its deadline reached)' err ||
        { fail "message"; show; }
    bad 'expect "x" 0s' 'bad.tape:2:12: expect: the deadline must be more than 0'
    bad 'expect "x" 5' 'bad.tape:2:12: expected a duration such as 500ms, 1.5s or 1m, got "5": it needs a unit: ms, s or m'
    bad 'ready 1s 2s' 'bad.tape:2:10: ready takes at most 1 argument, got 2'
}

# A tape's snapshot is taken once the program has drawn and settled, as
# `tessera snapshot` does; a program that printed nothing is exit 3.
case_snapshot_settles() {
    printf 'rows 2\ncols 10\nrun sh -c "sleep 0.15; echo late; sleep 5"\nsnapshot\n' >s.tape
    i=0
    while [ $i -lt 20 ]; do
        script s.tape
        expect_code 0
        grep -q late out || { fail "run $i: the snapshot was taken before the output"; show; break; }
        i=$((i + 1))
    done
    printf 'run sleep 5\nsnapshot\n' >q.tape
    script --timeout 500ms q.tape
    expect_code 3
    grep -q 'q.tape:2: snapshot: waiting for the screen to settle (the program has printed nothing): deadline reached' err ||
        { fail "message"; show; }
}

# ready waits until the program reads its terminal: input sent right after
# it is never lost, in every run (without it these lose input in some runs).
case_ready_sleep_then_read() {
    printf 'run sh -c "sleep 0.2; read x; echo got:$x"\nready\ntype "abc"\npress Enter\nexpect "got:abc" 5s\nexpect-exit 0\n' >r.tape
    loop 20 r.tape
}
# (each prompt is numbered by PROMPT_COMMAND: P1>, then P2> after the ^C)
case_ready_bash_after_ctrl_c() {
    printf 'rows 8\ncols 40\nrun bash --norc --noprofile -i\nwait "P1>" 10s\nready\ntype "echo A"\nwait "P1> echo A" 5s\nready\npress ctrl+c\nwait "P2>" 5s\nready\ntype "echo ZZ9"\npress Enter\nexpect "P2> echo ZZ9" 5s\nexpect "P3>" 5s\n' >b.tape
    loop 20 b.tape --env 'PS1=P$n> ' --env 'PROMPT_COMMAND=n=$((n+1))'
}
case_ready_less_after_resize() {
    i=1; : >lines.txt
    while [ $i -le 100 ]; do echo "line $i" >>lines.txt; i=$((i + 1)); done
    printf 'rows 5\ncols 40\nrun less lines.txt\nwait "line 4" 10s\nready\nresize 12 40\nwait "line 11" 5s\nready\npress q\nexpect-exit 0\n' >l.tape
    loop 20 l.tape --env LESSHISTFILE=- --env LESS=
}
# vim keeps a helper thread waiting for signals: it is parked, not busy, so
# vim is ready once its main thread waits for the terminal.
case_ready_vim() {
    printf 'rows 10\ncols 40\nrun vim --clean -n\nwait "~" 10s\nready 5s\ntype ":q"\npress Enter\nexpect-exit 0\n' >v.tape
    loop 20 v.tape
}

"case_$CASE"
no_leftovers "$MARK"
exit $FAILED
