/* `tessera snapshot`: start a program, wait until its screen settles (it
 * has drawn, then no new revision for --settle, see waits.h) or it exits,
 * then print the exact grid (or the styled form), or compare it with a
 * golden file, or write one. The wait and the comparison are the trace's
 * steps (trace.h): a failure's artifacts open at the one that failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifacts.h"
#include "commands.h"
#include "exit_codes.h"
#include "output.h"
#include "golden.h"
#include "live.h"
#include "mono_clock.h"
#include "run_args.h"
#include "screen_diag.h"
#include "trace.h"

static int golden(const run_args *a, const tsr_term *term)
{
    tsr_buf buf = {0}, diff = {0};
    int rc = output_render(term, output_format_for(a->live.styled, 1), &buf);
    /* the file holds the screen as printed: with its final newline */
    char *text = rc == TSR_OK ? malloc(buf.len + 1) : NULL;
    if (text) {
        memcpy(text, buf.data, buf.len);
        text[buf.len] = '\n';
    }
    int code;
    if (!text)
        code = diag_screen(term, TSR_EXIT_INTERNAL, "rendering the screen: %s",
                           tsr_status_str(rc == TSR_OK ? TSR_ERR_NOMEM : rc));
    else if (a->update)
        /* the run happened: a file that cannot be written is tessera's failure */
        code = golden_write(a->golden, text, buf.len + 1) == GOLDEN_SAME ? TSR_EXIT_OK
                                                                         : TSR_EXIT_INTERNAL;
    else {
        int g = golden_compare(a->golden, text, buf.len + 1, &diff);
        if (g == GOLDEN_DIFFERENT)
            golden_print_diff(a->golden, &diff);
        code = g == GOLDEN_SAME        ? TSR_EXIT_OK
               : g == GOLDEN_DIFFERENT ? TSR_EXIT_FAILED
               : g == GOLDEN_IO        ? TSR_EXIT_USAGE
                                       : TSR_EXIT_INTERNAL;
    }
    free(text);
    tsr_buf_free(&buf);
    tsr_buf_free(&diff);
    return code;
}

/* The wait for a settled screen, then the golden comparison: steps 0 and 1.
 * The failed step's number goes to *failed, its end mark's moment
 * (trace_moment) to *moment. */
static int snapshot(session *s, const run_args *a, trace *tr, char *why, size_t cap, long *failed,
                    long *moment)
{
    trace_step_start(tr, mono_now_ns(), 0, "the screen settles");
    int code = live_settle_reason(s, &a->live, live_deadline(a->live.timeout_ns), why, cap);
    trace_step_end(tr, mono_now_ns(), 0, code != TSR_EXIT_OK, NULL, why);
    *moment = trace_moment(tr);
    if (code != TSR_EXIT_OK) {
        *failed = 0;
        return diag_screen(s->term, code, "%s", why);
    }
    if (!a->golden)
        return code;
    trace_step_start(tr, mono_now_ns(), 1, "%s %s", a->update ? "--update" : "--golden", a->golden);
    code = golden(a, s->term);
    snprintf(why, cap, "the screen differs from the golden file %s", a->golden);
    trace_step_end(tr, mono_now_ns(), 1, code != TSR_EXIT_OK, NULL,
                   code == TSR_EXIT_FAILED ? why : "the golden file could not be used");
    *moment = trace_moment(tr);
    if (code != TSR_EXIT_OK)
        *failed = 1;
    return code;
}

int cmd_snapshot(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_SNAPSHOT, &SNAPSHOT_COMMAND, argc, argv, &a, &code))
        return code;
    session s;
    trace tr;
    trace_begin(&tr, a.live.term.rows, a.live.term.cols, mono_now_ns(), 0);
    frame_sink sink = {&tr, trace_frame};
    char why[600] = "";
    code = live_start(&s, &a.live, a.argv, sink);
    if (code == TSR_EXIT_OK) {
        trace_watch(&tr, s.term);
        long failed = -1, moment = -1;
        code = snapshot(&s, &a, &tr, why, sizeof why, &failed, &moment);
        if (code == TSR_EXIT_OK && !a.live.quiet && !a.update)
            code = output_screen(s.term, output_format_for(a.live.styled, 1));
        code = live_close(&s, code);
        if (artifacts_wanted(code)) {
            size_t len = 0;
            char *expected = a.golden && failed == 1 ? golden_read(a.golden, &len) : NULL;
            char expectation[600];
            snprintf(expectation, sizeof expectation, "the screen matches %s",
                     a.golden ? a.golden : "");
            artifact_info info = {a.live.artifacts, NULL, "snapshot", NULL, why,
                                  failed == 1 ? expectation : NULL, expected, len, -1, -1,
                                  a.live.term};
            trace_failure_at(&tr, failed, failed < 0 ? trace_moment(&tr) : moment, &info.step,
                             &info.event);
            artifacts_write(&info, tr.bytes.data, tr.bytes.len, NULL);
            free(expected);
        }
    }
    trace_free(&tr);
    session_free(&s);
    run_args_free(&a);
    return code;
}
