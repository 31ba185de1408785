#!/bin/sh
# `tessera test` end to end: invalid specs refused before anything runs
# (one per rule, exact message), real programs passing specs that use every
# action, v2 workspaces, snapshots and --update, budgets, the operational
# environment, shards and merged JUnit, and reports free of planted secrets.
# Each case works in a fresh directory with its own TMPDIR.
#
# usage: spec_test.sh PATH/TO/tessera CASE
. "$(dirname "$0")/../lib/case.sh" # BIN, CASE, HERE, fail, show, ...
case_begin spec
mkdir tmp
export TMPDIR="$WORK/tmp" TSR_TEST_MARK="$MARK"

# t ARGS...: tessera test, output in out and err, exit code in CODE.
t() {
    "$BIN" test "$@" </dev/null >out 2>err
    CODE=$?
}
. "$HERE/../lib/leftovers.sh"
# spec FILE JSON: writes a spec.
spec() { printf '%s\n' "$2" >"$1"; }

# Every invalid spec: exit 2, its exact first message, nothing launched.
case_invalid_rejected() {
    cp -r "$HERE/invalid" .
    n=0
    while IFS="$(printf '\t')" read -r name schema message; do
        n=$((n + 1))
        rm -f invalid/launched
        t "invalid/$name.spec.json"
        [ "$CODE" -eq 2 ] || fail "$name: exit code $CODE, expected 2"
        first=$(head -n 1 err)
        [ "$first" = "invalid/$name.spec.json:$message" ] ||
            fail "$name: said \"$first\", expected \"invalid/$name.spec.json:$message\""
        [ ! -e invalid/launched ] || fail "$name: the command ran"
        [ ! -s out ] || fail "$name: wrote to stdout"
        : "$schema"
    done <"$HERE/invalid/expected.tsv"
    [ "$n" -ge 40 ] || fail "only $n invalid specs"
    # a file over 1 MB is refused before it is parsed
    { printf '{"version": 1, "command": ["touch", "launched"], "steps": [], "pad": "'
      head -c 1048576 /dev/zero | tr '\0' x; printf '"}\n'; } >big.spec.json
    t big.spec.json
    expect_code 2
    grep -qxF 'big.spec.json:1:1: the file is larger than 1 MB (1048576 bytes), the limit for a spec' err ||
        { fail "big file message"; show; }
    [ ! -e launched ] || fail "big: the command ran"
}

# One invalid file in a suite: nothing runs, not even the valid ones.
case_invalid_stops_suite() {
    mkdir suite
    spec suite/a.spec.json '{"version": 1, "command": ["touch", "ran"], "steps": [{"exit": 0}]}'
    spec suite/b.spec.json '{"version": 1, "command": ["touch", "ran"], "steps": [{"exit": 0}], "oops": 1}'
    t suite
    expect_code 2
    [ ! -e suite/ran ] || fail "a valid spec ran beside an invalid one"
    grep -qF 'suite/b.spec.json:1:' err || fail "the invalid file is not named"
    grep -qF '1 invalid file: nothing was run' err || fail "no summary of invalid files"
}

# sh, less, dialog and vim pass specs that use every action; snapshots match
# the checked-in ones; the v2 workspace leaves its fixture untouched.
case_real_programs() {
    cp -r "$HERE/valid" .
    t --jobs 2 valid
    expect_code 0
    [ "$(grep -c '^PASS ' out)" -eq 5 ] || { fail "not 5 passes"; show; }
    cmp -s valid/fixture_notes/note.txt "$HERE/valid/fixture_notes/note.txt" || fail "the fixture changed"
    [ -z "$(ls tmp)" ] || fail "left in TMPDIR: $(ls tmp)"
    for a in key text expect expect_not wait_for_redraw snapshot exit resize paste click regex style now; do
        cat valid/*.spec.json | grep -q "\"$a\":" || fail "no valid spec uses $a"
    done
    no_leftovers "$MARK"
}

# A v2 workspace is a fresh copy on every run, the working directory, and
# removed afterwards.
case_workspace_fresh() {
    mkdir fixture
    echo seed >fixture/seed.txt
    spec ws.spec.json '{"version": 2, "workspace": "fixture",
      "command": ["sh", "-c", "test -e made && exit 9; cat seed.txt; touch made; pwd > \"$OUT\""],
      "env": {"OUT": "'"$WORK"'/where"},
      "steps": [{"expect": "seed"}, {"exit": 0}]}'
    t ws.spec.json
    expect_code 0
    first=$(cat where)
    t ws.spec.json
    expect_code 0
    [ ! -e fixture/made ] || fail "the fixture itself was written"
    [ "$first" != "$(cat where)" ] || fail "the same folder twice"
    [ ! -e "$first" ] || fail "the workspace copy was not removed"
    [ -z "$(ls tmp)" ] || fail "left in TMPDIR: $(ls tmp)"
}

# A snapshot that differs fails with a diff; --update applies staged
# snapshots only when nothing else failed.
case_snapshots_update() {
    spec s.spec.json '{"version": 1, "command": ["sh", "-c", "echo one; echo two; sleep 5"],
      "steps": [{"expect": "two"}, {"snapshot": "lines"}]}'
    t s.spec.json
    expect_code 1
    grep -qF 'does not exist' out || { fail "missing snapshot not said"; show; }
    t --update s.spec.json
    expect_code 0
    printf 'one\ntwo\n' >want
    cmp -s want __snapshots__/lines.snap || fail "snapshot content: $(cat __snapshots__/lines.snap)"
    t s.spec.json
    expect_code 0
    printf 'one\nTWO\n' >__snapshots__/lines.snap
    t s.spec.json
    expect_code 1
    grep -qF 's.spec.json:2:36: step 1 (snapshot): snapshot "lines" differs' out || { fail "failure line"; show; }
    # a spec's expected text is private: the diff shows only with the opt-in
    ! grep -q 'TWO' out err || { fail "the stored snapshot shown without --report-details"; show; }
    grep -qF -- '--report-details' out || { fail "no hint of the opt-in"; show; }
    t --report-details s.spec.json
    expect_code 1
    grep -q '^    -TWO' out && grep -q '^    +two' out || { fail "no diff shown"; show; }
    grep -q '^     2 | two$' out || { fail "no numbered screen"; show; }
    # another spec fails: nothing is applied
    spec f.spec.json '{"version": 1, "command": ["sh", "-c", "exit 3"], "steps": [{"exit": 0}]}'
    t --update s.spec.json f.spec.json
    expect_code 1
    grep -qF '1 staged snapshot not applied' out || { fail "not said"; show; }
    grep -q TWO __snapshots__/lines.snap || fail "applied despite another failure"
    t --update s.spec.json
    expect_code 0
    cmp -s want __snapshots__/lines.snap || fail "not updated"
}

# Failures name the step and why: exit codes, deadlines (step and whole
# run), startup, output budget.
case_failures_and_budgets() {
    spec exit.spec.json '{"version": 1, "command": ["sh", "-c", "exit 3"], "steps": [{"exit": 0}]}'
    spec slow.spec.json '{"version": 1, "command": ["sh", "-c", "echo hi; sleep 5"], "timeout_ms": 300,
      "steps": [{"expect": "hi"}, {"expect": "never"}]}'
    spec run.spec.json '{"version": 1, "command": ["sh", "-c", "echo hi; sleep 5"], "run_timeout_ms": 400,
      "steps": [{"expect": "hi"}, {"exit": 0}]}'
    spec quiet.spec.json '{"version": 1, "command": ["sleep", "5"], "startup_timeout_ms": 200,
      "steps": [{"exit": 0}]}'
    spec loud.spec.json '{"version": 1, "command": ["yes"], "max_output_bytes": 10000,
      "steps": [{"expect": "never"}]}'
    start=$(date +%s)
    t --report r.json --jobs 5 exit.spec.json slow.spec.json run.spec.json quiet.spec.json loud.spec.json
    expect_code 1
    [ $(($(date +%s) - start)) -lt 4 ] || fail "budgets not enforced: $(($(date +%s) - start))s"
    grep -qxF 'FAIL exit.spec.json:1:61: step 0 (exit): the program exited with 3' out || { fail exit; show; }
    grep -qxF 'FAIL slow.spec.json:2:35: step 1 (expect): it is not on the screen (deadline reached)' out || { fail slow; show; }
    grep -qF 'FAIL run.spec.json:2:35: step 1 (exit): deadline reached (run_timeout_ms reached)' out || { fail run; show; }
    grep -qF 'FAIL quiet.spec.json: no output within startup_timeout_ms: deadline reached' out || { fail quiet; show; }
    grep -qF 'FAIL loud.spec.json:2:17: step 0 (expect): the program wrote more than 10000 bytes' out || { fail loud; show; }
    grep -qF '"file": "slow.spec.json", "kind": "spec", "status": "failed"' r.json || fail "report: slow"
    grep -qF '"deadline": true, "step": 1, "line": 2, "column": 35, "action": "expect"' r.json || { fail "report: deadline"; cat r.json >&2; }
    no_leftovers "$MARK"
}

# The program's environment: PATH, TERM, LANG, a fresh HOME, env, and only
# the host variables named in inherit_env.
case_operational_env() {
    spec env.spec.json '{"version": 1, "command": ["sh", "-c", "env > seen.txt; echo done"],
      "env": {"MINE": "yes"}, "inherit_env": ["TSR_PASSED"],
      "steps": [{"expect": "done"}, {"exit": 0}]}'
    TSR_PASSED=p TSR_NOT_PASSED=q t env.spec.json
    expect_code 0
    grep -qx 'MINE=yes' seen.txt || fail "env missing"
    grep -qx 'TSR_PASSED=p' seen.txt || fail "inherit_env missing"
    grep -q 'TSR_NOT_PASSED\|TSR_TEST_MARK' seen.txt && fail "a host variable leaked"
    grep -qx 'TERM=xterm-256color' seen.txt || fail "TERM"
    grep -qx 'LANG=C.UTF-8' seen.txt || fail "LANG"
    grep -q '^PATH=' seen.txt || fail "PATH"
    home=$(sed -n 's/^HOME=//p' seen.txt)
    case $home in "$WORK"/tmp/tessera-home-*) ;; *) fail "HOME is $home" ;; esac
    [ ! -e "$home" ] || fail "HOME left behind"
}

# Shards 1/3, 2/3, 3/3 run every file exactly once; their JUnit files
# merge (concatenating testsuites) into one report of every file.
case_shards_merge() {
    mkdir suite
    for i in 1 2 3 4 5 6 7; do
        spec "suite/s$i.spec.json" '{"version": 1, "command": ["sh", "-c", "echo run'"$i"' >> ../runs; echo ok"],
          "steps": [{"expect": "ok"}, {"exit": 0}]}'
    done
    printf 'run sh -c "echo tape >> runs; echo ok"\nexpect "ok"\nexpect-exit 0\n' >suite/t.tape
    for s in 1 2 3; do
        t --shard "$s/3" --junit "j$s.xml" suite
        expect_code 0
    done
    [ "$(sort runs | tr '\n' ' ')" = "run1 run2 run3 run4 run5 run6 run7 tape " ] ||
        fail "runs: $(sort runs | tr '\n' ' ')"
    { echo '<?xml version="1.0" encoding="UTF-8"?>'; echo '<testsuites>'
      sed -n '/<testsuite /,/<\/testsuite>/p' j1.xml j2.xml j3.xml; echo '</testsuites>'; } >merged.xml
    [ "$(grep -c '<testcase ' merged.xml)" -eq 8 ] || fail "merged: not 8 testcases"
    [ "$(grep -o 'name="suite/[^"]*"' merged.xml | sort -u | wc -l)" -eq 8 ] || fail "merged: a file twice"
    grep -q 'tests="3"' j1.xml && grep -q 'tests="3"' j2.xml && grep -q 'tests="2"' j3.xml ||
        fail "shard sizes"
}

# Nothing a spec holds of its arguments, environment, input or expected
# text appears in any output, passing or failing.
case_no_secrets() {
    spec pass.spec.json '{"version": 1,
      "command": ["sh", "-c", "stty -echo; printf \"%s\\n\" ready; read x; echo got; sleep 5", "SECRETARG1"],
      "env": {"SECRETENVNAME": "SECRETENVVALUE"}, "inherit_env": ["SECRETINHERITED"],
      "steps": [{"expect": "ready"}, {"text": "SECRETINPUT"}, {"key": "Enter"}, {"expect": "got"},
                {"expect": "SECRETEXPECTED"}], "timeout_ms": 300}'
    spec stays.spec.json '{"version": 1, "command": ["sh", "-c", "stty -echo; echo SECRETSTAYS; read x; sleep 5", "SECRETARG2"],
      "steps": [{"expect": "SECRETSTAYS"}, {"text": "SECRETINPUT2"}, {"expect_not": "SECRETSTAYS"}], "timeout_ms": 300}'
    spec notstarted.spec.json '{"version": 1, "command": ["./SECRETPROGRAM", "SECRETARG3"], "steps": [{"exit": 0}]}'
    # a tape is not private: its expected text and screen are in every report, but neither
    # its environment values nor what it typed (the program does not echo)
    printf 'env TAPEENV=SECRETTAPEENVVALUE\nrun sh -c "stty -echo; echo TAPESCREEN; read x; sleep 5"\nexpect "TAPESCREEN"\ntype "SECRETTAPEINPUT"\nexpect "TAPEEXPECT" 300ms\n' >tape.tape
    SECRETINHERITED=SECRETINHERITEDVALUE t --report r.json --junit j.xml .
    expect_code 1
    [ "$(grep -c '^FAIL ' out)" -eq 4 ] || { fail "not 4 failures"; show; }
    if grep -l SECRET out err r.json j.xml; then
        fail "a secret is in the output"
        grep -h SECRET out err r.json j.xml >&2
    fi
    for f in out r.json j.xml; do
        grep -q 'TAPEEXPECT' $f && grep -q 'TAPESCREEN' $f || fail "$f lacks the tape's expectation or screen"
        # three runs started and failed (the fourth could not start: it has no trace)
        [ "$(grep -c 'tessera-artifacts/' $f)" -ge 3 ] || fail "$f lacks an artifacts path"
    done
    # the opt-in adds the expected text and the screen, never arguments, environment or input
    SECRETINHERITED=SECRETINHERITEDVALUE t --report-details --report r.json --junit j.xml .
    expect_code 1
    for f in out r.json j.xml; do
        grep -q 'SECRETEXPECTED' $f || fail "$f lacks the expected text with --report-details"
        if grep -E 'SECRET(ARG|ENV|INHERITED|INPUT|PROGRAM|TAPE)' $f; then fail "$f: a secret with --report-details"; fi
    done
}

# --grep picks files by path; --retries runs a failed file again and a pass
# then is flaky in every report, never silent; finding nothing is exit 2
# unless --pass-with-no-tests.
case_grep_retries_empty() {
    mkdir empty
    printf 'run sh -c "if [ -e marker ]; then echo ok; else touch marker; echo no; fi; sleep 3"\nexpect "ok" 500ms\n' >flaky.tape
    printf 'run sh -c "echo fine; sleep 3"\nexpect "fine"\n' >good.tape
    t --grep good .
    expect_code 0
    grep -q '^PASS ./good.tape' out && ! grep -q flaky out || { fail "--grep"; show; }
    t --retries 2 --report r.json --junit j.xml flaky.tape good.tape
    expect_code 0
    grep -q '^FLAKY flaky.tape (.*): passed on attempt 2; attempt 1: flaky.tape:2:1: step 0 (expect)' out ||
        { fail "flaky not said"; show; }
    grep -q '^2 passed (1 flaky: passed on a retry), 0 failed$' out || { fail "summary"; show; }
    grep -q '"flaky": 1' r.json && grep -q '"attempts": 2, "flaky": true' r.json || fail "json: $(cat r.json)"
    grep -q '<flakyFailure type="failure" message="flaky.tape:2:1' j.xml || fail "junit: $(cat j.xml)"
    rm -f marker
    t flaky.tape
    expect_code 1
    t empty
    expect_code 2
    grep -qF 'no test found' err || { fail "an empty folder"; show; }
    t --grep nothing .
    expect_code 2
    grep -qF 'no test matches --grep' err || { fail "nothing matched"; show; }
    t --pass-with-no-tests empty
    expect_code 0
}

# --report and --junit paths are checked before anything runs: exit 2, no run, no file.
case_report_paths_first() {
    spec s.spec.json '{"version": 1, "command": ["sh", "-c", "echo ran > ran.txt"], "steps": [{"exit": 0}]}'
    for flag in --report --junit; do
        t $flag no/such/folder/r.xml s.spec.json
        expect_code 2
        grep -qF 'no/such/folder/r.xml: cannot write the report: No such file or directory' err || { fail "$flag: not said"; show; }
        [ ! -e ran.txt ] || fail "$flag: the suite ran before the path was checked"
    done
}

"case_$CASE"
exit $FAILED
