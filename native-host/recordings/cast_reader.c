/* asciicast v2 and v3 from a stream: this file reads lines, the core's reader
 * (tessera/recording.h) judges them, so the CLI and the wasm engines accept
 * and reject exactly the same recordings with the same reasons. */
#include "cast_reader.h"

#include <stdio.h>

#include "line_reader.h"
#include "tessera/tessera.h"

/* Hands one event to the sink; returns CAST_OK or CAST_ERR_SINK. */
static int dispatch(const cast_sink *sink, const tsr_cast_event *ev)
{
    if (ev->kind == TSR_CAST_COMMENT)
        return CAST_OK; /* not an event: --event and --at never count it */
    int seen = ev->kind != TSR_CAST_HEADER && sink->event ? sink->event(sink->ctx, ev) : 0;
    if (seen != 0)
        return seen < 0 ? CAST_ERR_SINK : CAST_OK;
    int stop = 0;
    switch (ev->kind) {
    case TSR_CAST_HEADER:
        stop = sink->header && sink->header(sink->ctx, ev->cols, ev->rows) != 0;
        break;
    case TSR_CAST_OUTPUT:
        stop = sink->output && sink->output(sink->ctx, ev->data, ev->len) != 0;
        break;
    case TSR_CAST_RESIZE:
        stop = sink->resize && sink->resize(sink->ctx, ev->cols, ev->rows) != 0;
        break;
    default: /* input, markers and the exit show nothing */
        break;
    }
    return stop ? CAST_ERR_SINK : CAST_OK;
}

/* Maps the core reader's failure to ours, copying its reason. */
static int core_failure(const tsr_cast_reader *reader, int status, cast_error *err)
{
    if (status == TSR_ERR_NOMEM)
        return CAST_ERR_NOMEM;
    long line = 0;
    const char *reason = tsr_cast_reader_error(reader, &line);
    err->line = line;
    snprintf(err->reason, sizeof err->reason, "%s", reason);
    return CAST_ERR_INVALID;
}

int cast_read(FILE *fp, const cast_sink *sink, cast_error *err)
{
    err->line = 0;
    err->reason[0] = '\0';
    err->read_errno = 0;

    tsr_cast_reader *reader = NULL;
    if (tsr_cast_reader_new(&reader) != TSR_OK)
        return CAST_ERR_NOMEM;
    line_reader lr;
    if (line_reader_init(&lr, fp) != LINE_OK) {
        tsr_cast_reader_free(reader);
        return CAST_ERR_NOMEM;
    }
    /* a longer line reaches the core cut to one byte over: it says why */
    lr.max_line = TSR_CAST_MAX_LINE_BYTES;
    int rc = CAST_OK;
    for (;;) {
        const char *line;
        size_t len;
        int lrc = line_reader_next(&lr, &line, &len);
        if (lrc == LINE_END) {
            int st = tsr_cast_reader_finish(reader);
            if (st != TSR_OK)
                rc = core_failure(reader, st, err);
            break;
        }
        if (lrc == LINE_ERR_NOMEM) {
            rc = CAST_ERR_NOMEM;
            break;
        }
        if (lrc == LINE_ERR_IO) {
            err->line = lr.number + 1;
            err->read_errno = lr.read_errno;
            rc = CAST_ERR_IO;
            break;
        }
        err->line = lr.number;
        tsr_cast_event ev;
        int st = tsr_cast_reader_line(reader, line, len, &ev);
        rc = st == TSR_OK ? dispatch(sink, &ev) : core_failure(reader, st, err);
        if (rc != CAST_OK)
            break;
    }
    line_reader_free(&lr);
    tsr_cast_reader_free(reader);
    return rc;
}
