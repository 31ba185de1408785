# shellcheck shell=bash
# Checks of an installed tessera, sourced by install_test.sh (which sets TMP, CHECKOUT,
# VERSION and the fixtures folder FIX). Each runs the installed binary the way a user would:
# from a folder outside the checkout, with an empty environment but for HOME (in TMP),
# PATH=/usr/bin:/bin and LANG, under strace, and fails if anything opened a path in the
# checkout: nothing of the build tree may be what made it pass.

failures=0
pass() { printf 'install: ok    %s\n' "$*"; }
fail() { printf 'install: FAIL  %s\n' "$*" >&2; failures=$((failures + 1)); }

# traced LOG DIR CMD...: CMD in DIR with the scrubbed environment, its file syscalls in LOG.
# --seccomp-bpf: only those syscalls stop the traced processes (every other one did).
traced() {
  local log=$1 dir=$2; shift 2
  (cd "$dir" && timeout 120 strace -f -qq --seccomp-bpf -e trace=%file -o "$log" \
    env -i HOME="$TMP/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$@")
}

# no_checkout LABEL LOG: no path under the checkout in LOG.
no_checkout() {
  local hits
  hits=$(grep -F -- "$CHECKOUT/" "$2" | head -3 || true)
  if [ -n "$hits" ]; then fail "$1: opened files in the checkout: $hits"
  else pass "$1: nothing opened in $CHECKOUT ($(wc -l <"$2") file syscalls traced)"
  fi
}

# check_binary LABEL BIN: the version, which binary runs, vim driven by a tape, a replay, an
# MCP session.
check_binary() {
  local label=$1 bin=$2 dir=$TMP/run-$1 out
  mkdir -p "$dir"
  cp "$FIX/vim_edit.tape" "$FIX/less.cast" "$FIX/less.screen" "$FIX/mcp_check.py" "$dir/"

  out=$(traced "$dir/version.strace" "$dir" "$bin" --version 2>&1) || true
  [ "$out" = "tessera $VERSION (core ABI 1)" ] && pass "$label: --version: $out" \
    || fail "$label: --version said '$out', expected tessera $VERSION"

  # The program's parent is the running tessera: its /proc/PID/exe names the binary.
  out=$(traced "$dir/exe.strace" "$dir" "$bin" run --cols 400 --expect-exit 0 -- \
    /bin/sh -c 'echo "EXE=$(readlink /proc/$PPID/exe)"' 2>&1) || true
  printf '%s\n' "$out" | grep -qxF "EXE=$bin" && pass "$label: /proc/PID/exe is $bin" \
    || fail "$label: expected EXE=$bin, the screen was: $(printf '%s' "$out" | head -3)"

  # vim, typed into and saved by a tape (tests/tape/vim_edit.tape); the file on disk checked.
  if traced "$dir/vim.strace" "$dir" "$bin" script vim_edit.tape >"$dir/vim.out" 2>&1 \
     && printf 'Hello from tessera \342\234\223\n' | cmp -s - "$dir/note.txt"; then
    pass "$label: vim edited and saved note.txt through the tape"
  else
    fail "$label: vim tape: $(tail -5 "$dir/vim.out")"
  fi

  if traced "$dir/replay.strace" "$dir" "$bin" replay less.cast >"$dir/replay.out" 2>&1 \
     && cmp -s "$dir/replay.out" "$dir/less.screen"; then
    pass "$label: replay of less.cast gives less.screen"
  else
    fail "$label: replay: $(diff "$dir/replay.out" "$dir/less.screen" | head -5)"
  fi

  if out=$(traced "$dir/mcp.strace" "$dir" /usr/bin/python3 mcp_check.py "$bin" 2>&1); then
    pass "$label: $out"
  else
    fail "$label: $out"
  fi

  cat "$dir"/*.strace >"$dir/all.strace"
  no_checkout "$label" "$dir/all.strace"
}

# check_man LABEL PAGE: the man page renders without warnings and names this version.
check_man() {
  local out
  if out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$2" 2>&1 >/dev/null) && [ -z "$out" ] \
     && LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$2" 2>/dev/null | grep -q "tessera $VERSION"; then
    pass "$1: man page renders, says tessera $VERSION"
  else
    fail "$1: man page $2: ${out:-no 'tessera $VERSION' in it}"
  fi
}
