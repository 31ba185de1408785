#!/bin/sh
# Runs the harness on the malformed case files of DIR, one per rule of the
# format, and checks that it fails (exit 1, so no crash), reports every line
# of DIR/expected.txt (FILE:LINE:COL: case NAME: FIELD: reason, and the
# summary: the good case of each file still runs), and that expected.txt
# names every file. Usage: check_malformed.sh HARNESS DIR
set -u
harness=$1
dir=$2
cd "$dir" || exit 1
out=$("$harness" *.json 2>&1)
status=$?
fail=0
if [ "$status" -ne 1 ]; then
    echo "expected exit status 1, got $status"
    fail=1
fi
while IFS= read -r want; do
    case "$out" in
    *"$want"*) ;;
    *) echo "missing from the harness output: $want"; fail=1 ;;
    esac
done < expected.txt
for f in *.json; do
    grep -q "^$f:" expected.txt || { echo "expected.txt says nothing of $f"; fail=1; }
done
if [ "$fail" -ne 0 ]; then
    echo "--- harness output ---"
    echo "$out"
fi
exit $fail
