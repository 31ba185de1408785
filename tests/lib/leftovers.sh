# Sourced by the end-to-end shell tests. no_leftovers MARK: fails the case
# (through the caller's `fail`) for every live process whose environment
# holds TSR_TEST_MARK=MARK, and kills it. Zombies count as gone.
#
# One grep reads every /proc/PID/environ: a process per PID would make the
# check cost seconds on a machine that runs thousands of processes.
no_leftovers() {
    for env in $(printf '%s\n' /proc/[0-9]*/environ |
                 xargs grep -lsF -e "TSR_TEST_MARK=$1" 2>/dev/null); do
        pid=${env#/proc/}; pid=${pid%/environ}
        state=$(sed 's/^.*) \(.\).*/\1/' "/proc/$pid/stat" 2>/dev/null)
        if [ "$state" != Z ] && [ -n "$state" ]; then
            fail "process $pid left behind"
            kill -9 "$pid" 2>/dev/null
        fi
    done
}
