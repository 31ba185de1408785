#!/usr/bin/env bash
# Installs what tessera needs on Debian bookworm, and nothing that is already there.
#
# Idempotent and quick when everything is present: it asks dpkg what is installed and only
# touches the network (apt-get update, apt-get install, npm ci) when something is missing.
# Prints one line per step; on failure says which step failed and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: compilers, the libraries the core and benchmarks link (the Rust crates
# vt100 and alacritty_terminal with Debian's cargo, for bench/rust/), the real programs
# the tests record (and, on the line after them, those corpus/sessions/record.sh records),
# the wasm toolchains, the browser that tests/browser/ drives through playwright-core
# (npm; it never downloads a browser), real xterm under Xvfb with the fonts its 5x7 cells
# come from (the corpus's reference backend, corpus/backends/xterm_x11.mjs), then the release's tools (scripts/release.sh: musl for
# the static binary; tests/install/: busybox-static, strace), and what the Python package is
# built and tested with (python/: pytest and its timeout plugin, build, setuptools, wheel,
# venv). nodejs and npm are handled apart.
PACKAGES=(
  build-essential cmake ninja-build pkg-config dpkg-dev
  clang-14 lld-14 libclang-rt-14-dev libclang-rt-14-dev-wasm32 wasi-libc emscripten
  libutf8proc-dev libvterm-dev libtsm-dev
  cargo librust-vt100-dev librust-alacritty-terminal-dev
  tmux vim less htop dialog mc vttest python3-pyte
  whiptail nano ncdu man-db git procps bc ed python3
  chromium xterm xvfb xfonts-base
  musl-tools busybox-static strace
  python3-pytest python3-pytest-timeout python3-build python3-setuptools python3-wheel python3-venv
)
NODE_MIN_MAJOR=20

say() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: FAILED at step "%s": %s\n' "$1" "$2" >&2; exit 1; }

# Runs a command with its output in a log; on failure shows the log's tail and stops.
run_logged() {
  local step=$1; shift
  local log
  log=$(mktemp "${TMPDIR:-/tmp}/tessera-setup.XXXXXX")
  if ! "$@" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    rm -f "$log"
    fail "$step" "command failed: $*"
  fi
  rm -f "$log"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else return 1
  fi
}

is_installed() {
  [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]
}

# One dpkg-query for the whole list keeps the run quick when nothing is missing.
declare -A present=()
while read -r name status; do
  [ "$status" != "ii" ] || present[$name]=1
done < <(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${PACKAGES[@]}" 2>/dev/null || true)
missing=()
for p in "${PACKAGES[@]}"; do
  [ -n "${present[$p]:-}" ] || missing+=("$p")
done

# Node: a machine may carry a newer node (20+) from elsewhere, whose package conflicts with
# Debian's npm; never replace it. Debian's own nodejs is 18: install it only if there is no node.
node_major() { node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }
if command -v node >/dev/null 2>&1; then
  major=$(node_major)
  if [ "${major:-0}" -ge "$NODE_MIN_MAJOR" ]; then
    say "node: $(node --version) present, kept"
  else
    say "node: WARNING $(node --version) is older than $NODE_MIN_MAJOR; kept (apt offers no newer)"
  fi
  if ! command -v npm >/dev/null 2>&1; then
    if [ "${major:-0}" -ge "$NODE_MIN_MAJOR" ]; then
      fail node "node $(node --version) has no npm beside it; Debian's npm would replace this node"
    fi
    missing+=(npm)
  fi
else
  say "node: missing; installing Debian's nodejs (version 18) and npm"
  missing+=(nodejs npm)
fi

if [ ${#missing[@]} -eq 0 ]; then
  say "packages: all ${#PACKAGES[@]} present"
else
  say "packages: missing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1 \
    || fail "apt-get install" "not root and no sudo; install as root: ${missing[*]}"
  run_logged "apt-get update" as_root apt-get update -q
  say "apt-get update: done"
  run_logged "apt-get install" as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q "${missing[@]}"
  for p in "${missing[@]}"; do
    is_installed "$p" || fail "apt-get install" "$p still not installed"
  done
  say "apt-get install: installed ${#missing[@]} package(s)"
fi

# JS dev tools (oracles such as @xterm/headless). npm ci replaces node_modules whole, so the
# directory's time says when the lock file was last installed.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
  run_logged "npm ci" npm ci --no-audit --no-fund --loglevel=error
  touch node_modules
  say "npm ci: done"
else
  say "npm ci: node_modules up to date"
fi

# ---- wasm: utf8proc's C sources --------------------------------------------------------------
# The wasm builds (wasm/) compile utf8proc from Debian's source package at the installed
# libutf8proc-dev version, kept in a cache outside the tree. wasm/fetch_utf8proc.sh adds a
# deb-src entry and downloads once; afterwards this is one dpkg-query and no network.
if utf8proc_dir=$(bash wasm/fetch_utf8proc.sh --check 2>/dev/null); then
  say "utf8proc sources: present in $utf8proc_dir"
else
  run_logged "utf8proc sources" bash wasm/fetch_utf8proc.sh
  say "utf8proc sources: fetched into $(bash wasm/fetch_utf8proc.sh --check)"
fi
