#!/usr/bin/env bash
# Memory on one long real session: bytes per kept revision, peak RSS of
# `tessera replay`, and xterm.js headless's heap for the same replay.
#
#   bench/memory.sh [--build DIR] [--record]
#
# The session is `top -d 0.1 -n 3000` on an 80x24 PTY, recorded by tessera
# itself (about 5 minutes, several MB) into bench/recordings/top.cast and
# top.journal, which are not in git: they are recorded when absent, or again
# with --record. Needs the normal build (DIR, default build/: tessera,
# history_memory, the wasi engine), top (procps), node and /usr/bin/time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$ROOT/build"
RECORD=0
die() { echo "memory.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) [ -n "${2:-}" ] || die "--build needs a folder"; BUILD=$(cd "$2" && pwd); shift 2 ;;
    --record) RECORD=1; shift ;;
    -h|--help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
TESSERA="$BUILD/bin/tessera"
for f in "$TESSERA" "$BUILD/bin/history_memory" "$BUILD/wasm/tessera-wasi.wasm"; do
  [ -e "$f" ] || die "$f is missing: build first (bash scripts/build.sh)"
done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian: time)"
command -v top >/dev/null || die "top is missing (Debian: procps)"

DIR="$ROOT/bench/recordings"
CAST="$DIR/top.cast"
JOURNAL="$DIR/top.journal"
if [ $RECORD -eq 1 ] || [ ! -s "$CAST" ] || [ ! -s "$JOURNAL" ]; then
  mkdir -p "$DIR"
  echo "memory.sh: recording top -d 0.1 -n 3000 (about 5 minutes)" >&2
  # stdin stays open (and silent) until top has made its 3000 screens:
  # at end of input `record` would type Ctrl-D at it.
  exec {quiet}< <(sleep 900)
  quiet_pid=$!
  rc=0
  "$TESSERA" record --rows 24 --cols 80 -o "$CAST" --journal "$JOURNAL" -- top -d 0.1 -n 3000 \
    <&"$quiet" >/dev/null || rc=$?
  kill "$quiet_pid" 2>/dev/null || true
  exec {quiet}<&-
  [ $rc -eq 0 ] || die "tessera record failed ($rc)"
fi

events=$(grep -c '^\[[^,]*, *"o"' "$CAST" || true)
echo "recording: $CAST ($(stat -c %s "$CAST") bytes, $events output events)"
[ "$events" -ge 3000 ] || echo "memory.sh: warning: fewer than 3000 output events" >&2
echo

echo "## bytes per kept revision (history_memory --once, every revision kept)"
"$BUILD/bin/history_memory" "$CAST" --once --revisions 1000000
echo

# Peak RSS in KiB of one command, its output dropped: the median of 5 runs
# (it moves by a few hundred KiB from run to run).
peak_kib() {
  local out i
  out=$(mktemp)
  for i in 1 2 3 4 5; do
    /usr/bin/time -f %M -a -o "$out" "$@" >/dev/null || { rm -f "$out"; die "failed: $*"; }
  done
  sort -n "$out" | sed -n 3p
  rm -f "$out"
}
tiny=$(mktemp --suffix .cast)
trap 'rm -f "$tiny"' EXIT
printf '{"version": 2, "width": 80, "height": 24}\n[0.1, "o", "x"]\n' >"$tiny"
bare=$(peak_kib "$TESSERA" --version)
one=$(peak_kib "$TESSERA" replay "$tiny")
cast=$(peak_kib "$TESSERA" replay "$CAST")
journal=$(peak_kib "$TESSERA" replay "$JOURNAL")
echo "## peak RSS of tessera replay (KiB; /usr/bin/time %M, median of 5)"
echo "| run | peak RSS | minus tessera --version ($bare KiB) |"
echo "| --- | ---: | ---: |"
echo "| replay of a one-event cast | $one | $((one - bare)) |"
echo "| replay top.cast (fed, no revisions) | $cast | $((cast - bare)) |"
echo "| replay top.journal (frames, default history) | $journal | $((journal - bare)) |"
echo

echo "## the same replay in Node (bench/replay_memory.mjs, bytes over the baseline)"
export TESSERA_WASM_DIR="$BUILD/wasm"
node --expose-gc "$ROOT/bench/replay_memory.mjs" "$CAST" --engine xterm
node --expose-gc "$ROOT/bench/replay_memory.mjs" "$CAST" --engine wasi
node --expose-gc "$ROOT/bench/replay_memory.mjs" "$CAST" --engine wasi --history
