/* One function per kind of step; a failure names FILE:LINE, the step, and
 * shows the screen. Steps never sleep to synchronise: waits pump the
 * session until their condition or deadline. */
#define _POSIX_C_SOURCE 200809L
#include "tape_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>

#include "exit_codes.h"
#include "output.h"
#include "live.h"
#include "mono_clock.h"
#include "tessera/text.h"
#include "screen_diag.h"
#include "session_input.h"
#include "waits.h"

typedef struct tape_exec {
    const char *path;
    const live_options *args;
    session s;
    int said_fallback; /* ready fell back to settling: said once */
} tape_exec;

/* A path a tape names (snapshot FILE, cwd DIR) is relative to the tape's
 * folder, so a tape runs the same from anywhere. Returns a malloc'd path. */
static char *beside_tape(const char *tape_path, const char *name)
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

static const char *op_name(tape_op op)
{
    static const char *const names[] = {"wait", "idle", "type", "press", "paste", "click",
                                        "expect", "expect-not", "snapshot", "resize",
                                        "send-exit", "expect-exit", "sleep", "ready"};
    return names[op];
}

/* "FILE:LINE: <op> <detail>", the prefix every step failure gets. */
static void where(tape_exec *x, const tape_step *st, char *out, size_t cap)
{
    char q[96] = "";
    if (st->str)
        tsr_quote(q, sizeof q, st->str, st->len, 0);
    snprintf(out, cap, "%s:%ld: %s%s%s", x->path, st->line, op_name(st->op), q[0] ? " " : "", q);
}

static int input_failed(tape_exec *x, const tape_step *st, const char *why)
{
    char w[256];
    where(x, st, w, sizeof w);
    return diag_screen(x->s.term, x->s.write_timed_out ? TSR_EXIT_TIMEOUT : TSR_EXIT_FAILED,
                       "%s: %s", w, why);
}

/* A step's own deadline, or the global --timeout from now. */
static uint64_t step_deadline(const tape_exec *x, const tape_step *st)
{
    return live_deadline(st->dur[0] ? st->dur[0] : x->args->timeout_ns);
}

static int write_snapshot(tape_exec *x, const tape_step *st)
{
    /* the same screen `tessera snapshot` would take: drawn and settled */
    char w[256];
    where(x, st, w, sizeof w);
    int settled = live_settle(&x->s, x->args, live_deadline(x->args->timeout_ns), w);
    if (settled != TSR_EXIT_OK)
        return settled;
    if (!st->str)
        return x->args->quiet ? TSR_EXIT_OK : output_screen(x->s.term, output_format_for(x->args->styled, 1));
    tsr_buf buf = {0};
    int rc = output_render(x->s.term, output_format_for(x->args->styled, 1), &buf);
    int code = TSR_EXIT_OK;
    if (rc != TSR_OK)
        code = diag_core("rendering the screen", rc);
    else {
        /* the file gets the screen exactly as stdout would: a final newline */
        char *file = beside_tape(x->path, st->str);
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
    char w[256];
    where(x, st, w, sizeof w);
    int r = wait_exit(&x->s, live_deadline(x->args->timeout_ns));
    if (r != WAIT_OK)
        return live_wait_failed(&x->s, r, w);
    if (x->s.exit_signal)
        return diag_screen(x->s.term, TSR_EXIT_FAILED, "%s %d: the program was ended by signal %d",
                           w, st->num[0], x->s.exit_signal);
    if (x->s.exit_code != st->num[0])
        return diag_screen(x->s.term, TSR_EXIT_FAILED, "%s %d: the program exited with %d", w,
                           st->num[0], x->s.exit_code);
    return TSR_EXIT_OK;
}

/* Until the program waits for input (waits.h); says once when /proc
 * cannot tell and only the settled screen was waited for. */
static int ready(tape_exec *x, const tape_step *st)
{
    char why[160], w[256], what[448];
    int fallback = 0;
    int r = wait_input_ready(&x->s, x->args->settle_ns, step_deadline(x, st), &fallback, why,
                             sizeof why);
    where(x, st, w, sizeof w);
    if (r == WAIT_OK && fallback && !x->said_fallback) {
        x->said_fallback = 1;
        fprintf(stderr, "%s: %s: waited for the screen to settle only\n", w, why);
    }
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    snprintf(what, sizeof what, "%s (%s)", w, why);
    return live_wait_failed(&x->s, r, what);
}

static int step(tape_exec *x, const tape_step *st)
{
    session *s = &x->s;
    char why[256], w[256];
    int r;
    switch (st->op) {
    case TAPE_WAIT:
        r = wait_for_text(s, st->str, st->len, live_deadline(st->dur[0]));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        where(x, st, w, sizeof w);
        return live_wait_failed(s, r, w);
    case TAPE_IDLE:
        r = wait_idle(s, st->dur[0], live_deadline(st->dur[1]));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        where(x, st, w, sizeof w);
        return live_wait_failed(s, r, w);
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
        r = session_click(s, st->num[0], st->num[1], why, sizeof why);
        break;
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT: {
        /* Auto-waiting, as an assertion should be: the text may still be on
         * its way (or on its way out) after the last keystroke. Up to the
         * global --timeout; failing is an expectation failure (exit 1). */
        int present = st->op == TAPE_EXPECT;
        r = wait_text_state(s, st->str, st->len, present, step_deadline(x, st));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        if (r == WAIT_ERROR)
            return diag_screen(s->term, TSR_EXIT_INTERNAL, "%s", s->error);
        where(x, st, w, sizeof w);
        return diag_screen(s->term, TSR_EXIT_FAILED, "%s: %s%s", w,
                           present ? "it is not on the screen" : "it is still on the screen",
                           r == WAIT_EXITED ? " (the program exited)"
                           : st->dur[0]     ? " (its deadline reached)"
                                            : " (--timeout reached)");
    }
    case TAPE_SNAPSHOT:
        return write_snapshot(x, st);
    case TAPE_RESIZE:
        if (session_resize(s, st->num[0], st->num[1]) != 0) {
            where(x, st, w, sizeof w);
            return diag_screen(s->term, TSR_EXIT_INTERNAL, "%s: %s", w, s->error);
        }
        return TSR_EXIT_OK;
    case TAPE_SEND_EXIT:
        r = send_exit(x, why, sizeof why);
        break;
    case TAPE_EXPECT_EXIT:
        return expect_exit(x, st);
    case TAPE_READY:
        return ready(x, st);
    case TAPE_SLEEP:
        if (sleep_pumping(x, st->dur[0]) != 0)
            return diag_screen(s->term, TSR_EXIT_INTERNAL, "%s", s->error);
        return TSR_EXIT_OK;
    default:
        return TSR_EXIT_INTERNAL;
    }
    return r == 0 ? TSR_EXIT_OK : input_failed(x, st, why);
}

int tape_run(const char *path, const tape *t, const live_options *a)
{
    live_options eff = *a;
    if (t->rows && !a->rows_given)
        eff.term.rows = t->rows;
    if (t->cols && !a->cols_given)
        eff.term.cols = t->cols;
    if (t->reflow)
        eff.term.reflow = 1;
    /* the tape's env lines first: --env on the command line wins */
    size_t ncli = 0;
    while (a->env && a->env[ncli])
        ncli++;
    const char **env = calloc(t->nenv + ncli + 1, sizeof *env);
    char *cwd = t->cwd && !a->cwd ? beside_tape(path, t->cwd) : NULL;
    if (!env || (t->cwd && !a->cwd && !cwd)) {
        free(env);
        free(cwd);
        return diag_internal("out of memory");
    }
    for (size_t i = 0; i < t->nenv; i++)
        env[i] = t->env[i];
    for (size_t i = 0; i < ncli; i++)
        env[t->nenv + i] = a->env[i];
    eff.env = env;
    if (cwd)
        eff.cwd = cwd;
    tape_exec x;
    x.path = path;
    x.args = &eff;
    x.said_fallback = 0;
    frame_sink none = {0};
    int code = live_start(&x.s, &eff, t->argv, none);
    for (size_t i = 0; code == TSR_EXIT_OK && i < t->nsteps; i++)
        code = step(&x, &t->steps[i]);
    if (code != TSR_EXIT_NOT_STARTED)
        code = live_close(&x.s, code);
    session_free(&x.s);
    free(env);
    free(cwd);
    return code;
}
