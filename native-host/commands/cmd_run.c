/* `tessera run`: start a program, wait for each --expect text in order,
 * then (with --expect-exit, or when nothing is expected) for its exit,
 * else for the screen to settle (the frame that matched may be half
 * drawn); check --expect-not on the screen at that point; print the
 * screen. One --timeout covers the whole run. Each check is a step of the
 * trace (trace.h), so a failure's artifacts open at the check that failed. */
#include <stdio.h>
#include <string.h>

#include "artifacts.h"
#include "commands.h"
#include "exit_codes.h"
#include "output.h"
#include "live.h"
#include "mono_clock.h"
#include "tessera/text.h"
#include "run_args.h"
#include "screen_diag.h"
#include "trace.h"
#include "waits.h"

/* The run's checks, each a step of the trace; the first that fails is kept. */
typedef struct run_check {
    session *s;
    trace *tr;
    long step;       /* the next step's number */
    long failed;     /* the failed step, -1: none */
    long moment;     /* its end mark's (trace_moment) */
    char why[512];   /* its reason */
    char running[160];     /* the running step's description */
    char expectation[160]; /* the failed step's */
} run_check;

static void begin(run_check *c, const char *what)
{
    snprintf(c->running, sizeof c->running, "%s", what);
    trace_step_start(c->tr, mono_now_ns(), c->step, "%s", what);
}

/* Ends the running step: code 0 passed, else failed with why (printed with
 * the screen, as every failure of the CLI is). Returns code. */
static int end(run_check *c, int code)
{
    int failed = code != TSR_EXIT_OK;
    trace_step_end(c->tr, mono_now_ns(), c->step, failed, NULL, failed ? c->why : NULL);
    if (failed) {
        c->failed = c->step;
        c->moment = trace_moment(c->tr);
        snprintf(c->expectation, sizeof c->expectation, "%s", c->running);
        diag_screen(c->s->term, code, "%s", c->why);
    }
    c->step++;
    return code;
}

/* A wait's result as a step's end: why says what failed. */
static int waited(run_check *c, int w, const char *what)
{
    if (w == WAIT_OK)
        return end(c, TSR_EXIT_OK);
    char r[256];
    int code = live_wait_reason(c->s, w, r, sizeof r);
    snprintf(c->why, sizeof c->why, "%s: %s", what, r);
    return end(c, code);
}

static int check(run_check *c, const run_args *a, uint64_t deadline)
{
    session *s = c->s;
    char q[96], what[128];
    for (size_t i = 0; i < a->nexpects; i++) {
        const char *t = a->expects[i];
        tsr_quote(q, sizeof q, t, strlen(t), 0);
        snprintf(what, sizeof what, "--expect %s", q);
        begin(c, what);
        snprintf(what, sizeof what, "waiting for %s", q);
        int code = waited(c, wait_for_text(s, t, strlen(t), deadline), what);
        if (code != TSR_EXIT_OK)
            return code;
    }
    if (a->expect_exit_given || a->nexpects == 0) {
        begin(c, "the program's exit");
        int code = waited(c, wait_exit(s, deadline), "waiting for the program to exit");
        if (code != TSR_EXIT_OK)
            return code;
    } else {
        begin(c, "the screen settles");
        int code = live_settle_reason(s, &a->live, deadline, c->why, sizeof c->why);
        if (end(c, code) != TSR_EXIT_OK)
            return code;
    }
    for (size_t i = 0; i < a->nexpect_nots; i++) {
        const char *t = a->expect_nots[i];
        tsr_quote(q, sizeof q, t, strlen(t), 0);
        snprintf(what, sizeof what, "--expect-not %s", q);
        begin(c, what);
        int on = screen_contains(s->term, t, strlen(t));
        if (on)
            snprintf(c->why, sizeof c->why, "--expect-not %s: it is on the screen", q);
        if (end(c, on ? TSR_EXIT_FAILED : TSR_EXIT_OK) != TSR_EXIT_OK)
            return TSR_EXIT_FAILED;
    }
    if (!a->expect_exit_given)
        return TSR_EXIT_OK;
    snprintf(what, sizeof what, "--expect-exit %d", a->expect_exit);
    begin(c, what);
    int bad = s->exit_signal || s->exit_code != a->expect_exit;
    if (s->exit_signal)
        snprintf(c->why, sizeof c->why, "%s: the program was ended by signal %d", what,
                 s->exit_signal);
    else if (bad)
        snprintf(c->why, sizeof c->why, "%s: the program exited with %d", what, s->exit_code);
    return end(c, bad ? TSR_EXIT_FAILED : TSR_EXIT_OK);
}

int cmd_run(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_RUN, &RUN_COMMAND, argc, argv, &a, &code))
        return code;
    uint64_t deadline = live_deadline(a.live.timeout_ns);
    session s;
    trace tr;
    trace_begin(&tr, a.live.term.rows, a.live.term.cols, mono_now_ns(), 0);
    frame_sink sink = {&tr, trace_frame};
    code = live_start(&s, &a.live, a.argv, sink);
    if (code == TSR_EXIT_OK) {
        trace_watch(&tr, s.term);
        run_check c = {&s, &tr, 0, -1, -1, "", "", ""};
        code = check(&c, &a, deadline);
        if ((code == TSR_EXIT_OK || code == TSR_EXIT_FAILED) && !a.live.quiet) {
            int out = output_screen(s.term, output_format_for(a.live.styled, 0));
            if (out != TSR_EXIT_OK)
                code = out;
        }
        code = live_close(&s, code);
        if (artifacts_wanted(code)) {
            artifact_info info = {a.live.artifacts, NULL, "run", NULL, c.why,
                                  c.expectation[0] ? c.expectation : NULL, NULL, 0,
                                  -1, -1, a.live.term};
            trace_failure_at(&tr, c.failed, c.failed < 0 ? trace_moment(&tr) : c.moment,
                             &info.step, &info.event);
            artifacts_write(&info, tr.bytes.data, tr.bytes.len, NULL);
        }
    }
    trace_free(&tr);
    session_free(&s);
    run_args_free(&a);
    return code;
}
