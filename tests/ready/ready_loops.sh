#!/bin/sh
# The readiness default against the races real programs have (bc, bash after
# Ctrl-C, less after a resize, python3's REPL, vim after Escape): every tape
# here RUNS times through `tessera test`; any failure fails the loop. With
# --now every input step is sent at once, as before inputs waited: the
# failures that remain are what the default prevents (bench/README.md has the
# figures).
#
# usage: ready_loops.sh PATH/TO/tessera RUNS [--now]
set -u
BIN=$1
RUNS=$2
NOW=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-ready.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT
cp "$HERE"/*.tape "$HERE"/numbers.txt "$WORK"/
if [ "$NOW" = "--now" ]; then
    for f in "$WORK"/*.tape; do
        sed -i -E 's/^(type|press|paste|send-exit)( |$)/\1 --now\2/' "$f"
    done
fi
tapes=$(ls "$WORK"/*.tape | wc -l)
failed=0
i=0
while [ "$i" -lt "$RUNS" ]; do
    # every file of one round at once, two at a time (the machines have two cores)
    timeout 300 "$BIN" test --jobs 2 --artifacts "$WORK/artifacts" "$WORK" >"$WORK/out" 2>&1
    n=$(grep -c '^FAIL ' "$WORK/out")
    if [ "$n" -gt 0 ]; then
        grep -A3 '^FAIL ' "$WORK/out" | sed 's/^/  /' >&2
        failed=$((failed + n))
    fi
    i=$((i + 1))
done
echo "$RUNS rounds of $tapes tapes${NOW:+ ($NOW)}: $failed failed of $((RUNS * tapes))"
[ "$failed" -eq 0 ]
