#!/usr/bin/env bash
# One version everywhere, checked without building a release: the top-level project(VERSION)
# is what `tessera --version` prints, what js/package.json and its optional dependency on the
# platform package say, what the man page made from the binary's help says, and a section of
# CHANGELOG.md. (install_test.sh checks the built .deb and tarballs the same way.)
#
#   bash tests/install/versions_test.sh TESSERA
set -euo pipefail

bin=${1:?usage: versions_test.sh TESSERA}
checkout=$(cd "$(dirname "$0")/../.." && pwd)
bad=0
check() { # check WHAT GOT
  if [ "$2" = "$version" ]; then echo "versions: ok    $1: $2"
  else echo "versions: FAIL  $1 says '$2', CMakeLists.txt project(VERSION) says $version" >&2; bad=1
  fi
}

version=$(sed -nE 's/^project\(tessera VERSION ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p' "$checkout/CMakeLists.txt")
[ -n "$version" ] || { echo "versions: no project(tessera VERSION X.Y.Z) in CMakeLists.txt" >&2; exit 1; }

check "tessera --version" "$("$bin" --version | sed -nE 's/^tessera ([^ ]+) \(core ABI [0-9]+\)$/\1/p')"
check "js/package.json" "$(node -p "require('$checkout/js/package.json').version")"
check "js/package.json optionalDependencies" \
  "$(node -p "require('$checkout/js/package.json').optionalDependencies['tessera-terminal-linux-x64']")"
check "man page (packaging/manpage.sh)" \
  "$(bash "$checkout/packaging/manpage.sh" "$bin" | sed -n 's/^\.TH TESSERA 1 "[^"]*" "tessera \([^"]*\)".*/\1/p')"
check "CHANGELOG.md" "$(sed -nE 's/^## \[([0-9][^]]*)\].*/\1/p' "$checkout/CHANGELOG.md" | head -1)"
exit $bad
