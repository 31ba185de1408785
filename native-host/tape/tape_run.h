/* Running a step program (a tape or a compiled spec) against a live
 * session: the one executor both syntaxes share. */
#ifndef TSR_CLI_TAPE_RUN_H
#define TSR_CLI_TAPE_RUN_H

#include <stddef.h>

#include "live.h"
#include "tessera/text.h"
#include "recorder.h"
#include "tape.h"

/* Where and why a quiet run failed, free of the program's arguments, its
 * environment, input text and expected text (reports may be published). */
typedef struct tape_outcome {
    int code;           /* the run's exit code (TSR_EXIT_*) */
    long step;          /* 0-based index of the failed step; -1: none, or before the first */
    tape_op op;         /* the failed step's kind (when step >= 0) */
    long line, column;  /* the failed step's place in its file */
    int deadline;       /* the failure was a deadline */
    char reason[320];
    size_t snapshot_failures; /* snapshot steps the hook failed (the run went on) */
    int other_failure;        /* something else failed too (--update then applies nothing) */
    /* Shown where the privacy rule allows (a tape, or a spec with report_details);
     * NULL otherwise. malloc'd: tape_outcome_free. */
    char *expectation;        /* what the failed step expected ("expect \"x\"", a diff) */
    char *screen;             /* the screen at the failing moment, as text */
    char artifacts[4096];     /* the artifacts folder, "" when none was written */
} tape_outcome;

void tape_outcome_free(tape_outcome *o);

typedef struct tape_hooks {
    void *ctx;
    /* A TAPE_SNAPSHOT_CHECK step's normalised screen (snapshot_text.h).
     * Returns 0 (it matches, or was staged), 1 (it does not: the run goes
     * on, counted in snapshot_failures) or another exit code, which stops
     * the run; reason (cap bytes) says why when not 0. On 1, diff gets the
     * unified diff and expected the stored snapshot (both may stay empty). */
    int (*snapshot)(void *ctx, const tape_step *st, const char *screen, size_t len, char *reason,
                    size_t cap, tsr_buf *diff, tsr_buf *expected);
} tape_hooks;

/* Starts the tape's program, runs every step in order, closes the session.
 * Returns the exit code of the first step that failed, or 0; failures are
 * printed with the step's text and the screen (`tessera script`). rec (may
 * be NULL), opened by the caller, gets the session's size and every frame
 * (`--cast`, `--journal`); the caller closes it. */
int tape_run(const char *path, const tape *t, const live_options *a, recorder *rec);

/* The same printing nothing: the failure goes into out (`tessera test`). */
int tape_run_quiet(const char *path, const tape *t, const live_options *a, const tape_hooks *hooks,
                   tape_outcome *out);

#endif
