#!/bin/sh
# Hardening (issue 21): a cancelled suite ends everything and still reports;
# nothing from a file reaches a terminal raw; temporary trees with read-only
# folders go (as a non-root user: root hides it); a workspace that is a link
# is refused; reports stay well-formed; exit codes mean one thing; what a
# tessera killed outright left is ended by the next one.
#
# usage: hardening_test.sh PATH/TO/tessera CASE
. "$(dirname "$0")/../lib/case.sh" # BIN, CASE, HERE, fail, show, ...
case_begin hardening
unset TESSERA_ARTIFACTS

# as_user CMD...: runs CMD as nobody, in a folder nobody may write
as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }

case_cancelled_suite() {
    nap="3$$" # seconds: unique to this case, so other tests' programs are never counted
    for n in a b c; do
        printf '{"version": 1, "command": ["sh", "-c", "echo started; exec sleep %s"], "steps": [{"expect": "started"}, {"exit": 0}], "timeout_ms": 200000, "run_timeout_ms": 300000}\n' "$nap" >$n.spec.json
    done
    mkdir tmp
    for sig in 15 1; do
        TMPDIR="$WORK/tmp" "$BIN" test --jobs 1 --junit j.xml --report r.json . >out 2>err &
        pid=$!
        i=0
        while ! pgrep -f "sleep $nap" >/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
        kill -$sig $pid
        wait $pid
        CODE=$?
        [ $CODE -eq $((128 + sig)) ] || { fail "signal $sig: exit $CODE"; show; }
        grep -q '^INTERRUPTED ./a.spec.json' out && grep -q '^NOT RUN ./b.spec.json' out ||
            { fail "signal $sig: not marked"; show; }
        python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse("j.xml").getroot(); sys.exit(0 if len(r.findall(".//error")) == 1 and len(r.findall(".//skipped")) == 2 else 1)' ||
            fail "signal $sig: the JUnit report: $(cat j.xml)"
        grep -q '"status": "interrupted"' r.json && grep -q '"status": "not run"' r.json || fail "signal $sig: json"
        sleep 0.2
        ! pgrep -f "sleep $nap" >/dev/null || { fail "signal $sig: the program kept running"; pkill -f "sleep $nap"; }
    done
    # Its own TMPDIR (set below), as other tests' suites stage in the shared one meanwhile.
    left=$(ls -A tmp)
    [ -z "$left" ] || fail "temporary folders stayed: $left"
}

# A golden file and a file name carrying escape sequences reach a terminal
# escaped; to a pipe they stay exact. tessera itself is the terminal here.
case_files_never_raw() {
    printf 'safe\n\033]52;c;cHduZWQ=\007\033]0;PWNED\007\033[2J\n' >golden.txt
    printf 'safe\n' >screen.txt
    "$BIN" golden golden.txt screen.txt 2>pipe.txt
    grep -q "$(printf '\033')" pipe.txt || fail "a pipe did not get the exact bytes"
    "$BIN" run --rows 10 --cols 80 --expect-exit 1 -- "$BIN" golden golden.txt screen.txt >out 2>err
    CODE=$?
    expect_code 0
    grep -qF '\x1b]52;c;cHduZWQ=\x07' out || { fail "the diff was not escaped on a terminal"; show; }
    "$BIN" snapshot --json --rows 10 --cols 80 -- "$BIN" golden golden.txt screen.txt >json 2>err
    ! grep -q '"title":"PWNED"' json || fail "the golden file set the title"
    name=$(printf 'bad\033]0;PWNED\007.tape')
    printf 'run sh -c "exit 3"\nexpect-exit 0\n' >"$name"
    "$BIN" run --rows 10 --cols 100 --expect-exit 1 -- "$BIN" test "$name" >out 2>err
    grep -qF 'FAIL bad\x1b]0;PWNED\x07.tape' out || { fail "a file name was not escaped"; show; }
}

# Temporary trees go even with read-only folders in them: a HOME where a
# program made its cache read-only (Go's module cache does), a workspace with
# a mode-555 folder. As nobody: root may write anywhere, and hides it.
case_readonly_trees_as_user() {
    mkdir tmp fixture fixture/ro
    echo seed >fixture/ro/seed.txt
    chmod 555 fixture/ro
    chmod 777 tmp
    chmod 755 .
    printf '{"version": 2, "workspace": "fixture", "command": ["sh", "-c", "cat ro/seed.txt"], "steps": [{"expect": "seed"}]}\n' >ws.spec.json
    chmod 644 ws.spec.json
    TMPDIR="$WORK/tmp" as_user "$BIN" run --expect-exit 0 -- sh -c \
        'mkdir -p "$HOME/go/pkg/mod/x" && touch "$HOME/go/pkg/mod/x/f" && chmod -R 555 "$HOME/go/pkg" && chmod 000 "$HOME/go"' >out 2>err
    CODE=$?
    expect_code 0
    TMPDIR="$WORK/tmp" as_user "$BIN" test --artifacts "$WORK/tmp/arts" ws.spec.json >out 2>err
    CODE=$?
    expect_code 0
    left=$(find tmp -mindepth 1 -maxdepth 1 -not -name arts)
    [ -z "$left" ] || { fail "left behind: $left"; ls -laR tmp >&2; }
    chmod -R u+rwx tmp 2>/dev/null
}

case_workspace_link_refused() {
    mkdir outside
    echo secret >outside/s.txt
    ln -s outside ws
    printf '{"version": 2, "workspace": "ws", "command": ["cat", "s.txt"], "steps": [{"expect": "secret"}]}\n' >l.spec.json
    "$BIN" test l.spec.json >out 2>err
    CODE=$?
    [ $CODE -ne 0 ] || fail "a linked workspace was copied"
    grep -qF 'workspace: a link, not a folder: links are refused' out err || { fail "not said"; show; }
}

# Reports parse as XML and JSON whatever the names and reasons hold: a file
# name that is not UTF-8, a reason cut in the middle of a character.
case_reports_well_formed() {
    name=$(printf 'bad\377\376name.tape')
    printf 'run sh -c "exit 3"\nexpect-exit 0\n' >"$name"
    long=$(python3 -c 'print("é" * 400)')
    printf 'run sh -c "echo hi; sleep 5"\nexpect "%s" 200ms\n' "$long" >"long.tape"
    "$BIN" test --junit j.xml --report r.json . >out 2>err
    CODE=$?
    expect_code 1
    python3 -c 'import xml.etree.ElementTree as E; E.parse("j.xml")' 2>perr || fail "JUnit: $(cat perr)"
    python3 -c 'import json; json.load(open("r.json", encoding="utf-8"))' 2>perr || fail "JSON: $(cat perr)"
}

case_exit_codes() {
    "$BIN" snapshot --golden /proc/version/cannot/g.txt --update -- sh -c 'echo hi' >out 2>err
    CODE=$?
    expect_code 5
    printf 'hi\n' | "$BIN" golden --update /proc/version/cannot/g.txt >out 2>err
    CODE=$?
    expect_code 5
    (printf '{"op":"spawn","cmd":"sh","args":["-c","sleep 1"]}\n{"op":"input","id":"1","text":"x"}\n'; sleep 0.5) |
        "$BIN" host 2>out >/dev/null
    grep -qF 'must be a whole number from 0 to 2^53-1, got \"1\" (a string)' out || { fail "host id"; show; }
}

# A tessera killed outright leaves its program (setsid, deaf to SIGHUP and
# SIGTERM) and its cgroup; the next tessera ends and removes both.
case_after_sigkill() {
    "$BIN" run --timeout 60s --expect never --env "M=$MARK" -- sh -c \
        'setsid sh -c "trap \"\" HUP TERM; exec sleep 303" & echo started; exec sleep 303' >out 2>err &
    pid=$!
    # Both sleeps, the program's own and the one it left in a session of its
    # own (their command lines start with "sleep"; tessera's names it too, so
    # a bare -f match would find tessera before it has spawned): killing
    # tessera before the second has started would prove nothing.
    i=0
    while [ "$(pgrep -c -f "^sleep 303")" -lt 2 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    prog=$(pgrep -f "^sleep 303" | head -1)
    # Its cgroup, read from the kernel rather than guessed at a depth.
    mnt=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
    rel=$(sed -n 's/^0:://p' "/proc/$prog/cgroup" 2>/dev/null)
    cg="$mnt$rel"
    case "$rel" in
    */tessera-$pid-*) ;;
    *) fail "tessera made no cgroup here (needs a writable cgroup2 mount; program in '$rel')"; kill -9 $pid; pkill -f "^sleep 303"; return ;;
    esac
    kill -9 $pid
    wait $pid 2>/dev/null
    pgrep -f "^sleep 303" >/dev/null || fail "the setsid program did not outlive SIGKILL (the case proves nothing)"
    "$BIN" run -- true >out 2>err
    i=0
    while pgrep -f "^sleep 303" >/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    ! pgrep -f "^sleep 303" >/dev/null || { fail "the next tessera did not end what was left"; pkill -f "^sleep 303"; }
    [ ! -e "$cg" ] || fail "the stale cgroup $cg stayed"
}

"case_$CASE"
exit $FAILED
