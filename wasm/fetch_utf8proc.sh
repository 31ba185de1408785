#!/usr/bin/env bash
# Puts utf8proc's C sources, from Debian's source package, where the wasm builds read them.
#
# The native build links Debian's libutf8proc-dev; the wasm builds compile utf8proc.c from the
# source package of exactly that version (Debian's patches applied), so all three engines use
# the same Unicode tables. The unpacked source is a cache, never committed:
#
#   ${TSR_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera}/utf8proc-<version>/
#
#   bash wasm/fetch_utf8proc.sh          fetch if missing (needs root for apt), print the dir
#   bash wasm/fetch_utf8proc.sh --check  print the dir if it is there and current, else exit 1
#
# Quick when the cache is current: one dpkg-query, no network.
set -euo pipefail

check_only=0
case ${1:-} in
  --check) check_only=1 ;;
  "") ;;
  *) echo "fetch_utf8proc: unknown argument '$1' (expected --check)" >&2; exit 2 ;;
esac

say() { printf 'fetch_utf8proc: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

version=$(dpkg-query -W -f='${Version}' libutf8proc-dev 2>/dev/null) \
  || die "libutf8proc-dev is not installed (scripts/setup.sh installs it)"
[ -n "$version" ] || die "libutf8proc-dev has no version in dpkg"
cache=${TSR_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera}
dir=$cache/utf8proc-$version
stamp=$dir/.tessera-version

# The stamp is written last, so a dir with it is complete and of this version.
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version" ] && [ -f "$dir/utf8proc.c" ]; then
  echo "$dir"
  exit 0
fi
[ $check_only -eq 0 ] || die "no utf8proc $version sources in $dir (run: bash wasm/fetch_utf8proc.sh)"

command -v dpkg-source >/dev/null || die "dpkg-source is missing (apt-get install dpkg-dev)"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) for: $*"
  fi
}

has_source() { apt-cache showsrc utf8proc 2>/dev/null | grep -qx "Version: $version"; }

# A deb-src entry mirroring the machine's own Debian entries (same mirror, suites, keyring).
add_deb_src() {
  local deb822=/etc/apt/sources.list.d/debian.sources
  if [ -f "$deb822" ]; then
    sed -e 's/^Types:.*/Types: deb-src/' "$deb822" \
      | as_root tee /etc/apt/sources.list.d/tessera-src.sources >/dev/null
  elif grep -qs '^deb ' /etc/apt/sources.list; then
    grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
      | as_root tee /etc/apt/sources.list.d/tessera-src.list >/dev/null
  else
    echo 'deb-src http://deb.debian.org/debian bookworm main' \
      | as_root tee /etc/apt/sources.list.d/tessera-src.list >/dev/null
  fi
  say "added a deb-src entry in /etc/apt/sources.list.d/tessera-src.*; apt-get update"
  as_root apt-get update -q >/dev/null
}

if ! has_source; then
  add_deb_src
  has_source || die "apt has no source package utf8proc=$version (is a deb-src entry configured?)"
fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/.utf8proc.XXXXXX")
trap 'rm -rf "$work"' EXIT
say "downloading the source package utf8proc=$version"
(cd "$work" && apt-get source -q --download-only "utf8proc=$version" >/dev/null 2>&1) \
  || die "apt-get source utf8proc=$version failed"
dsc=$(ls "$work"/utf8proc_*.dsc 2>/dev/null | head -n1)
[ -n "$dsc" ] || die "apt-get source left no .dsc in $work"
# apt already checked the files against the signed Sources index; dpkg-source's own notes
# (the uploader's key is not in a keyring here) go to a log shown only on failure.
(cd "$work" && dpkg-source -q -x "$(basename "$dsc")" src >/dev/null 2>dpkg-source.log) \
  || { cat "$work/dpkg-source.log" >&2; die "dpkg-source -x $(basename "$dsc") failed"; }

got=$(dpkg-parsechangelog -l "$work/src/debian/changelog" -S Version)
[ "$got" = "$version" ] || die "the source package is $got, the installed libutf8proc-dev is $version"
[ -f "$work/src/utf8proc.c" ] && [ -f "$work/src/utf8proc_data.c" ] && [ -f "$work/src/utf8proc.h" ] \
  || die "the source package has no utf8proc.c/utf8proc_data.c/utf8proc.h"

echo "$version" >"$work/src/.tessera-version"
rm -rf "$dir"
mv "$work/src" "$dir"
say "utf8proc $version sources in $dir"
echo "$dir"
