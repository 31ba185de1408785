#!/usr/bin/env bash
# The static binary runs with no libc at all: a chroot holding only it and busybox-static (the
# program under test), /dev/ptmx on a fresh devpts, /proc and a tmpfs /tmp, entered with an
# empty environment. Root only (mount, chroot); a missing piece is a failure, never a skip.
#
#   bash tests/install/static_chroot.sh TESSERA
set -euo pipefail

bin=${1:?usage: static_chroot.sh TESSERA}
busybox=/bin/busybox
[ "$(id -u)" -eq 0 ] || { echo "static_chroot: needs root (mount, chroot)" >&2; exit 1; }
# Debian's busybox-static; the dynamic busybox would need the libc this test leaves out.
LC_ALL=C readelf -l "$busybox" 2>/dev/null | grep -q INTERP \
  && { echo "static_chroot: $busybox is dynamic (apt-get install busybox-static)" >&2; exit 1; }

root=$(mktemp -d /tmp/tessera-chroot.XXXXXX)
cleanup() {
  for m in dev/pts proc tmp; do mountpoint -q "$root/$m" && umount "$root/$m"; done
  rm -rf "$root"
}
trap cleanup EXIT
trap 'exit 143' INT TERM  # so a timeout still unmounts (EXIT runs)
cp "$bin" "$root/tessera"
cp "$busybox" "$root/busybox"
mkdir -p "$root/dev/pts" "$root/proc" "$root/tmp"
# newinstance: a devpts of our own, so the host's ptys are neither seen nor used
mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$root/dev/pts"
ln -s pts/ptmx "$root/dev/ptmx"
mount -t proc proc "$root/proc"
mount -t tmpfs tmpfs "$root/tmp"

[ "$(find "$root" -path "$root/proc" -prune -o -path "$root/dev" -prune -o -type f -print \
     | sort | tr '\n' ' ')" = "$root/busybox $root/tessera " ] \
  || { echo "static_chroot: the chroot holds more than the two binaries" >&2; exit 1; }

# The program runs in the tmpfs; a failure's artifacts go there too (--artifacts).
out=$(timeout 60 env -i /usr/sbin/chroot "$root" /tessera run --cwd /tmp --expect-exit 0 \
  --expect 'hi from busybox' -- /busybox sh -c 'echo "hi from $0"; echo "TERM=$TERM"' busybox \
  2>&1) || { echo "static_chroot: tessera failed in the chroot: $out" >&2; exit 1; }
printf '%s\n' "$out" | grep -qx 'hi from busybox' && printf '%s\n' "$out" | grep -qx 'TERM=xterm-256color' \
  || { echo "static_chroot: unexpected screen: $out" >&2; exit 1; }
# and a failing expectation still exits 1 there (the public exit code)
rc=0
timeout 60 env -i /usr/sbin/chroot "$root" /tessera run --cwd /tmp --artifacts /tmp/artifacts --quiet --timeout 2s \
  --expect 'never printed' -- /busybox true >/dev/null 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { echo "static_chroot: a missed expectation exited $rc, not 1" >&2; exit 1; }
echo "static_chroot: ok (no libc: only tessera and busybox in the chroot)"
