/* Replies are dropped: nobody is listening. Every frame after the first
 * size is one event; MARK frames are events that change nothing. */
#include "journal_screen.h"

#include <string.h>

typedef struct jscreen {
    const journal_screen_args *a;
    journal_screen_result *out;
    uint64_t start_ns; /* the first frame's time: --at counts from it */
    tsr_buf scratch;
} jscreen;

static int on_frame(void *ctx, const tsr_frame *f, long index)
{
    jscreen *r = ctx;
    journal_screen_result *out = r->out;
    if (index == 0)
        r->start_ns = f->time_ns;
    if (!out->term) {
        tsr_options opts = r->a->term;
        int size = index == 0 && f->type == TSR_FRAME_RESIZE;
        if (size && !r->a->keep_rows)
            opts.rows = f->rows;
        if (size && !r->a->keep_cols)
            opts.cols = f->cols;
        out->status = tsr_term_new(&opts, &out->term);
        if (out->status != TSR_OK)
            return 1;
        if (size)
            return 0;
    }
    uint64_t t = f->time_ns > r->start_ns ? f->time_ns - r->start_ns : 0;
    int mark = f->type == TSR_FRAME_MARK;
    const char *label = mark ? (const char *)f->data : NULL;
    out->marks += mark;
    replay_point *p = r->a->point;
    int skip = replay_point_skip(p, t, label, mark ? f->len : 0);
    if (mark && r->a->on_mark && r->a->on_mark(r->a->ctx, p->seen, t, label, f->len) != 0)
        return 1;
    if (skip)
        return 0;
    out->status = tsr_term_apply_frame(out->term, f, NULL);
    if (out->status == TSR_OK && tsr_term_pending_replies(out->term) > 0) {
        tsr_buf_clear(&r->scratch);
        out->status = tsr_term_take_replies(out->term, &r->scratch);
    }
    return out->status != TSR_OK;
}

int journal_screen(FILE *fp, const journal_screen_args *a, journal_screen_result *out,
                   journal_error *err)
{
    memset(out, 0, sizeof *out);
    jscreen r = {a, out, 0, {0}};
    journal_sink sink = {&r, on_frame};
    int rc = journal_read(fp, &sink, err);
    /* a journal with no frame at all: the terminal of the given size */
    if (rc == JOURNAL_OK && !out->term) {
        out->status = tsr_term_new(&a->term, &out->term);
        if (out->status != TSR_OK)
            rc = JOURNAL_ERR_NOMEM;
    }
    tsr_buf_free(&r.scratch);
    if (rc != JOURNAL_OK && out->term) {
        tsr_term_free(out->term);
        out->term = NULL;
    }
    return rc;
}
