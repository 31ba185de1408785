#!/usr/bin/env bash
# Builds the Rust backend adapters (backend_vt100, backend_alacritty) into
# build/corpus-rust/release/, offline with Debian's cargo and rustc against Debian's
# packaged crates (.cargo/config.toml points cargo at /usr/share/cargo/registry).
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
for package in librust-vt100-dev librust-alacritty-terminal-dev; do
  [ -n "$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null)" ] || missing "$package is not installed"
done

cd "$here" || exit 1
CARGO_TARGET_DIR="$root/build/corpus-rust" RUSTC="$RUSTC_BIN" \
  "$CARGO_BIN" build --offline --release -j2 --quiet \
  || { echo "corpus/backends/rust: cargo build FAILED" >&2; exit 1; }
