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
    size_t n = proc_scan_session(r->root, getpid(), pids, PROC_SCAN_MAX);
    for (size_t i = 0; i < n; i++) {
        kill(pids[i], sig);
        if (sig != SIGKILL)
            kill(pids[i], SIGCONT); /* a stopped process must run to see it */
    }
    return n + (r->root_reaped ? 0 : 1);
}

static size_t alive(reaper *r)
{
    pid_t pids[PROC_SCAN_MAX];
    reaper_collect(r);
    size_t n = proc_scan_session(r->root, getpid(), pids, PROC_SCAN_MAX);
    return n + (r->root_reaped ? 0 : 1);
}

static void pause_ms(long ms)
{
    struct timespec ts = {0, ms * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Waits until nothing is alive or the deadline; returns what is left. */
static size_t wait_gone(reaper *r, uint64_t deadline)
{
    size_t n;
    while ((n = alive(r)) > 0 && mono_now_ns() < deadline)
        pause_ms(2);
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
    size_t left = 0;
    for (int round = 0; round < 50; round++) {
        signal_all(r, SIGKILL);
        left = wait_gone(r, mono_now_ns() + 100000000u);
        if (left == 0)
            break;
    }
    return (int)left;
}
