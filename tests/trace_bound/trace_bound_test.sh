#!/bin/sh
# The trace's bound (issue 21): on endless output a failure's trace.journal
# keeps only its last TESSERA_TRACE_MAX_BYTES (here the least, 64 KiB), and
# then starts with the size, a mark saying what was dropped and a keyframe;
# it still replays to the screen screen.txt shows. A trace that never
# reaches the bound is a version 1 journal as before. Journals of another
# version are refused on line 1. Each case runs in a fresh directory.
#
# usage: trace_bound_test.sh PATH/TO/tessera CASE
set -u
BIN=$1
CASE=$2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib/case.sh"
case_begin trace-bound
unset TESSERA_ARTIFACTS
BOUND=65536
LINE=$(printf '%0200d' 7)

# frames FILE: its first line and frames (frames.py), into frames.txt
frames() { python3 "$HERE/frames.py" "$1" >frames.txt || fail "frames.py could not read $1"; }

# bounded DIR: DIR's trace.journal dropped frames and kept the bound, and
# replays to screen.txt at the report's failing moment
bounded() {
    t="$1/trace.journal"
    [ -s "$t" ] || { fail "no $t"; show; return; }
    size=$(wc -c <"$t")
    [ "$size" -le $BOUND ] || fail "trace.journal holds $size bytes, more than $BOUND"
    frames "$t"
    sed -n 1p frames.txt | grep -qx 'tessera-journal 2' || fail "first line: $(sed -n 1p frames.txt)"
    sed -n 2p frames.txt | grep -q '^resize 4$' || fail "frame 0 is not the size: $(sed -n 2p frames.txt)"
    sed -n 3p frames.txt |
        grep -Eq "^mark [0-9]+ trace: [1-9][0-9]* frames \([1-9][0-9]* bytes\) before this were dropped \(it keeps its last $BOUND bytes\)$" ||
        fail "frame 1 is not the drop mark: $(sed -n 3p frames.txt)"
    sed -n 4p frames.txt | grep -q '^keyframe ' || fail "frame 2 is not a keyframe: $(sed -n 4p frames.txt)"
    [ "$(grep -c '^keyframe ' frames.txt)" -eq 1 ] || fail "more than one keyframe"
    tail -n 1 frames.txt | grep -qx end || fail "the frames do not fill the file"
    "$BIN" replay --marks "$t" >marks 2>&1 || fail "replay --marks: $(cat marks)"
    grep -q '^event 1 at [0-9]* ms: trace: .* were dropped' marks || fail "marks: $(cat marks)"
    "$BIN" replay "$t" >replayed 2>&1 || fail "replay: $(cat replayed)"
    grep -q "00000007$" replayed || fail "the replay lacks the program's output"
    # the report's failing moment, replayed, is screen.txt
    at=$(sed -n 's/.*"report":{"step":\(-*[0-9]*\),"event":\([0-9]*\).*/\1 \2/p' "$1/report.html")
    step=${at% *}
    event=${at#* }
    [ -n "$at" ] || { fail "report.html holds no failing moment"; return; }
    if [ "$step" -ge 0 ]; then point="--step $step"; else point="--event $event"; fi
    # shellcheck disable=SC2086
    "$BIN" replay --exact $point "$t" >at_moment 2>&1 || fail "replay $point: $(cat at_moment)"
    cmp -s at_moment "$1/screen.txt" || { fail "screen.txt is not the replay at $point"; diff at_moment "$1/screen.txt" >&2; }
    grep -q "00000007 *$" "$1/screen.txt" || fail "screen.txt lacks the program's output"
}

# only_folder: d is the one artifacts folder
only_folder() {
    n=$(find tessera-artifacts -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
    [ "$n" -eq 1 ] || { fail "$n artifact folders, expected 1"; show; return 1; }
    d=$(find tessera-artifacts -mindepth 1 -maxdepth 1 -type d)
}

# One second of `yes` is megabytes, far past the 64 KiB bound, even under the sanitizers.
case_run_endless() {
    TESSERA_TRACE_MAX_BYTES=$BOUND timeout 60 "$BIN" run --quiet --timeout 1s --expect never -- \
        yes "$LINE" >out 2>err
    CODE=$?
    expect_code 3
    only_folder || return
    bounded "$d"
}

case_script_endless() {
    printf 'run yes "%s"\nexpect "never" 1s\n' "$LINE" >endless.tape
    TESSERA_TRACE_MAX_BYTES=$BOUND timeout 60 "$BIN" script endless.tape >out 2>err
    CODE=$?
    expect_code 1
    only_folder || return
    bounded "$d"
}

case_snapshot_endless() {
    TESSERA_TRACE_MAX_BYTES=$BOUND timeout 60 "$BIN" snapshot --timeout 1s -- yes "$LINE" >out 2>err
    CODE=$?
    expect_code 3
    only_folder || return
    bounded "$d"
}

# Output far below the bound: version 1, no keyframe, no drop mark.
case_small_unchanged() {
    for bound in $BOUND ""; do
        rm -rf tessera-artifacts
        TESSERA_TRACE_MAX_BYTES=$bound "$BIN" run --quiet --timeout 500ms --expect never -- \
            sh -c 'echo hi; exec sleep 5' >out 2>err
        CODE=$?
        expect_code 3
        only_folder || return
        frames "$d/trace.journal"
        sed -n 1p frames.txt | grep -qx 'tessera-journal 1' || fail "first line: $(sed -n 1p frames.txt)"
        sed -n 2p frames.txt | grep -q '^resize 4$' || fail "frame 0 is not the size"
        ! grep -q '^keyframe' frames.txt || fail "a keyframe in a trace that dropped nothing"
        ! grep -q '^mark [0-9]* trace:' frames.txt || fail "a drop mark in a trace that dropped nothing"
        tail -n 1 frames.txt | grep -qx end || fail "the frames do not fill the file"
        grep -q '^hi' "$d/screen.txt" || fail "screen.txt: $(cat "$d/screen.txt")"
    done
}

# A first line of another version, or none, is refused by every reader,
# naming the file and line 1.
case_version_refused() {
    printf 'tessera-journal 3\n' >v3.journal
    printf 'tessera-journalX\n\002\001' >bad.journal
    for cmd in replay view "artifacts --trace"; do
        # shellcheck disable=SC2086
        "$BIN" $cmd v3.journal >out 2>err
        CODE=$?
        expect_code 2
        grep -qx 'v3.journal:1: journal version 3 is not supported (this tessera reads versions 1 and 2)' err ||
            { fail "$cmd: version 3"; show; }
        # shellcheck disable=SC2086
        "$BIN" $cmd bad.journal >out 2>err
        CODE=$?
        expect_code 2
        grep -qx 'bad.journal:1: not a tessera journal (bad first line)' err || { fail "$cmd: garbage"; show; }
    done
    [ ! -e tessera-artifacts ] || fail "a refused trace left artifacts"
}

"case_$CASE"
exit $FAILED
