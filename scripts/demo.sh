#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and shows tessera's main job,
# a real program's screen as a person saw it.
#
# Live PTY sessions (`tessera run`) do not exist yet, so the demo records vim opening the core's
# public header on a real 24x80 PTY (tests/fixtures/record.py, asciicast v2), then replays the
# recording through the emulator core with `tessera replay`, as plain text and as styled runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

log=$(mktemp "${TMPDIR:-/tmp}/tessera-build.XXXXXX")
echo "demo: building (log: $log)"
if ! bash scripts/build.sh >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "demo: FAILED: the build failed; full log in $log" >&2
  exit 1
fi
rm -f "$log"

work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT

# vim with its stock defaults only (-u DEFAULTS: syntax colours on, no user vimrc), no viminfo,
# no swap file. Wait for the file's name in the status line and for the output to settle, then
# end the recording while vim still runs (--timeout 0): the last screen is vim's, not the
# shell's that vim would restore on quitting.
file=core/include/tessera/tessera.h
printf '%s\n' '[{"wait": "tessera.h", "timeout": 10}, {"idle": 0.5, "timeout": 10}]' \
  >"$work/steps.json"
echo "demo: recording vim $file on a 24x80 PTY"
python3 tests/fixtures/record.py --rows 24 --cols 80 --timeout 0 \
  --out "$work/vim.cast" --steps "$work/steps.json" -- vim -N -u DEFAULTS -i NONE -n "$file"
echo "demo: recorded $(($(wc -l <"$work/vim.cast") - 1)) events, $(wc -c <"$work/vim.cast") bytes"

echo
echo "=== build/bin/tessera replay vim.cast ==="
build/bin/tessera replay "$work/vim.cast"
echo
echo "=== build/bin/tessera replay --styled vim.cast ==="
build/bin/tessera replay --styled "$work/vim.cast"
