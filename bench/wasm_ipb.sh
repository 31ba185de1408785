#!/usr/bin/env bash
# Instructions per byte of the wasm engines' feed, per workload, counted by
# callgrind: the wasm counterpart of bench/ipb.sh.
#
#   bench/wasm_ipb.sh [--wasm DIR] [--engines wasi,emscripten] [--size BYTES]
#
# V8 is made deterministic for it: --predictable (one thread, no concurrent
# compiling or collecting) and TurboFan only (--no-liftoff
# --no-wasm-tier-up), the code a long feed ends up running. Each workload
# (bench/workloads-ipb/, as ipb.sh makes them, default 1 MiB) runs twice
# under callgrind, fed once (a warm-up that compiles everything) and fed
# twice (bench/wasm_ipb_feed.mjs); the difference over the file's size is
# one feed: the engine's code, the JS that hands it the chunks (Screen.feed)
# and the collections they cause. Repeated runs agree to about 0.1
# instruction a byte. Modules from DIR (default build/wasm). Prints a
# Markdown table.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="${TESSERA_SHARED:-$ROOT/../shared}"
GEN="$SHARED/bench/gen_workloads.py"
WASM="$ROOT/build/wasm"
ENGINES=(wasi emscripten)
SIZE=1048576
WORKLOADS=(ascii sgr cursor unicode scroll mixed)

die() { echo "wasm_ipb.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --wasm) [ -n "${2:-}" ] || die "--wasm needs a folder"; WASM=$(cd "$2" && pwd); shift 2 ;;
    --engines) [ -n "${2:-}" ] || die "--engines needs a list"; IFS=, read -r -a ENGINES <<<"$2"; shift 2 ;;
    --size) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--size needs a positive whole number"
            SIZE=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
command -v valgrind >/dev/null || die "valgrind is not installed (apt-get install valgrind)"
command -v node >/dev/null || die "node is not installed"
[ -f "$GEN" ] || die "workload generator not found at $GEN (set TESSERA_SHARED)"
for e in "${ENGINES[@]}"; do
  [ -f "$WASM/tessera-$e.wasm" ] || die "$WASM/tessera-$e.wasm is missing (build first)"
done

WORKDIR="$ROOT/bench/workloads-ipb"
python3 "$GEN" --out "$WORKDIR" --size "$SIZE" "${WORKLOADS[@]}" >&2

# count ENGINE FILE ROUNDS: the instructions of one run.
count() {
  local out ir
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" \
    node --predictable --no-liftoff --no-wasm-tier-up "$ROOT/bench/wasm_ipb_feed.mjs" \
    "$WASM" "$1" "$2" "$3" >/dev/null 2>&1 || { rm -f "$out"; die "callgrind failed on $1 $2"; }
  ir=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out")
  rm -f "$out"
  echo "$ir"
}

header="| workload | bytes |"
rule="| --- | ---: |"
for e in "${ENGINES[@]}"; do header="$header $e per byte |"; rule="$rule ---: |"; done
echo "$header"
echo "$rule"
for w in "${WORKLOADS[@]}"; do
  file="$WORKDIR/$w.vt"
  bytes=$(stat -c %s "$file")
  line="| $w | $bytes |"
  for e in "${ENGINES[@]}"; do
    once=$(count "$e" "$file" 0)
    twice=$(count "$e" "$file" 1)
    line="$line $(awk -v a="$once" -v b="$twice" -v n="$bytes" 'BEGIN { printf "%.2f", (b - a) / n }') |"
  done
  echo "$line"
done
