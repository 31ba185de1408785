#!/bin/sh
# code_map.sh itself: a tree whose map matches passes; an unlisted file and
# a listed file that does not exist each make it fail, naming the file.
set -u
check=$(cd "$(dirname "$0")" && pwd)/code_map.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-codemap.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failed=0
mkdir -p "$work/t/src"
: >"$work/t/src/a.c"
: >"$work/t/CMakeLists.txt"
printf '## Parts\n| `src/` | not a file |\n## Code map\n| file | job |\n| --- | --- |\n| `src/a.c` | a |\n' >"$work/t/README.md"
sh "$check" "$work/t" 2>"$work/err" || { echo "FAIL: a matching map was refused" >&2; failed=1; }

: >"$work/t/src/b.h"
if sh "$check" "$work/t" 2>"$work/err"; then
    echo "FAIL: an unlisted file passed" >&2; failed=1
fi
grep -q 'does not name src/b.h' "$work/err" || { echo "FAIL: unlisted file not named" >&2; failed=1; }

rm "$work/t/src/b.h" "$work/t/src/a.c"
if sh "$check" "$work/t" 2>"$work/err"; then
    echo "FAIL: a stale entry passed" >&2; failed=1
fi
grep -q 'names src/a.c, which does not exist' "$work/err" || { echo "FAIL: stale entry not named" >&2; failed=1; }
exit $failed
