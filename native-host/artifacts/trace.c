/* Frames are encoded with the core's codec, so the trace is a journal that
 * `tessera replay` and the viewer read like any recording. */
#include "trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "journal.h"
#include "tessera/text.h"

static int append(trace *t, const tsr_frame *f)
{
    if (tsr_frame_encode(f, &t->bytes) != TSR_OK) {
        t->failed = 1;
        return -1;
    }
    if (f->time_ns > t->last_ns)
        t->last_ns = f->time_ns;
    t->events++;
    return 0;
}

int trace_begin(trace *t, int rows, int cols, uint64_t time_ns, int private_inputs)
{
    memset(t, 0, sizeof *t);
    t->private_inputs = private_inputs;
    t->start_ns = time_ns;
    tsr_frame first = {0};
    first.type = TSR_FRAME_RESIZE;
    first.time_ns = time_ns;
    first.rows = rows;
    first.cols = cols;
    if (tsr_buf_append(&t->bytes, JOURNAL_MAGIC, strlen(JOURNAL_MAGIC)) != TSR_OK) {
        t->failed = 1;
        return -1;
    }
    int rc = append(t, &first);
    t->events = 0; /* the first size is not an event */
    return rc;
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

void trace_free(trace *t)
{
    tsr_buf_free(&t->bytes);
}
