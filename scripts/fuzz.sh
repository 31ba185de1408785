#!/bin/sh
# Builds the core's libFuzzer target with clang (ASan+UBSan) and runs it.
#
# usage: scripts/fuzz.sh [SECONDS]      (default 60)
#
# The build goes to build-fuzz/ (TSR_FUZZ_BUILD overrides). New inputs the
# fuzzer finds go to build-fuzz/fuzz-corpus/, never into tests/fuzz/corpus/;
# a crash is written to build-fuzz/fuzz-artifacts/ and makes this script
# exit non-zero. Save a reproducer worth keeping in tests/fuzz/crashes/.
set -eu

seconds=${1:-60}
case $seconds in
'' | *[!0-9]*)
    echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
build=${TSR_FUZZ_BUILD:-$root/build-fuzz}
cc=${CC:-}
if [ -z "$cc" ]; then
    for candidate in clang clang-14; do
        if command -v "$candidate" >/dev/null 2>&1; then
            cc=$candidate
            break
        fi
    done
fi
if [ -z "$cc" ]; then
    echo "fuzz.sh: clang not found (libFuzzer needs it); install clang or set CC" >&2
    exit 2
fi

cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DTSR_FUZZ=ON -DTSR_BENCH=OFF \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target fuzz_core -j2

mkdir -p "$build/fuzz-corpus" "$build/fuzz-artifacts"
seeds="$root/tests/fuzz/corpus"
crashes=""
if [ -d "$root/tests/fuzz/crashes" ]; then
    crashes="$root/tests/fuzz/crashes"
fi

# The first directory collects what the fuzzer finds; the others only seed it.
# shellcheck disable=SC2086
"$build/bin/fuzz_core" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/" \
    "$build/fuzz-corpus" "$seeds" $crashes
