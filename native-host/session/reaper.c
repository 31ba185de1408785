/* Signals go both to the process group (covers everything on platforms
 * without /proc) and to each process found by session, group or parent
 * chain (covers children that called setsid or setpgid). */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include "reaper.h"

#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mono_clock.h"
#include "proc_scan.h"

void reaper_collect(reaper *r)
{
    for (;;) {
        int st;
        pid_t p = waitpid(-1, &st, WNOHANG);
        if (p <= 0)
            return;
        if (p == r->root) {
            r->root_reaped = 1;
            r->root_status = st;
        }
    }
}

static size_t signal_all(reaper *r, int sig)
{
    pid_t pids[PROC_SCAN_MAX];
    reaper_collect(r);
    if (!r->root_reaped)
        kill(r->root, sig);
    killpg(r->root, sig);
    if (r->group.dir >= 0) {
        int n = cgroup_signal(&r->group, sig);
        if (n >= 0)
            return (size_t)n;
    }
    size_t n = proc_scan_session(r->root, getpid(), pids, PROC_SCAN_MAX);
    for (size_t i = 0; i < n; i++) {
        kill(pids[i], sig);
        if (sig != SIGKILL)
            kill(pids[i], SIGCONT); /* a stopped process must run to see it */
    }
    return n + (r->root_reaped ? 0 : 1);
}

/* Without a cgroup: the scan's processes, and the host's adopted children
 * (read a few times: a process that keeps forking is one only briefly). */
static size_t alive(reaper *r)
{
    pid_t pids[PROC_SCAN_MAX], adopted[PROC_SCAN_MAX];
    reaper_collect(r);
    if (r->group.dir >= 0) {
        int n = cgroup_count(&r->group);
        /* A zombie is no longer a member: an empty group whose root is not
         * yet collected still has its exit status to be read. */
        if (n >= 0)
            return (size_t)n + (n == 0 && !r->root_reaped);
    }
    size_t n = proc_scan_session(r->root, getpid(), pids, PROC_SCAN_MAX);
    size_t extra = 0;
    for (int look = 0; look < 20 && extra == 0; look++) {
        size_t m = proc_scan_adopted(r->root, adopted, PROC_SCAN_MAX);
        for (size_t i = 0; i < m; i++) {
            size_t j = 0;
            while (j < n && pids[j] != adopted[i])
                j++;
            extra += j == n;
        }
    }
    return n + extra + (r->root_reaped ? 0 : 1);
}

static void pause_us(long us)
{
    struct timespec ts = {0, us * 1000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Waits until nothing is alive or the deadline; returns what is left. Most
 * programs are gone a fraction of a millisecond after the signal, so the
 * looks start 50 us apart and grow to 2 ms for one that takes its time. */
static size_t wait_gone(reaper *r, uint64_t deadline)
{
    size_t n;
    long us = 50;
    while ((n = alive(r)) > 0 && mono_now_ns() < deadline) {
        pause_us(us);
        if (us < 2000)
            us *= 2;
    }
    return n;
}

/* Without a cgroup: the orphans the program left are the host's children
 * (it is their subreaper), and one that keeps forking is caught in the
 * moment it is one. Reads the children list and kills, with no pause,
 * until it has stayed empty for a while or the deadline passes. */
static size_t kill_adopted(reaper *r, uint64_t deadline)
{
    pid_t pids[PROC_SCAN_MAX];
    size_t n = 0;
    for (int empty = 0; empty < 200 && mono_now_ns() < deadline;) {
        reaper_collect(r);
        n = proc_scan_adopted(r->root, pids, PROC_SCAN_MAX);
        for (size_t i = 0; i < n; i++) {
            kill(pids[i], SIGSTOP);
            kill(pids[i], SIGKILL);
        }
        empty = n ? 0 : empty + 1;
    }
    return n;
}

int reaper_end_all(reaper *r, uint64_t grace_ns)
{
    if (r->root <= 0) /* never started: signalling 0 or -1 would hit the host */
        return 0;
    if (alive(r) == 0)
        return 0;
    signal_all(r, SIGHUP);
    signal_all(r, SIGTERM);
    if (wait_gone(r, mono_now_ns() + grace_ns) == 0)
        return 0;
    if (r->group.dir >= 0 && cgroup_kill(&r->group) == 0 &&
        wait_gone(r, mono_now_ns() + 2000000000u) == 0)
        return 0;
    size_t left = 0;
    for (int round = 0; round < 50; round++) {
        signal_all(r, SIGSTOP);
        signal_all(r, SIGKILL);
        left = kill_adopted(r, mono_now_ns() + 100000000u);
        left += wait_gone(r, mono_now_ns() + 100000000u);
        if (left == 0)
            break;
    }
    return (int)left;
}
