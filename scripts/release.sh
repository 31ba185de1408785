#!/usr/bin/env bash
# Builds the release artifacts into dist/ from a checkout (scripts/setup.sh's packages and
# musl-tools installed):
#
#   tessera-VERSION-linux-x86_64.tar.gz   static tessera (musl), tessera.1, README, licences
#   tessera_VERSION_amd64.deb             the same binary in /usr/bin, the man page (CPack)
#   tessera-terminal-VERSION.tgz          the JS package (npm pack of js/, wasm inside)
#   tessera-terminal-linux-x64-VERSION.tgz  the npm platform package holding the binary
#   tessera_terminal-VERSION-py3-none-manylinux_2_N_x86_64.whl  the Python package, with the
#                                         binary and libtessera.so
#   SHA256SUMS
#
# VERSION is the top-level project(VERSION); js/package.json must say the same or nothing is
# made. Runs scripts/setup.sh first, so a fresh checkout needs nothing else. Its own build folders, so a developer's build/ is never read or changed:
#   build-rel-page/  glibc build of the viewer page and the wasm engines (node, emscripten)
#   build-rel-musl/  the static binary: musl-gcc, utf8proc compiled from the pinned sources
#   build-rel-deb/   the CPack project packaging/ (see its CMakeLists.txt for why apart)
#   build-rel-py/    libtessera.so for the wheel: glibc, utf8proc from the pinned sources
# tests/install/install_test.sh dist checks what this makes.
#
#   bash scripts/release.sh                       the release, from its own folders
#   bash scripts/release.sh --page-from build     the same, taking the viewer page, the wasm
#                                                 engines and libtessera.so (when it links
#                                                 utf8proc in) from an existing build
#                                                 (scripts/test.sh does this to test the artifacts
#                                                 without a third wasm build and a second core);
#                                                 a release is made without it
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
page_build= page_from=0
case "${1:-}" in
  --page-from)
    page_from=1
    [ -n "${2:-}" ] || { echo "usage: bash scripts/release.sh [--page-from BUILD_DIR]" >&2; exit 2; }
    page_build=$(cd "$2" 2>/dev/null && pwd) \
      || { echo "release: --page-from $2: no such folder" >&2; exit 2; } ;;
  "") ;;
  *) echo "usage: bash scripts/release.sh [--page-from BUILD_DIR]" >&2; exit 2 ;;
esac
start=$(date +%s)
say() { printf 'release: %s\n' "$*"; }
die() { printf 'release: FAILED: %s\n' "$*" >&2; exit 1; }

# What a fresh checkout lacks (packages, node_modules for the page's esbuild, utf8proc's
# sources); quick when nothing is missing.
bash scripts/setup.sh >/dev/null || die "scripts/setup.sh"
for tool in musl-gcc cmake cpack node npm dpkg-deb strip gzip; do
  command -v "$tool" >/dev/null || die "$tool is missing (bash scripts/setup.sh installs it)"
done

# utf8proc's sources at libutf8proc-dev's version, the ones the wasm builds compile.
utf8proc_dir=$(bash wasm/fetch_utf8proc.sh) || die "utf8proc sources (wasm/fetch_utf8proc.sh)"

# ---- the viewer page and the wasm engines (glibc toolchains; nothing native ships from here)
# Configured every time (a few seconds when nothing changed), so the options below always hold.
if [ -z "$page_build" ]; then
  page_build=$root/build-rel-page
  cmake -S . -B build-rel-page -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSR_BENCH=OFF >/dev/null \
    || die "configure build-rel-page"
  cmake --build build-rel-page -j2 --target tsr_viewer_page_c tessera_wasi tessera_emscripten \
    tessera_cli_wasi >/dev/null || die "build the viewer page and wasm engines (build-rel-page)"
  say "viewer page and wasm engines: built"
else
  for f in web/viewer.html wasm/tessera-wasi.wasm wasm/tessera-emscripten.wasm wasm/tessera-cli.wasm; do
    [ -f "$page_build/$f" ] || die "--page-from: $page_build/$f is missing (build it first)"
  done
  say "viewer page and wasm engines: taken from $page_build"
fi

# ---- the static binary: the normal build's flags (RelWithDebInfo: -O2, asserts on; no -g, as
# it ships stripped: -DTSR_DEBUG_INFO=OFF, the same code), musl,
# utf8proc as a static library from the pinned sources, the page above embedded. PkgConfig is
# disabled so the top level takes UTF8PROC_LIB instead of glibc's libutf8proc.
musl_dir=build-rel-musl
mkdir -p "$musl_dir/utf8proc"
if [ ! -f "$musl_dir/utf8proc/libutf8proc.a" ] || \
   [ "$utf8proc_dir/utf8proc.c" -nt "$musl_dir/utf8proc/libutf8proc.a" ]; then
  musl-gcc -std=c11 -O2 -DUTF8PROC_STATIC -I"$utf8proc_dir" -c "$utf8proc_dir/utf8proc.c" \
    -o "$musl_dir/utf8proc/utf8proc.o" || die "compile utf8proc with musl-gcc"
  ar rcs "$musl_dir/utf8proc/libutf8proc.a" "$musl_dir/utf8proc/utf8proc.o"
fi
CC=musl-gcc cmake -S . -B "$musl_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSR_DEBUG_INFO=OFF \
  -DTSR_WASM=OFF -DTSR_BENCH=OFF -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
  -DUTF8PROC_LIB="$root/$musl_dir/utf8proc/libutf8proc.a" \
  "-DCMAKE_C_FLAGS=-I$utf8proc_dir -DUTF8PROC_STATIC" -DCMAKE_EXE_LINKER_FLAGS=-static \
  -DTSR_VIEWER_HTML="$page_build/web/viewer.html" >/dev/null \
  || die "configure $musl_dir (musl-gcc)"
cmake --build "$musl_dir" -j2 --target tessera >/dev/null || die "build $musl_dir"
say "static tessera: built"

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$musl_dir/CMakeCache.txt")
[ -n "$version" ] || die "no CMAKE_PROJECT_VERSION in $musl_dir/CMakeCache.txt"
js_version=$(node -p "require('./js/package.json').version")
[ "$js_version" = "$version" ] \
  || die "js/package.json says $js_version, CMakeLists.txt project(VERSION) says $version"

# ---- staging: what the tarball holds, and what the .deb takes its files from
rm -rf dist
name=tessera-$version-linux-x86_64
stage=dist/stage/$name
mkdir -p "$stage/licenses"
strip -o "$stage/tessera" "$musl_dir/bin/tessera"
# Static means no program interpreter (ld.so) and no NEEDED libraries.
if LC_ALL=C readelf -ld "$stage/tessera" | grep -Eq 'INTERP|NEEDED'; then
  die "$stage/tessera is not statically linked"
fi
[ "$("$stage/tessera" --version)" = "tessera $version (core ABI 1)" ] \
  || die "tessera --version says '$("$stage/tessera" --version)', expected $version"
bash packaging/manpage.sh "$stage/tessera" > "$stage/tessera.1"
cp README.md CHANGELOG.md "$stage/"
cp LICENSE "$stage/licenses/tessera-LICENSE"
cp "$utf8proc_dir/LICENSE.md" "$stage/licenses/utf8proc-LICENSE.md"
cp /usr/share/doc/musl/copyright "$stage/licenses/musl-copyright"
# Fixed owner and order; the times are SOURCE_DATE_EPOCH's when set (reproducible).
mtime=@${SOURCE_DATE_EPOCH:-$(date +%s)}
tar --owner=0 --group=0 --numeric-owner --sort=name --mtime="$mtime" \
  -C dist/stage -czf "dist/$name.tar.gz" "$name"
say "dist/$name.tar.gz"

# ---- the .deb
rm -rf build-rel-deb
cmake -S packaging -B build-rel-deb -DTSR_VERSION="$version" -DTSR_STAGE="$root/$stage" \
  >/dev/null || die "configure packaging/"
(cd build-rel-deb && cpack -B "$root/build-rel-deb/out" >/dev/null) || die "cpack"
deb=tessera_${version}_amd64.deb
mv "build-rel-deb/out/$deb" dist/ || die "cpack made no $deb"
say "dist/$deb"

# ---- npm: the platform package (the binary) and the JS package (its prepack copies the
# engines from TESSERA_WASM_DIR into js/wasm/ and its postpack removes them again)
node packaging/npm_platform.mjs "$version" "$stage/tessera" build-rel-npm/tessera-terminal-linux-x64
npm pack --silent --pack-destination dist ./build-rel-npm/tessera-terminal-linux-x64 >/dev/null \
  || die "npm pack of the platform package"
# Packed from a copy (with the LICENSE its prepack takes from the folder above), so the
# checkout's js/ is never written to: a test packing js/ meanwhile cannot race with this.
rm -rf build-rel-npm/js
cp -R js build-rel-npm/js
cp LICENSE build-rel-npm/LICENSE
TESSERA_WASM_DIR=$page_build/wasm npm pack --silent --pack-destination dist ./build-rel-npm/js \
  >/dev/null || die "npm pack of js/"
say "dist/tessera-terminal-$version.tgz, dist/tessera-terminal-linux-x64-$version.tgz"

# ---- the Python wheel (python/): the static binary above and libtessera.so, built against
# glibc with utf8proc linked in from the pinned sources (position-independent), in a staged
# copy of python/. Tagged py3-none-manylinux_2_N_x86_64, N the newest glibc symbol version the
# library needs. Debian's python3 and its build, setuptools and wheel (no network).
[ "$(sed -n 's/^version = "\([^"]*\)".*/\1/p' python/pyproject.toml)" = "$version" ] \
  || die "python/pyproject.toml's version is not $version"
py_dir=build-rel-py
# libtessera.so links utf8proc in from the pinned sources (core/CMakeLists.txt), so it needs
# only libc (checked below). With --page-from, the build's own, made that way (its -g goes
# with the strip below); a release builds it here, without -g.
if [ "$page_from" -eq 1 ] && [ -f "$page_build/lib/libtessera.so" ]; then
  shared_lib=$page_build/lib/libtessera.so
  say "libtessera.so: taken from $page_build"
else
  shared_lib=$py_dir/lib/libtessera.so
  cmake -S . -B "$py_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSR_DEBUG_INFO=OFF -DTSR_WASM=OFF \
    -DTSR_BENCH=OFF -DTSR_SHARED=ON -DTSR_UTF8PROC_SOURCE_DIR="$utf8proc_dir" \
    -DTSR_VIEWER_HTML="$page_build/web/viewer.html" >/dev/null || die "configure $py_dir"
  cmake --build "$py_dir" -j2 --target tessera_shared >/dev/null || die "build libtessera.so ($py_dir)"
fi
wheel_stage=$py_dir/stage
rm -rf "$wheel_stage"
mkdir -p "$wheel_stage/tessera_terminal/_native"
cp python/pyproject.toml python/setup.py python/README.md "$wheel_stage/"
cp python/tessera_terminal/*.py "$wheel_stage/tessera_terminal/"
native=$wheel_stage/tessera_terminal/_native
strip --strip-unneeded -o "$native/libtessera.so" "$shared_lib"
cp "$stage/tessera" "$native/tessera"
cp LICENSE "$native/LICENSE"
cp "$utf8proc_dir/LICENSE.md" "$native/LICENSE-utf8proc.md"
cp /usr/share/doc/musl/copyright "$native/LICENSE-musl"
needed=$(LC_ALL=C readelf -d "$native/libtessera.so" | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | paste -sd' ')
[ "$needed" = "libc.so.6" ] || die "libtessera.so needs $needed (only libc.so.6 may remain; a build configured before wasm/fetch_utf8proc.sh had the sources links the system's utf8proc: re-run cmake on it)"
glibc=$(LC_ALL=C objdump -T "$native/libtessera.so" | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2,2n | tail -n 1)
[ -n "$glibc" ] || die "no glibc symbol versions in libtessera.so"
(cd "$wheel_stage" && TESSERA_WHEEL_PLATFORM="manylinux_2_${glibc#GLIBC_2.}_x86_64" \
  /usr/bin/python3 -m build --no-isolation --wheel --outdir "$root/dist" . >"$root/$py_dir/wheel.log" 2>&1) \
  || { tail -n 20 "$py_dir/wheel.log" >&2; die "python3 -m build (the wheel)"; }
say "dist/$(cd dist && ls tessera_terminal-*.whl)"

rm -rf dist/stage
(cd dist && sha256sum -- *.tar.gz *.deb *.tgz *.whl > SHA256SUMS)
ls -l dist | awk 'NR > 1 { printf "release: %9d  %s\n", $5, $9 }'
say "done in $(( $(date +%s) - start )) s"
