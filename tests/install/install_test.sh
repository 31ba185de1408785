#!/usr/bin/env bash
# Installs each release artifact of DIST (scripts/release.sh's dist/) the way README.md ("Install")
# says, into a fresh folder outside the checkout, and runs real programs through it:
#
#   bash tests/install/install_test.sh DIST
#
#   tarball  tar xzf; the binary alone in a chroot with no libc (static_chroot.sh)
#   .deb     dpkg -i into a private root (--root: the machine's own dpkg database is left alone)
#   npm      npm install --offline of the two tarballs; the JS package finds the binary itself
#   wheel    pip install into a fresh venv (Debian's pytest); the package's tests run there
#
# For each: --version, which binary ran (/proc/PID/exe), vim typed into and saved by a tape,
# a replay of a recording, a session of `tessera mcp` (checks.sh), all under strace with nothing opened in the checkout.
# Then one version everywhere: project(VERSION), --version, the .deb, the man page, both npm
# packages and the optional dependency. Root only (chroot, mounts). Prints one line per check
# and exits non-zero if any failed; a check that cannot run is a failure, never a skip.
set -euo pipefail

dist=$(realpath "${1:?usage: install_test.sh DIST_DIR}")
here=$(cd "$(dirname "$0")" && pwd)
CHECKOUT=$(cd "$here/../.." && pwd)
start=$(date +%s)
[ "$(id -u)" -eq 0 ] || { echo "install: needs root (dpkg, chroot, mounts)" >&2; exit 1; }
for tool in strace dpkg-deb dpkg node npm man tar; do
  command -v "$tool" >/dev/null || { echo "install: $tool is missing (scripts/setup.sh)" >&2; exit 1; }
done

# The one version: the top-level project(VERSION).
VERSION=$(sed -nE 's/^project\(tessera VERSION ([0-9.]+).*/\1/p' "$CHECKOUT/CMakeLists.txt")
[ -n "$VERSION" ] || { echo "install: no project(tessera VERSION ...) in CMakeLists.txt" >&2; exit 1; }
tarball=$dist/tessera-$VERSION-linux-x86_64.tar.gz
deb=$dist/tessera_${VERSION}_amd64.deb
npm_pkg=$dist/tessera-terminal-$VERSION.tgz
npm_bin=$dist/tessera-terminal-linux-x64-$VERSION.tgz
wheel=$(ls "$dist"/tessera_terminal-"$VERSION"-py3-none-*.whl 2>/dev/null | head -n 1 || true)
for f in "$tarball" "$deb" "$npm_pkg" "$npm_bin"; do
  [ -f "$f" ] || { echo "install: $f is missing (bash scripts/release.sh)" >&2; exit 1; }
done

TMP=$(mktemp -d /tmp/tessera-install.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
trap 'exit 143' INT TERM
mkdir -p "$TMP/home" "$TMP/fixtures"
FIX=$TMP/fixtures
cp "$CHECKOUT/tests/tape/vim_edit.tape" "$CHECKOUT/tests/fixtures/casts/less.cast" \
   "$CHECKOUT/tests/fixtures/casts/less.screen" "$here/mcp_check.py" "$FIX/"
# shellcheck source=checks.sh
source "$here/checks.sh"
echo "install: version $VERSION, artifacts from $dist, working in $TMP"

# ---- the tarball
mkdir "$TMP/tar" && tar -xzf "$tarball" -C "$TMP/tar"
tar_dir=$TMP/tar/tessera-$VERSION-linux-x86_64
for f in tessera tessera.1 README.md CHANGELOG.md licenses/utf8proc-LICENSE.md licenses/musl-copyright; do
  [ -e "$tar_dir/$f" ] || fail "tarball: $f missing"
done
check_binary tarball "$tar_dir/tessera"
check_man tarball "$tar_dir/tessera.1"
if out=$(timeout 200 bash "$here/static_chroot.sh" "$tar_dir/tessera" 2>&1); then
  pass "tarball: $out"
else
  fail "tarball: $out"
fi

# ---- the .deb, into a private root with its own empty dpkg database
root=$TMP/debroot
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
if timeout 120 dpkg --root="$root" --force-script-chrootless -i "$deb" >"$TMP/dpkg.out" 2>&1; then
  pass "deb: dpkg -i (--root $root)"
  check_binary deb "$root/usr/bin/tessera"
  gunzip -c "$root/usr/share/man/man1/tessera.1.gz" >"$TMP/deb-man.1"
  check_man deb "$TMP/deb-man.1"
  [ "$(dpkg --root="$root" -s tessera | sed -n 's/^Version: //p')" = "$VERSION" ] \
    && pass "deb: dpkg -s says version $VERSION" || fail "deb: dpkg -s version"
  timeout 60 dpkg --root="$root" -r tessera >>"$TMP/dpkg.out" 2>&1 && [ ! -e "$root/usr/bin/tessera" ] \
    && pass "deb: dpkg -r removed /usr/bin/tessera" || fail "deb: dpkg -r: $(tail -3 "$TMP/dpkg.out")"
else
  fail "deb: dpkg -i: $(tail -5 "$TMP/dpkg.out")"
fi
# Debian's policy checker, where it is installed (test.sh --long installs it): no error and no
# warning. The one override, a static binary, is packaging/lintian-overrides.
if command -v lintian >/dev/null; then
  if timeout 120 lintian --fail-on error,warning "$deb" >"$TMP/lintian.out" 2>&1; then
    pass "deb: lintian: no error or warning"
  else
    fail "deb: lintian: $(grep -v 'root privileges' "$TMP/lintian.out" | head -5)"
  fi
else
  echo "install: note  deb: lintian is not installed here, so it did not run (apt-get install lintian)"
fi

# ---- npm: both tarballs, offline (the package has no other dependencies)
app=$TMP/npm-app
mkdir -p "$app" && cp "$FIX/less.cast" "$FIX/less.screen" "$here/npm_check.mjs" "$app/"
if (cd "$app" && timeout 120 env HOME="$TMP/home" npm install --offline --no-audit --no-fund \
      --loglevel=error --cache "$TMP/npm-cache" "$npm_bin" "$npm_pkg" >"$TMP/npm.out" 2>&1); then
  pass "npm: npm install --offline of both tarballs"
  plat_bin=$app/node_modules/tessera-terminal-linux-x64/bin/tessera
  check_binary npm "$plat_bin"
  if traced "$TMP/npm.strace" "$app" "$(command -v node)" npm_check.mjs >"$TMP/npm_check.out" 2>&1; then
    # shellcheck disable=SC2016
    node -e '
      const [out, bin, screen, v] = process.argv.slice(1);
      const r = JSON.parse(require("fs").readFileSync(out, "utf8"));
      const want = require("fs").readFileSync(screen, "utf8");
      const bad = [];
      if (r.host !== bin) bad.push(`host ${r.host}`);
      if (r.exe !== bin) bad.push(`exe ${r.exe}`);
      if (r.final + "\n" !== want) bad.push("replay screen differs");
      for (const [k, got] of Object.entries(r.versions)) if (got !== v) bad.push(`${k} ${got}`);
      if (bad.length) { console.error(bad.join("; ")); process.exit(1); }' \
      "$TMP/npm_check.out" "$plat_bin" "$FIX/less.screen" "$VERSION" 2>"$TMP/npm_verdict" \
      && pass "npm: the JS package found $plat_bin itself, ran a program, replayed less.cast" \
      || fail "npm: $(cat "$TMP/npm_verdict")"
    no_checkout "npm (node)" "$TMP/npm.strace"
  else
    fail "npm: npm_check.mjs: $(tail -5 "$TMP/npm_check.out")"
  fi
else
  fail "npm: npm install: $(tail -5 "$TMP/npm.out")"
fi

# ---- Python: the wheel into a fresh venv with Debian's pytest from the system site packages;
# the package's own tests run there, against real programs, from a copy outside the checkout
# (the ctypes layout check with the normal build's abi_facts_native copied beside them).
venv=$TMP/venv
pytests=$TMP/python-tests
if [ -z "$wheel" ]; then
  fail "python: no tessera_terminal-$VERSION-py3-none-*.whl in $dist"
elif ! [ -x "$CHECKOUT/build/bin/abi_facts_native" ]; then
  fail "python: $CHECKOUT/build/bin/abi_facts_native is missing (the normal build makes it)"
elif /usr/bin/python3 -m venv --system-site-packages "$venv" >"$TMP/venv.out" 2>&1 \
     && timeout 120 "$venv/bin/pip" install -q --no-index --no-deps "$wheel" >>"$TMP/venv.out" 2>&1; then
  pass "python: pip install of $(basename "$wheel") into a fresh venv"
  mkdir -p "$pytests" && cp "$CHECKOUT"/python/tests/*.py "$pytests/"
  cp "$CHECKOUT/tests/behaviours/cases.json" "$pytests/behaviours.json"
  cp "$CHECKOUT/build/bin/abi_facts_native" "$TMP/abi_facts_native"
  # The package, its binary and its core, each from the venv (no TESSERA_* variable set).
  where=$(cd "$TMP" && env -i PATH=/usr/bin:/bin "$venv/bin/python" -c 'import tessera_terminal as t
from tessera_terminal import _native as n
print(t.__file__, n.find_host(), n.find_library())')
  outside=$(printf '%s\n' $where | grep -v "^$venv/" || true)
  if [ -z "$outside" ] && [ "$(printf '%s\n' $where | wc -l)" -eq 3 ]; then
    pass "python: the package, its tessera and its libtessera.so come from the venv"
  else
    fail "python: found outside the venv: ${outside:-$where}"
  fi
  # The suite with the scrubbed environment; under strace, one launch and one assertion (the
  # whole suite traced would cost more than it runs).
  if (cd "$TMP" && timeout 300 env -i HOME="$TMP/home" PATH=/usr/bin:/bin LANG=C.UTF-8 \
        TESSERA_ABI_FACTS="$TMP/abi_facts_native" "$venv/bin/python" -m pytest -q -p no:cacheprovider \
        "$pytests" >"$TMP/pytest.out" 2>&1); then
    pass "python: the package's tests in the venv: $(tail -n 1 "$TMP/pytest.out")"
  else
    fail "python: pytest in the venv: $(tail -n 15 "$TMP/pytest.out")"
  fi
  if traced "$TMP/python.strace" "$TMP" "$venv/bin/python" -c 'from tessera_terminal import expect, launch
with launch("bc", ["-q"], rows=4, cols=20) as t:
    t.keyboard.type("6*7\n")
    expect(t.get_by_text("42", exact=True)).to_be_present()' >"$TMP/python_one.out" 2>&1; then
    no_checkout "python (bc through the wheel)" "$TMP/python.strace"
  else
    fail "python: bc through the wheel: $(tail -n 5 "$TMP/python_one.out")"
  fi
else
  fail "python: the venv: $(tail -5 "$TMP/venv.out")"
fi

# ---- one version everywhere (the installed binaries and the npm packages were checked above)
deb_version=$(dpkg-deb -f "$deb" Version)
js_version=$(node -p "require('$CHECKOUT/js/package.json').version")
js_optional=$(node -p "require('$CHECKOUT/js/package.json').optionalDependencies['tessera-terminal-linux-x64']")
man_th=$(sed -n 's/^\.TH TESSERA 1 "[^"]*" "tessera \([^"]*\)".*/\1/p' "$tar_dir/tessera.1")
if [ "$deb_version" = "$VERSION" ] && [ "$js_version" = "$VERSION" ] \
   && [ "$js_optional" = "$VERSION" ] && [ "$man_th" = "$VERSION" ]; then
  pass "versions: CMakeLists.txt, .deb, js/package.json (and its optional dependency), man page: $VERSION"
else
  fail "versions: CMakeLists.txt $VERSION, .deb $deb_version, js $js_version, optional $js_optional, man $man_th"
fi
grep -q "^## \[$VERSION\]" "$CHECKOUT/CHANGELOG.md" && pass "versions: CHANGELOG.md has [$VERSION]" \
  || fail "versions: CHANGELOG.md has no section [$VERSION]"

echo "install: $failures failed, in $(( $(date +%s) - start )) s"
[ "$failures" -eq 0 ]
