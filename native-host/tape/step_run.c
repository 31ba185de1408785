/* One function per kind of step; a failure names FILE:LINE, the step, and
 * shows the screen (or, run quietly, is recorded for a report without the
 * step's text). Steps never sleep to synchronise: waits pump the session
 * until their condition or deadline. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>

#include "terminal_safe.h"
#include "exit_codes.h"
#include "mono_clock.h"
#include "output.h"
#include "screen_diag.h"
#include "session_input.h"
#include "snapshot_text.h"
#include "steps.h"
#include "tape_exec.h"
#include "tessera/input.h"
#include "tessera/text.h"
#include "waits.h"

static int write_snapshot(tape_exec *x, const tape_step *st)
{
    /* the same screen `tessera snapshot` would take: drawn and settled */
    char w[256], why[512];
    exec_where(x, st, w, sizeof w);
    int settled = live_settle_reason(&x->s, x->args, exec_bounded(x, x->args->timeout_ns), why,
                                     sizeof why);
    if (settled != TSR_EXIT_OK)
        return exec_fail(x, st, settled, w, "%s", why);
    if (!st->str)
        return x->args->quiet ? TSR_EXIT_OK : output_screen(x->s.term, output_format_for(x->args->styled, 1));
    tsr_buf buf = {0};
    int rc = output_render(x->s.term, output_format_for(x->args->styled, 1), &buf);
    int code = TSR_EXIT_OK;
    if (rc != TSR_OK)
        code = diag_core("rendering the screen", rc);
    else {
        /* the file gets the screen exactly as stdout would: a final newline */
        char *file = exec_beside_tape(x->path, st->str);
        FILE *f = file ? fopen(file, "wb") : NULL;
        free(file);
        int ok = f && fwrite(buf.data, 1, buf.len, f) == buf.len && fputc('\n', f) != EOF;
        if (f && fclose(f) != 0)
            ok = 0;
        if (!ok)
            code = diag_internal("%s: cannot write the file", w);
    }
    tsr_buf_free(&buf);
    return code;
}

/* A spec's snapshot: the screen as it is once quiet (a program that never
 * goes quiet is taken at the deadline: the spec's expect was its evidence),
 * normalised, handed to the caller's hook. */
static int check_snapshot(tape_exec *x, const tape_step *st)
{
    int r = wait_settled(&x->s, x->args->settle_ns, exec_bounded(x, x->args->timeout_ns));
    if (r == WAIT_ERROR)
        return exec_wait_failed(x, st, r, NULL);
    if (!x->hooks || !x->hooks->snapshot)
        return exec_fail(x, st, TSR_EXIT_INTERNAL, NULL, "snapshots are not compared here");
    tsr_buf buf = {0};
    int rc = st->styled ? tsr_render_styled(x->s.term, &buf) : tsr_render_text(x->s.term, &buf);
    if (rc == TSR_OK)
        rc = tsr_buf_reserve(&buf, 1);
    if (rc != TSR_OK) {
        tsr_buf_free(&buf);
        return exec_fail(x, st, TSR_EXIT_INTERNAL, NULL, "rendering the screen: %s", tsr_status_str(rc));
    }
    size_t len = buf.len;
    snapshot_normalise((char *)buf.data, &len);
    char why[256] = "";
    tsr_buf diff = {0}, expected = {0};
    int code = x->hooks->snapshot(x->hooks->ctx, st, (const char *)buf.data, len, why, sizeof why,
                                  &diff, &expected);
    tsr_buf_free(&buf);
    if (code == TSR_EXIT_FAILED && x->fail_step < 0 && !x->expectation.len) {
        /* the first failure's evidence: taken over, freed with the run */
        x->expectation = diff;
        x->expected = expected;
    } else {
        tsr_buf_free(&diff);
        tsr_buf_free(&expected);
    }
    if (code == TSR_EXIT_OK)
        return code;
    if (code == TSR_EXIT_FAILED && x->out) {
        int other = x->out->other_failure;
        x->out->snapshot_failures++;
        exec_fail(x, st, TSR_EXIT_FAILED, NULL, "%s", why);
        x->out->other_failure = other; /* a snapshot's failure is not another failure */
        return TSR_EXIT_OK; /* the run goes on: every snapshot is compared */
    }
    return exec_fail(x, st, code, NULL, "%s", why);
}

/* The terminal's end-of-file character (VEOF, normally Ctrl-D). */
static int send_exit(tape_exec *x, char *why, size_t cap)
{
    struct termios tio;
    char eof = 4;
    if (x->s.master >= 0 && tcgetattr(x->s.master, &tio) == 0 && tio.c_cc[VEOF] != 0)
        eof = (char)tio.c_cc[VEOF];
    if (session_write(&x->s, &eof, 1) != 0) {
        snprintf(why, cap, "%s", x->s.error);
        return -1;
    }
    return 0;
}

/* Keeps reading output while time passes, so the program never blocks. */
static int sleep_pumping(tape_exec *x, uint64_t span)
{
    uint64_t until = mono_now_ns() + span;
    for (uint64_t now; (now = mono_now_ns()) < until;) {
        if (x->s.exited || x->s.master < 0) {
            struct timespec ts = {(time_t)((until - now) / 1000000000u),
                                  (long)((until - now) % 1000000000u)};
            nanosleep(&ts, NULL);
            break;
        }
        if (session_pump(&x->s, until - now) != 0)
            return -1;
    }
    return 0;
}

static int expect_exit(tape_exec *x, const tape_step *st)
{
    char w[256], wn[280];
    exec_where(x, st, w, sizeof w);
    int r = wait_exit(&x->s, exec_bounded(x, x->args->timeout_ns));
    if (r != WAIT_OK)
        return exec_wait_failed(x, st, r, w);
    snprintf(wn, sizeof wn, "%s %d", w, st->num[0]);
    if (x->s.exit_signal)
        return exec_fail(x, st, TSR_EXIT_FAILED, wn, "the program was ended by signal %d",
                    x->s.exit_signal);
    if (x->s.exit_code != st->num[0])
        return exec_fail(x, st, TSR_EXIT_FAILED, wn, "the program exited with %d", x->s.exit_code);
    return TSR_EXIT_OK;
}

/* Until the program waits for input (waits.h); says once when /proc
 * cannot tell and only the settled screen was waited for. */
static int ready(tape_exec *x, const tape_step *st)
{
    char why[160], w[256], what[448];
    int fallback = 0;
    int r = wait_input_ready(&x->s, x->args->settle_ns, exec_step_deadline(x, st), &fallback, why,
                             sizeof why);
    exec_where(x, st, w, sizeof w);
    if (r == WAIT_OK && fallback && !x->said_fallback && !x->out) {
        x->said_fallback = 1;
        safe_fprintf(stderr, "%s: %s: waited for the screen to settle only\n", w, why);
    }
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    snprintf(what, sizeof what, "%s (%s)", w, why);
    return exec_wait_failed(x, st, r, what);
}

/* What an expect, expect-not or wait looks for (screen_query.h); a pattern
 * compiled into p (the parser checked it compiles). */
static int query_of(const tape_step *st, pattern *p, screen_query *q, char *why, size_t cap)
{
    memset(q, 0, sizeof *q);
    memset(p, 0, sizeof *p); /* freed by the caller either way */
    q->style = &st->style;
    if (!st->regex) {
        q->text = st->str;
        q->len = st->len;
        return 0;
    }
    if (pattern_compile(p, st->str, st->len, why, cap) != 0)
        return -1;
    q->re = p;
    return 0;
}

/* Why an expectation with a look failed: the text is there, not so. */
static void look_note(const tape_exec *x, const tape_step *st, const screen_query *q, char *out,
                      size_t cap)
{
    out[0] = '\0';
    if (style_want_any(&st->style) || st->op != TAPE_EXPECT)
        return;
    screen_query bare = *q;
    bare.style = NULL;
    size_t n = 0;
    if (screen_query_find(x->s.term, &bare, NULL, 0, &n) == TSR_OK && n > 0) {
        char look[160];
        style_want_describe(&st->style, look, sizeof look);
        snprintf(out, cap, "it is on the screen, but not as %s", look);
    }
}

static int expect(tape_exec *x, const tape_step *st)
{
    /* Auto-waiting, as an assertion should be: the text may still be on its
     * way (or on its way out) after the last keystroke. Up to the global
     * --timeout; failing is an expectation failure (exit 1). */
    session *s = &x->s;
    char w[256], why[200], note[200];
    pattern p;
    screen_query q;
    if (query_of(st, &p, &q, why, sizeof why) != 0)
        return exec_fail(x, st, TSR_EXIT_USAGE, NULL, "%s", why);
    int present = st->op == TAPE_EXPECT;
    int r = wait_query_state(s, &q, present, exec_step_deadline(x, st));
    look_note(x, st, &q, note, sizeof note);
    pattern_free(&p);
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    if (r == WAIT_ERROR)
        return exec_fail(x, st, TSR_EXIT_INTERNAL, NULL, "%s", s->error);
    exec_where(x, st, w, sizeof w);
    return exec_fail(x, st, TSR_EXIT_FAILED, w, "%s%s",
                     note[0]   ? note
                     : present ? "it is not on the screen"
                               : "it is still on the screen",
                     r == WAIT_EXITED ? " (the program exited)"
                     : st->dur[0]     ? " (its deadline reached)"
                     : x->out         ? " (deadline reached)"
                                      : " (--timeout reached)");
}

static int wait_step(tape_exec *x, const tape_step *st)
{
    char w[256], why[200];
    pattern p;
    screen_query q;
    if (query_of(st, &p, &q, why, sizeof why) != 0)
        return exec_fail(x, st, TSR_EXIT_USAGE, NULL, "%s", why);
    int r = wait_query_state(&x->s, &q, 1, exec_bounded(x, st->dur[0]));
    pattern_free(&p);
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    exec_where(x, st, w, sizeof w);
    return exec_wait_failed(x, st, r, w);
}

/* Before an input or a resize: up to its readiness budget (the step's, the
 * run's, or a second) for the program to read its terminal, as `ready`
 * waits, then it acts whatever the answer, and detail says how that went.
 * Text on the screen does not mean a program is reading: bc evaluates a
 * line after echoing it, less loses a resize between its prompt and its read. */
static void wait_until_reading(tape_exec *x, const tape_step *st, char *detail, size_t cap)
{
    if (!(STEPS[st->op].flags & STEP_INPUT) && st->op != TAPE_RESIZE)
        return;
    if (st->now) {
        snprintf(detail, cap, "sent at once (--now)");
        return;
    }
    uint64_t budget = st->ready_ns ? st->ready_ns : x->ready_budget_ns;
    uint64_t start = mono_now_ns(), step_end = exec_step_deadline(x, st);
    uint64_t deadline = start + budget < step_end ? start + budget : step_end;
    char why[160];
    int fallback = 0;
    int r = wait_reading(&x->s, deadline, &fallback, why, sizeof why);
    unsigned long long ms = (unsigned long long)(budget / 1000000u);
    if (r == WAIT_TIMEOUT)
        snprintf(detail, cap, "not reading after %llums (%s): sent anyway", ms, why);
    else if (r == WAIT_OK && fallback)
        snprintf(detail, cap, "readiness unknown (%s): waited for the screen to settle", why);
}

/* Where a place step acts: its cell, or the middle of its text's one match
 * (waited for, as any expectation: it may still be on its way). Returns 0,
 * or an exit code after failing the step. */
static int place_of(tape_exec *x, const tape_step *st, int *row, int *col)
{
    if (!st->at_text) {
        *row = st->num[0];
        *col = st->num[1];
        return 0;
    }
    char w[256];
    screen_query q = {st->str, st->len, NULL, NULL};
    tsr_match m;
    size_t count = 0;
    int r = wait_query_one(&x->s, &q, exec_step_deadline(x, st), &m, &count);
    exec_where(x, st, w, sizeof w);
    if (r != WAIT_OK)
        return exec_wait_failed(x, st, r, w);
    if (count > 1)
        return exec_fail(x, st, TSR_EXIT_FAILED, w,
                         "%zu matches on the screen: a place needs exactly one (give ROW COL)", count);
    *row = m.row;
    *col = m.col + (m.cells - 1) / 2;
    return 0;
}

/* click, double-click and wheel at their place. */
static int mouse_step(tape_exec *x, const tape_step *st, char *why, size_t cap)
{
    int row = 0, col = 0;
    int code = place_of(x, st, &row, &col);
    if (code != 0)
        return code;
    int r;
    if (st->op == TAPE_WHEEL)
        r = session_mouse(&x->s, TSR_MOUSE_ACT_WHEEL,
                          st->up ? TSR_MOUSE_BTN_WHEEL_UP : TSR_MOUSE_BTN_WHEEL_DOWN, row, col,
                          why, cap);
    else
        r = session_click(&x->s, row, col, why, cap);
    if (r == 0 && st->op == TAPE_DOUBLE_CLICK)
        r = session_click(&x->s, row, col, why, cap);
    return r == 0 ? TSR_EXIT_OK : exec_input_failed(x, st, why);
}

int exec_step(tape_exec *x, const tape_step *st, char *detail, size_t cap)
{
    session *s = &x->s;
    char why[256], w[256];
    int r;
    detail[0] = '\0';
    wait_until_reading(x, st, detail, cap);
    switch (st->op) {
    case TAPE_WAIT:
        return wait_step(x, st);
    case TAPE_IDLE:
        r = wait_idle(s, st->dur[0], exec_bounded(x, st->dur[1]));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        exec_where(x, st, w, sizeof w);
        return exec_wait_failed(x, st, r, w);
    case TAPE_TYPE:
        r = session_type(s, st->str, st->len, why, sizeof why);
        break;
    case TAPE_PRESS:
        r = session_press(s, st->str, st->len, why, sizeof why);
        break;
    case TAPE_PASTE:
        r = session_paste(s, st->str, st->len, why, sizeof why);
        break;
    case TAPE_CLICK:
    case TAPE_DOUBLE_CLICK:
    case TAPE_WHEEL:
        return mouse_step(x, st, why, sizeof why);
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT:
        return expect(x, st);
    case TAPE_SNAPSHOT:
        return write_snapshot(x, st);
    case TAPE_SNAPSHOT_CHECK:
        return check_snapshot(x, st);
    case TAPE_RESIZE:
        x->outputs_at_resize = s->outputs;
        if (session_resize(s, st->num[0], st->num[1]) != 0) {
            exec_where(x, st, w, sizeof w);
            return exec_fail(x, st, TSR_EXIT_INTERNAL, w, "%s", s->error);
        }
        return TSR_EXIT_OK;
    case TAPE_WAIT_REDRAW:
        r = wait_redraw(s, x->outputs_at_resize, x->args->settle_ns, REDRAW_WINDOW_NS,
                        exec_bounded(x, x->args->timeout_ns));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        exec_where(x, st, w, sizeof w);
        return exec_wait_failed(x, st, r, w);
    case TAPE_SEND_EXIT:
        r = send_exit(x, why, sizeof why);
        break;
    case TAPE_EXPECT_EXIT:
        return expect_exit(x, st);
    case TAPE_READY:
        return ready(x, st);
    case TAPE_SLEEP:
        if (sleep_pumping(x, st->dur[0]) != 0)
            return exec_fail(x, st, TSR_EXIT_INTERNAL, NULL, "%s", s->error);
        return TSR_EXIT_OK;
    default:
        return TSR_EXIT_INTERNAL;
    }
    return r == 0 ? TSR_EXIT_OK : exec_input_failed(x, st, why);
}
