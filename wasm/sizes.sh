#!/usr/bin/env bash
# Prints the raw and gzipped (gzip -9) sizes of the wasm engines against the targets
# (at most 450 KB raw and 120 KB gzipped each; KB = 1000 bytes).
#
#   bash wasm/sizes.sh [BUILD_DIR]     default: build
#
# Exits 1 if a module is missing or over a target.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}/wasm
max_raw=450000 max_gz=120000
status=0
printf '%-26s %10s %10s  %s\n' module raw gzip-9 target
for name in tessera-wasi.wasm tessera-emscripten.wasm; do
  f=$dir/$name
  if [ ! -f "$f" ]; then
    printf '%-26s %10s %10s  %s\n' "$name" - - "MISSING ($f)"
    status=1
    continue
  fi
  raw=$(stat -c %s "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  verdict=ok
  if [ "$raw" -gt $max_raw ] || [ "$gz" -gt $max_gz ]; then verdict=OVER; status=1; fi
  printf '%-26s %10s %10s  %s\n' "$name" "$raw" "$gz" \
    "$verdict (<= $((max_raw / 1000)) KB raw, $((max_gz / 1000)) KB gzipped)"
done
exit $status
