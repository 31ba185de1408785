#!/bin/sh
# End-to-end tests of live sessions: the real tessera binary runs real
# programs on a PTY. Each case checks the exit code and what the program
# showed or did, and every case ends by checking that no process it started
# is left (each run carries a unique TSR_TEST_MARK in its environment, and
# /proc is searched for it). Synchronisation is by waits on screen text
# only; deadlines are generous because CI machines are slow.
#
# usage: pty_test.sh PATH/TO/tessera CASE     (ctest runs one CASE per test)
. "$(dirname "$0")/../lib/case.sh" # BIN, CASE, HERE, fail, show, ...
case_begin pty

# t ARG...: runs tessera with the marker in the program's environment.
# Global flags go before the command name, so both positions are exercised.
t() {
    cmd=$1
    shift
    "$BIN" "$cmd" --env "TSR_TEST_MARK=$MARK" "$@" </dev/null >out 2>err
    CODE=$?
}

expect_out() { grep -qF -- "$1" out || { fail "stdout lacks \"$1\""; show; }; }
expect_err() { grep -qF -- "$1" err || { fail "stderr lacks \"$1\""; show; }; }

. "$HERE/../lib/leftovers.sh"

case_run_expect_ok() {
    t run --expect ready --expect-exit 0 -- sh -c 'printf ready'
    expect_code 0
    expect_out ready
}

case_flags_before_command() {
    "$BIN" --rows 5 --cols 20 --timeout 30s snapshot --env "TSR_TEST_MARK=$MARK" -- sh -c 'printf hi' </dev/null >out 2>err
    CODE=$?
    expect_code 0
    printf 'hi                  \n                    \n                    \n                    \n                    \n' >want
    cmp -s want out || { fail "snapshot is not the exact 5x20 grid"; show; }
}

case_env_defaults() {
    t run --expect-exit 0 -- sh -c 'printf "%s|%s|%s\n" "$TERM" "$LANG" "$LC_ALL"'
    expect_code 0
    expect_out "xterm-256color|C.UTF-8|C.UTF-8"
}

case_env_given_and_cleared() {
    t run --clear-env --inherit-home --env TERM=vt100 --env FOO=bar --expect-exit 0 -- /bin/sh -c 'printf "%s|%s|%s|\n" "$TERM" "$FOO" "${HOME:-unset}"'
    expect_code 0
    expect_out "vt100|bar|unset|"
    # by default a cleared environment still gets the fresh HOME (hermetic)
    t run --clear-env --expect-exit 0 -- /bin/sh -c 'printf "home=%s|\n" "$HOME"'
    expect_code 0
    grep -q '^home=.*/tessera-home-' out || { fail "no fresh HOME: $(cat out)"; show; }
}

case_is_a_tty_with_size() {
    t run --rows 33 --cols 111 --expect-exit 0 -- sh -c 'test -t 0 && test -t 1 && printf "tty %s\n" "$(stty size)"'
    expect_code 0
    expect_out "tty 33 111"
}

case_cpr_reply() {
    # the program draws only after the terminal answers its cursor query
    t run --expect "drawn after 3;5" --expect-exit 0 -- bash --norc -c \
        'stty -icanon -echo; printf "\n\n    \033[6n"; IFS= read -r -d R reply; printf "drawn after %s\n" "${reply#??}"'
    expect_code 0
}

case_ctrl_c_is_sigint() {
    cat >ctrlc.tape <<'TAPE'
run sh -c "trap 'echo got-sigint; exit 0' INT; echo ready; while :; do sleep 1; done"
wait "ready" 30s
press ctrl+c
wait "got-sigint" 30s
expect-exit 0
TAPE
    t script ctrlc.tape
    expect_code 0
}

case_resize_sigwinch() {
    cat >winch.tape <<'TAPE'
rows 24
cols 80
run sh -c "trap 'echo size:$(stty size)' WINCH; echo ready; while :; do sleep 0.1; done"
wait "ready" 30s
resize 30 100
wait "size:30 100" 30s
TAPE
    t script winch.tape
    expect_code 0
}

case_deccolm_resizes_pty() {
    # a program that switches to 132 columns (DECCOLM, with mode 40) reads that width from
    # its terminal after a SIGWINCH, and 80 again when it switches back; without mode 40
    # nothing changes
    t run --rows 6 --cols 80 --expect "after 6 80" --expect-exit 0 -- bash --norc -c \
        'printf "\033[?3h"; sleep 0.2; printf "after %s\n" "$(stty size)"'
    expect_code 0
    t run --rows 6 --cols 80 --expect "now 6 132" --expect-exit 0 -- bash --norc -c \
        'trap "echo winched" WINCH; printf "\033[?40h\033[?3h"; sleep 0.5; printf "now %s\n" "$(stty size)"'
    expect_code 0
    expect_out "winched"
    t run --rows 6 --cols 80 --expect "back 6 80" --expect-exit 0 -- bash --norc -c \
        'printf "\033[?40h\033[?3h\033[?3l"; sleep 0.3; printf "back %s\n" "$(stty size)"'
    expect_code 0
}

case_exit_during_wait() {
    cat >early.tape <<'TAPE'
run sh -c "echo going away; exit 3"
wait "never shown" 60s
TAPE
    t script early.tape
    expect_code 1
    expect_err "early.tape:2: wait \"never shown\": the program exited with 3 first"
    expect_err "going away"
}

case_close_ignoring_signals() {
    t run --expect ready -- sh -c 'trap "" HUP TERM INT; echo ready; while :; do sleep 1; done'
    expect_code 0
}

case_close_background_children() {
    t run --expect ready -- sh -c '(setsid sh -c "trap \"\" HUP TERM; while :; do sleep 1; done" &); sh -c "trap \"\" HUP TERM; while :; do sleep 1; done" & echo ready; wait'
    expect_code 0
}

case_exit_1_expect_not() {
    t run --expect-not oops --expect-exit 0 -- sh -c 'echo oops'
    expect_code 1
    expect_err '--expect-not "oops": it is on the screen'
}

case_exit_1_expect_exit() {
    t run --expect-exit 0 -- sh -c 'exit 9'
    expect_code 1
    expect_err "the program exited with 9"
}

case_exit_1_signal() {
    t run --expect-exit 0 -- sh -c 'kill -TERM $$'
    expect_code 1
    expect_err "ended by signal 15"
}

case_exit_2_usage() {
    t run --rows 0 -- sh -c 'touch launched'
    expect_code 2
    t run --expect
    expect_code 2
    t run
    expect_code 2
    t snapshot --expect x -- true
    expect_code 2
    expect_err "--expect is not an option of tessera snapshot"
    t run --timeout 5 -- true
    expect_code 2
    expect_err "needs a unit"
    [ ! -e launched ] || fail "a usage error launched the program"
}

case_exit_3_deadline() {
    t run --timeout 1s --expect never -- sh -c 'echo still here; while :; do sleep 1; done'
    expect_code 3
    expect_err 'waiting for "never": deadline reached'
    expect_err "still here"
}

case_exit_4_not_found() {
    t run -- no-such-program-tessera
    expect_code 4
    expect_err "could not start: no-such-program-tessera: No such file or directory"
}

case_exit_4_not_executable() {
    printf 'echo hi\n' >plain
    chmod 644 plain
    t run -- ./plain
    expect_code 4
    expect_err "could not start: ./plain: Permission denied"
    t run --cwd ./no-such-dir -- true
    expect_code 4
    expect_err "cannot change to ./no-such-dir"
}

case_exit_5_stdout_unwritable() {
    "$BIN" run --env "TSR_TEST_MARK=$MARK" -- sh -c 'echo hi' </dev/null >/dev/full 2>err
    CODE=$?
    expect_code 5
    expect_err "cannot write the output"
}

case_quiet() {
    t run --quiet --expect hi -- sh -c 'echo hi'
    expect_code 0
    [ ! -s out ] || fail "--quiet printed the screen"
    t run --quiet --expect-not hi --expect-exit 0 -- sh -c 'echo hi'
    expect_code 1
    [ ! -s out ] || fail "--quiet printed the screen"
    expect_err "--- screen"
}

case_golden() {
    t snapshot --rows 3 --cols 10 --golden g.txt --update -- sh -c 'printf "one\ntwo"'
    expect_code 0
    printf 'one       \ntwo       \n          \n' >want
    cmp -s want g.txt || fail "golden file content"
    t snapshot --rows 3 --cols 10 --golden g.txt -- sh -c 'printf "one\ntwo"'
    expect_code 0
    t snapshot --rows 3 --cols 10 --golden g.txt -- sh -c 'printf "one\nTWO"'
    expect_code 1
    expect_err "-two       "
    expect_err "+TWO       "
    expect_err "@@ -1,3 +1,3 @@"
    t snapshot --golden missing.txt -- true
    expect_code 2
}

# --update never writes through a name someone else could have planted.
# Editors trim trailing spaces and blank rows at the end: the golden file
# still matches. A real change is a diff, golden (-) before screen (+); a
# change of spacing alone says so.
case_golden_trimmed_by_editor() {
    t snapshot --rows 4 --cols 10 --golden g.txt --update -- sh -c 'printf "one\ntwo"'
    expect_code 0
    printf 'one\ntwo\n' >g.txt
    t snapshot --rows 4 --cols 10 --golden g.txt -- sh -c 'printf "one\ntwo"'
    expect_code 0
    t snapshot --rows 4 --cols 10 --golden g.txt -- sh -c 'printf "one\nthree"'
    expect_code 1
    tr '\n' '|' <err | grep -q -- '-two|+three' || { fail "the golden line does not come first"; show; }
    t snapshot --rows 4 --cols 10 --golden g.txt -- sh -c 'printf "one\nt wo"'
    expect_code 1
    expect_err "the only differences are in spacing"
}

case_golden_update_planted_link() {
    printf 'keep\n' >victim
    ln -s victim g.txt.tmp0
    t snapshot --rows 2 --cols 4 --golden g.txt --update -- sh -c 'printf ab'
    expect_code 0
    [ "$(cat victim)" = keep ] || fail "the write went through the planted link"
    printf 'ab  \n    \n' >want
    cmp -s want g.txt || fail "golden file content"
    [ "$(ls g.txt.* | tr '\n' ' ')" = "g.txt.tmp0 " ] || fail "a temporary file was left: $(ls g.txt.*)"
}

# A comparison too big to align line by line is still a diff and exit 1.
case_golden_large_diff() {
    seq 1 5000 | sed 's/^/x/' >big.txt
    t snapshot --rows 1000 --cols 20 --golden big.txt -- sh -c 'seq 1 999'
    expect_code 1
    expect_err "-x5000"
    expect_err "+999 "
}

# A right-to-left override in screen text is shown escaped where a person
# reads it (tessera's stdout or stderr on a terminal: here the PTY of an
# outer tessera), and kept exact in files.
case_bidi_escaped_on_terminal() {
    printf 'a\342\200\256b' >bidi.bin
    "$BIN" feed --rows 1 --cols 4 bidi.bin >file.txt
    printf 'a\342\200\256b\n' >want
    cmp -s want file.txt || fail "the rendering to a file is not exact"
    t snapshot --rows 2 --cols 30 -- "$BIN" feed --rows 1 --cols 4 "$WORK/bidi.bin"
    expect_code 0
    expect_out "a<U+202E>b"
    printf 'x   \n' >g.txt
    t snapshot --rows 12 --cols 40 -- "$BIN" snapshot --rows 1 --cols 4 --golden "$WORK/g.txt" -- cat "$WORK/bidi.bin"
    expect_code 0
    expect_out "+a<U+202E>b"
}

# --isolate-home: the program writes into a fresh HOME (and XDG folders),
# never the user's, and that HOME is gone afterwards; --env HOME=... wins.
case_isolate_home() {
    mkdir realhome
    HOME="$WORK/realhome" t run --isolate-home --expect-exit 0 -- sh -c \
        'echo "$HOME|$XDG_CONFIG_HOME|$XDG_CACHE_HOME" >"'"$WORK"'/seen"; touch "$HOME/.bash_history"; test -d "$XDG_CONFIG_HOME" && test -d "$XDG_STATE_HOME"'
    expect_code 0
    home=$(cut -d'|' -f1 seen)
    case $home in */tessera-home-*) ;; *) fail "HOME was not isolated: $(cat seen)" ;; esac
    [ "$(cut -d'|' -f2 seen)" = "$home/.config" ] || fail "XDG_CONFIG_HOME: $(cat seen)"
    [ ! -e "$home" ] || fail "the isolated home $home was left behind"
    [ ! -e realhome/.bash_history ] || fail "the program wrote to the real home"
    t run --isolate-home --env HOME=/nowhere --expect-exit 0 -- sh -c 'echo "home=$HOME"'
    expect_code 0
    expect_out "home=/nowhere"
}

# Hermetic by default: every mode that runs a program as a test gives it a
# fresh HOME; real programs that write to their home (python3's REPL its
# history, a shell a file) leave the real one empty. record keeps the real
# HOME (a person recording their own session); --inherit-home, a tape's
# inherit-home and the host's inheritHome opt out.
case_hermetic_by_default() {
    mkdir realhome
    export HOME="$WORK/realhome"
    writes='touch "$HOME/.written"; mkdir -p "$HOME/.config/app"; echo done'
    py="$(command -v python3)"
    t run --expect-exit 0 -- sh -c "$writes"
    expect_code 0
    t snapshot -- sh -c "$writes"
    expect_code 0
    printf 'run %s -q -i
expect ">>>"
type "1+1\r"
expect "2"
send-exit
expect-exit 0
' "$py" >py.tape
    t script py.tape
    expect_code 0
    "$BIN" test py.tape </dev/null >out 2>err
    CODE=$?
    expect_code 0
    printf '{"version": 1, "command": ["sh", "-c", "%s"], "steps": [{"expect": "done"}]}\n' \
        'touch $HOME/.written; echo done; sleep 1' >w.spec.json
    "$BIN" test w.spec.json </dev/null >out 2>err
    CODE=$?
    expect_code 0
    (printf '{"op":"spawn","cmd":"sh","args":["-c","touch $HOME/.hostwrote"]}\n'; sleep 1) |
        "$BIN" host >/dev/null 2>&1
    left=$(find realhome -mindepth 1 | head -5)
    [ -z "$left" ] || fail "a test mode wrote into the real HOME: $left"
    # the ways to ask for the real HOME
    t run --inherit-home --expect-exit 0 -- sh -c 'touch "$HOME/.run"'
    printf 'inherit-home\nrun sh -c "touch $HOME/.tape; echo ok"\nexpect "ok"\n' >home.tape
    t script home.tape
    (printf '{"op":"spawn","cmd":"sh","args":["-c","touch $HOME/.host"],"inheritHome":true}\n'; sleep 1) |
        "$BIN" host >/dev/null 2>&1
    printf 'x\n' | "$BIN" record -o r.cast -- sh -c 'read x; touch "$HOME/.record"' >/dev/null 2>&1
    for f in .run .tape .host .record; do
        [ -e "realhome/$f" ] || fail "$f: the real HOME was not given when asked (or to record)"
    done
    t run --isolate-home --inherit-home -- true
    expect_code 2
}

case_record_journal_replay() {
    printf 'typed\n' | "$BIN" record --rows 6 --cols 30 -o r.cast --journal r.journal \
        --env "TSR_TEST_MARK=$MARK" -- sh -c 'read x; printf "\033[2J\033[Hgot %s \342\234\223\n" "$x"' >out 2>err
    CODE=$?
    expect_code 0
    head -1 r.cast | grep -q '"version": 2, "width": 30, "height": 6' || fail "cast header"
    grep -q '"i", "typed\\n"' r.cast || fail "no input event"
    grep -q '"o", ".*got typed' r.cast || fail "no output event"
    "$BIN" replay r.journal >j.txt 2>err || fail "replay of the journal failed: $(cat err)"
    "$BIN" replay r.cast >c.txt 2>err || fail "replay of the cast failed: $(cat err)"
    grep -q "got typed ✓" j.txt || fail "journal replay screen: $(cat j.txt)"
    cmp -s j.txt c.txt || fail "journal and cast replays differ"
    head -c 17 r.journal | grep -q "tessera-journal 1" || fail "journal magic"
    printf 'tessera-journal 1\n\001\001' >cut.journal
    "$BIN" replay cut.journal >/dev/null 2>err
    CODE=$?
    expect_code 2
    expect_err "frame 0 is cut short"
    # a point in a journal: the blank screen before any event; no markers
    "$BIN" replay --event 0 --exact r.journal >e.txt 2>err || fail "replay --event 0: $(cat err)"
    [ "$(tr -d ' \n' <e.txt)" = "" ] || fail "--event 0 is not blank: $(cat e.txt)"
    "$BIN" replay --at 1m r.journal >a.txt 2>err || fail "replay --at: $(cat err)"
    cmp -s a.txt j.txt || fail "--at after the end is not the final screen"
    "$BIN" replay --mark x r.journal >/dev/null 2>err
    CODE=$?
    expect_code 2
    expect_err "r.journal: --mark: this journal holds no marks"
}

# record --cast-format v3: the same real session as the journal holds it,
# event by event, and as a v2 recording of the program shows it; the exit
# status is the x event (a signal as 128 + its number).
case_record_cast_v3() {
    prog='printf "\033[1;31mred\033[0m\n"; sleep 0.1; printf "\033[42mgreen\033[0m \342\234\223\n"; exit 3'
    "$BIN" record --rows 4 --cols 20 --cast-format v3 -o s3.cast --journal s.journal \
        --env "TSR_TEST_MARK=$MARK" -- sh -c "$prog" </dev/null >out 2>err
    CODE=$?
    expect_code 0
    head -1 s3.cast | grep -q '^{"version": 3, "term": {"cols": 20, "rows": 4' || fail "v3 header: $(head -1 s3.cast)"
    tail -1 s3.cast | grep -q '"x", "3"\]$' || fail "no exit event: $(tail -1 s3.cast)"
    events=$(($(wc -l <s3.cast) - 1))
    k=0
    while [ "$k" -le "$events" ]; do
        "$BIN" replay --styled --event "$k" s3.cast >c.txt 2>err || fail "replay --event $k: $(cat err)"
        "$BIN" replay --styled --event "$k" s.journal >j.txt 2>err || fail "journal --event $k: $(cat err)"
        cmp -s c.txt j.txt || { fail "event $k: the v3 cast and the journal differ"; cat c.txt j.txt >&2; }
        k=$((k + 1))
    done
    grep -q "{bg=2}green{} ✓" c.txt || fail "final screen: $(cat c.txt)"
    "$BIN" record --rows 4 --cols 20 -o s2.cast --env "TSR_TEST_MARK=$MARK" -- sh -c "$prog" \
        </dev/null >out 2>err || fail "v2 record: $(cat err)"
    head -1 s2.cast | grep -q '^{"version": 2, "width": 20, "height": 4' || fail "v2 header"
    grep -q '"x"' s2.cast && fail "a v2 cast has no exit event"
    "$BIN" replay --styled s2.cast >c2.txt 2>err || fail "replay v2: $(cat err)"
    cmp -s c2.txt c.txt || { fail "the v2 and v3 recordings replay differently"; cat c2.txt c.txt >&2; }
    "$BIN" record --cast-format v3 -o k.cast --env "TSR_TEST_MARK=$MARK" -- sh -c 'kill -TERM $$' \
        </dev/null >out 2>err
    tail -1 k.cast | grep -q '"x", "143"\]$' || fail "signal exit: $(tail -1 k.cast)"
}

case_record_attached_tty() {
    # script(1) gives tessera a terminal on stdin: record attaches to it (raw
    # mode), forwards what is typed, and restores the mode when it ends.
    printf 'hello\r' | script -qec "'$BIN' record -o tty.cast --env TSR_TEST_MARK=$MARK -- sh -c 'read x; echo got:\$x'; stty -a" /dev/null >out 2>err
    CODE=$?
    expect_code 0
    expect_out "got:hello"
    grep -q -- ' icanon' out || { fail "the terminal mode was not restored"; show; }
    grep -q '"o", ".*got:hello' tty.cast || fail "no output event"
    grep -q '"i", "hello' tty.cast || fail "no input event"
}

case_record_follows_winch() {
    python3 "$HERE/record_winch.py" "$BIN" "$MARK" >out 2>err
    CODE=$?
    expect_code 0
}

case_cast_utf8_split() {
    # a character split across two reads stays whole in the cast; bytes that
    # can never be UTF-8 become U+FFFD, so every event is valid JSON text
    "$BIN" record -o s.cast --journal s.journal --env "TSR_TEST_MARK=$MARK" -- sh -c \
        'printf "\342"; sleep 0.2; printf "\234\223 ok\n\377x\n"' </dev/null >out 2>err
    CODE=$?
    expect_code 0
    # the journal proves the split happened: one read held the first byte alone
    python3 -c '
import struct, sys
data = open("s.journal", "rb").read()
pos = data.index(b"\n") + 1
outputs = []
while pos < len(data):
    ftype, _v, _r, n, _t = struct.unpack_from("<BBHIQ", data, pos)
    if ftype == 1:
        outputs.append(data[pos + 16:pos + 16 + n])
    pos += 16 + n
sys.exit(0 if b"\xe2" in outputs else 1)' || fail "the character was not split across reads"
    python3 -c '
import json, sys
events = [json.loads(l) for l in open("s.cast", encoding="utf-8").read().splitlines()[1:]]
text = "".join(e[2] for e in events if e[1] == "o")
sys.exit(0 if text == "\u2713 ok\r\n\ufffdx\r\n" else 1)' || { fail "cast text"; cat s.cast >&2; }
}

case_cast_utf8_invalid() {
    # invalid UTF-8, some of it split across reads: the cast replaces it as
    # the core does (one U+FFFD per maximal subpart), so its replay shows
    # the screen the program showed live
    prog='d=$1
printf "A\342\234a|\360\237\230b|\355\240\200c|\300\257\377d\n"; sleep $d
printf "e\360\237"; sleep $d; printf "\230f|\342\234"; sleep $d; printf "g\n"'
    "$BIN" record --rows 4 --cols 30 -o u.cast --env "TSR_TEST_MARK=$MARK" -- sh -c "$prog" sh 0.2 \
        </dev/null >out 2>err
    CODE=$?
    expect_code 0
    "$BIN" replay --exact u.cast >replayed 2>err || fail "replay failed: $(cat err)"
    t snapshot --rows 4 --cols 30 -- sh -c "$prog" sh 0
    expect_code 0
    grep -q "A�a|�b|���c|���d" out || { fail "live screen"; show; }
    cmp -s out replayed || { fail "the cast's replay differs from the live screen"; cat out replayed u.cast >&2; }
}

case_host_protocol() {
    python3 "$HERE/host_test.py" "$BIN" "$MARK" >out 2>err
    CODE=$?
    expect_code 0
}

case_mouse_and_paste() {
    cat >mouse.tape <<'TAPE'
run bash --norc -c "stty -icanon -echo; printf '\e[?1000h\e[?1006h\e[?2004hready\n'; IFS= read -r -d m x; echo \"click:${x//$'\\e'/E}\"; IFS= read -r -d '~' y; IFS= read -r -d '~' y; echo \"paste:${y%?????}\""
wait "ready" 30s
click 2 4
wait "click:E[<0;5;3ME[<0;5;3" 30s  # press and release (read stops at the release's m)
paste "hi there"
wait "paste:hi there" 30s
TAPE
    t script mouse.tape
    expect_code 0
}

case_click_without_tracking() {
    cat >click.tape <<'TAPE'
run sh -c "echo ready; while :; do sleep 1; done"
wait "ready" 30s
click 0 0
TAPE
    t script click.tape
    expect_code 1
    expect_err "click.tape:3: click"
}

# A program that forks, lets its parent exit and calls setsid in a tight
# loop: one empty /proc scan proves nothing; it must still be gone.
case_close_pid_changer() {
    t run --expect ready -- "$TSR_ESCAPER" 5 "$WORK/heartbeat"
    expect_code 0
    expect_heartbeat_stopped
}

# The escaper rewrites its heartbeat file every 20ms while any copy lives.
expect_heartbeat_stopped() {
    before=$(cat heartbeat 2>/dev/null)
    sleep 0.5
    [ -n "$before" ] && [ "$before" = "$(cat heartbeat)" ] ||
        fail "the program still runs after tessera returned (heartbeat: $before)"
}

# Without a cgroup, tessera ends what it can as the subreaper and must say
# so (exit 5) when anything survived; survivors end themselves within 5s.
case_close_pid_changer_without_cgroup() {
    export TESSERA_CGROUP=off
    t run --expect ready -- "$TSR_ESCAPER" 5 "$WORK/heartbeat"
    if [ "$CODE" -eq 5 ]; then
        expect_err "could not be ended"
        sleep 6
    else
        expect_code 0
        expect_heartbeat_stopped
    fi
}

# tessera itself stopped by SIGINT, SIGTERM or SIGHUP mid-recording: the
# program and its setsid child are ended, the recording holds what was
# shown, and the exit status is 128 + the signal.
stopped_recording() {
    sig=$1 want=$2
    rm -f rec.cast
    "$BIN" record --env "TSR_TEST_MARK=$MARK" -o rec.cast -- sh -c \
        '(setsid sh -c "trap \"\" HUP TERM; while :; do sleep 1; done" &); trap "" HUP TERM INT; echo started-$$; while :; do sleep 1; done' \
        </dev/null >out 2>err &
    pid=$!
    i=0
    until grep -q started- rec.cast 2>/dev/null || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
    kill -"$sig" "$pid"
    wait "$pid"
    CODE=$?
    expect_code "$want"
    "$BIN" replay rec.cast </dev/null >out 2>err
    expect_out started-
}
case_stopped_by_signal() {
    stopped_recording INT 130
    stopped_recording TERM 143
    stopped_recording HUP 129
}

case_host_stdin_closed() {
    timeout 10 "$BIN" host <&- >out 2>err
    CODE=$?
    expect_code 0
}

case_record_timeout() {
    t record --timeout 1s -o a.cast -- sleep 30
    expect_code 3
    expect_err "--timeout passed"
}

# End of input reaches the program as a terminal's EOF (VEOF), also after
# a last line without its newline.
case_record_eof() {
    printf 'one\ntwo' | "$BIN" record --env "TSR_TEST_MARK=$MARK" -o b.cast -- cat >out 2>err
    CODE=$?
    expect_code 0
    grep -q '"o", .*two' b.cast || { fail "the last line did not reach cat"; show; }
}

# Settling means drawn and quiet (issue 10 item 1): the window starts at
# the program's first output, never at launch; 20 runs each.
case_snapshot_waits_for_first_output() {
    i=0
    while [ $i -lt 20 ]; do
        t snapshot --rows 2 --cols 10 -- sh -c 'sleep 0.15; echo hi'
        expect_code 0
        printf 'hi        \n          \n' >want
        cmp -s want out || { fail "run $i: not the drawn screen"; show; break; }
        i=$((i + 1))
    done
    t snapshot --timeout 500ms --rows 2 --cols 10 -- sleep 5
    expect_code 3
    expect_err "waiting for the screen to settle (the program has printed nothing): deadline reached"
    [ ! -s out ] || fail "a blank screen was printed as a result"
    t snapshot --timeout 500ms --rows 2 --cols 10 --golden g.txt --update -- sleep 5
    expect_code 3
    [ ! -e g.txt ] || fail "--update wrote a golden file of a blank screen"
}

# While mode 2026 is set the screen is mid-update: settling waits for its end.
case_snapshot_waits_for_synchronized_update() {
    i=0
    while [ $i -lt 20 ]; do
        t snapshot --rows 2 --cols 10 -- sh -c 'printf "\033[?2026hA"; sleep 0.2; printf "B\033[?2026l"; sleep 5'
        expect_code 0
        grep -q '^AB' out || { fail "run $i: the snapshot was taken mid-update"; show; break; }
        i=$((i + 1))
    done
    t snapshot --timeout 500ms --rows 2 --cols 10 -- sh -c 'printf "\033[?2026hA"; sleep 5'
    expect_code 3
    expect_err "the program holds synchronized output (mode 2026)"
}

# --settle sets the quiet window; a bad span is a usage error.
case_settle_flag() {
    t snapshot --settle 700ms --rows 2 --cols 10 -- sh -c 'printf A; sleep 0.3; printf B; sleep 5'
    expect_code 0
    grep -q '^AB' out || { fail "--settle 700ms did not wait for B"; show; }
    "$BIN" --settle 700ms run --env "TSR_TEST_MARK=$MARK" --rows 2 --cols 10 --expect A -- sh -c 'printf A; sleep 0.3; printf B; sleep 5' </dev/null >out 2>err
    CODE=$?
    expect_code 0
    expect_out AB
    t snapshot --settle 0ms -- true
    expect_code 2
    expect_err "--settle must be more than 0"
    t snapshot --settle 5 -- true
    expect_code 2
    expect_err "--settle"
    # a program that never stops writing never settles: the deadline still ends it
    timeout 20 "$BIN" snapshot --timeout 1s --env "TSR_TEST_MARK=$MARK" -- seq 1 1000000000 </dev/null >out 2>err
    CODE=$?
    expect_code 3
    expect_err "(the screen kept changing): deadline reached"
}

# run --expect prints the settled screen, not the frame that matched.
case_run_expect_prints_settled_screen() {
    i=0
    while [ $i -lt 20 ]; do
        # B comes 50 ms after A: well inside a 400 ms window even on a loaded machine
        t run --rows 2 --cols 10 --settle 400ms --expect A -- sh -c 'printf A; sleep 0.05; printf B; sleep 5'
        expect_code 0
        grep -q '^AB' out || { fail "run $i: printed the first frame that matched"; show; break; }
        i=$((i + 1))
    done
}

"case_$CASE"
no_leftovers "$MARK"
exit $FAILED
