#!/usr/bin/env bash
# The README's first command: installs what is missing, builds, and shows tessera's main job on
# a real program: a live snapshot of vim on a real PTY, then a tape that edits a file in vim,
# checks the screen on the way and checks vim's exit.
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

# 1. A live snapshot: vim with its stock defaults (-u DEFAULTS: syntax colours, no user
#    vimrc), no viminfo, no swap file, on a real 24x80 PTY; tessera waits until the screen has
#    settled and prints it as a person would see it, then ends vim.
file=core/include/tessera/tessera.h
echo
echo "=== build/bin/tessera snapshot -- vim $file ==="
build/bin/tessera snapshot -- vim -N -u DEFAULTS -i NONE -n "$file"

# 2. A tape: edit a file in vim through the keyboard, check the screen, quit, check the exit.
cat >"$work/edit.tape" <<TAPE
# Edit a file in vim, save it, and check what it shows on the way.
rows 12
cols 60
run vim -N -u DEFAULTS -i NONE -n "$work/note.txt"
wait "note.txt" 10s
type "iHello from tessera"
press escape
expect "Hello from tessera"
type ":wq"
press enter
expect-exit 0
TAPE
echo
echo "=== build/bin/tessera script edit.tape ==="
cat "$work/edit.tape"
build/bin/tessera script "$work/edit.tape"
echo "exit code: $?; the file vim wrote: $(cat "$work/note.txt")"
