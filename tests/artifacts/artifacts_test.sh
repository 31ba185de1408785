#!/bin/sh
# Failure artifacts: a failed run, snapshot, tape or spec leaves a folder
# with its trace (replayable), its screen and report.html; a passing one
# leaves nothing. Each case runs in a fresh directory.
#
# usage: artifacts_test.sh PATH/TO/tessera CASE
set -u
BIN=$1
CASE=$2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib/case.sh"
case_begin artifacts
unset TESSERA_ARTIFACTS

EVIL='<script>alert(1)</script>'

# only_folder ROOT: sets d to the one folder under ROOT (fails the case
# and returns 1 unless there is exactly one)
only_folder() {
    n=$(find "$1" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
    [ "$n" -eq 1 ] || { fail "$n artifact folders under $1, expected 1"; show; return 1; }
    d=$(find "$1" -mindepth 1 -maxdepth 1 -type d)
}

# check_folder DIR: every file there, the path on stderr, the trace replayable
check_folder() {
    for f in trace.journal screen.txt screen.styled.txt report.html; do
        [ -s "$1/$f" ] || fail "$1/$f missing or empty"
    done
    grep -qxF "tessera: artifacts: $1" err || { fail "the path is not on stderr"; show; }
    "$BIN" replay "$1/trace.journal" >replayed 2>replay_err || fail "replay failed: $(cat replay_err)"
    grep -q 'src=.*trace.journal' "$1/report.html" || fail "no viewer link in report.html"
}

case_run_expect_fails() {
    "$BIN" run --timeout 500ms --expect NEVER -- sh -c "printf '%s\n' '$EVIL'; sleep 5" >out 2>err
    CODE=$?
    expect_code 3
    only_folder tessera-artifacts || return
    case $d in tessera-artifacts/run-*) ;; *) fail "folder named $d" ;; esac
    check_folder "$d"
    grep -qF "$EVIL" replayed || fail "the replayed trace lacks the program's output"
    grep -qF "$EVIL" "$d/screen.txt" || fail "screen.txt lacks the screen"
    if grep -qi '<script' "$d/report.html"; then fail "report.html holds a raw <script>"; fi
    grep -qF '&lt;script&gt;alert(1)&lt;/script&gt;' "$d/report.html" || fail "the screen is not in the report, escaped"
    grep -qF 'waiting for &quot;NEVER&quot;: deadline reached' "$d/report.html" || fail "no reason in report.html"
}

case_passing_leaves_none() {
    "$BIN" run --expect hi -- sh -c 'echo hi' >out 2>err
    CODE=$?
    expect_code 0
    printf 'run sh -c "echo hi; sleep 5"\nexpect "hi"\n' >ok.tape
    "$BIN" script ok.tape >out 2>err
    CODE=$?
    expect_code 0
    [ ! -e tessera-artifacts ] || fail "a passing run left artifacts"
    ! grep -q 'artifacts' err || fail "a passing run printed an artifact path"
}

case_tape_fails_beside_it() {
    mkdir sub
    printf 'run sh -c "echo one; sleep 5"\nexpect "one"\ntype "x"\nexpect "two" 300ms\n' >sub/fails.tape
    "$BIN" script sub/fails.tape >out 2>err
    CODE=$?
    expect_code 1
    only_folder sub/tessera-artifacts || return
    case $d in sub/tessera-artifacts/fails-*) ;; *) fail "folder named $d" ;; esac
    check_folder "$d"
    grep -q '^one' replayed || fail "the replayed trace lacks the screen"
    # the steps are marks on the frames' clock: before the input, the screen had no x
    "$BIN" replay --mark 'step 1 start: line 3 type "x"' "$d/trace.journal" >at_mark 2>&1 ||
        fail "replay --mark: $(cat at_mark)"
    printf 'one\n' | cmp -s - at_mark || { fail "the screen at the mark: $(cat at_mark)"; }
    grep -qF 'sub/fails.tape:4: expect &quot;two&quot;' "$d/report.html" || fail "no step in report.html"
}

case_flag_and_env() {
    TESSERA_ARTIFACTS=fromenv "$BIN" run --timeout 200ms --expect NEVER -- sh -c 'sleep 5' >out 2>err
    only_folder fromenv || return
    TESSERA_ARTIFACTS=fromenv "$BIN" run --artifacts fromflag/deep --timeout 200ms --expect NEVER \
        -- sh -c 'sleep 5' >out 2>err
    only_folder fromflag/deep || return
    [ "$(find fromenv -mindepth 1 -maxdepth 1 | wc -l)" -eq 1 ] || fail "the flag did not win"
    [ ! -e tessera-artifacts ] || fail "the default was used"
}

case_snapshot_golden() {
    printf 'expected screen\n' >golden.txt
    "$BIN" snapshot --rows 2 --cols 10 --golden golden.txt -- sh -c 'echo actual; sleep 5' >out 2>err
    CODE=$?
    expect_code 1
    only_folder tessera-artifacts || return
    check_folder "$d"
    cmp -s golden.txt "$d/expected.txt" || fail "expected.txt is not the golden file"
    grep -q 'expected=.*expected.txt' "$d/report.html" || fail "the viewer link has no expected="
    grep -q '<h2>Expected</h2>' "$d/report.html" || fail "the report shows no expected screen"
}

case_spec_keeps_secrets() {
    cat >s.spec.json <<'JSON'
{"version": 1, "command": ["sh", "-c", "stty -echo; echo ready; read x; sleep 5"],
 "steps": [{"expect": "ready"}, {"text": "SECRETTYPED"}, {"key": "Enter"},
           {"expect": "SECRETEXPECTED"}], "timeout_ms": 300}
JSON
    "$BIN" test s.spec.json >out 2>err
    CODE=$?
    expect_code 1
    only_folder tessera-artifacts || return
    grep -q "^tessera: artifacts: $d\$" out err || fail "the path is not shown"
    for f in trace.journal screen.txt screen.styled.txt report.html; do
        [ -s "$d/$f" ] || fail "$d/$f missing"
    done
    if grep -rl SECRET "$d"; then fail "a secret is in the artifact"; fi
}

"case_$CASE"
exit $FAILED
