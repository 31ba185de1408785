#!/usr/bin/env bash
# Builds the Rust backend adapters (backend_vt100, backend_alacritty) into
# build/corpus-rust/release/, offline against Debian's packaged crates (.cargo/config.toml
# points cargo at /usr/share/cargo/registry), with Debian's cargo and rustc or, when the
# first cargo and rustc on PATH are newer (rustup's), with those: the crates' sources are
# the same either way, and rustc 1.95 builds them in half the CPU time of Debian's 1.63
# (corpus/backends/README.md). TSR_RUST_TOOLCHAIN=debian keeps Debian's.
# Quiet; cargo itself makes a rebuild with nothing changed take well under a second.
#
# Exit status: 0 built, 1 the build failed, 3 a prerequisite is missing (the message
# names the Debian package; scripts/setup.sh installs them).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
CARGO_BIN=/usr/bin/cargo
RUSTC_BIN=/usr/bin/rustc

missing() {
  echo "corpus/backends/rust: not built: $1" >&2
  exit 3
}
[ -x "$CARGO_BIN" ] && [ -x "$RUSTC_BIN" ] || missing "Debian's cargo and rustc are not installed (package cargo)"

# "1.63.0" from "rustc 1.63.0 (...)"; empty when the program does not run.
rustc_version() { "$1" --version 2>/dev/null | sed -n 's/^rustc \([0-9][0-9.]*\).*/\1/p'; }
if [ "${TSR_RUST_TOOLCHAIN:-}" != debian ]; then
  path_cargo=$(command -v cargo || true) path_rustc=$(command -v rustc || true)
  if [ -n "$path_cargo" ] && [ -n "$path_rustc" ] && [ "$path_rustc" != "$RUSTC_BIN" ]; then
    theirs=$(rustc_version "$path_rustc") ours=$(rustc_version "$RUSTC_BIN")
    if [ -n "$theirs" ] && [ -n "$ours" ] && [ "$theirs" != "$ours" ] &&
       [ "$(printf '%s\n%s\n' "$ours" "$theirs" | sort -V | tail -n 1)" = "$theirs" ]; then
      CARGO_BIN=$path_cargo RUSTC_BIN=$path_rustc
      # rustup's proxies cost 30 ms of CPU a call here (cargo calls rustc about 75 times):
      # the toolchain's own binaries, when its sysroot has them.
      sysroot=$("$path_rustc" --print sysroot 2>/dev/null || true)
      if [ -n "$sysroot" ] && [ -x "$sysroot/bin/rustc" ] && [ -x "$sysroot/bin/cargo" ]; then
        CARGO_BIN=$sysroot/bin/cargo RUSTC_BIN=$sysroot/bin/rustc
      fi
    fi
  fi
fi
for package in librust-vt100-dev librust-alacritty-terminal-dev; do
  [ -n "$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null)" ] || missing "$package is not installed"
done

cd "$here" || exit 1
CARGO_TARGET_DIR="$root/build/corpus-rust" RUSTC="$RUSTC_BIN" \
  "$CARGO_BIN" build --offline --release -j2 --quiet \
  || { echo "corpus/backends/rust: cargo build FAILED" >&2; exit 1; }
