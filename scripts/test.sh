#!/usr/bin/env bash
# Runs every test tessera has: the README's test command, and what CI runs (.ci/run).
#
# Parts, in order: setup, the normal and the ASan+UBSan builds, the C tests (ctest) under
# ASan+UBSan, the node:test suites (three files at once). Beside them, reported at the end:
# the conformance corpus on every backend (corpus/run.mjs) from the ASan build on; the C
# tests only the normal build has beside the ASan ones (all of them, on their own, with
# --long); the release installed from each artifact (the Python package's pytest suite runs
# in the wheel's venv there) from the ASan tests on; 60 seconds of fuzzing beside the node
# suites.
#
#   bash scripts/test.sh --quick   the developer's loop on a built tree: units, cases, the
#                                  corpus's own suite, the JS suites that start no program
#   bash scripts/test.sh           the complete pass (what CI runs)
#   bash scripts/test.sh --long    the same with 10 minutes of fuzzing, 100 rounds of the
#                                  readiness loops (tests/ready) instead of 20, every C test
#                                  in the normal build too, the release built from its own
#                                  folders and lintian on its .deb, and the whole corpus on
#                                  real xterm and tmux (a sample of each suite otherwise)
# Every part runs even when an earlier one failed; the summary says which failed, and the
# exit status is non-zero if any did. A part that could not run is a failure, never a pass.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

LONG=0 QUICK=0
case "${1:-}" in
  --long) LONG=1 ;;
  --quick) QUICK=1 ;;
  "") ;;
  *) echo "usage: bash scripts/test.sh [--quick|--long]" >&2; exit 2 ;;
esac
FUZZ_SECONDS=${TSR_FUZZ_SECONDS:-60}
[ "$LONG" -eq 0 ] || FUZZ_SECONDS=${TSR_FUZZ_SECONDS:-600}
# The readiness loops (tests/ready): 20 rounds of real programs' races, 100 with --long.
[ "$LONG" -eq 0 ] || export TSR_READY_RUNS=${TSR_READY_RUNS:-100}
# UBSan prints a stack for every report; both sanitizers stop at the first error.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1}

# python3 is Debian's (/usr/bin/python3, with python3-pyte and python3-pytest), whatever an
# earlier folder of PATH holds: the tests were written against it, and a pyenv shim in front
# of it costs 0.35 s of CPU a call here (each call runs several bash scripts).
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/\.pyenv/' | paste -sd:)
export PATH

# One V8 worker thread a node process instead of four: on two busy cores the others only add
# parallel garbage collection's overhead (the heaviest node:test suites took 3 % less CPU and
# no more time). Node passes NODE_OPTIONS on to every node a test starts.
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--v8-pool-size=1"

# Every build folder a part configures (the fuzzer's and the release's too) uses Ninja when it
# is installed, as scripts/build.sh explains.
if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null 2>&1; then
  export CMAKE_GENERATOR=Ninja
fi

results=()            # "STATUS|name|seconds|cpu seconds|note"
passed=0 failed=0

# cpu_of FILE COMMAND...: runs COMMAND, then writes the CPU seconds (user + system) it and its
# children used to FILE; exits as COMMAND did. The summary shows them beside the wall time:
# with parts running side by side on two cores, CPU is what a part really costs.
cpu_of() {
  local file=$1; shift
  "$@"
  local status=$?
  # `times` in this shell (a pipe or $(...) would time a subshell): its second line is the
  # children's user and system time, as 1m2.345s.
  times >"$file"
  awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); s += p[1] * 60 + p[2] }
                 printf "%d\n", s + 0.5 }' "$file" >"$file.sum" && mv "$file.sum" "$file"
  return "$status"
}

# part NAME COMMAND...: runs one part with no stdin and records how it ended.
# summary TITLE_TAIL LAST_LINE_TAIL: each part with its time, the counts; fails if any part did.
summary() {
  printf '\n=== summary%s ===\n' "$1"
  for r in "${results[@]}"; do
    IFS='|' read -r status name secs cpu note <<<"$r"
    printf '%-4s  %-40s %4ss %5s cpu  %s\n' "$status" "$name" "$secs" "${cpu}s" "$note"
  done
  echo "$passed passed, $failed failed$2"
  [ "$failed" -eq 0 ]
}

part() {
  local name=$1; shift
  local start=$SECONDS cpu_file status=0
  cpu_file=$(mktemp "${TMPDIR:-/tmp}/tessera-test-cpu.XXXXXX")
  printf '\n=== test: %s ===\n' "$name"
  ( cpu_of "$cpu_file" "$@" ) </dev/null || status=$?
  local cpu
  cpu=$(cat "$cpu_file" 2>/dev/null); rm -f "$cpu_file"
  if [ "$status" -eq 0 ]; then
    results+=("PASS|$name|$((SECONDS - start))|${cpu:-?}|")
    passed=$((passed + 1))
  else
    results+=("FAIL|$name|$((SECONDS - start))|${cpu:-?}|exit status $status")
    failed=$((failed + 1))
  fi
}

# A build that failed cannot be tested: its tests count as failed, not as skipped.
fail_part() {
  printf '\n=== test: %s ===\nNOT RUN: %s\n' "$1" "$2"
  results+=("FAIL|$1|0|0|not run: $2")
  failed=$((failed + 1))
}

# ctest refuses an empty test list: a build with no C tests is a failure, not a pass. Four at
# once on two cores: most of these tests wait on real programs, not on the CPU.
ctest_in() { ctest --test-dir "$1" --output-on-failure --no-tests=error -j4; }

# background NAME COMMAND...: starts a part beside the others (its output kept for later);
# collect NAME prints it and records how it ended. The corpus is CPU-bound where the live
# tests mostly wait, so the two share the machine's two cores well.
declare -A bg_pid bg_start bg_log
background() {
  local name=$1; shift
  bg_log[$name]=$(mktemp "${TMPDIR:-/tmp}/tessera-test-part.XXXXXX")
  bg_start[$name]=$SECONDS
  ( cpu_of "${bg_log[$name]}.cpu" "$@" ) </dev/null >"${bg_log[$name]}" 2>&1 &
  bg_pid[$name]=$!
}
collect() {
  local name=$1 status=0
  wait "${bg_pid[$name]}" || status=$?
  printf '\n=== test: %s (ran beside the parts above) ===\n' "$name"
  cat "${bg_log[$name]}"
  local cpu
  cpu=$(cat "${bg_log[$name]}.cpu" 2>/dev/null)
  rm -f "${bg_log[$name]}" "${bg_log[$name]}.cpu"
  if [ "$status" -eq 0 ]; then
    results+=("PASS|$name|$((SECONDS - bg_start[$name]))|${cpu:-?}|beside others")
    passed=$((passed + 1))
  else
    results+=("FAIL|$name|$((SECONDS - bg_start[$name]))|${cpu:-?}|exit status $status")
    failed=$((failed + 1))
  fi
}

node_suites() {
  find tests js -name node_modules -prune -o -type f \( -name '*.test.mjs' -o -name '*.test.js' \) -print | sort
}

# The quick loop: what a change to the core or the CLI's files needs checked first, on a built
# tree (the build step only brings it up to date): the core's units, the parser and screen
# cases, the corpus's own suite on the native engine, and the JS suites that start no program.
QUICK_NODE_SUITES=(js/test/screen.test.mjs js/test/revisions.test.mjs js/test/recording_api.test.mjs
  js/test/expect_replay.test.mjs js/test/recording.test.mjs js/test/regexp_nth.test.mjs
  js/test/svg.test.mjs js/test/history_limits.test.mjs js/test/replay_points.test.mjs
  tests/corpus/compare.test.mjs tests/corpus/sessions_units.test.mjs tests/corpus/select.test.mjs
  tests/corpus/vttest_raw.test.mjs
  tests/spec/schema.test.mjs
  js/test/behaviours.test.mjs)
if [ "$QUICK" -eq 1 ]; then
  part "build (normal)" bash scripts/build.sh
  part "C tests: unit and cases (build)" ctest --test-dir build --output-on-failure --no-tests=error -j4 -L 'unit|cases'
  part "corpus: the tessera suite, native" node corpus/run.mjs --summary --suite tessera --backend tessera
  part "node:test, no program started (${#QUICK_NODE_SUITES[@]} suites)" node --test --test-concurrency=2 "${QUICK_NODE_SUITES[@]}"
  summary ' (quick)' ' (the quick loop: bash scripts/test.sh runs everything)'
  exit
fi

part "setup" bash scripts/setup.sh
# Nothing after the setup makes a TLS connection (npm installs offline from here on), and a
# CA bundle named by NODE_EXTRA_CA_CERTS is parsed at every node start: 37 ms of CPU each
# with Debian's 140 certificates, over 500 node processes a run.
unset NODE_EXTRA_CA_CERTS

# The normal build's C tests ran under ASan (below): the full command builds only the programs
# the other parts drive; --long runs those tests in build/ too, so it builds everything.
before=$failed
if [ "$LONG" -eq 1 ]; then
  part "build (normal)" bash scripts/build.sh
else
  part "build (normal)" bash scripts/build.sh --programs
fi
normal_built=$((failed == before))
# The corpus needs the normal build (its adapters); every backend must be present.
if [ "$normal_built" -eq 1 ]; then
  if [ "$LONG" -eq 1 ]; then
    background "conformance corpus" node corpus/run.mjs --summary --long
  else
    background "conformance corpus" node corpus/run.mjs --summary
  fi
fi

before=$failed
part "build (asan)" bash scripts/build.sh --asan-only
asan_built=$((failed == before))

# The normal build's C tests: those the ASan build does not have (the wasm engines, the
# readiness loops); the rest ran under the sanitizers already, and the normal binary is what
# the corpus and the node suites drive. --long (or a failed ASan build) runs them all.
test_names() { ctest -N --test-dir "$1" | sed -n 's/^ *Test *#[0-9]*: //p' | sort; }
normal_ctest() {
  if [ "$LONG" -eq 0 ] && [ "$asan_built" -eq 1 ]; then
    local only
    only=$(comm -23 <(test_names build) <(test_names build-asan) | sed 's/[.]/[.]/g' | paste -sd'|')
    [ -n "$only" ] || return 0
    ctest --test-dir build --output-on-failure --no-tests=error -j4 -R "^($only)\$"
  else
    # a failed ASan build: every C test runs here, so the rest of build/ is built first
    [ "$LONG" -eq 1 ] || cmake --build build -j2 || return 1
    ctest_in build
  fi
}
# Those few (the readiness loops wait on real programs for most of their 20 s) run beside the
# ASan tests, which leave part of a core idle; all of them (--long) run on their own.
normal_beside=0
if [ "$normal_built" -eq 1 ] && [ "$asan_built" -eq 1 ] && [ "$LONG" -eq 0 ]; then
  background "C tests, normal build (build)" normal_ctest
  normal_beside=1
fi

# The release artifacts, installed as a user installs them (tests/install). The full command
# takes the viewer page and the wasm engines from build/ (the static binary and the packages
# are built as a release builds them); --long makes the release from its own folders, as
# scripts/release.sh does, and runs lintian on the .deb (installed for it when missing).
release_and_install() {
  if [ "$LONG" -eq 1 ]; then
    command -v lintian >/dev/null || apt-get install -y -q lintian >/dev/null \
      || { echo "could not install lintian"; return 1; }
    bash scripts/release.sh || return 1
  else
    bash scripts/release.sh --page-from build || return 1
  fi
  bash tests/install/install_test.sh dist
}

# The Python package's pytest suite (python/tests) runs there, in the venv the wheel is
# installed into, so it is not run again from the checkout here (PYTHONPATH=python python3 -m
# pytest python/tests does that, against the normal build).

# From the ASan tests on, whose last minute leaves a core idle while a few long tests finish;
# it needs only the normal build (the release packs a copy of js/, so it never races with the
# node suite that packs js/ itself).
if [ "$normal_built" -eq 1 ]; then
  background "release, installed from each artifact" release_and_install
fi

if [ "$asan_built" -eq 1 ]; then
  part "C tests, ASan+UBSan (build-asan)" ctest_in build-asan
else
  fail_part "C tests, ASan+UBSan (build-asan)" "the asan build failed"
fi
# Fuzzing (one core, after building its own clang build) runs beside the node suites, which
# wait on programs more than they compute.
background "fuzz ${FUZZ_SECONDS}s" bash scripts/fuzz.sh "$FUZZ_SECONDS"

if [ "$normal_built" -eq 0 ]; then
  fail_part "C tests, normal build (build)" "the normal build failed"
elif [ "$normal_beside" -eq 0 ]; then
  part "C tests, normal build (build)" normal_ctest
fi

mapfile -t suites < <(node_suites)
# Three files at once on two cores: most suites wait on real programs and browsers.
part "node:test (${#suites[@]} suites)" node --test --test-concurrency=3 "${suites[@]}"

collect "fuzz ${FUZZ_SECONDS}s"
[ "$normal_beside" -eq 0 ] || collect "C tests, normal build (build)"
if [ "$normal_built" -eq 1 ]; then
  collect "release, installed from each artifact"
else
  fail_part "release, installed from each artifact" "the normal build failed"
fi
if [ "$normal_built" -eq 1 ]; then
  collect "conformance corpus"
else
  fail_part "conformance corpus" "the normal build failed"
fi

# A test meant to fail writes its artifacts to a temporary folder: none may be left in the
# tree (the folder is git-ignored, so only this check would see one).
no_artifacts_in_tree() {
  local left
  left=$(find . \( -path ./node_modules -o -path './build*' -o -path ./.git \) -prune -o \
    -type d -name tessera-artifacts -print)
  [ -z "$left" ] || { echo "tessera-artifacts/ folders left in the tree: $left"; return 1; }
}
part "no tessera-artifacts/ left in the tree" no_artifacts_in_tree

summary '' ''
