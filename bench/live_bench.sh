#!/bin/sh
# Live-session benchmark (issue 4): median wall time, over 20 runs, of
#   1. tessera run --expect ready -- sh -c 'printf ready'   (start to exit)
#   2. a 10-step tape against vim (start, edit, write, quit)
# usage: bench/live_bench.sh [PATH/TO/tessera]   (default build/bin/tessera)
set -eu
BIN=${1:-$(cd "$(dirname "$0")/.." && pwd)/build/bin/tessera}
RUNS=20
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

cat >vim10.tape <<'TAPE'
run vim --clean -n bench.txt
wait "bench.txt" 30s
type "ione"
press enter
type "two"
press escape
wait "two" 30s
type ":wq"
press enter
expect-exit 0
TAPE

now_ns() { date +%s%N; }

# median MS...: the middle of the sorted figures (mean of the two middles).
median() {
    printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {
        if (NR % 2) printf "%.1f", a[(NR+1)/2]; else printf "%.1f", (a[NR/2]+a[NR/2+1])/2 }'
}

measure() {
    times=""
    i=0
    while [ $i -lt $RUNS ]; do
        start=$(now_ns)
        "$@" >/dev/null
        end=$(now_ns)
        times="$times $(( (end - start) / 1000 ))"
        i=$((i + 1))
    done
    # microseconds -> milliseconds
    median $(for t in $times; do echo "$t" | awk '{printf "%.3f\n", $1/1000}'; done)
}

a=$(measure "$BIN" run --expect ready -- sh -c 'printf ready')
b=$(measure "$BIN" script vim10.tape)
printf 'tessera run --expect ready -- sh -c "printf ready": median %s ms over %d runs\n' "$a" $RUNS
printf 'tessera script (10 steps against vim --clean):       median %s ms over %d runs\n' "$b" $RUNS
