#!/usr/bin/env bash
# Instructions per byte of the core's feed, per workload, counted by callgrind.
#
#   bench/ipb.sh [--size BYTES] [--build DIR]
#
# Counts only what runs inside tsr_term_feed (callgrind --toggle-collect), so the
# harness, file reading and checksums are left out. Instruction counts do not
# depend on the machine's load: the figure is the same on every run of the same
# binary and input, which makes it the number to compare before and after a
# change to the core. Workloads: ../shared/bench/gen_workloads.py at --size
# (default 1 MiB) in bench/workloads-ipb/. The driver is built with -O2 -g in
# build-ipb/ (or --build DIR). Prints a Markdown table.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${TESSERA_SHARED:-$ROOT/../shared}"
GEN="$SHARED/bench/gen_workloads.py"
BUILD="$ROOT/build-ipb"
SIZE=1048576
WORKLOADS=(ascii sgr cursor unicode scroll mixed)

die() { echo "ipb.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --size) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--size needs a positive whole number"
            SIZE=$2; shift 2 ;;
    --build) [ -n "${2:-}" ] || die "--build needs a folder"; BUILD=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
command -v valgrind >/dev/null || die "valgrind is not installed (apt-get install valgrind)"
[ -f "$GEN" ] || die "workload generator not found at $GEN (set TESSERA_SHARED)"

WORKDIR="$ROOT/bench/workloads-ipb"
python3 "$GEN" --out "$WORKDIR" --size "$SIZE" "${WORKLOADS[@]}" >&2
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSR_WASM=OFF \
  -DTSR_BENCH=ON >"$BUILD.configure.log" 2>&1 || { cat "$BUILD.configure.log" >&2; die "configure failed"; }
cmake --build "$BUILD" --target bench_tessera -j2 >/dev/null || die "build failed"

echo "| workload | bytes | instructions in tsr_term_feed | per byte |"
echo "| --- | ---: | ---: | ---: |"
for w in "${WORKLOADS[@]}"; do
  file="$WORKDIR/$w.vt"
  bytes=$(stat -c %s "$file")
  out=$(mktemp)
  # One warm-up pass and one timed round: two feeds of the whole file.
  valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
    --toggle-collect=tsr_term_feed "$BUILD/bin/bench_tessera" "$file" --rounds 1 --min-time 0 \
    >/dev/null 2>&1 || { rm -f "$out"; die "callgrind failed on $w"; }
  ir=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out")
  rm -f "$out"
  awk -v w="$w" -v b="$bytes" -v ir="$ir" \
    'BEGIN { printf "| %s | %d | %d | %.2f |\n", w, b, ir, ir / (2 * b) }'
done
