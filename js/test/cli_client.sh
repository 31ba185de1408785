#!/bin/sh
# The JS CLI as a program for tests/cli/cli_test.sh, run by the test process's server
# (cli_server.mjs) with this process's arguments, directory and descriptors.
#
# The server opens this shell's 0, 1 and 2 again through /proc while it waits, so the shell
# itself never redirects them: the request is written and the reply read in subshells.
reply=$(mktemp -u "$TESSERA_CLI_SERVER/reply.XXXXXX") && mkfifo "$reply" || exit 5
(printf '%s %s\n' "$$" "$reply" >"$TESSERA_CLI_SERVER/requests") || exit 5
code=$(head -n 1 "$reply")
rm -f "$reply"
exit "${code:-5}"
