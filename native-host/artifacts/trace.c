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
    return append(t, &first);
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

int trace_mark(trace *t, uint64_t time_ns, const char *fmt, ...)
{
    char label[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(label, sizeof label, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    tsr_frame m = {0};
    m.type = TSR_FRAME_MARK;
    m.time_ns = time_ns;
    m.data = (const uint8_t *)label;
    m.len = (size_t)n < sizeof label ? (size_t)n : sizeof label - 1;
    return append(t, &m);
}

void trace_free(trace *t)
{
    tsr_buf_free(&t->bytes);
}
