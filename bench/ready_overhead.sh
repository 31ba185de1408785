#!/bin/sh
# What the readiness default costs an input when the program already waits:
# a tape of N `type "x"` steps into a program blocked reading its terminal
# (cat in raw mode, echo off: no output, each byte read at once), run with the default (each input
# first looks at /proc) and with `--now` on every step; the difference over
# N is the cost of one look. Best of ROUNDS, wall-clock, so run it on an idle
# machine.
#
# usage: bench/ready_overhead.sh [BIN] [N] [ROUNDS]
set -eu
BIN=${1:-build/bin/tessera}
N=${2:-500}
ROUNDS=${3:-5}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-ready-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

tape() { # tape FILE OPTION
    {
        echo 'run sh -c "stty raw -echo; echo go; exec cat >/dev/null"'
        echo 'expect "go"'
        i=0
        while [ "$i" -lt "$N" ]; do echo "type $2\"x\""; i=$((i + 1)); done
    } >"$1"
}
tape "$WORK/ready.tape" ""
tape "$WORK/now.tape" "--now "

# best SECONDS of ROUNDS runs of a tape (nanoseconds from date)
best() {
    b=
    r=0
    while [ "$r" -lt "$ROUNDS" ]; do
        t0=$(date +%s%N)
        timeout 300 "$BIN" script --quiet "$1" >/dev/null
        t=$(( $(date +%s%N) - t0 ))
        if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
        r=$((r + 1))
    done
    echo "$b"
}
ready=$(best "$WORK/ready.tape")
now=$(best "$WORK/now.tape")
echo "$N inputs to a waiting program, best of $ROUNDS: default $((ready / 1000000)) ms, --now $((now / 1000000)) ms"
echo "readiness look per input: $(( (ready - now) / N / 1000 )) us"
