/* Running a suite's files: each in a child process (so one file's crash or
 * leak cannot touch another), --jobs at a time, a failed file again up to
 * --retries times. A child writes its result as one fixed-size record on a
 * pipe; the parent never blocks on a child's output. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exit_codes.h"
#include "test_suite.h"

typedef struct child {
    pid_t pid;
    int fd;
    size_t index;
} child;

/* In the child: stdout to nowhere, stderr to the stage folder. */
static void run_child(const test_file *f, size_t i, const test_options *o, int fd)
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
    test_result r;
    test_run_file(f, i, o, &r);
    fflush(stderr);
    ssize_t n = write(fd, &r, sizeof r);
    _exit(n == (ssize_t)sizeof r ? 0 : 1);
}

/* One finished child's result (a child that died says so); its index. */
static size_t reap(child *running, size_t *nrun, test_result *out)
{
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, 0);
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

/* The result of index i's latest attempt: kept, or (a failure with
 * attempts left) queued again with the first failure remembered. */
static int settle_result(const test_result *r, size_t i, long retries, test_result *results,
                         size_t *queue, size_t *tail)
{
    test_result *have = &results[i];
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

int test_run_all(const test_file *files, size_t n, long jobs, long retries, const test_options *o,
                 test_result *results)
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
    int failed_to_start = 0;
    fflush(NULL);
    while (done < n && !failed_to_start) {
        if (head < tail && nrun < (size_t)jobs) {
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
        test_result r;
        size_t i = reap(running, &nrun, &r);
        if (i == (size_t)-1)
            break;
        done += (size_t)settle_result(&r, i, retries, results, queue, &tail);
    }
    while (nrun > 0) {
        test_result r;
        size_t i = reap(running, &nrun, &r);
        if (i == (size_t)-1)
            break;
        settle_result(&r, i, 0, results, queue, &tail);
    }
    free(running);
    free(queue);
    return done == n ? 0 : -1;
}
