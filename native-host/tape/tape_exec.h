/* The state of one run of a step program (tape_run.c) that the kinds of
 * step (step_run.c) share, and the helpers both use to fail a step: what
 * is printed (script) or recorded (test) is decided once, here. */
#ifndef TSR_CLI_TAPE_EXEC_H
#define TSR_CLI_TAPE_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "live.h"
#include "recorder.h"
#include "tape_run.h"
#include "trace.h"

/* How long a redraw after a resize may take once it has started. */
#define REDRAW_WINDOW_NS 1000000000ull
/* How long an input waits for the program to read, unless told otherwise. */
#define READY_BUDGET_NS 1000000000ull

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
    long fail_moment;   /* its end mark's moment (trace_moment) */
    long fail_event;    /* without a step: the trace's moment when it failed (-1: none) */
    tsr_buf expectation; /* what the first failed step expected, as text */
    tsr_buf expected;    /* its expected screen (a spec snapshot's stored file) */
    int spec;            /* the program came from a spec: steps go by their spec names */
    uint64_t ready_budget_ns; /* how long an input waits for readiness (the run's) */
} tape_exec;

/* Whether reports and artifacts may hold the steps' text and the screen. */
int exec_shows_details(const tape_exec *x);

/* A path the tape names, relative to the tape's folder (malloc'd). */
char *exec_beside_tape(const char *tape_path, const char *name);

/* "FILE:LINE: <step> <text>", the prefix every step failure gets. */
void exec_where(tape_exec *x, const tape_step *st, char *out, size_t cap);

/* A failure of step st (NULL: not of one step): printed with the screen as
 * "tessera: W: REASON" (W from exec_where, or NULL), or, run quietly,
 * recorded without W. Returns code. */
int exec_fail(tape_exec *x, const tape_step *st, int code, const char *w, const char *fmt, ...)
    TSR_PRINTF(5, 6);
/* An input that could not be written or encoded. */
int exec_input_failed(tape_exec *x, const tape_step *st, const char *why);
/* A wait of step st that did not succeed, as live_wait_reason says it. */
int exec_wait_failed(tape_exec *x, const tape_step *st, int status, const char *w);

/* An absolute deadline span from now, never past the whole run's. */
uint64_t exec_bounded(const tape_exec *x, uint64_t span);
/* A step's own deadline, or the global --timeout from now. */
uint64_t exec_step_deadline(const tape_exec *x, const tape_step *st);

/* Runs one step; detail (cap bytes) gets what its end mark adds: the bytes
 * sent, how the readiness wait ended. Returns an exit code. */
int exec_step(tape_exec *x, const tape_step *st, char *detail, size_t cap);

#endif
