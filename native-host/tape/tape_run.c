/* Running a step program: the session, its trace, each step with its
 * marks, the failure's artifacts (tape_run.h). The kinds of step are in
 * step_run.c. */
#define _POSIX_C_SOURCE 200809L
#include "tape_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifacts.h"
#include "exit_codes.h"
#include "live.h"
#include "mono_clock.h"
#include "steps.h"
#include "tape_exec.h"
#include "tessera/text.h"
#include "trace.h"
#include "waits.h"


/* What a step expects, as a person reads it: `expect "Hello" bold`,
 * `expect /ready \d+/`, `expect-exit 0`; "" for steps that expect nothing. */
static void expectation_of(const tape_exec *x, const tape_step *st, tsr_buf *out)
{
    char q[1024] = "", look[160] = "", line[1300];
    const char *name = step_name(st->op, x->spec);
    switch (st->op) {
    case TAPE_WAIT:
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT:
        if (st->regex)
            snprintf(q, sizeof q, "/%.*s/", (int)(st->len < 1000 ? st->len : 1000), st->str);
        else
            tsr_quote(q, sizeof q, st->str, st->len, 0);
        style_want_describe(&st->style, look, sizeof look);
        snprintf(line, sizeof line, "%s %s%s%s", name, q, look[0] ? " " : "", look);
        break;
    case TAPE_EXPECT_EXIT:
        snprintf(line, sizeof line, "%s %d", name, st->num[0]);
        break;
    case TAPE_IDLE:
    case TAPE_READY:
    case TAPE_WAIT_REDRAW:
        snprintf(line, sizeof line, "%s", name);
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
    int input = (STEPS[st->op].flags & STEP_INPUT) != 0;
    if (st->str && !x->args->private_trace)
        tsr_quote(what, sizeof what, st->str, st->len, 0);
    uint64_t start = mono_now_ns();
    uint64_t sent = x->s.input_bytes;
    x->step_why[0] = '\0';
    x->step_failed = 0;
    trace_step_start(&x->trace, start, (long)i, "line %ld %s%s%s%s", st->line,
                     step_name(st->op, x->spec), st->regex && what[0] ? " regex" : "",
                     what[0] ? " " : "", what);
    char ready[240] = "", detail[320] = "";
    int code = exec_step(x, st, ready, sizeof ready);
    if (input) {
        unsigned long long n = (unsigned long long)(x->s.input_bytes - sent);
        snprintf(detail, sizeof detail, "%llu byte%s sent", n, n == 1 ? "" : "s");
    }
    if (ready[0])
        snprintf(detail + strlen(detail), sizeof detail - strlen(detail), "%s%s",
                 detail[0] ? ", " : "", ready);
    int failed = code != TSR_EXIT_OK || x->step_failed;
    if (failed && code != TSR_EXIT_OK)
        snprintf(detail + strlen(detail), sizeof detail - strlen(detail), "%sexit %d",
                 detail[0] ? ", " : "", code);
    trace_step_end(&x->trace, mono_now_ns(), (long)i, failed, detail, x->step_why);
    if (!failed)
        return code;
    if (x->fail_step < 0 && x->fail_event < 0) {
        x->fail_step = (long)i; /* its end mark is the failing moment */
        x->fail_moment = trace_moment(&x->trace);
        if (!x->expectation.len)
            expectation_of(x, st, &x->expectation);
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
    int details = exec_shows_details(x);
    char *expectation = details ? text_of(&x->expectation) : NULL;
    char *expected = details ? text_of(&x->expected) : NULL;
    artifact_info info = {x->args->artifacts, path, NULL, NULL, x->why, expectation, expected,
                          expected ? x->expected.len : 0, -1, -1, x->args->term};
    trace_failure_at(&x->trace, x->fail_step, x->fail_step >= 0 ? x->fail_moment : x->fail_event,
                     &info.step, &info.event);
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
    char *cwd = dir && !a->cwd ? exec_beside_tape(path, dir) : NULL;
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
    x.spec = t->spec_version > 0;
    x.ready_budget_ns = t->ready_budget_ns    ? t->ready_budget_ns
                        : eff.ready_budget_ns ? eff.ready_budget_ns
                                              : READY_BUDGET_NS;
    x.why[0] = '\0';
    x.step_why[0] = '\0';
    x.step_failed = 0;
    x.fail_step = -1;
    x.fail_event = -1;
    x.fail_moment = -1;
    memset(&x.expectation, 0, sizeof x.expectation);
    memset(&x.expected, 0, sizeof x.expected);
    x.rec = rec;
    uint64_t t0 = mono_now_ns();
    trace_begin(&x.trace, eff.term.rows, eff.term.cols, t0, eff.private_trace);
    frame_sink sink = {&x, trace_and_record};
    int code = out ? live_open(&x.s, &eff, t->argv, sink) : live_start(&x.s, &eff, t->argv, sink);
    /* no frame has come yet: frames arrive only when the session is pumped */
    if (code == TSR_EXIT_OK)
        trace_watch(&x.trace, x.s.term);
    if (code == TSR_EXIT_OK && rec && recorder_begin(rec, eff.term.cols, eff.term.rows, t0) != 0)
        code = diag_internal("the recording could not be written");
    if (code != TSR_EXIT_OK && out) /* the reason may name the program: not reported */
        exec_fail(&x, NULL, code, NULL, "%s",
             code == TSR_EXIT_NOT_STARTED ? "the program could not be started"
                                          : "the session could not be opened");
    x.s.max_output_bytes = t->max_output_bytes;
    if (code == TSR_EXIT_OK && t->startup_timeout_ns) {
        int r = wait_output_after(&x.s, 0, exec_bounded(&x, t->startup_timeout_ns));
        if (r != WAIT_OK && r != WAIT_EXITED) {
            char why[320];
            code = live_wait_reason(&x.s, r, why, sizeof why);
            code = exec_fail(&x, NULL, code, NULL, "no output within startup_timeout_ms: %s", why);
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
