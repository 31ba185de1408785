#!/bin/sh
# Runs the JS CLI like build/bin/tessera, on the engine $TESSERA_ENGINE
# (default wasi), so tests/cli/cli_test.sh can drive it unchanged. --engine
# goes right after feed or replay (before any "--").
node=${TESSERA_NODE:-node}
bin=$(dirname "$0")/../bin/tessera.mjs
[ $# -eq 0 ] && exec "$node" "$bin"
cmd=$1
shift
case $cmd in feed | replay) ;; *) exec "$node" "$bin" "$cmd" "$@" ;; esac
exec "$node" "$bin" "$cmd" --engine "${TESSERA_ENGINE:-wasi}" "$@"
