#!/usr/bin/env bash
# Throughput of tessera, vt100, alacritty_terminal, libtsm and libvterm on the same
# workloads, in one run.
#
#   bench/run.sh [--size BYTES] [--rounds N] [--min-time SECONDS] [--no-results]
#
# Generates the workloads (../shared/bench/gen_workloads.py, or the copy under
# $TESSERA_SHARED), builds the C drivers in a Release (-O2) tree build-bench/
# and the Rust ones with Debian's cargo (offline, into build-bench/cargo/),
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
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# Every engine in table order: name, driver binary, and how it is built (cmake or cargo).
# tessera must build; a competitor whose package or toolchain is missing is reported as
# missing (stderr, the table and results.md), never silently dropped.
ENGINES=(tessera vt100 alacritty_terminal libtsm libvterm)
declare -A BIN MISSING
BIN[tessera]="$BUILD/bin/bench_tessera"
CMAKE_TARGETS=(bench_tessera)
if grep -q '^VTERM_FOUND:INTERNAL=1' "$BUILD/CMakeCache.txt"; then
  BIN[libvterm]="$BUILD/bin/bench_vterm"; CMAKE_TARGETS+=(bench_vterm)
else
  MISSING[libvterm]="libvterm-dev not found by pkg-config"
fi
if grep -q '^LIBTSM_FOUND:INTERNAL=1' "$BUILD/CMakeCache.txt"; then
  BIN[libtsm]="$BUILD/bin/bench_tsm"; CMAKE_TARGETS+=(bench_tsm)
else
  MISSING[libtsm]="libtsm-dev not found by pkg-config"
fi
cmake --build "$BUILD" -j"$(nproc)" --target "${CMAKE_TARGETS[@]}" >&2 || die "build failed"

# The Rust drivers build offline with Debian's cargo and rustc against Debian's packaged
# crates (bench/rust/.cargo/config.toml points cargo at /usr/share/cargo/registry).
CARGO_BIN=/usr/bin/cargo
RUSTC_BIN=/usr/bin/rustc
CARGO_TARGET="$BUILD/cargo"
deb_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || true; }
rust_driver() { # ENGINE FOLDER DEBIAN_PACKAGE
  local engine=$1 folder=$2 package=$3
  if [ ! -x "$CARGO_BIN" ] || [ ! -x "$RUSTC_BIN" ]; then
    MISSING[$engine]="Debian's cargo and rustc not installed (package cargo)"
  elif [ -z "$(deb_version "$package")" ]; then
    MISSING[$engine]="$package not installed"
  else
    echo "== cargo build bench/rust/$folder" >&2
    (cd "$ROOT/bench/rust/$folder" && CARGO_TARGET_DIR="$CARGO_TARGET" RUSTC="$RUSTC_BIN" \
      "$CARGO_BIN" build --offline --release -j"$(nproc)" --quiet) >&2 \
      || die "cargo build of bench/rust/$folder failed"
    BIN[$engine]="$CARGO_TARGET/release/bench_$folder"
  fi
}
rust_driver vt100 vt100 librust-vt100-dev
rust_driver alacritty_terminal alacritty librust-alacritty-terminal-dev
for e in "${ENGINES[@]}"; do
  [ -z "${MISSING[$e]:-}" ] || echo "run.sh: $e is MISSING: ${MISSING[$e]}" >&2
done

# The machine is often shared: the load around the run goes into results.md.
LOAD_START="$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
declare -A MBS
RAW=""
for w in "${WORKLOADS[@]}"; do
  for e in "${ENGINES[@]}"; do
    [ -n "${BIN[$e]:-}" ] || continue
    echo "== $e on $w (at least $ROUNDS rounds and ${MIN_TIME}s)" >&2
    line="$("${BIN[$e]}" "$WORKDIR/$w.vt" --chunk 4096 --rounds "$ROUNDS" \
      --min-time "$MIN_TIME")" \
      || die "the $e driver failed on $w"
    echo "$line" >&2
    RAW+="$line"$'\n'
    MBS["$e/$w"]="$(sed -n 's/.* mb_s=\([0-9.]*\).*/\1/p' <<<"$line")"
  done
done

cell() { # ENGINE WORKLOAD
  if [ -n "${MISSING[$1]:-}" ]; then echo "missing"; else echo "${MBS[$1/$2]:-n/a}"; fi
}

table() {
  local header="| workload |" rule="| --- |" e w
  for e in "${ENGINES[@]}"; do header+=" $e MB/s |"; rule+=" ---: |"; done
  echo "$header tessera / fastest other |"
  echo "$rule --- |"
  for w in "${WORKLOADS[@]}"; do
    local row="| $w |" best=0 best_name="" v
    for e in "${ENGINES[@]}"; do
      v="$(cell "$e" "$w")"
      row+=" $v |"
      [ "$e" != tessera ] || continue
      if [[ "$v" =~ ^[0-9.]+$ ]] && awk -v v="$v" -v b="$best" 'BEGIN { exit !(v > b) }'; then
        best="$v"; best_name="$e"
      fi
    done
    v="$(cell tessera "$w")"
    if [ -n "$best_name" ] && [[ "$v" =~ ^[0-9.]+$ ]]; then
      row+=" $(awk -v t="$v" -v b="$best" 'BEGIN { printf "%.1fx", t / b }') ($best_name) |"
    else
      row+=" n/a |"
    fi
    echo "$row"
  done
  local sep=$'\n'
  for e in "${ENGINES[@]}"; do
    [ -z "${MISSING[$e]:-}" ] || { printf '%s%s is missing: %s.\n' "$sep" "$e" "${MISSING[$e]}"; sep=""; }
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
    echo "- vt100 $(deb_version librust-vt100-dev || true), alacritty_terminal $(deb_version librust-alacritty-terminal-dev || true) (Debian package versions; empty when missing), $("$RUSTC_BIN" --version 2>/dev/null || echo 'rustc not found'), cargo --release"
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
