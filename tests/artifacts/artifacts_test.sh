#!/bin/sh
# Failure artifacts: a failed run, snapshot, tape or spec leaves a folder
# with its trace (replayable), the screen at the failing moment and
# report.html (the viewer page with the trace inside); a passing one leaves
# nothing. Each case runs in a fresh directory.
#
# usage: artifacts_test.sh PATH/TO/tessera CASE
. "$(dirname "$0")/../lib/case.sh" # BIN, CASE, HERE, fail, show, ...
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

# check_folder DIR: every file there, the path on stderr, the trace replayable,
# the report the viewer page with its data
check_folder() {
    for f in trace.journal screen.txt screen.styled.txt report.html; do
        [ -s "$1/$f" ] || fail "$1/$f missing or empty"
    done
    grep -qxF "tessera: artifacts: $1" err || { fail "the path is not on stderr"; show; }
    "$BIN" replay "$1/trace.journal" >replayed 2>replay_err || fail "replay failed: $(cat replay_err)"
    grep -q '<script type="application/json" id="tessera-data">{"version":1,"kind":"report"' \
        "$1/report.html" || fail "report.html holds no report data"
    grep -q 'Content-Security-Policy' "$1/report.html" || fail "report.html has no policy"
}

# moment DIR STEP: screen.txt is the trace replayed to step STEP's end mark,
# and the report opens there
moment() {
    "$BIN" replay --exact --step "$2" "$1/trace.journal" >at_step 2>&1 || fail "replay --step $2: $(cat at_step)"
    cmp -s at_step "$1/screen.txt" || { fail "screen.txt is not the screen at step $2's end"; diff at_step "$1/screen.txt" >&2; }
    grep -q "\"report\":{\"step\":$2," "$1/report.html" || fail "the report is not at step $2"
}

case_run_expect_fails() {
    "$BIN" run --timeout 500ms --expect NEVER -- sh -c "printf '%s\n' '$EVIL'; sleep 5" >out 2>err
    CODE=$?
    expect_code 3
    only_folder tessera-artifacts || return
    case $d in tessera-artifacts/run-*) ;; *) fail "folder named $d" ;; esac
    check_folder "$d"
    moment "$d" 0
    grep -qF "$EVIL" replayed || fail "the replayed trace lacks the program's output"
    grep -qF "$EVIL" "$d/screen.txt" || fail "screen.txt lacks the screen"
    # the program's text is inside the base64 trace, never markup in the page
    if grep -qF "$EVIL" "$d/report.html"; then fail "report.html holds the program's markup raw"; fi
    grep -qF '"reason":"waiting for \"NEVER\": deadline reached"' "$d/report.html" ||
        fail "no reason in report.html"
    grep -qF '"expectation":"--expect \"NEVER\""' "$d/report.html" || fail "no expectation in report.html"
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
    moment "$d" 2
    grep -q '^one' replayed || fail "the replayed trace lacks the screen"
    # the steps are marks on the frames' clock: before the input, the screen had no x
    "$BIN" replay --mark 'step 1 start: line 3 type "x"' "$d/trace.journal" >at_mark 2>&1 ||
        fail "replay --mark: $(cat at_mark)"
    printf 'one\n' | cmp -s - at_mark || { fail "the screen at the mark: $(cat at_mark)"; }
    grep -qF '"reason":"sub/fails.tape:4: expect \"two\": it is not on the screen' "$d/report.html" ||
        fail "no step in report.html"
    grep -qF '"expectation":"expect \"two\""' "$d/report.html" || fail "no expectation in report.html"
}

# After a failure tessera ends the program; vim then prints "Caught deadly
# signal". The artifacts of run, snapshot, script and test show the screen
# the failed check saw, never that.
case_failing_moment_vim() {
    command -v vim >/dev/null || { fail "vim is not installed"; return; }
    printf 'run vim -u NONE -N -i NONE -n\nexpect "~"\ntype "ihello"\npress "Escape"\nexpect "goodbye" 500ms\n' >vim.tape
    printf 'hello\n' >golden.txt
    "$BIN" run --artifacts a-run --timeout 1s --expect NEVER -- vim -u NONE -N -i NONE >out 2>err
    "$BIN" snapshot --artifacts a-snapshot --golden golden.txt -- vim -u NONE -N -i NONE >out 2>err
    "$BIN" script --artifacts a-script vim.tape >out 2>err
    "$BIN" test --artifacts a-test vim.tape >out 2>err
    for kind in run snapshot script test; do
        only_folder a-$kind || continue
        # the trace goes on after the failed step's end mark: the program's end, for context
        last=$("$BIN" replay --marks "$d/trace.journal" | tail -n 1 | sed 's/^event \([0-9]*\) .*/\1/')
        "$BIN" replay --event $((last + 1)) "$d/trace.journal" >/dev/null 2>&1 ||
            fail "$kind: the trace ends at the failure"
        if grep -q 'Caught deadly signal\|Finished' "$d/screen.txt"; then
            fail "$kind: screen.txt is the screen after tessera ended vim"
        fi
        grep -q '^~' "$d/screen.txt" || fail "$kind: screen.txt is not vim's screen"
    done
    only_folder a-script && moment "$d" 3 && { grep -q '^hello' "$d/screen.txt" || fail "script: no typed text"; }
    only_folder a-snapshot && moment "$d" 1
    only_folder a-run && moment "$d" 0
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
    moment "$d" 1
    cmp -s golden.txt "$d/expected.txt" || fail "expected.txt is not the golden file"
    grep -qF '"expected":{"name":"expected.txt","text":"expected screen\n"}' "$d/report.html" ||
        fail "the report holds no expected screen"
    grep -q '^-expected screen' err && grep -q '^+actual' err || { fail "no diff"; show; }
}

# --update makes the folders a new golden file needs.
case_update_makes_folders() {
    "$BIN" snapshot --rows 2 --cols 10 --golden deep/er/g.txt --update -- sh -c 'echo made' >out 2>err
    CODE=$?
    expect_code 0
    printf 'made      \n          \n' | cmp -s - deep/er/g.txt || fail "golden file: $(cat deep/er/g.txt)"
    printf 'made\n' | "$BIN" golden --update other/new.txt >out 2>err
    CODE=$?
    expect_code 0
    printf 'made\n' | cmp -s - other/new.txt || fail "tessera golden --update wrote $(cat other/new.txt)"
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
    grep -q "^  artifacts: $d\$" out || fail "the path is not shown"
    for f in trace.journal screen.txt screen.styled.txt report.html; do
        [ -s "$d/$f" ] || fail "$d/$f missing"
    done
    if grep -rl SECRET "$d"; then fail "a secret is in the artifact"; fi
    # the typed text's bytes are gone from the trace; its length is still on the clock
    "$BIN" replay --marks "$d/trace.journal" >marks 2>&1
    grep -qF 'step 1 end: passed (' marks && grep -qF '11 bytes sent)' marks || fail "marks: $(cat marks)"
}

# `tessera artifacts` writes the same folder from a trace written elsewhere.
case_from_a_trace() {
    printf 'run sh -c "echo one; sleep 5"\nexpect "one"\nexpect "two" 300ms\n' >t.tape
    "$BIN" script --artifacts first t.tape >out 2>err
    only_folder first || return
    "$BIN" artifacts --trace "$d/trace.journal" --step 1 --name 'my test: name' --artifacts second \
        --reason 'it failed' --expectation 'expect "two"' >out 2>err
    CODE=$?
    expect_code 0
    only_folder second || return
    [ "$(head -n 1 out)" = "$d" ] || fail "the folder is not the first line of stdout: $(cat out)"
    case $d in second/my_test__name-*) ;; *) fail "folder named $d" ;; esac
    moment "$d" 1
    cmp -s "$d/screen.txt" first/*/screen.txt || fail "not the native run's screen"
    "$BIN" artifacts --trace t.tape >out 2>err
    CODE=$?
    expect_code 2
    grep -qF 't.tape:1: not a tessera journal' err || { fail "a bad trace"; show; }
    "$BIN" artifacts --trace "$d/trace.journal" --step 9 --artifacts third >out 2>err
    CODE=$?
    expect_code 5
    grep -qF -- '--step 9: the recording has no mark' err || { fail "a missing step"; show; }
}

"case_$CASE"
exit $FAILED
