#!/bin/sh
# Each DIR's README.md has a "## Code map" section, a table whose rows start
# with "| `path`" (more paths may share the first column): every file under DIR (but README.md and CMakeLists.txt) must be
# named in a row's first column, and every path named there must exist.
#
# usage: code_map.sh DIR...   (exit 0: every map matches its tree; 1: not)
set -u
[ $# -gt 0 ] || { echo "usage: code_map.sh DIR..." >&2; exit 2; }
status=0
for dir in "$@"; do
    readme=$dir/README.md
    if [ ! -f "$readme" ]; then
        echo "$readme: missing (it holds the code map)" >&2
        status=1
        continue
    fi
    # The paths in the first column of the code map's rows, one per line.
    listed=$(awk '/^## /{in_map = ($0 == "## Code map")} in_map && /^\| `/' "$readme" \
             | cut -d'|' -f2 | grep -o '`[^`]*`' | tr -d '`')
    # Python's caches (__pycache__, .pytest_cache) are made by running the code, not written.
    files=$(cd "$dir" && find . \( -name __pycache__ -o -name .pytest_cache \) -prune -o -type f \
            ! -name README.md ! -name CMakeLists.txt -print | sed 's#^\./##' | sort)
    # The files no row names: one awk over both lists (a grep a file took 600 processes).
    unnamed=$(printf '%s\n' "$files" | awk -v listed="$listed" '
        BEGIN { n = split(listed, l, "\n"); for (i = 1; i <= n; i++) named[l[i]] = 1 }
        $0 != "" && !($0 in named)')
    for f in $unnamed; do
        echo "$readme: code map does not name $f" >&2
        status=1
    done
    for f in $listed; do
        [ -f "$dir/$f" ] || { echo "$readme: code map names $f, which does not exist" >&2; status=1; }
    done
done
exit $status
