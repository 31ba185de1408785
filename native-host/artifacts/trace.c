/* Frames are encoded with the core's codec, so the trace is a journal that
 * `tessera replay` and the viewer read like any recording. The journal is
 * one buffer: a drop moves what stays to the front once per segment (a
 * quarter of the bound), so each byte is moved at most a few times. */
#include "trace.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "journal.h"
#include "terminal_safe.h"
#include "tessera/text.h"

/* Out of memory: the trace misses what follows, and whoever reads its
 * artifacts must know (said once, the session goes on). */
static void fail(trace *t, const char *what)
{
    if (!t->failed)
        safe_fprintf(stderr, "tessera: the trace is incomplete: %s\n", what);
    t->failed = 1;
}

/* The bound: TESSERA_TRACE_MAX_BYTES when it is decimal digits alone (as
 * js/src/trace.js reads it: no sign, no space), else the default. */
static size_t bound(void)
{
    const char *env = getenv(TRACE_MAX_ENV);
    if (!env || !env[0] || strspn(env, "0123456789") != strlen(env))
        return TRACE_MAX_BYTES;
    errno = 0;
    unsigned long long v = strtoull(env, NULL, 10);
    if (errno == ERANGE)
        v = ULLONG_MAX;
    if (v < TRACE_MIN_BYTES)
        return TRACE_MIN_BYTES;
    return v > (unsigned long long)(SIZE_MAX / 2) ? SIZE_MAX / 2 : (size_t)v;
}

/* The journal's start after a drop: the magic line of version 2, the size
 * (at the session's start, so times still count from it), the mark that
 * says what went, the cut's keyframe. */
static int header(const trace *t, const trace_cut *c, tsr_buf *out)
{
    tsr_buf_clear(out);
    tsr_frame size = {0};
    size.type = TSR_FRAME_RESIZE;
    size.time_ns = t->start_ns;
    size.rows = c->rows;
    size.cols = c->cols;
    char label[200];
    int n = snprintf(label, sizeof label,
                     "trace: %ld frames (%llu bytes) before this were dropped (it keeps its "
                     "last %llu bytes)",
                     c->frames, (unsigned long long)c->frame_bytes,
                     (unsigned long long)t->max_bytes);
    tsr_frame mark = {0};
    mark.type = TSR_FRAME_MARK;
    mark.time_ns = c->time_ns;
    mark.data = (const uint8_t *)label;
    mark.len = n > 0 && (size_t)n < sizeof label ? (size_t)n : 0;
    if (tsr_buf_append(out, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != TSR_OK ||
        tsr_frame_encode(&size, out) != TSR_OK || tsr_frame_encode(&mark, out) != TSR_OK ||
        tsr_buf_append(out, c->key.data, c->key.len) != TSR_OK)
        return -1;
    return 0;
}

/* Forgets the first n cuts. */
static void forget(trace *t, int n)
{
    for (int j = 0; j < n; j++)
        tsr_buf_free(&t->cuts[j].key);
    memmove(&t->cuts[0], &t->cuts[n], sizeof t->cuts[0] * (size_t)(t->ncuts - n));
    t->ncuts -= n;
}

/* Drops everything before the earliest cut after which the journal fits
 * (the last one if none does: a segment longer than the bound, which only
 * a frame of more than a quarter of it, or a keyframe near it, makes). */
static void drop(trace *t)
{
    tsr_buf h = {0};
    int i = 0;
    for (; i < t->ncuts; i++) {
        if (header(t, &t->cuts[i], &h) != 0) {
            fail(t, "out of memory");
            tsr_buf_free(&h);
            return;
        }
        if (h.len + (t->bytes.len - t->cuts[i].offset) <= t->max_bytes || i == t->ncuts - 1)
            break;
    }
    const trace_cut c = t->cuts[i];
    size_t keep = t->bytes.len - c.offset;
    if (tsr_buf_reserve(&t->bytes, h.len) != TSR_OK) {
        fail(t, "out of memory");
        tsr_buf_free(&h);
        return;
    }
    memmove(t->bytes.data + h.len, t->bytes.data + c.offset, keep);
    memcpy(t->bytes.data, h.data, h.len);
    t->bytes.len = h.len + keep;
    t->bytes.data[t->bytes.len] = '\0';
    /* events 1 and 2 are now the mark and the keyframe: the frame that
     * was event c.events + 1 is event 3 */
    long shift = c.events - 2;
    t->events -= shift;
    t->events_dropped += shift;
    t->dropped_frames = c.frames;
    t->dropped_bytes = c.frame_bytes;
    for (int j = i + 1; j < t->ncuts; j++) {
        t->cuts[j].offset = t->cuts[j].offset - c.offset + h.len;
        t->cuts[j].events -= shift;
    }
    forget(t, i + 1);
    tsr_buf_free(&h);
}

/* Marks where a segment starts, with a keyframe of the live terminal (the
 * state after every frame so far), kept aside until a drop puts it at the
 * journal's start: a journal that never passes the bound holds none. One
 * that cannot be made is an empty one (the size, a blank screen), said. */
static void cut(trace *t)
{
    t->since_cut = 0;
    if (t->ncuts == TRACE_CUTS) /* never with a quarter per segment; kept safe */
        forget(t, 1);
    trace_cut c = {t->bytes.len, t->events, t->frames, t->frame_bytes, t->last_ns,
                   tsr_term_rows(t->term), tsr_term_cols(t->term), {0}};
    tsr_buf_clear(&t->scratch);
    tsr_frame k = {0};
    k.type = TSR_FRAME_KEYFRAME;
    k.time_ns = c.time_ns;
    k.rows = c.rows;
    k.cols = c.cols;
    int made = tsr_term_keyframe(t->term, t->max_bytes / 16, &t->scratch) == TSR_OK;
    if (made) {
        k.data = (const uint8_t *)t->scratch.data;
        k.len = t->scratch.len;
    }
    if (!made || tsr_frame_encode(&k, &c.key) != TSR_OK) {
        fail(t, "a keyframe could not be made: its screen is blank");
        k.data = NULL;
        k.len = 0;
        tsr_buf_clear(&c.key);
        if (tsr_frame_encode(&k, &c.key) != TSR_OK) {
            tsr_buf_free(&c.key);
            return;
        }
    }
    t->cuts[t->ncuts++] = c;
}

static int append(trace *t, const tsr_frame *f)
{
    size_t before = t->bytes.len;
    if (tsr_frame_encode(f, &t->bytes) != TSR_OK) {
        fail(t, "out of memory");
        return -1;
    }
    size_t n = t->bytes.len - before;
    if (f->time_ns > t->last_ns)
        t->last_ns = f->time_ns;
    t->events++;
    t->frames++;
    t->frame_bytes += n;
    t->since_cut += n;
    if (t->term && t->since_cut >= t->max_bytes / 4)
        cut(t);
    if (t->bytes.len > t->max_bytes && t->ncuts)
        drop(t);
    return 0;
}

int trace_begin(trace *t, int rows, int cols, uint64_t time_ns, int private_inputs)
{
    memset(t, 0, sizeof *t);
    t->private_inputs = private_inputs;
    t->start_ns = t->last_ns = time_ns;
    t->max_bytes = bound();
    tsr_frame first = {0};
    first.type = TSR_FRAME_RESIZE;
    first.time_ns = time_ns;
    first.rows = rows;
    first.cols = cols;
    /* version 1 until a drop puts a keyframe in it: older readers read it */
    if (tsr_buf_append(&t->bytes, JOURNAL_MAGIC_V1, strlen(JOURNAL_MAGIC_V1)) != TSR_OK ||
        tsr_frame_encode(&first, &t->bytes) != TSR_OK) {
        fail(t, "out of memory");
        return -1;
    }
    return 0; /* the first size is not an event */
}

void trace_watch(trace *t, const tsr_term *term)
{
    t->term = term;
}

int trace_frame(void *ctx, const tsr_frame *f)
{
    trace *t = ctx;
    if (f->type == TSR_FRAME_INPUT && t->private_inputs) {
        tsr_frame blank = *f; /* the write stays on the clock, its bytes do not */
        blank.data = NULL;
        blank.len = 0;
        append(t, &blank);
        return 0;
    }
    append(t, f);
    return 0;
}

static int mark_v(trace *t, uint64_t time_ns, const char *fmt, va_list ap)
{
    char label[512];
    int n = vsnprintf(label, sizeof label, fmt, ap);
    if (n < 0)
        return -1;
    tsr_frame m = {0};
    m.type = TSR_FRAME_MARK;
    m.time_ns = time_ns;
    m.data = (const uint8_t *)label;
    m.len = (size_t)n < sizeof label ? (size_t)n : sizeof label - 1;
    return append(t, &m);
}

int trace_mark(trace *t, uint64_t time_ns, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = mark_v(t, time_ns, fmt, ap);
    va_end(ap);
    return rc;
}

int trace_step_start(trace *t, uint64_t time_ns, long n, const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    t->step_start_ns = time_ns;
    return trace_mark(t, time_ns, "step %ld start: %s", n, what);
}

int trace_step_end(trace *t, uint64_t time_ns, long n, int failed, const char *detail,
                   const char *reason)
{
    unsigned long long ms =
        time_ns > t->step_start_ns ? (unsigned long long)((time_ns - t->step_start_ns) / 1000000u) : 0;
    const char *d = detail && detail[0] ? detail : NULL;
    if (!failed)
        return trace_mark(t, time_ns, "step %ld end: passed (%llums%s%s)", n, ms, d ? ", " : "",
                          d ? d : "");
    return trace_mark(t, time_ns, "step %ld end: failed (%llums%s%s): %s", n, ms, d ? ", " : "",
                      d ? d : "", reason && reason[0] ? reason : "failed");
}

long trace_moment(const trace *t)
{
    return t->events + t->events_dropped;
}

long trace_event_at(const trace *t, long moment)
{
    long e = moment - t->events_dropped;
    /* a moment before the cut: the earliest screen kept, the keyframe's */
    return t->dropped_frames && e < 2 ? 2 : e;
}

void trace_failure_at(const trace *t, long step, long moment, long *step_out, long *event_out)
{
    /* after a drop, events 1 and 2 are its mark and the keyframe */
    int kept = !t->dropped_frames || moment - t->events_dropped > 2;
    *step_out = step >= 0 && kept ? step : -1;
    *event_out = *step_out >= 0 || moment < 0 ? -1 : trace_event_at(t, moment);
}

void trace_free(trace *t)
{
    tsr_buf_free(&t->bytes);
    tsr_buf_free(&t->scratch);
    forget(t, t->ncuts);
}
