/* A session's trace: its frames kept in memory as a journal (journal.h's
 * format), so a failure can be written out and replayed, and nothing is
 * written when the run passes. */
#ifndef TSR_CLI_TRACE_H
#define TSR_CLI_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/tessera.h"

typedef struct trace {
    tsr_buf bytes;      /* the journal: magic line, then frames */
    long events;        /* frames after the first size (marks too), as replay --event counts */
    int private_inputs; /* INPUT frames keep no bytes (a spec's typed text is private) */
    int failed;         /* out of memory: the trace is incomplete */
    uint64_t start_ns, last_ns; /* the first and the latest frame's time */
    uint64_t step_start_ns;     /* the running step's start mark */
} trace;

/* Starts the journal with its first frame, the session's size at time_ns.
 * Returns 0 or -1. */
int trace_begin(trace *t, int rows, int cols, uint64_t time_ns, int private_inputs);

/* A frame_sink callback (session.h): appends the frame. Returns 0; a
 * failure only marks the trace failed, it never stops the session. */
int trace_frame(void *ctx, const tsr_frame *f);

/* Appends a MARK frame (a step of the test, on the frames' clock) with the
 * label printf makes. Returns 0 or -1 (the trace is then marked failed).
 * A step's marks follow one grammar (web/README.md), which the viewer and
 * `tessera replay --step N` read:
 *   step N start: DESCRIPTION
 *   step N end: passed (Dms[, DETAIL])
 *   step N end: failed (Dms[, DETAIL]): REASON */
int trace_mark(trace *t, uint64_t time_ns, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A step's start mark, "step N start: DESCRIPTION" (printf), at time_ns. */
int trace_step_start(trace *t, uint64_t time_ns, long n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A step's end mark: "step N end: passed (Dms[, DETAIL])" or, failed,
 * "... failed (Dms[, DETAIL]): REASON"; D from the start mark's time.
 * detail and reason may be NULL. */
int trace_step_end(trace *t, uint64_t time_ns, long n, int failed, const char *detail,
                   const char *reason);

void trace_free(trace *t);

#endif
