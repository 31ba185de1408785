/* Frames are applied exactly as the live session applied them, so the
 * final screen (and every revision on the way) is the one recorded.
 * Replies are dropped: nobody is listening. */
#include "journal_replay.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "journal.h"
#include "output.h"

typedef struct jreplay {
    const feed_args *args;
    replay_point point; /* args->point, with its progress */
    uint64_t start_ns;  /* the first frame's time: --at counts from it */
    tsr_term *term;
    long marks;         /* MARK frames seen (a trace's test steps) */
    tsr_buf scratch;
    int status;
} jreplay;

static int on_frame(void *ctx, const tsr_frame *f, long index)
{
    jreplay *r = ctx;
    if (index == 0)
        r->start_ns = f->time_ns;
    if (!r->term) {
        tsr_options opts = r->args->term;
        if (index == 0 && f->type == TSR_FRAME_RESIZE) {
            if (!r->args->rows_given)
                opts.rows = f->rows;
            if (!r->args->cols_given)
                opts.cols = f->cols;
        }
        r->status = tsr_term_new(&opts, &r->term);
        if (r->status != TSR_OK)
            return 1;
        if (index == 0 && f->type == TSR_FRAME_RESIZE)
            return 0;
    }
    /* every frame after the size is an event; MARK frames are the markers */
    uint64_t t = f->time_ns > r->start_ns ? f->time_ns - r->start_ns : 0;
    int mark = f->type == TSR_FRAME_MARK;
    r->marks += mark;
    if (replay_point_skip(&r->point, t, mark ? (const char *)f->data : NULL, mark ? f->len : 0))
        return 0;
    r->status = tsr_term_apply_frame(r->term, f, NULL);
    if (r->status == TSR_OK && tsr_term_pending_replies(r->term) > 0) {
        tsr_buf_clear(&r->scratch);
        r->status = tsr_term_take_replies(r->term, &r->scratch);
    }
    return r->status != TSR_OK;
}

int journal_replay(const feed_args *args, input_file *in)
{
    jreplay r;
    memset(&r, 0, sizeof r);
    r.args = args;
    r.point = args->point;
    journal_sink sink = {&r, on_frame};
    journal_error err;
    int rc = journal_read(in->fp, &sink, &err);
    int code;
    if (rc == JOURNAL_OK && !r.term)
        rc = tsr_term_new(&args->term, &r.term) == TSR_OK ? JOURNAL_OK : JOURNAL_ERR_NOMEM;
    char why[160];
    switch (rc) {
    case JOURNAL_OK:
        if (r.point.kind == POINT_MARK && !r.marks) {
            fprintf(stderr, "%s: --mark: a journal holds no markers (asciicast m events do)\n",
                    in->name);
            code = TSR_EXIT_USAGE;
        } else if (replay_point_check(&r.point, why, sizeof why) != 0) {
            fprintf(stderr, "%s: %s\n", in->name, why);
            code = TSR_EXIT_USAGE;
        } else {
            code = output_screen(r.term, args->format);
        }
        break;
    case JOURNAL_ERR_INVALID:
        fprintf(stderr, "%s: byte %lld: %s\n", in->name, err.offset, err.reason);
        code = TSR_EXIT_USAGE;
        break;
    case JOURNAL_ERR_IO:
        code = diag_file_errno(in->name, "cannot read", err.read_errno);
        break;
    case JOURNAL_ERR_SINK:
        code = diag_core("applying a frame", r.status);
        break;
    default:
        code = diag_internal("out of memory");
    }
    tsr_buf_free(&r.scratch);
    if (r.term)
        tsr_term_free(r.term);
    return code;
}
