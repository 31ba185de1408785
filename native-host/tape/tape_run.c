/* One function per kind of step; a failure names FILE:LINE, the step, and
 * shows the screen (or, run quietly, is recorded for a report without the
 * step's text). Steps never sleep to synchronise: waits pump the session
 * until their condition or deadline. */
#define _POSIX_C_SOURCE 200809L
#include "tape_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>

#include "exit_codes.h"
#include "output.h"
#include "live.h"
#include "mono_clock.h"
#include "recorder.h"
#include "tessera/text.h"
#include "artifacts.h"
#include "trace.h"
#include "screen_diag.h"
#include "session_input.h"
#include "snapshot_text.h"
#include "waits.h"

/* How long a redraw after a resize may take once it has started. */
#define REDRAW_WINDOW_NS 1000000000ull

typedef struct tape_exec {
    const char *path;
    const live_options *args;
    const tape_hooks *hooks;
    tape_outcome *out;      /* quiet: failures go here, nothing is printed */
    const tape_step *first; /* steps[0], for a failed step's index */
    session s;
    uint64_t run_deadline;  /* 0: none */
    uint64_t outputs_at_resize;
    int said_fallback; /* ready fell back to settling: said once */
    trace trace;       /* kept for the failure artifact */
    recorder *rec;     /* script --cast/--journal: the session written out (NULL: none) */
    char why[400];     /* the first failure, as reported (private: without the step's text) */
    char step_why[320]; /* the running step's failure, for its end mark */
    int step_failed;    /* the running step failed (a snapshot's run goes on) */
    long fail_step;     /* the first failed step (-1: none, or outside the steps) */
    long fail_event;    /* without a step: the trace's events when it failed (-1: none) */
    tsr_buf expectation; /* what the first failed step expected, as text */
    tsr_buf expected;    /* its expected screen (a spec snapshot's stored file) */
} tape_exec;

/* Whether reports and artifacts may hold the steps' text and the screen. */
static int shows_details(const tape_exec *x)
{
    return !x->args->private_trace || x->args->report_details;
}

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

const char *tape_op_name(tape_op op)
{
    static const char *const names[] = {"wait", "idle", "type", "press", "paste", "click",
                                        "expect", "expect-not", "snapshot", "resize",
                                        "send-exit", "expect-exit", "sleep", "ready",
                                        "wait_for_redraw", "snapshot"};
    return names[op];
}

/* "FILE:LINE: <op> <detail>", the prefix every step failure gets. */
static void where(tape_exec *x, const tape_step *st, char *out, size_t cap)
{
    char q[96] = "";
    if (st->str)
        tsr_quote(q, sizeof q, st->str, st->len, 0);
    snprintf(out, cap, "%s:%ld: %s%s%s", x->path, st->line, tape_op_name(st->op), q[0] ? " " : "", q);
}

/* A failure of step st (NULL: not of one step): printed with the screen as
 * "tessera: W: REASON" (W computed by the caller, NULL for none), or, run
 * quietly, recorded without W (which holds the step's text). */
static int fail(tape_exec *x, const tape_step *st, int code, const char *w, const char *fmt, ...)
    TSR_PRINTF(5, 6);
static int fail(tape_exec *x, const tape_step *st, int code, const char *w, const char *fmt, ...)
{
    char why[280];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (!x->why[0] && x->fail_step < 0 && x->fail_event < 0 && !st)
        x->fail_event = x->trace.events; /* not a step's failure: its moment is now */
    if (!x->why[0] && shows_details(x))
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

static int input_failed(tape_exec *x, const tape_step *st, const char *why)
{
    char w[256];
    where(x, st, w, sizeof w);
    return fail(x, st, x->s.write_timed_out ? TSR_EXIT_TIMEOUT : TSR_EXIT_FAILED, w, "%s", why);
}

/* A wait of step st that did not succeed, as live_wait_failed says it. */
static int wait_failed(tape_exec *x, const tape_step *st, int status, const char *w)
{
    char why[320];
    int code = live_wait_reason(&x->s, status, why, sizeof why);
    return fail(x, st, code, w, "%s", why);
}

/* An absolute deadline span from now, never past the whole run's. */
static uint64_t bounded(const tape_exec *x, uint64_t span)
{
    uint64_t d = live_deadline(span);
    return x->run_deadline && x->run_deadline < d ? x->run_deadline : d;
}

/* A step's own deadline, or the global --timeout from now. */
static uint64_t step_deadline(const tape_exec *x, const tape_step *st)
{
    return bounded(x, st->dur[0] ? st->dur[0] : x->args->timeout_ns);
}

static int write_snapshot(tape_exec *x, const tape_step *st)
{
    /* the same screen `tessera snapshot` would take: drawn and settled */
    char w[256], why[512];
    where(x, st, w, sizeof w);
    int settled = live_settle_reason(&x->s, x->args, bounded(x, x->args->timeout_ns), why,
                                     sizeof why);
    if (settled != TSR_EXIT_OK)
        return fail(x, st, settled, w, "%s", why);
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

/* A spec's snapshot: the screen as it is once quiet (a program that never
 * goes quiet is taken at the deadline: the spec's expect was its evidence),
 * normalised, handed to the caller's hook. */
static int check_snapshot(tape_exec *x, const tape_step *st)
{
    int r = wait_settled(&x->s, x->args->settle_ns, bounded(x, x->args->timeout_ns));
    if (r == WAIT_ERROR)
        return wait_failed(x, st, r, NULL);
    if (!x->hooks || !x->hooks->snapshot)
        return fail(x, st, TSR_EXIT_INTERNAL, NULL, "snapshots are not compared here");
    tsr_buf buf = {0};
    int rc = tsr_render_text(x->s.term, &buf);
    if (rc == TSR_OK)
        rc = tsr_buf_reserve(&buf, 1);
    if (rc != TSR_OK) {
        tsr_buf_free(&buf);
        return fail(x, st, TSR_EXIT_INTERNAL, NULL, "rendering the screen: %s", tsr_status_str(rc));
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
        fail(x, st, TSR_EXIT_FAILED, NULL, "%s", why);
        x->out->other_failure = other; /* a snapshot's failure is not another failure */
        return TSR_EXIT_OK; /* the run goes on: every snapshot is compared */
    }
    return fail(x, st, code, NULL, "%s", why);
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
    where(x, st, w, sizeof w);
    int r = wait_exit(&x->s, bounded(x, x->args->timeout_ns));
    if (r != WAIT_OK)
        return wait_failed(x, st, r, w);
    snprintf(wn, sizeof wn, "%s %d", w, st->num[0]);
    if (x->s.exit_signal)
        return fail(x, st, TSR_EXIT_FAILED, wn, "the program was ended by signal %d",
                    x->s.exit_signal);
    if (x->s.exit_code != st->num[0])
        return fail(x, st, TSR_EXIT_FAILED, wn, "the program exited with %d", x->s.exit_code);
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
    if (r == WAIT_OK && fallback && !x->said_fallback && !x->out) {
        x->said_fallback = 1;
        fprintf(stderr, "%s: %s: waited for the screen to settle only\n", w, why);
    }
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    snprintf(what, sizeof what, "%s (%s)", w, why);
    return wait_failed(x, st, r, what);
}

static int expect(tape_exec *x, const tape_step *st)
{
    /* Auto-waiting, as an assertion should be: the text may still be on its
     * way (or on its way out) after the last keystroke. Up to the global
     * --timeout; failing is an expectation failure (exit 1). */
    session *s = &x->s;
    char w[256];
    int present = st->op == TAPE_EXPECT;
    int r = wait_text_state(s, st->str, st->len, present, step_deadline(x, st));
    if (r == WAIT_OK)
        return TSR_EXIT_OK;
    if (r == WAIT_ERROR)
        return fail(x, st, TSR_EXIT_INTERNAL, NULL, "%s", s->error);
    where(x, st, w, sizeof w);
    return fail(x, st, TSR_EXIT_FAILED, w, "%s%s",
                present ? "it is not on the screen" : "it is still on the screen",
                r == WAIT_EXITED ? " (the program exited)"
                : st->dur[0]     ? " (its deadline reached)"
                : x->out         ? " (deadline reached)"
                                 : " (--timeout reached)");
}

/* A spec has no `ready` step: before each input or resize it waits, up to
 * a second, for the program to read its terminal (as `ready` does), then
 * acts whatever the answer. Text on the screen does not mean a program is
 * reading: less loses a resize that lands between its prompt and its read. */
static void settle_before_input(tape_exec *x, const tape_step *st)
{
    if (!x->out || !(st->op == TAPE_TYPE || st->op == TAPE_PRESS || st->op == TAPE_PASTE ||
                     st->op == TAPE_CLICK || st->op == TAPE_RESIZE))
        return;
    char why[160];
    int fallback = 0;
    uint64_t deadline = mono_now_ns() + 1000000000u;
    uint64_t step_end = step_deadline(x, st);
    wait_input_ready(&x->s, x->args->settle_ns, step_end < deadline ? step_end : deadline, &fallback,
                     why, sizeof why);
}

static int step(tape_exec *x, const tape_step *st)
{
    session *s = &x->s;
    char why[256], w[256];
    int r;
    settle_before_input(x, st);
    switch (st->op) {
    case TAPE_WAIT:
        r = wait_for_text(s, st->str, st->len, bounded(x, st->dur[0]));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        where(x, st, w, sizeof w);
        return wait_failed(x, st, r, w);
    case TAPE_IDLE:
        r = wait_idle(s, st->dur[0], bounded(x, st->dur[1]));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        where(x, st, w, sizeof w);
        return wait_failed(x, st, r, w);
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
    case TAPE_EXPECT_NOT:
        return expect(x, st);
    case TAPE_SNAPSHOT:
        return write_snapshot(x, st);
    case TAPE_SNAPSHOT_CHECK:
        return check_snapshot(x, st);
    case TAPE_RESIZE:
        x->outputs_at_resize = s->outputs;
        if (session_resize(s, st->num[0], st->num[1]) != 0) {
            where(x, st, w, sizeof w);
            return fail(x, st, TSR_EXIT_INTERNAL, w, "%s", s->error);
        }
        return TSR_EXIT_OK;
    case TAPE_WAIT_REDRAW:
        r = wait_redraw(s, x->outputs_at_resize, x->args->settle_ns, REDRAW_WINDOW_NS,
                        bounded(x, x->args->timeout_ns));
        if (r == WAIT_OK)
            return TSR_EXIT_OK;
        where(x, st, w, sizeof w);
        return wait_failed(x, st, r, w);
    case TAPE_SEND_EXIT:
        r = send_exit(x, why, sizeof why);
        break;
    case TAPE_EXPECT_EXIT:
        return expect_exit(x, st);
    case TAPE_READY:
        return ready(x, st);
    case TAPE_SLEEP:
        if (sleep_pumping(x, st->dur[0]) != 0)
            return fail(x, st, TSR_EXIT_INTERNAL, NULL, "%s", s->error);
        return TSR_EXIT_OK;
    default:
        return TSR_EXIT_INTERNAL;
    }
    return r == 0 ? TSR_EXIT_OK : input_failed(x, st, why);
}

/* What a step expects, as a person reads it: `expect "Hello"`,
 * `expect-exit 0`; "" for steps that expect nothing. */
static void expectation_of(const tape_step *st, tsr_buf *out)
{
    char q[1024] = "", line[1100];
    switch (st->op) {
    case TAPE_WAIT:
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT:
        tsr_quote(q, sizeof q, st->str, st->len, 0);
        snprintf(line, sizeof line, "%s %s", tape_op_name(st->op), q);
        break;
    case TAPE_EXPECT_EXIT:
        snprintf(line, sizeof line, "expect-exit %d", st->num[0]);
        break;
    case TAPE_IDLE:
    case TAPE_READY:
    case TAPE_WAIT_REDRAW:
        snprintf(line, sizeof line, "%s", tape_op_name(st->op));
        break;
    default:
        return;
    }
    tsr_buf_puts(out, line);
}

/* One step with its marks in the trace (trace.h's grammar): its start (the
 * step's index from 0, as `tessera test` reports it, its line, its text
 * unless the trace is private), then its end with its verdict, duration,
 * the bytes an input sent and a failure's own reason. */
static int traced_step(tape_exec *x, const tape_step *st, size_t i)
{
    char what[128] = "";
    int input = st->op == TAPE_TYPE || st->op == TAPE_PASTE || st->op == TAPE_PRESS ||
                st->op == TAPE_CLICK || st->op == TAPE_SEND_EXIT;
    if (st->str && !x->args->private_trace)
        tsr_quote(what, sizeof what, st->str, st->len, 0);
    uint64_t start = mono_now_ns();
    uint64_t sent = x->s.input_bytes;
    x->step_why[0] = '\0';
    x->step_failed = 0;
    trace_step_start(&x->trace, start, (long)i, "line %ld %s%s%s", st->line, tape_op_name(st->op),
                     what[0] ? " " : "", what);
    int code = step(x, st);
    char detail[64] = "";
    if (input) {
        unsigned long long n = (unsigned long long)(x->s.input_bytes - sent);
        snprintf(detail, sizeof detail, "%llu byte%s sent", n, n == 1 ? "" : "s");
    }
    int failed = code != TSR_EXIT_OK || x->step_failed;
    if (failed && code != TSR_EXIT_OK)
        snprintf(detail + strlen(detail), sizeof detail - strlen(detail), "%sexit %d",
                 detail[0] ? ", " : "", code);
    trace_step_end(&x->trace, mono_now_ns(), (long)i, failed, detail, x->step_why);
    if (!failed)
        return code;
    if (x->fail_step < 0 && x->fail_event < 0) {
        x->fail_step = (long)i; /* its end mark is the failing moment */
        if (!x->expectation.len)
            expectation_of(st, &x->expectation);
    }
    return code;
}

/* A malloc'd copy of b's text, or NULL when it is empty. */
static char *text_of(const tsr_buf *b)
{
    char *s = b->len ? malloc(b->len + 1) : NULL;
    if (s) {
        memcpy(s, b->data, b->len);
        s[b->len] = '\0';
    }
    return s;
}

/* The failure's folder (artifacts.h); a quiet run's outcome gets its path
 * and, where the privacy rule allows, the expectation and the screen. */
static void write_artifacts(tape_exec *x, const char *path, tape_outcome *out)
{
    int details = shows_details(x);
    char *expectation = details ? text_of(&x->expectation) : NULL;
    char *expected = details ? text_of(&x->expected) : NULL;
    artifact_info info = {x->args->artifacts, path, NULL, NULL, x->why, expectation, expected,
                          expected ? x->expected.len : 0, x->fail_step, x->fail_event,
                          x->args->term};
    artifact_result r = {{0}, {0}, 0};
    artifacts_write(&info, x->trace.bytes.data, x->trace.bytes.len, &r);
    if (out) {
        snprintf(out->artifacts, sizeof out->artifacts, "%s", r.folder);
        out->expectation = expectation;
        out->screen = details ? text_of(&r.screen) : NULL;
    } else {
        free(expectation);
    }
    free(expected);
    artifact_result_free(&r);
}

/* Every frame goes to the trace and, when asked, to the recording. */
static int trace_and_record(void *ctx, const tsr_frame *f)
{
    tape_exec *x = ctx;
    int bad = trace_frame(&x->trace, f);
    if (x->rec)
        bad |= recorder_frame(x->rec, f);
    return bad;
}

/* A spec's environment: PATH (the host's, or a default), then the host
 * variables it names; TERM, LANG and a fresh HOME come from the launch
 * (spawn_env.h, temp_home.h), and its own env entries last. Entries are
 * malloc'd into *owned. */
static int operational_env(const tape *t, const char **env, size_t *k, char ***owned)
{
    size_t n = 0;
    *owned = calloc(t->ninherit + 2, sizeof **owned);
    if (!*owned)
        return -1;
    const char *path = getenv("PATH");
    const char *names_first[1] = {"PATH"};
    for (size_t i = 0; i < t->ninherit + 1; i++) {
        const char *name = i == 0 ? names_first[0] : t->inherit[i - 1];
        const char *value = i == 0 ? (path ? path : "/usr/local/bin:/usr/bin:/bin") : getenv(name);
        if (!value)
            continue;
        size_t nl = strlen(name), vl = strlen(value);
        char *e = malloc(nl + vl + 2);
        if (!e)
            return -1;
        memcpy(e, name, nl);
        e[nl] = '=';
        memcpy(e + nl + 1, value, vl + 1);
        (*owned)[n++] = e;
        env[(*k)++] = e;
    }
    return 0;
}

static void free_owned(char **owned)
{
    for (char **e = owned; e && *e; e++)
        free(*e);
    free(owned);
}

static int run(const char *path, const tape *t, const live_options *a, recorder *rec,
               const tape_hooks *hooks, tape_outcome *out)
{
    live_options eff = *a;
    if (t->rows && !a->rows_given)
        eff.term.rows = t->rows;
    if (t->cols && !a->cols_given)
        eff.term.cols = t->cols;
    if (t->reflow)
        eff.term.reflow = 1;
    if (t->inherit_home)
        eff.isolate_home = 0;
    if (t->step_timeout_ns)
        eff.timeout_ns = t->step_timeout_ns;
    /* the tape's env lines first: --env on the command line wins */
    size_t ncli = 0;
    while (a->env && a->env[ncli])
        ncli++;
    const char **env = calloc(t->ninherit + 1 + t->nenv + ncli + 1, sizeof *env);
    const char *dir = t->cwd ? t->cwd : t->cwd_default_beside ? "." : NULL;
    char *cwd = dir && !a->cwd ? beside_tape(path, dir) : NULL;
    char **owned = NULL;
    size_t k = 0;
    if (!env || (dir && !a->cwd && !cwd) ||
        (t->operational_env && operational_env(t, env, &k, &owned) != 0)) {
        free(env);
        free(cwd);
        free_owned(owned);
        if (out) {
            out->code = TSR_EXIT_INTERNAL;
            snprintf(out->reason, sizeof out->reason, "out of memory");
            return out->code;
        }
        return diag_internal("out of memory");
    }
    if (t->operational_env) {
        eff.clear_env = 1;
        eff.isolate_home = 1;
    }
    for (size_t i = 0; i < t->nenv; i++)
        env[k++] = t->env[i];
    for (size_t i = 0; i < ncli; i++)
        env[k++] = a->env[i];
    eff.env = env;
    if (cwd)
        eff.cwd = cwd;
    tape_exec x;
    x.path = path;
    x.args = &eff;
    x.hooks = hooks;
    x.out = out;
    x.first = t->steps;
    x.run_deadline = t->run_timeout_ns ? live_deadline(t->run_timeout_ns) : 0;
    x.outputs_at_resize = 0;
    x.said_fallback = 0;
    x.why[0] = '\0';
    x.step_why[0] = '\0';
    x.step_failed = 0;
    x.fail_step = -1;
    x.fail_event = -1;
    memset(&x.expectation, 0, sizeof x.expectation);
    memset(&x.expected, 0, sizeof x.expected);
    x.rec = rec;
    uint64_t t0 = mono_now_ns();
    trace_begin(&x.trace, eff.term.rows, eff.term.cols, t0, eff.private_trace);
    frame_sink sink = {&x, trace_and_record};
    int code = out ? live_open(&x.s, &eff, t->argv, sink) : live_start(&x.s, &eff, t->argv, sink);
    /* no frame has come yet: frames arrive only when the session is pumped */
    if (code == TSR_EXIT_OK && rec && recorder_begin(rec, eff.term.cols, eff.term.rows, t0) != 0)
        code = diag_internal("the recording could not be written");
    if (code != TSR_EXIT_OK && out) /* the reason may name the program: not reported */
        fail(&x, NULL, code, NULL, "%s",
             code == TSR_EXIT_NOT_STARTED ? "the program could not be started"
                                          : "the session could not be opened");
    x.s.max_output_bytes = t->max_output_bytes;
    if (code == TSR_EXIT_OK && t->startup_timeout_ns) {
        int r = wait_output_after(&x.s, 0, bounded(&x, t->startup_timeout_ns));
        if (r != WAIT_OK && r != WAIT_EXITED) {
            char why[320];
            code = live_wait_reason(&x.s, r, why, sizeof why);
            code = fail(&x, NULL, code, NULL, "no output within startup_timeout_ms: %s", why);
        }
    }
    for (size_t i = 0; code == TSR_EXIT_OK && i < t->nsteps; i++)
        code = traced_step(&x, &t->steps[i], i);
    if (code == TSR_EXIT_OK && out && out->snapshot_failures)
        code = TSR_EXIT_FAILED;
    if (code != TSR_EXIT_NOT_STARTED)
        code = live_close(&x.s, code);
    if (out)
        out->code = code;
    if (artifacts_wanted(code) && x.s.term)
        write_artifacts(&x, path, out);
    trace_free(&x.trace);
    tsr_buf_free(&x.expectation);
    tsr_buf_free(&x.expected);
    session_free(&x.s);
    free(env);
    free(cwd);
    free_owned(owned);
    return code;
}

void tape_outcome_free(tape_outcome *o)
{
    free(o->expectation);
    free(o->screen);
    o->expectation = o->screen = NULL;
}

int tape_run(const char *path, const tape *t, const live_options *a, recorder *rec)
{
    return run(path, t, a, rec, NULL, NULL);
}

int tape_run_quiet(const char *path, const tape *t, const live_options *a, const tape_hooks *hooks,
                   tape_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->step = -1;
    return run(path, t, a, NULL, hooks, out);
}
