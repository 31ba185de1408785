/* The event loop. Every read of the PTY master is exactly one OUTPUT frame
 * (never merged, never split) applied to the core with its monotonic time;
 * the replies the core owes (CPR, DA, ...) are written back at once,
 * because programs block on them. */
#define _POSIX_C_SOURCE 200809L
#include "session.h"

#include "input_ready.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mono_clock.h"
#include "proc_scan.h"
#include "pty.h"
#include "stop_signals.h"

/* How long one poll may block while the program's status is still
 * unknown: exits are noticed by waitpid, not by a signal handler. */
#define CHILD_CHECK_NS 5000000u

static int fail(session *s, const char *what, int status)
{
    snprintf(s->error, sizeof s->error, "%s: %s", what, tsr_status_str(status));
    return -1;
}

/* Applies a frame and tells the sink. */
static int deliver(session *s, const tsr_frame *f)
{
    int rc = tsr_term_apply_frame(s->term, f, NULL);
    if (rc != TSR_OK)
        return fail(s, "applying a frame", rc);
    if (s->sink.frame && s->sink.frame(s->sink.ctx, f) != 0) {
        if (!s->error[0])
            snprintf(s->error, sizeof s->error, "writing a frame failed");
        return -1;
    }
    return 0;
}

/* Writes all of buf to the master; replies are small, so this only loops
 * when the program is not reading. No INPUT frame: replies follow from the
 * output and a replay makes them again. */
static int write_all(session *s, const uint8_t *buf, size_t len, int pump_between);

static int send_replies(session *s)
{
    if (tsr_term_pending_replies(s->term) == 0 || s->master < 0)
        return 0;
    tsr_buf replies = {0};
    int rc = tsr_term_take_replies(s->term, &replies);
    if (rc != TSR_OK) {
        tsr_buf_free(&replies);
        return fail(s, "taking replies", rc);
    }
    int r = write_all(s, (const uint8_t *)replies.data, replies.len, 0);
    tsr_buf_free(&replies);
    return r;
}

static int emit_exit(session *s)
{
    int st = s->reaper.root_status;
    tsr_frame f = {0};
    f.type = TSR_FRAME_EXIT;
    f.time_ns = mono_now_ns();
    f.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    f.exit_signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    s->exited = 1;
    s->exit_code = f.exit_code;
    s->exit_signal = f.exit_signal;
    return deliver(s, &f);
}

/* The program changed the screen's size itself (DECCOLM): the PTY follows,
 * so it reads the width it set, and gets SIGWINCH, as from a terminal that
 * obeys. The frames need nothing more: the same bytes resize any core. */
static int follow_size(session *s, int rows, int cols)
{
    int now_rows = tsr_term_rows(s->term), now_cols = tsr_term_cols(s->term);
    if ((now_rows == rows && now_cols == cols) || s->master < 0)
        return 0;
    if (pty_resize(s->master, now_rows, now_cols) != 0) {
        snprintf(s->error, sizeof s->error, "resizing the pty to %dx%d: %s", now_rows, now_cols, strerror(errno));
        return -1;
    }
    return 0;
}

/* One read: one frame. */
static int read_once(session *s)
{
    ssize_t n = read(s->master, s->readbuf, SESSION_READ_BYTES);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return 0;
    if (n <= 0) { /* EOF, or EIO once every slave descriptor is closed */
        s->eof = 1;
        return 0;
    }
    tsr_frame f = {0};
    f.type = TSR_FRAME_OUTPUT;
    f.time_ns = mono_now_ns();
    f.data = s->readbuf;
    f.len = (size_t)n;
    if (!s->first_output_ns)
        s->first_output_ns = f.time_ns;
    s->outputs++;
    s->output_bytes += (uint64_t)n;
    if (s->max_output_bytes && s->output_bytes > s->max_output_bytes) {
        snprintf(s->error, sizeof s->error, "the program wrote more than %llu bytes",
                 (unsigned long long)s->max_output_bytes);
        s->output_overflow = 1;
        return -1;
    }
    int rows = tsr_term_rows(s->term), cols = tsr_term_cols(s->term);
    if (deliver(s, &f) != 0 || follow_size(s, rows, cols) != 0)
        return -1;
    return send_replies(s);
}

/* The EXIT frame goes out once the program is reaped and its output is
 * drained (EOF), or the drain deadline passed (a background child may hold
 * the terminal open forever). */
static int check_exit(session *s)
{
    if (s->exited)
        return 0;
    if (!s->reaper.root_reaped) {
        reaper_collect(&s->reaper);
        if (s->reaper.root_reaped)
            s->reaped_ns = mono_now_ns();
    }
    if (s->reaper.root_reaped && (s->eof || mono_now_ns() - s->reaped_ns >= s->drain_ns))
        return emit_exit(s);
    return 0;
}

int session_pump(session *s, uint64_t timeout_ns)
{
    int stop = stop_signals_pending();
    if (stop) {
        snprintf(s->error, sizeof s->error, "tessera received signal %d (%s): ending the program",
                 stop, stop == SIGINT ? "SIGINT" : stop == SIGTERM ? "SIGTERM" : "SIGHUP");
        return -1;
    }
    if (check_exit(s) != 0)
        return -1;
    if (s->exited || s->master < 0)
        return 0;
    if (!s->reaper.root_reaped || !s->eof) {
        if (timeout_ns > CHILD_CHECK_NS)
            timeout_ns = CHILD_CHECK_NS;
    }
    int ms = (int)((timeout_ns + 999999u) / 1000000u);
    if (s->eof) {
        /* nothing to read: only the exit is awaited */
        struct pollfd none;
        poll(&none, 0, ms);
        return check_exit(s);
    }
    struct pollfd p = {s->master, POLLIN, 0};
    int r = poll(&p, 1, ms);
    if (r < 0 && errno != EINTR) {
        snprintf(s->error, sizeof s->error, "poll failed: %s", strerror(errno));
        return -1;
    }
    if (r > 0 && read_once(s) != 0)
        return -1;
    return check_exit(s);
}

static int write_all(session *s, const uint8_t *buf, size_t len, int pump_between)
{
    uint64_t deadline = s->write_timeout_ns ? mono_now_ns() + s->write_timeout_ns : 0;
    s->write_timed_out = 0;
    while (len > 0) {
        if (s->master < 0 || s->eof) {
            snprintf(s->error, sizeof s->error, "the program has closed its terminal");
            return -1;
        }
        ssize_t n = write(s->master, buf, len);
        if (n > 0) {
            buf += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN) {
            snprintf(s->error, sizeof s->error, "writing to the program: %s", strerror(errno));
            return -1;
        }
        if (deadline && mono_now_ns() >= deadline) {
            snprintf(s->error, sizeof s->error,
                     "the program did not read its input: %zu bytes still unwritten at the deadline",
                     len);
            s->write_timed_out = 1;
            return -1;
        }
        /* Full: the program may be blocked writing to us, so read too. */
        if (pump_between) {
            if (session_pump(s, 10000000u) != 0)
                return -1;
        } else {
            struct pollfd p = {s->master, POLLOUT, 0};
            poll(&p, 1, 10);
        }
    }
    return 0;
}

int session_write(session *s, const void *bytes, size_t len)
{
    if (s->exited || s->master < 0) {
        snprintf(s->error, sizeof s->error, "the program has exited");
        return -1;
    }
    tsr_frame f = {0};
    f.type = TSR_FRAME_INPUT;
    f.time_ns = mono_now_ns();
    f.data = bytes;
    f.len = len;
    s->last_poke_ns = f.time_ns;
    if (deliver(s, &f) != 0)
        return -1;
    s->pokes++;
    int rc = write_all(s, bytes, len, 1);
    if (rc == 0)
        s->input_bytes += len;
    /* a large write may take long: the settle window starts when it ends */
    s->last_poke_ns = mono_now_ns();
    return rc;
}

int session_resize(session *s, int rows, int cols)
{
    tsr_frame f = {0};
    f.type = TSR_FRAME_RESIZE;
    f.time_ns = mono_now_ns();
    f.rows = rows;
    f.cols = cols;
    s->last_poke_ns = f.time_ns;
    s->pokes++;
    if (deliver(s, &f) != 0)
        return -1;
    if (s->master >= 0 && pty_resize(s->master, rows, cols) != 0) {
        snprintf(s->error, sizeof s->error, "resizing the pty: %s", strerror(errno));
        return -1;
    }
    return 0;
}

int session_open(session *s, const spawn_spec *spec, const tsr_options *opts, frame_sink sink)
{
    memset(s, 0, sizeof *s);
    s->master = -1;
    s->mark_reads = INPUT_READS_UNKNOWN; /* nothing seen yet: an early input counts as in flight */
    s->reaper.group.dir = -1;
    s->sink = sink;
    s->drain_ns = 250000000u;
    s->grace_ns = 500000000u;
    s->closed = 1; /* nothing to close until the program runs */
    /* A write to a program that has gone must be an error, not a signal. */
    signal(SIGPIPE, SIG_IGN);
    /* Orphans the program leaves (daemonised grandchildren) are reparented
     * to us, so close can still find and end them. */
    proc_become_subreaper();
    stop_signals_install();
    s->readbuf = malloc(SESSION_READ_BYTES);
    int rc = s->readbuf ? tsr_term_new(opts, &s->term) : TSR_ERR_NOMEM;
    if (rc != TSR_OK) {
        snprintf(s->error, sizeof s->error, "creating the terminal: %s", tsr_status_str(rc));
        return SPAWN_INTERNAL;
    }
    /* Its own cgroup when one can be made: close then ends everything the
     * program started, however it forks (reaper.h). */
    cgroup_create(&s->reaper.group);
    spawn_spec placed = *spec;
    placed.group = s->reaper.group.dir >= 0 ? &s->reaper.group : NULL;
    spawn_result res;
    rc = spawn_start(&placed, &res, s->error, sizeof s->error);
    if (rc != SPAWN_OK || !res.in_group)
        cgroup_destroy(&s->reaper.group);
    if (rc != SPAWN_OK)
        return rc;
    s->master = res.master;
    s->reaper.root = res.pid;
    s->closed = 0;
    return SPAWN_OK;
}

int session_close(session *s)
{
    /* root 0 is a session that never started: kill(0) would hit us */
    if (s->closed || s->reaper.root <= 0) {
        s->closed = 1;
        return 0;
    }
    s->closed = 1;
    int left = reaper_end_all(&s->reaper, s->grace_ns);
    if (left == 0)
        cgroup_destroy(&s->reaper.group);
    temp_home_remove(&s->home); /* only once the program is gone */
    /* Whatever the program wrote before it died is still worth a frame. */
    while (s->master >= 0 && !s->eof && !s->exited) {
        struct pollfd p = {s->master, POLLIN, 0};
        if (poll(&p, 1, 0) <= 0 || read_once(s) != 0)
            break;
    }
    if (!s->exited && s->reaper.root_reaped)
        emit_exit(s);
    if (s->master >= 0)
        close(s->master);
    s->master = -1;
    return left;
}

void session_free(session *s)
{
    session_close(s);
    temp_home_remove(&s->home);
    cgroup_destroy(&s->reaper.group);
    if (s->term)
        tsr_term_free(s->term);
    s->term = NULL;
    tsr_buf_free(&s->scratch);
    free(s->readbuf);
    s->readbuf = NULL;
}
