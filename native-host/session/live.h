/* What the program-running commands (run, snapshot, record, script, host)
 * share: starting the program from their options, turning wait results
 * into exit codes, closing. */
#ifndef TSR_CLI_LIVE_H
#define TSR_CLI_LIVE_H

#include <stddef.h>
#include <stdint.h>

#include "session.h"

/* The options of a program-running command that reach the layers below the
 * command line (tapes, the host, this glue): run_args.h fills them. */
typedef struct live_options {
    tsr_options term;
    int rows_given, cols_given; /* --rows/--cols were given: a tape's size gives way */
    uint64_t timeout_ns;        /* default 10s */
    uint64_t settle_ns;         /* the quiet window of a settled screen, default 100ms */
    int styled, quiet;
    const char **env;           /* NAME=VALUE, NULL-terminated */
    int clear_env;
    const char *cwd;
    int isolate_home;           /* a fresh HOME and XDG folders, removed afterwards */
    const char *artifacts;      /* --artifacts DIR: where failures leave their folder (NULL:
                                 * $TESSERA_ARTIFACTS or the default, artifacts.h) */
    int private_trace;          /* a spec's trace and report hold no typed or expected text */
    uint64_t ready_budget_ns;   /* --ready-budget: how long an input waits for the program
                                 * to read (0: the default, a second) */
    int report_details;         /* ... but its reports and artifacts do hold the expected
                                 * text and the screen (--report-details, report_details) */
} live_options;

/* Starts argv with the options' size, reflow and environment. Returns
 * TSR_EXIT_OK, TSR_EXIT_NOT_STARTED or TSR_EXIT_INTERNAL, with the reason
 * in s->error (live_open) or also on stderr (live_start). */
int live_open(session *s, const live_options *a, char **argv, frame_sink sink);
int live_start(session *s, const live_options *a, char **argv, frame_sink sink);

/* Reports a wait that did not succeed (what: "waiting for \"x\"") with the
 * screen; returns the exit code: 3 at the deadline, 1 when the program
 * exited so the condition can never hold, 5 for an internal failure. */
int live_wait_failed(session *s, int wait_status, const char *what);
/* The same reason into buf ("deadline reached", "the program exited with 2
 * first", ...), nothing printed; returns the exit code. */
int live_wait_reason(const session *s, int wait_status, char *buf, size_t cap);

/* Waits for the screen to settle (waits.h: wait_settled, with a->settle_ns)
 * and returns TSR_EXIT_OK, or reports why it did not as live_wait_failed
 * does; where (may be NULL) prefixes the message, e.g. "FILE:LINE: snapshot". */
int live_settle(session *s, const live_options *a, uint64_t deadline_ns, const char *where);
/* The same without printing: TSR_EXIT_OK, or the code with the reason in buf. */
int live_settle_reason(session *s, const live_options *a, uint64_t deadline_ns, char *buf,
                       size_t cap);

/* Deadline from now. */
uint64_t live_deadline(uint64_t span_ns);

/* Closes the session and reports processes that could not be ended.
 * Returns code, or TSR_EXIT_INTERNAL if something survived. */
int live_close(session *s, int code);

#endif
