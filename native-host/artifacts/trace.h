/* A session's trace: its frames kept in memory as a journal (journal.h's
 * format: version 1, version 2 once it dropped frames), so a failure can
 * be written out and replayed, and nothing is written when the run passes.
 *
 * It keeps the last max_bytes of the journal (TRACE_MAX_BYTES; the
 * environment's TESSERA_TRACE_MAX_BYTES, for tests), so endless output
 * costs constant memory. Each time a quarter of that has been appended, a
 * new segment starts, with a KEYFRAME of the live terminal (trace_watch)
 * kept aside; when the journal passes the bound, the oldest segments go at
 * once (one move of what stays) and the journal, now version 2, reads:
 * the size (at the session's start time), a MARK "trace: N frames (M
 * bytes) before this were dropped (it keeps its last B bytes)", the
 * segment's keyframe, the frames after it. Step marks before the cut go
 * with their frames (trace_failure_at). Memory: the journal, at most four
 * or five keyframes aside, each at most a sixteenth of the bound of
 * scrollback and one screen.
 *
 * The bound: after each frame the journal holds at most max_bytes as long
 * as its start (the mark and a keyframe) and two frames fit in half of
 * it: at the default bound always (a keyframe is one screen and at most a
 * sixteenth of the bound of scrollback, a read at most 64 KiB; only an
 * input frame of megabytes could pass it), at the least bound for a
 * screen of ordinary size. A journal that
 * never passed max_bytes is written as before: version 1, no keyframe, no
 * mark. */
#ifndef TSR_CLI_TRACE_H
#define TSR_CLI_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/tessera.h"

#define TRACE_MAX_BYTES (64u << 20)
#define TRACE_MAX_ENV "TESSERA_TRACE_MAX_BYTES"
#define TRACE_MIN_BYTES (64u << 10) /* a smaller TESSERA_TRACE_MAX_BYTES is raised to this */
#define TRACE_CUTS 16

/* Where a segment starts, and the keyframe a drop to it puts first. */
typedef struct trace_cut {
    size_t offset;        /* of its first frame in bytes */
    long events;          /* events before it, as the journal counts them now */
    long frames;          /* the session's frames before it, since the start */
    uint64_t frame_bytes; /* their encoded bytes */
    uint64_t time_ns;
    int rows, cols;
    tsr_buf key;          /* the KEYFRAME frame, encoded */
} trace_cut;

typedef struct trace {
    tsr_buf bytes;      /* the journal: magic line, the first size, then frames */
    long events;        /* frames after the first size (marks too), as replay --event counts */
    long events_dropped; /* how far the drops moved that count (trace_moment) */
    int private_inputs; /* INPUT frames keep no bytes (a spec's typed text is private) */
    int failed;         /* out of memory: the trace is incomplete */
    uint64_t start_ns, last_ns; /* the first and the latest frame's time */
    uint64_t step_start_ns;     /* the running step's start mark */
    const tsr_term *term;       /* the live terminal the keyframes show (NULL: none) */
    size_t max_bytes;           /* the bound of bytes */
    size_t since_cut;           /* bytes appended since the last keyframe */
    long frames;                /* the session's frames and marks so far */
    uint64_t frame_bytes;       /* their encoded bytes */
    long dropped_frames;        /* of those, dropped */
    uint64_t dropped_bytes;
    trace_cut cuts[TRACE_CUTS]; /* the kept segments' starts, oldest first */
    int ncuts;
    tsr_buf scratch;            /* a keyframe being made */
} trace;

/* Starts the journal with its first frame, the session's size at time_ns.
 * Returns 0 or -1. */
int trace_begin(trace *t, int rows, int cols, uint64_t time_ns, int private_inputs);

/* The live terminal the trace's frames are applied to (the session's),
 * whose keyframes start its segments. Without one the trace is not cut. */
void trace_watch(trace *t, const tsr_term *term);

/* A frame_sink callback (session.h), told of each frame after the terminal
 * applied it: appends the frame. Returns 0; a failure only marks the trace
 * failed, it never stops the session. */
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

/* The moment now, as a number that survives later drops; trace_event_at
 * turns it into the event count replay --event takes, at the keyframe
 * when the moment itself was dropped. */
long trace_moment(const trace *t);
long trace_event_at(const trace *t, long moment);

/* Where a failure's artifacts open, as artifact_info's step and event:
 * at step's end mark, written at moment (trace_moment just after it),
 * while the trace still holds it, else at the moment's event; with no
 * step, at moment's event (moment -1: the end). */
void trace_failure_at(const trace *t, long step, long moment, long *step_out, long *event_out);

void trace_free(trace *t);

#endif
