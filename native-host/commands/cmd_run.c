/* `tessera run`: start a program, wait for each --expect text in order,
 * then (with --expect-exit, or when nothing is expected) for its exit,
 * else for the screen to settle (the frame that matched may be half
 * drawn); check --expect-not on the screen at that point; print the
 * screen. One --timeout covers the whole run. */
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
#include "waits.h"

/* A wait that failed: reported with the screen, its reason kept in why. */
static int wait_failed(session *s, int w, const char *what, char *why, size_t cap)
{
    char r[256];
    live_wait_reason(s, w, r, sizeof r);
    snprintf(why, cap, "%s: %s", what, r);
    return live_wait_failed(s, w, what);
}

/* check's failures also go into why (cap bytes), the artifact's reason. */
static int check(session *s, const run_args *a, uint64_t deadline, trace *tr, char *why,
                 size_t cap)
{
    char q[96], what[128];
    for (size_t i = 0; i < a->nexpects; i++) {
        const char *t = a->expects[i];
        tsr_quote(q, sizeof q, t, strlen(t), 0);
        trace_mark(tr, mono_now_ns(), "--expect %s start", q);
        int w = wait_for_text(s, t, strlen(t), deadline);
        trace_mark(tr, mono_now_ns(), "--expect %s end: %s", q, w == WAIT_OK ? "passed" : "failed");
        if (w != WAIT_OK) {
            snprintf(what, sizeof what, "waiting for %s", q);
            return wait_failed(s, w, what, why, cap);
        }
    }
    if (a->expect_exit_given || a->nexpects == 0) {
        int w = wait_exit(s, deadline);
        if (w != WAIT_OK)
            return wait_failed(s, w, "waiting for the program to exit", why, cap);
    } else {
        int code = live_settle_reason(s, &a->live, deadline, why, cap);
        if (code != TSR_EXIT_OK)
            return diag_screen(s->term, code, "%s", why);
    }
    for (size_t i = 0; i < a->nexpect_nots; i++) {
        const char *t = a->expect_nots[i];
        if (screen_contains(s->term, t, strlen(t))) {
            tsr_quote(q, sizeof q, t, strlen(t), 0);
            snprintf(why, cap, "--expect-not %s: it is on the screen", q);
            return diag_screen(s->term, TSR_EXIT_FAILED, "%s", why);
        }
    }
    if (a->expect_exit_given) {
        if (s->exit_signal)
            snprintf(why, cap, "--expect-exit %d: the program was ended by signal %d",
                     a->expect_exit, s->exit_signal);
        else if (s->exit_code != a->expect_exit)
            snprintf(why, cap, "--expect-exit %d: the program exited with %d", a->expect_exit,
                     s->exit_code);
        else
            return TSR_EXIT_OK;
        return diag_screen(s->term, TSR_EXIT_FAILED, "%s", why);
    }
    return TSR_EXIT_OK;
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
    char why[512] = "";
    code = live_start(&s, &a.live, a.argv, sink);
    if (code == TSR_EXIT_OK) {
        code = check(&s, &a, deadline, &tr, why, sizeof why);
        if (code != TSR_EXIT_OK)
            trace_mark(&tr, mono_now_ns(), "failed: %s", why);
        if ((code == TSR_EXIT_OK || code == TSR_EXIT_FAILED) && !a.live.quiet) {
            int out = output_screen(s.term, output_format_for(a.live.styled, 0));
            if (out != TSR_EXIT_OK)
                code = out;
        }
        code = live_close(&s, code);
        if (artifacts_wanted(code)) {
            artifact_info info = {a.live.artifacts, NULL, "run", why, NULL, 0};
            artifacts_write(&info, &tr, s.term);
        }
    }
    trace_free(&tr);
    session_free(&s);
    run_args_free(&a);
    return code;
}
