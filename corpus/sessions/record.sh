#!/usr/bin/env bash
# Re-records the session fixtures: each tapes/NAME.tape is run by `tessera script`, which
# writes fixtures/NAME.cast (and fixtures/NAME.journal for the names in JOURNALS); then each
# recording must replay cleanly (`tessera replay`) and stay under the size limit.
#
#   bash corpus/sessions/record.sh            every tape
#   bash corpus/sessions/record.sh NAME...    only these (tapes/NAME.tape)
#
# Needs the tessera binary ($TESSERA, else build/bin/tessera) and the programs each tape
# names on its "# needs:" line (scripts/setup.sh installs them). Every tape runs with an
# empty environment but PATH and TZ=UTC, TERM=xterm-256color and LANG=LC_ALL=C.UTF-8 (the
# defaults of tessera), a fresh HOME (--isolate-home), in a fresh working folder at a fixed
# path, /tmp/tessera-sessions (ncdu and mc show it). The size is the tape's own.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tessera=${TESSERA:-$root/build/bin/tessera}
case $tessera in /*) ;; *) tessera=$PWD/$tessera ;; esac # the tapes run from tapes/
work=/tmp/tessera-sessions
out=/tmp/tessera-sessions-out
artifacts=/tmp/tessera-sessions-artifacts # what a failing tape leaves (trace, screen, report)
max_bytes=$((200 * 1024))
# The recordings that also get a journal (the lossless frame form).
JOURNALS=(bash_resize vim_split tmux_split altscreen_toggle python_curses)

[ -x "$tessera" ] || { echo "record: no tessera at $tessera (bash scripts/build.sh)" >&2; exit 2; }
cd "$here/tapes"
if [ $# -gt 0 ]; then names=("$@"); else names=(); for t in *.tape; do names+=("${t%.tape}"); done; fi

failed=0
for name in "${names[@]}"; do
  tape=$name.tape
  [ -f "$tape" ] || { echo "record: no such tape: tapes/$tape" >&2; exit 2; }
  for prog in $(sed -n 's/^# needs: //p' "$tape"); do
    command -v "$prog" >/dev/null || { echo "record: $name needs $prog (bash scripts/setup.sh)" >&2; exit 2; }
  done
  recs=("$name.cast")
  for j in "${JOURNALS[@]}"; do [ "$j" != "$name" ] || recs+=("$name.journal"); done
  # recorded into the scratch folder first: a failed run keeps the old fixtures
  rm -rf "$work" "$out" && mkdir -p "$work" "$out"
  flags=(--cast "$out/$name.cast")
  [ ${#recs[@]} -eq 1 ] || flags+=(--journal "$out/$name.journal")
  if ! "$tessera" script --quiet --clear-env --isolate-home --cwd "$work" --artifacts "$artifacts" \
      --env PATH=/usr/local/bin:/usr/bin:/bin --env TZ=UTC "${flags[@]}" "$tape" </dev/null; then
    echo "record: FAILED $name (the tape did not run to its end; see $artifacts)" >&2
    failed=1
    continue
  fi
  for rec in "${recs[@]}"; do
    size=$(wc -c <"$out/$rec")
    if ! "$tessera" replay "$out/$rec" >/dev/null; then
      echo "record: FAILED $rec does not replay" >&2; failed=1
    elif [ "$size" -gt "$max_bytes" ]; then
      echo "record: FAILED $rec is $size bytes, over $max_bytes" >&2; failed=1
    else
      mv "$out/$rec" "$here/fixtures/$rec"
      echo "record: $rec $size bytes"
    fi
  done
done
rm -rf "$work" "$out"
exit $failed
