#!/bin/sh
# Runs the harness on a deliberately malformed case file and checks that it
# fails (exit 1), reports every problem as FILE:LINE: reason, and still runs
# the good case at the end. Usage: check_malformed.sh HARNESS DIR
set -u
harness=$1
dir=$2
out=$(cd "$dir" && "$harness" bad.case 2>&1)
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
done < "$dir/expected.txt"
if [ "$fail" -ne 0 ]; then
    echo "--- harness output ---"
    echo "$out"
fi
exit $fail
