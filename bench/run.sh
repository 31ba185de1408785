#!/usr/bin/env bash
# Throughput of tessera, libvterm and libtsm on the same workloads, in one run.
#
#   bench/run.sh [--size BYTES] [--rounds N] [--min-time SECONDS] [--no-results]
#
# Generates the workloads (../shared/bench/gen_workloads.py, or the copy under
# $TESSERA_SHARED), builds the drivers in a Release (-O2) tree build-bench/,
# runs every driver on every workload and prints a Markdown table. Unless
# --no-results is given, the table is also written to bench/results.md with
# the date, the machine and the command. See bench/README.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${TESSERA_SHARED:-$ROOT/../shared}"
GEN="$SHARED/bench/gen_workloads.py"
BUILD="$ROOT/build-bench"
WORKDIR="$ROOT/bench/workloads"
RESULTS="$ROOT/bench/results.md"
WORKLOADS=(ascii sgr cursor unicode scroll mixed)

SIZE=""
ROUNDS=5
MIN_TIME=2
SAVE=1
COMMAND="bench/run.sh${*:+ $*}"

die() { echo "run.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --size)
      [ $# -ge 2 ] || die "--size needs a value (bytes)"
      [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "--size: '$2' is not a positive whole number"
      SIZE="$2"; shift 2 ;;
    --rounds)
      [ $# -ge 2 ] || die "--rounds needs a value"
      [[ "$2" =~ ^[1-9][0-9]*$ ]] || die "--rounds: '$2' is not a positive whole number"
      ROUNDS="$2"; shift 2 ;;
    --min-time)
      [ $# -ge 2 ] || die "--min-time needs a value (seconds)"
      [[ "$2" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--min-time: '$2' is not a number of seconds"
      MIN_TIME="$2"; shift 2 ;;
    --no-results) SAVE=0; shift ;;
    -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

[ -f "$GEN" ] || die "workload generator not found at $GEN (set TESSERA_SHARED to the shared checkout)"

echo "== workloads -> $WORKDIR" >&2
python3 "$GEN" --out "$WORKDIR" ${SIZE:+--size "$SIZE"} "${WORKLOADS[@]}" >&2

# Release with -O2 exactly, never the sanitizer build: we measure what ships.
echo "== configure + build $BUILD" >&2
mkdir -p "$BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DTSR_BENCH=ON -DTSR_SANITIZE=OFF -DTSR_FUZZ=OFF >"$BUILD/configure.log" 2>&1 \
  || { cat "$BUILD/configure.log" >&2; die "cmake configure failed"; }
grep -E '^-- bench:' "$BUILD/configure.log" >&2 || true

# Our engine must build; a competitor pkg-config did not find is only skipped.
DRIVERS=(bench_tessera)
ENGINES=(tessera)
grep -q '^VTERM_FOUND:INTERNAL=1' "$BUILD/CMakeCache.txt" && { DRIVERS+=(bench_vterm); ENGINES+=(libvterm); }
grep -q '^LIBTSM_FOUND:INTERNAL=1' "$BUILD/CMakeCache.txt" && { DRIVERS+=(bench_tsm); ENGINES+=(libtsm); }
cmake --build "$BUILD" -j"$(nproc)" --target "${DRIVERS[@]}" >&2 || die "build failed"

# The machine is often shared: the load around the run goes into results.md.
LOAD_START="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
declare -A MBS
RAW=""
for w in "${WORKLOADS[@]}"; do
  for i in "${!DRIVERS[@]}"; do
    echo "== ${ENGINES[$i]} on $w (at least $ROUNDS rounds and ${MIN_TIME}s)" >&2
    line="$("$BUILD/bin/${DRIVERS[$i]}" "$WORKDIR/$w.vt" --chunk 4096 --rounds "$ROUNDS" \
      --min-time "$MIN_TIME")" \
      || die "${DRIVERS[$i]} failed on $w"
    echo "$line" >&2
    RAW+="$line"$'\n'
    MBS["${ENGINES[$i]}/$w"]="$(sed -n 's/.* mb_s=\([0-9.]*\).*/\1/p' <<<"$line")"
  done
done

cell() { local v="${MBS[$1]:-}"; [ -n "$v" ] && echo "$v" || echo "n/a"; }

table() {
  echo "| workload | tessera MB/s | libvterm MB/s | libtsm MB/s | tessera / best other |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  for w in "${WORKLOADS[@]}"; do
    local t v s ratio
    t="$(cell "tessera/$w")"; v="$(cell "libvterm/$w")"; s="$(cell "libtsm/$w")"
    ratio="$(awk -v t="$t" -v v="$v" -v s="$s" 'BEGIN {
      best = 0
      if (v != "n/a" && v + 0 > best) best = v + 0
      if (s != "n/a" && s + 0 > best) best = s + 0
      if (best > 0 && t != "n/a") printf "%.1fx", t / best; else printf "n/a" }')"
    echo "| $w | $t | $v | $s | $ratio |"
  done
}

TABLE="$(table)"
echo
echo "$TABLE"

if [ "$SAVE" = 1 ]; then
  bytes="$(wc -c <"$WORKDIR/ascii.vt" | tr -d ' ')"
  {
    echo "# Benchmark results"
    echo
    echo "Latest figures from \`$COMMAND\` (see [README.md](README.md) for the method)."
    echo "MB/s is 10^6 bytes per second over the median timed round (at least $ROUNDS rounds"
    echo "and ${MIN_TIME}s of timed feeding per engine and workload);"
    echo "each workload is about $bytes bytes, fed in 4096-byte chunks."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(uname -sr)"
    echo "- compiler: $(${CC:-cc} --version | head -1), -O2 -DNDEBUG"
    echo "- load average (1 min): $LOAD_START at the start, $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?') at the end (figures are trustworthy near 1 or less)"
    echo "- libvterm $(pkg-config --modversion vterm 2>/dev/null || echo 'not found'), libtsm $(pkg-config --modversion libtsm 2>/dev/null || echo 'not found')"
    echo
    echo "$TABLE"
    echo
    echo "Raw driver output (best and median seconds, reply bytes, final-screen checksum):"
    echo
    echo '```'
    printf '%s' "$RAW"
    echo '```'
  } >"$RESULTS"
  echo >&2
  echo "wrote $RESULTS" >&2
fi
