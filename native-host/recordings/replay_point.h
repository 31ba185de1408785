/* Where a replay stops: the end (default), a time from the recording's
 * start (--at), a number of events (--event), a marker (--mark) or a test
 * step's end (--step). A full-screen program that exits leaves a blank
 * final screen; these show the screen it drew on the way. A failure's
 * artifacts use the same points (artifacts.c). */
#ifndef TSR_CLI_REPLAY_POINT_H
#define TSR_CLI_REPLAY_POINT_H

#include <stddef.h>
#include <stdint.h>

typedef enum replay_point_kind {
    POINT_END = 0,
    POINT_AT,    /* every event up to at_ns from the start */
    POINT_EVENT, /* after the first `event` events of any kind (0: the blank screen) */
    POINT_MARK,  /* at the first marker whose label is `mark` */
    POINT_STEP,  /* at the first marker "step N end: ..." (trace.h's grammar) */
} replay_point_kind;

typedef struct replay_point {
    replay_point_kind kind;
    uint64_t at_ns;
    long event;
    const char *mark;
    long step;
    /* progress */
    long seen;   /* events offered so far */
    int reached; /* the point was met: later events are skipped */
} replay_point;

/* Offers the next event (its time from the start; label/len for markers,
 * else NULL). Returns 1 when it must be skipped: the point is behind. */
int replay_point_skip(replay_point *p, uint64_t t_ns, const char *label, size_t len);

/* After the last event: 0 when the point was met or is the end, else -1
 * with why (an --event beyond the recording, an unknown --mark or --step). */
int replay_point_check(const replay_point *p, char *why, size_t cap);

/* Whether label (len bytes) is the end mark of step n: "step N end:". */
int replay_point_is_step_end(const char *label, size_t len, long n);

#endif
