# Sourced by the end-to-end shell tests (tests/pty, tape, spec, artifacts,
# hardening): one case per run, in a fresh work folder removed afterwards,
# with a marker that every program it starts carries in its environment
# (leftovers.sh).
#
# Sourced as the script's first line, so its arguments are the script's:
# BIN (the tessera binary) and CASE; HERE is the script's folder.
set -u
BIN=$1
CASE=$2
HERE=$(cd "$(dirname "$0")" && pwd)

# case_begin KIND: checks that case_$CASE exists in $0, makes $WORK and
# $MARK, and enters $WORK.
case_begin() {
    if ! grep -q "^case_$CASE() {" "$0"; then
        echo "$(basename "$0"): no such case: $CASE" >&2
        exit 2
    fi
    FAILED=0
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/tessera-$1.XXXXXX") || exit 1
    MARK="tsr-$1-$CASE-$$-$(date +%s%N)"
    trap 'rm -rf "$WORK"' EXIT
    cd "$WORK" || exit 1
}

fail() {
    printf 'FAIL %s: %s\n' "$CASE" "$*" >&2
    FAILED=1
}

show() {
    echo "--- stdout" >&2; head -c 3000 out >&2
    echo "--- stderr" >&2; head -c 3000 err >&2
}

expect_code() { [ "$CODE" -eq "$1" ] || { fail "exit code $CODE, expected $1"; show; }; }
