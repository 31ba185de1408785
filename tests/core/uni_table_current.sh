#!/bin/sh
# core/src/uni_table.c is what core/tools/uni_table_gen.c writes from the linked utf8proc:
# the committed table cannot drift from the utf8proc the build uses.
#
# usage: uni_table_current.sh GENERATOR COMMITTED_TABLE
set -u
[ $# -eq 2 ] || { echo "usage: uni_table_current.sh GENERATOR COMMITTED_TABLE" >&2; exit 2; }
out=$(mktemp "${TMPDIR:-/tmp}/uni_table.XXXXXX") || exit 1
trap 'rm -f "$out"' EXIT
"$1" "$out" || { echo "the generator failed" >&2; exit 1; }
if ! cmp -s "$out" "$2"; then
    echo "$2 is not what the generator writes from this utf8proc;" >&2
    echo "rewrite it with: cmake --build build --target uni_table" >&2
    diff "$2" "$out" | head -20 >&2
    exit 1
fi
echo "uni_table.c is current"
