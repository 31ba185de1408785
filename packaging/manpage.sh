#!/usr/bin/env bash
# Writes tessera(1) in roff from the help the binary itself prints, so the man page can never
# say something the CLI does not:
#
#   bash packaging/manpage.sh TESSERA > tessera.1
#
# `TESSERA --help` gives the synopsis, the command list and the exit codes; `TESSERA help CMD`
# gives each command's section. The help is kept as preformatted text (.nf): its columns of
# flags are laid out by hand and would be lost if roff filled them. The date is
# $SOURCE_DATE_EPOCH's when set (reproducible builds), else today's.
set -euo pipefail

bin=${1:?usage: manpage.sh TESSERA}
version=$("$bin" --version | awk '{print $2}')
date=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%Y-%m-%d)
help=$("$bin" --help)
# The command names: the indented words of the block after "commands:", up to its blank line.
commands=$(printf '%s\n' "$help" | awk '/^commands:/{on=1; next} on && /^$/{exit}
  on && /^  [a-z]/{print $1}' | grep -vx help)
[ -n "$commands" ] || { echo "manpage: no commands in '$bin --help'" >&2; exit 1; }

# Help text as roff: a backslash as \e, every - as \- (a minus: flags must copy and paste as
# ASCII), and a line starting with . or ' protected by \&.
roff_text() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\([.']\)/\\\\\&\1/"; }

cat <<EOF
.TH TESSERA 1 "$date" "tessera $version" "User Commands"
.SH NAME
tessera \\- test terminal programs the way a person sees them
.SH SYNOPSIS
.B tessera
.I COMMAND
.RI [ FLAGS ]
.RI [ ARGS ]
.br
.B tessera \\-\\-version
.SH DESCRIPTION
tessera runs programs on real pseudo-terminals, emulates the screen they draw, waits for and
checks what a person would see, and replays recordings.
The text below is what
.B tessera \\-\\-help
and
.B tessera help
.I COMMAND
print.
.PP
.nf
EOF
printf '%s\n' "$help" | roff_text
echo ".fi"
echo ".SH COMMANDS"
for cmd in $commands; do
  echo ".SS $cmd"
  echo ".nf"
  "$bin" help "$cmd" | roff_text
  echo ".fi"
done
cat <<EOF
.SH SEE ALSO
The README.md installed beside this page, and the JavaScript package
.BR tessera-terminal .
EOF
