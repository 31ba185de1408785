#!/usr/bin/env bash
# Configures (once) and builds tessera.
#
#   bash scripts/build.sh             build/       the normal build (RelWithDebInfo), and the
#                                                  corpus's Rust adapters in build/corpus-rust/
#   bash scripts/build.sh --asan      build/ and build-asan/ (ASan + UBSan, -DTSR_SANITIZE=ON)
#   bash scripts/build.sh --asan-only build-asan/ alone (used by scripts/test.sh to report each)
#   bash scripts/build.sh --programs  build/ without its C tests and benchmark drivers: what
#                                     runs outside ctest (the full test command, whose C tests
#                                     run in build-asan/; the CMake target `programs`)
#
# A directory that is already configured is only rebuilt; cmake itself re-runs the configure
# step when a CMakeLists.txt changed. Two jobs: the machines have two cores.
set -euo pipefail
cd "$(dirname "$0")/.."

normal=1 asan=0 target=()
for arg in "$@"; do
  case $arg in
    --asan) asan=1 ;;
    --asan-only) normal=0 asan=1 ;;
    --programs) target=(--target programs) ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "build: unknown argument '$arg' (expected --asan, --asan-only or --programs)" >&2; exit 2 ;;
  esac
done

# New build folders use Ninja when it is installed (setup.sh installs it): on two cores it
# builds the tree in about two thirds of make's CPU time. A folder keeps the generator it was
# configured with; CMAKE_GENERATOR set by the caller wins.
if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null 2>&1; then
  export CMAKE_GENERATOR=Ninja
fi

# configure_and_build DIR [cmake -D options...]
configure_and_build() {
  local dir=$1; shift
  if [ -f "$dir/CMakeCache.txt" ] && { [ -f "$dir/Makefile" ] || [ -f "$dir/build.ninja" ]; }; then
    echo "build: $dir already configured"
    # options given here still reach an existing cache (a quick re-configure)
    [ $# -eq 0 ] || cmake -S . -B "$dir" "$@" >/dev/null \
      || { echo "build: FAILED to configure $dir" >&2; return 1; }
  else
    echo "build: configuring $dir"
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" \
      || { echo "build: FAILED to configure $dir" >&2; return 1; }
  fi
  echo "build: building $dir"
  cmake --build "$dir" -j2 "${build_target[@]}" || { echo "build: FAILED to build $dir" >&2; return 1; }
  echo "build: $dir ok"
}

# The corpus's Rust adapters (cargo, offline) build beside the normal build: CMake's configure
# step and the links keep one core idle, cargo fills it. Status 3 is a missing cargo or crate:
# said, not fatal, as CMake does for libvterm.
if [ $normal -eq 1 ]; then
  bash corpus/backends/rust/build.sh &
  rust_pid=$!
  cmake_status=0 rust_status=0
  build_target=("${target[@]}")
  configure_and_build build || cmake_status=$?
  wait "$rust_pid" || rust_status=$?
  [ "$cmake_status" -eq 0 ] || exit 1
  [ "$rust_status" -eq 0 ] || [ "$rust_status" -eq 3 ] || exit 1
fi
# The ASan build has no wasm engines; its `tessera view` and report.html embed the normal
# build's viewer page (web/page.cmake), so that is built first when it is missing.
if [ $asan -eq 1 ]; then
  build_target=()
  [ -f build/web/viewer.html ] || configure_and_build build
  # No benchmark drivers: no test runs them, so under the sanitizers they would check nothing.
  configure_and_build build-asan -DTSR_SANITIZE=ON -DTSR_BENCH=OFF \
    -DTSR_VIEWER_HTML="$PWD/build/web/viewer.html"
fi
