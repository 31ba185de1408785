/* The trace's ring (native-host/artifacts/trace.h) without a PTY: frames
 * applied to a terminal and traced, as a session does. The journal stays
 * within its bound, starts with the size, the drop mark and a keyframe,
 * and replays to the live screen; moments map to the events replay counts;
 * a trace below a quarter of the bound is version 1 with no keyframe. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "journal_screen.h"
#include "tessera/text.h"
#include "trace.h"

static int failures;

#define CHECK(cond)                                                                \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                            \
        }                                                                          \
    } while (0)

#define BOUND 65536

/* A session's frame: applied to the terminal, then traced. */
static void output(trace *t, tsr_term *term, uint64_t ns, const char *text)
{
    tsr_frame f = {0};
    f.type = TSR_FRAME_OUTPUT;
    f.time_ns = ns;
    f.data = (const uint8_t *)text;
    f.len = strlen(text);
    CHECK(tsr_term_apply_frame(term, &f, NULL) == TSR_OK);
    trace_frame(t, &f);
}

static char *text_of(const tsr_term *term)
{
    tsr_buf b = {0};
    CHECK(tsr_render_text(term, &b) == TSR_OK);
    return b.data;
}

/* The trace replayed to point: the screen as text (the caller frees it). */
static char *replayed(const trace *t, replay_point *point)
{
    FILE *fp = fmemopen(t->bytes.data, t->bytes.len, "rb");
    CHECK(fp != NULL);
    if (!fp)
        return NULL;
    journal_screen_args a = {{0}, 0, 0, point, NULL, NULL};
    tsr_options_default(&a.term);
    journal_screen_result res;
    journal_error err;
    int rc = journal_screen(fp, &a, &res, &err);
    fclose(fp);
    CHECK(rc == JOURNAL_OK);
    if (rc != JOURNAL_OK) {
        fprintf(stderr, "  byte %lld: %s\n", err.offset, err.reason);
        return NULL;
    }
    char why[160];
    CHECK(replay_point_check(point, why, sizeof why) == 0);
    char *s = text_of(res.term);
    tsr_term_free(res.term);
    return s;
}

/* The n-th frame after the magic line. */
static int frame_at(const trace *t, int n, tsr_frame *f)
{
    size_t pos = strlen(JOURNAL_MAGIC), used;
    for (int i = 0; i <= n; i++) {
        if (tsr_frame_decode(t->bytes.data + pos, t->bytes.len - pos, f, &used) != TSR_OK)
            return -1;
        pos += used;
    }
    return 0;
}

/* The events in the journal, as replay --event counts them. */
static long events_in(const trace *t)
{
    tsr_frame f;
    long n = 0;
    while (frame_at(t, (int)n + 1, &f) == 0)
        n++;
    return n;
}

/* The event (as replay --event counts) of the mark that starts with label, or -1. */
static long mark_event(const trace *t, const char *label)
{
    tsr_frame f;
    for (int n = 1; frame_at(t, n, &f) == 0; n++)
        if (f.type == TSR_FRAME_MARK && f.len >= strlen(label) &&
            memcmp(f.data, label, strlen(label)) == 0)
            return n;
    return -1;
}

/* A session's terminal of the default size, and its trace from time 1000. */
static tsr_term *begin(trace *t)
{
    tsr_options o;
    tsr_options_default(&o);
    tsr_term *term = NULL;
    CHECK(tsr_term_new(&o, &term) == TSR_OK);
    CHECK(trace_begin(t, o.rows, o.cols, 1000, 0) == 0);
    trace_watch(t, term);
    return term;
}

static void endless(void)
{
    trace t;
    tsr_term *term = begin(&t);
    CHECK(t.max_bytes == BOUND);
    char line[160];
    uint64_t ns = 1000;
    long early = -1, late = -1;
    char *at_late = NULL;
    for (int i = 0; i < 20000; i++) {
        snprintf(line, sizeof line, "\x1b[3%dmline %d of the endless output\x1b[m\r\n", i % 8, i);
        output(&t, term, ++ns, line);
        CHECK(t.bytes.len <= BOUND);
        if (i == 10) { /* a step that ends long before the drops */
            trace_step_end(&t, ++ns, 0, 1, NULL, "early");
            early = trace_moment(&t);
        }
        if (i == 19990) {
            trace_step_end(&t, ++ns, 1, 1, NULL, "late");
            late = trace_moment(&t);
            at_late = text_of(term);
        }
    }
    CHECK(t.dropped_frames > 0);
    CHECK(events_in(&t) == t.events);
    CHECK(memcmp(t.bytes.data, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) == 0);
    tsr_frame f;
    CHECK(frame_at(&t, 0, &f) == 0 && f.type == TSR_FRAME_RESIZE && f.time_ns == 1000);
    CHECK(frame_at(&t, 1, &f) == 0 && f.type == TSR_FRAME_MARK &&
          f.len > 7 && memcmp(f.data, "trace: ", 7) == 0);
    CHECK(frame_at(&t, 2, &f) == 0 && f.type == TSR_FRAME_KEYFRAME);
    CHECK(frame_at(&t, 3, &f) == 0 && f.type != TSR_FRAME_KEYFRAME);

    /* the end: the live screen */
    replay_point end = {0};
    char *live = text_of(term), *back = replayed(&t, &end);
    CHECK(back && strcmp(live, back) == 0);
    free(back);

    /* the late step is kept: its end mark is the failing moment, and the
     * event at its moment is that mark */
    long step, event;
    trace_failure_at(&t, 1, late, &step, &event);
    CHECK(step == 1 && event == -1);
    replay_point at = {0};
    at.kind = POINT_STEP;
    at.step = 1;
    back = replayed(&t, &at);
    CHECK(back && at_late && strcmp(back, at_late) == 0);
    free(back);
    replay_point ev = {0};
    ev.kind = POINT_EVENT;
    ev.event = trace_event_at(&t, late);
    CHECK(ev.event == mark_event(&t, "step 1 end:"));
    CHECK(mark_event(&t, "step 0 end:") == -1);
    back = replayed(&t, &ev);
    CHECK(back && at_late && strcmp(back, at_late) == 0);
    free(back);

    /* the early step went with its frames: the earliest screen kept */
    trace_failure_at(&t, 0, early, &step, &event);
    CHECK(step == -1 && event == 2);
    /* no step: the moment's event, or the end */
    trace_failure_at(&t, -1, trace_moment(&t), &step, &event);
    CHECK(step == -1 && event == t.events);
    trace_failure_at(&t, -1, -1, &step, &event);
    CHECK(step == -1 && event == -1);

    free(live);
    free(at_late);
    trace_free(&t);
    tsr_term_free(term);
}

static void small(void)
{
    trace t;
    tsr_term *term = begin(&t);
    for (int i = 0; i < 100; i++)
        output(&t, term, 2000 + (uint64_t)i, "a short line\r\n");
    CHECK(t.bytes.len < BOUND / 4);
    CHECK(memcmp(t.bytes.data, JOURNAL_MAGIC_V1, strlen(JOURNAL_MAGIC_V1)) == 0);
    CHECK(t.ncuts == 0 && t.dropped_frames == 0 && t.events == 100);
    long step, event;
    trace_failure_at(&t, -1, 42, &step, &event);
    CHECK(step == -1 && event == 42);
    trace_free(&t);
    tsr_term_free(term);
}

int main(void)
{
    setenv(TRACE_MAX_ENV, "65536", 1);
    endless();
    small();
    if (failures)
        fprintf(stderr, "trace_test: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
