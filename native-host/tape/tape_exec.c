/* The helpers every kind of step fails through (tape_exec.h). */
#define _POSIX_C_SOURCE 200809L
#include "tape_exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "mono_clock.h"
#include "screen_diag.h"
#include "steps.h"
#include "tessera/text.h"

int exec_shows_details(const tape_exec *x)
{
    return !x->args->private_trace || x->args->report_details;
}

/* A path a tape names (snapshot FILE, cwd DIR) is relative to the tape's
 * folder, so a tape runs the same from anywhere. */
char *exec_beside_tape(const char *tape_path, const char *name)
{
    const char *slash = strrchr(tape_path, '/');
    size_t dir = name[0] == '/' || !slash ? 0 : (size_t)(slash - tape_path) + 1;
    size_t n = strlen(name);
    char *out = malloc(dir + n + 1);
    if (out) {
        memcpy(out, tape_path, dir);
        memcpy(out + dir, name, n + 1);
    }
    return out;
}

/* "FILE:LINE: <op> <detail>", the prefix every step failure gets. */
void exec_where(tape_exec *x, const tape_step *st, char *out, size_t cap)
{
    char q[96] = "";
    if (st->str)
        tsr_quote(q, sizeof q, st->str, st->len, 0);
    snprintf(out, cap, "%s:%ld: %s%s%s", x->path, st->line, step_name(st->op, x->spec), q[0] ? " " : "", q);
}

int exec_fail(tape_exec *x, const tape_step *st, int code, const char *w, const char *fmt, ...)
{
    char why[280];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (!x->why[0] && x->fail_step < 0 && x->fail_event < 0 && !st)
        x->fail_event = trace_moment(&x->trace); /* not a step's failure: its moment is now */
    if (!x->why[0] && exec_shows_details(x))
        snprintf(x->why, sizeof x->why, "%s%s%s", w ? w : "", w ? ": " : "", why);
    else if (!x->why[0])
        snprintf(x->why, sizeof x->why, "%s", why);
    if (!x->step_failed)
        snprintf(x->step_why, sizeof x->step_why, "%s", why);
    x->step_failed = 1;
    if (!x->out)
        return w ? diag_screen(x->s.term, code, "%s: %s", w, why)
                 : diag_screen(x->s.term, code, "%s", why);
    if (x->s.output_overflow && code == TSR_EXIT_INTERNAL)
        code = TSR_EXIT_FAILED; /* max_output_bytes: the program's failure, not ours */
    tape_outcome *o = x->out;
    o->code = code;
    o->other_failure = 1;
    if (o->reason[0])
        return code; /* the first failure is the one reported */
    o->deadline = code == TSR_EXIT_TIMEOUT || strstr(why, "deadline") != NULL;
    if (st) {
        o->step = (long)(st - x->first);
        o->op = st->op;
        o->line = st->line;
        o->column = st->column;
    }
    int whole_run = x->run_deadline && mono_now_ns() >= x->run_deadline;
    snprintf(o->reason, sizeof o->reason, "%s%s", why,
             whole_run && o->deadline ? " (run_timeout_ms reached)" : "");
    return code;
}

int exec_input_failed(tape_exec *x, const tape_step *st, const char *why)
{
    char w[256];
    exec_where(x, st, w, sizeof w);
    return exec_fail(x, st, x->s.write_timed_out ? TSR_EXIT_TIMEOUT : TSR_EXIT_FAILED, w, "%s", why);
}

/* A wait of step st that did not succeed, as live_wait_failed says it. */
int exec_wait_failed(tape_exec *x, const tape_step *st, int status, const char *w)
{
    char why[320];
    int code = live_wait_reason(&x->s, status, why, sizeof why);
    return exec_fail(x, st, code, w, "%s", why);
}

/* An absolute deadline span from now, never past the whole run's. */
uint64_t exec_bounded(const tape_exec *x, uint64_t span)
{
    uint64_t d = live_deadline(span);
    return x->run_deadline && x->run_deadline < d ? x->run_deadline : d;
}

/* A step's own deadline, or the global --timeout from now. */
uint64_t exec_step_deadline(const tape_exec *x, const tape_step *st)
{
    return exec_bounded(x, st->dur[0] ? st->dur[0] : x->args->timeout_ns);
}
