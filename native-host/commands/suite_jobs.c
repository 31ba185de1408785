/* Running a suite's files: each in a child process (so one file's crash or
 * leak cannot touch another), --jobs at a time, a failed file again up to
 * --retries times. A child writes its result as one fixed-size record on a
 * pipe; the parent never blocks on a child's output. A stop signal to the
 * suite is passed to every running child (each closes its program as a
 * close does) and no file starts after it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "exit_codes.h"
#include "mono_clock.h"
#include "stop_signals.h"
#include "suite.h"

typedef struct child {
    pid_t pid;
    int fd;
    size_t index;
} child;

/* In the child: stdout to nowhere, stderr to the stage folder. */
static void run_child(const suite_file *f, size_t i, const suite_options *o, int fd)
{
    char err[600];
    snprintf(err, sizeof err, "%s/e%zu", o->stage_dir, i);
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    int e = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (null >= 0) {
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
    }
    if (e >= 0)
        dup2(e, STDERR_FILENO);
    suite_result r;
    suite_run_file(f, i, o, &r);
    fflush(stderr);
    ssize_t n = write(fd, &r, sizeof r);
    _exit(n == (ssize_t)sizeof r ? 0 : 1);
}

/* How long children stopped by a signal may take to close their programs
 * before they are killed. */
#define STOP_GRACE_NS 10000000000ull

/* A stop signal to the suite (a cancelled CI job): once, every running child
 * gets it too, so each closes its program as a close does and reports. */
static void pass_stop_on(child *running, size_t nrun, int *passed)
{
    int sig = stop_signals_pending();
    if (!sig || *passed)
        return;
    *passed = 1;
    for (size_t k = 0; k < nrun; k++)
        kill(running[k].pid, sig);
}

/* One finished child's result (a child that died says so); its index, or
 * (size_t)-1 when there is no child. After a stop signal the wait has a
 * deadline: a child still running then is killed. */
static size_t reap(child *running, size_t *nrun, suite_result *out, int *passed, uint64_t *kill_at)
{
    for (;;) {
        int status;
        pass_stop_on(running, *nrun, passed);
        if (*passed && !*kill_at)
            *kill_at = mono_now_ns() + STOP_GRACE_NS;
        pid_t pid = waitpid(-1, &status, *passed ? WNOHANG : 0);
        if (pid == 0) { /* stopping: children still closing */
            if (mono_now_ns() >= *kill_at)
                for (size_t k = 0; k < *nrun; k++)
                    kill(running[k].pid, SIGKILL);
            struct timespec nap = {0, 20000000};
            nanosleep(&nap, NULL);
            continue;
        }
        if (pid < 0 && errno == EINTR)
            continue; /* a signal: passed on above */
        for (size_t k = 0; pid > 0 && k < *nrun; k++) {
            if (running[k].pid != pid)
                continue;
            if (read(running[k].fd, out, sizeof *out) != (ssize_t)sizeof *out) {
                memset(out, 0, sizeof *out);
                out->code = TSR_EXIT_INTERNAL;
                out->step = -1;
                out->other_failure = 1;
                snprintf(out->reason, sizeof out->reason, "the run ended without a result");
            }
            size_t index = running[k].index;
            close(running[k].fd);
            running[k] = running[--*nrun];
            return index;
        }
        if (pid < 0)
            return (size_t)-1;
    }
}

/* Marks what a stop signal left: the files that were running, and those
 * never started. */
static void mark_stopped(suite_result *r, int started, int sig)
{
    if (!started) {
        memset(r, 0, sizeof *r);
        r->step = -1;
        r->code = TSR_EXIT_INTERNAL;
        snprintf(r->reason, sizeof r->reason, "not run: the suite was stopped by signal %d", sig);
    } else if (r->code == TSR_EXIT_OK) {
        return; /* it finished before the stop came */
    } else {
        snprintf(r->reason, sizeof r->reason, "interrupted: the suite was stopped by signal %d",
                 sig);
    }
    r->interrupted = started ? 1 : 2;
    r->other_failure = 1;
}

/* The result of index i's latest attempt: kept, or (a failure with
 * attempts left) queued again with the first failure remembered. */
static int settle_result(const suite_result *r, size_t i, long retries, suite_result *results,
                         size_t *queue, size_t *tail)
{
    suite_result *have = &results[i];
    int attempts = have->attempts + 1;
    if (r->code != TSR_EXIT_OK && attempts <= retries) {
        if (attempts == 1)
            *have = *r; /* the first failure, reported if a retry passes */
        else
            have->seconds += r->seconds;
        have->attempts = attempts;
        queue[(*tail)++] = i;
        return 0;
    }
    if (r->code == TSR_EXIT_OK && attempts > 1) {
        /* passed on a retry: flaky, with its first failure kept */
        have->flaky = 1;
        have->attempts = attempts;
        have->code = TSR_EXIT_OK;
        have->seconds += r->seconds;
        have->staged = r->staged;
        return 1;
    }
    double before = attempts > 1 ? have->seconds : 0;
    *have = *r;
    have->attempts = attempts;
    have->seconds += before;
    return 1;
}

int suite_run_all(const suite_file *files, size_t n, long jobs, long retries, const suite_options *o,
                 suite_result *results)
{
    child *running = calloc((size_t)jobs, sizeof *running);
    /* every index once, then each retry: at most n * (retries + 1) entries */
    size_t *queue = calloc(n * (size_t)(retries + 1) + 1, sizeof *queue);
    if (!running || !queue) {
        free(running);
        free(queue);
        return -1;
    }
    size_t head = 0, tail = 0, nrun = 0, done = 0;
    for (size_t i = 0; i < n; i++)
        queue[tail++] = i;
    int failed_to_start = 0, passed = 0;
    uint64_t kill_at = 0;
    fflush(NULL);
    while (done < n && !failed_to_start) {
        if (stop_signals_pending() && nrun == 0)
            break;
        if (head < tail && nrun < (size_t)jobs && !stop_signals_pending()) {
            size_t i = queue[head];
            int p[2];
            if (pipe(p) != 0) {
                failed_to_start = 1;
                break;
            }
            pid_t pid = fork();
            if (pid == 0) {
                close(p[0]);
                run_child(&files[i], i, o, p[1]);
            }
            close(p[1]);
            if (pid < 0) {
                close(p[0]);
                failed_to_start = 1;
                break;
            }
            running[nrun++] = (child){pid, p[0], i};
            head++;
            continue;
        }
        suite_result r;
        size_t i = reap(running, &nrun, &r, &passed, &kill_at);
        if (i == (size_t)-1)
            break;
        /* after a stop nothing is retried: the run ends */
        done += (size_t)settle_result(&r, i, stop_signals_pending() ? 0 : retries, results, queue,
                                      &tail);
        if (stop_signals_pending() && results[i].code != TSR_EXIT_OK)
            mark_stopped(&results[i], 1, stop_signals_pending());
    }
    while (nrun > 0) {
        suite_result r;
        size_t i = reap(running, &nrun, &r, &passed, &kill_at);
        if (i == (size_t)-1)
            break;
        settle_result(&r, i, 0, results, queue, &tail);
        if (stop_signals_pending() && results[i].code != TSR_EXIT_OK)
            mark_stopped(&results[i], 1, stop_signals_pending());
    }
    int sig = stop_signals_pending();
    if (sig) { /* what never started */
        for (size_t k = head; k < tail; k++)
            if (results[queue[k]].attempts == 0)
                mark_stopped(&results[queue[k]], 0, sig);
        free(running);
        free(queue);
        return 0;
    }
    free(running);
    free(queue);
    return done == n ? 0 : -1;
}
