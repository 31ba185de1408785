#!/bin/sh
# Builds the libFuzzer targets (tests/fuzz/) with clang, ASan and UBSan, and
# runs them.
#
# usage: scripts/fuzz.sh [SECONDS]                  every target, SECONDS in all
#                                                   (default 60), split evenly
#        scripts/fuzz.sh --long SECONDS [TARGET...]  each target (or those named)
#                                                   for SECONDS
#
# Targets: core cast json journal tape host (tests/fuzz/README.md).
# The build goes to build-fuzz/ (TSR_FUZZ_BUILD overrides). New inputs a
# target finds go to build-fuzz/fuzz-corpus/TARGET/, never into
# tests/fuzz/corpus/; its log is build-fuzz/fuzz-logs/TARGET.log. A crash is
# written to build-fuzz/fuzz-artifacts/TARGET/, replayed once with its full
# output (only those of this run), and makes this script exit 1 after the other targets ran. Save a
# reproducer worth keeping in tests/fuzz/crashes/TARGET/.
set -eu

all_targets="core cast json journal tape host mcp"

usage() {
    sed -n '5,8p' "$0" | sed 's/^# //' >&2
    exit 2
}

whole_number() {
    case $1 in
    '' | *[!0-9]*)
        echo "fuzz.sh: SECONDS must be a whole number, got '$1'" >&2
        exit 2
        ;;
    esac
}

if [ "${1:-}" = "--long" ]; then
    [ $# -ge 2 ] || usage
    whole_number "$2"
    each=$2
    shift 2
    targets=${*:-$all_targets}
    for t in $targets; do
        case " $all_targets " in
        *" $t "*) ;;
        *)
            echo "fuzz.sh: no target '$t' (the targets: $all_targets)" >&2
            exit 2
            ;;
        esac
    done
else
    [ $# -le 1 ] || usage
    total=${1:-60}
    whole_number "$total"
    targets=$all_targets
    count=$(echo "$targets" | wc -w)
    # CI time stays what it was: the total is shared, at least a second each.
    each=$((total / count))
    [ "$each" -ge 1 ] || each=1
fi

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
binaries=""
for t in $targets; do
    binaries="$binaries fuzz_$t"
done
# shellcheck disable=SC2086
cmake --build "$build" --target $binaries -j2

failed=""
for t in $targets; do
    corpus="$build/fuzz-corpus/$t"
    artifacts="$build/fuzz-artifacts/$t"
    log="$build/fuzz-logs/$t.log"
    mkdir -p "$corpus" "$artifacts" "$build/fuzz-logs"
    seeds="$root/tests/fuzz/corpus/$t"
    crashes=""
    if [ -d "$root/tests/fuzz/crashes/$t" ]; then
        crashes="$root/tests/fuzz/crashes/$t"
    fi
    # The first directory collects what the fuzzer finds; the others only
    # seed it. The targets' own output (host and tape errors) is dropped:
    # -close_fd_mask keeps libFuzzer's and the sanitizers' reports.
    stamp="$build/fuzz-logs/$t.start"
    touch "$stamp"
    status=0
    # shellcheck disable=SC2086
    "$build/bin/fuzz_$t" -max_total_time="$each" -timeout=10 -rss_limit_mb=2048 \
        -max_len=4096 -print_final_stats=1 -close_fd_mask=3 \
        -artifact_prefix="$artifacts/" \
        "$corpus" "$seeds" $crashes 2>"$log" || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    found=$(sed -n 's/^stat::new_units_added: *//p' "$log")
    echo "fuzz_$t: ${each}s, ${runs:-?} runs, ${rate:-?} exec/s, ${found:-?} new inputs"
    if [ "$status" -ne 0 ]; then
        failed="$failed $t"
        echo "fuzz_$t: FAILED (exit $status); the end of $log:" >&2
        tail -n 40 "$log" >&2
        find "$artifacts" -type f -newer "$stamp" | while read -r crash; do
            echo "fuzz_$t: replaying $crash with the target's own output:" >&2
            "$build/bin/fuzz_$t" "$crash" >&2 || true
        done
    fi
done
if [ -n "$failed" ]; then
    echo "fuzz.sh: failed:$failed (reproducers in $build/fuzz-artifacts/)" >&2
    exit 1
fi
