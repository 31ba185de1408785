#!/usr/bin/env bash
# Memory of a failing `tessera run` on endless output (issue 21): the trace
# keeps its last 64 MiB (native-host/artifacts/trace.h), so peak RSS must
# not grow with the output. Prints, for 256 MiB and 2 GiB of output and for
# the issue's own 20 s of `yes`: peak RSS (/usr/bin/time), the size of the
# trace.journal written, and its drop mark.
#
#   bench/trace_memory.sh [--build DIR] [--sizes "256M 2G"]
#
# Each run is `tessera run --expect never -- sh -c 'yes LINE | head -c SIZE'`:
# the program ends after SIZE bytes, the expectation fails, the artifacts
# are written (that is in the peak too). Needs the normal build (DIR,
# default build/) and /usr/bin/time. Not part of ctest: minutes, not seconds.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build"
SIZES="256M 2G"
die() { echo "trace_memory.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) [ -n "${2:-}" ] || die "--build needs a folder"; BUILD=$(cd "$2" && pwd); shift 2 ;;
    --sizes) [ -n "${2:-}" ] || die "--sizes needs a list"; SIZES=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
TESSERA="$BUILD/bin/tessera"
[ -x "$TESSERA" ] || die "$TESSERA is missing: build first (bash scripts/build.sh)"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian: time)"
unset TESSERA_TRACE_MAX_BYTES TESSERA_ARTIFACTS

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-trace-memory.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
LINE=$(printf '%099d' 0)

# measure LABEL HARD_TIMEOUT TESSERA-ARGS...: one run; prints a table row
measure() {
  local label=$1 hard=$2; shift 2
  rm -rf "$WORK/a"
  local start end rc=0
  start=$(date +%s.%N)
  timeout "$hard" /usr/bin/time -f '%M' -o "$WORK/rss" "$TESSERA" run --quiet --artifacts "$WORK/a" \
    "$@" >/dev/null 2>"$WORK/err" || rc=$?
  end=$(date +%s.%N)
  [ $rc -eq 1 ] || [ $rc -eq 3 ] || { cat "$WORK/err" >&2; die "$label: exit $rc (expected a failure)"; }
  local trace rss mark
  trace=$(find "$WORK/a" -name trace.journal | head -n 1)
  [ -n "$trace" ] || die "$label: no trace.journal"
  rss=$(tail -n 1 "$WORK/rss")
  mark=$("$TESSERA" replay --marks "$trace" | sed -n 's/^event 1 at [0-9]* ms: \(trace: .*\)/\1/p')
  printf '| %s | %d MiB | %.1f MiB | %.0f s | %s |\n' "$label" $((rss / 1024)) \
    "$(echo "$(stat -c %s "$trace") / 1048576" | bc -l)" "$(echo "$end - $start" | bc -l)" \
    "${mark:-(nothing dropped)}"
}

echo "| output | peak RSS | trace.journal | time | its first mark |"
echo "| --- | --- | --- | --- | --- |"
for size in $SIZES; do
  measure "$size of \`yes\` lines" 1800 --timeout 1500s --expect never -- \
    sh -c "yes $LINE | head -c $size"
done
measure "\`yes\` for 20 s (the issue's run)" 120 --timeout 20s --expect never -- yes "$LINE"
