/* libFuzzer target over the journal reader (native-host/recordings,
 * journal_read), reading the input as a file through fmemopen. Every frame
 * it hands over must encode and decode back to itself and apply to a
 * terminal: a journal the reader accepts is one a replay can show. A
 * rejection has a reason and an offset inside the input. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>

#include "fuzz_check.h"
#include "journal.h"
#include "tessera/tessera.h"

typedef struct replay {
    tsr_term *term;
    tsr_buf scratch;
    long frames;
} replay;

static void check_round_trip(const tsr_frame *f, tsr_buf *scratch)
{
    tsr_buf_clear(scratch);
    FUZZ_CHECK(tsr_frame_encode(f, scratch) == TSR_OK);
    tsr_frame back;
    size_t used = 0;
    FUZZ_CHECK(tsr_frame_decode(scratch->data, scratch->len, &back, &used) == TSR_OK);
    FUZZ_CHECK(used == scratch->len);
    FUZZ_CHECK(back.type == f->type && back.time_ns == f->time_ns && back.len == f->len);
    FUZZ_CHECK(f->len == 0 || memcmp(back.data, f->data, f->len) == 0);
    if (f->type == TSR_FRAME_RESIZE)
        FUZZ_CHECK(back.rows == f->rows && back.cols == f->cols);
    if (f->type == TSR_FRAME_EXIT)
        FUZZ_CHECK(back.exit_code == f->exit_code && back.exit_signal == f->exit_signal);
    if (f->type == TSR_FRAME_INPUT_ACK)
        FUZZ_CHECK(back.action_id == f->action_id);
}

static int on_frame(void *ctx, const tsr_frame *f, long index)
{
    replay *r = ctx;
    FUZZ_CHECK(index == r->frames);
    r->frames++;
    fuzz_touch(f->data, f->len);
    check_round_trip(f, &r->scratch);
    int rc = tsr_term_apply_frame(r->term, f, NULL);
    FUZZ_CHECK(rc == TSR_OK || rc == TSR_ERR_NOMEM);
    if (tsr_term_pending_replies(r->term) > 0) { /* nobody listens: drop them */
        tsr_buf_clear(&r->scratch);
        FUZZ_CHECK(tsr_term_take_replies(r->term, &r->scratch) == TSR_OK);
    }
    return rc != TSR_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* fmemopen needs a buffer of at least one byte on some libcs */
    FILE *fp = fmemopen(size ? (void *)data : (void *)"", size ? size : 1, "rb");
    FUZZ_CHECK(fp != NULL);
    if (size == 0)
        FUZZ_CHECK(fgetc(fp) == '\0'); /* skip the stand-in byte: an empty file remains */
    tsr_options opts;
    tsr_options_default(&opts);
    opts.rows = 8;
    opts.cols = 20;
    replay r = {0};
    FUZZ_CHECK(tsr_term_new(&opts, &r.term) == TSR_OK);
    journal_sink sink = {&r, on_frame};
    journal_error err;
    int rc = journal_read(fp, &sink, &err);
    FUZZ_CHECK(rc == JOURNAL_OK || rc == JOURNAL_ERR_INVALID || rc == JOURNAL_ERR_NOMEM);
    if (rc == JOURNAL_ERR_INVALID) {
        FUZZ_CHECK(err.reason[0] != '\0' && memchr(err.reason, '\0', sizeof err.reason));
        FUZZ_CHECK(err.offset >= 0 && (unsigned long long)err.offset <= size);
    }
    fclose(fp);
    tsr_buf_free(&r.scratch);
    tsr_term_free(r.term);
    return 0;
}
