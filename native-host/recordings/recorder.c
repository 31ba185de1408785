/* The two writers fed from one place, so a recording is the same file
 * whichever command made it. */
#include "terminal_safe.h"
#include "recorder.h"

#include <errno.h>
#include <string.h>

#include "exit_codes.h"
#include "journal.h"

static FILE *open_for_writing(const char *path)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        safe_fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    return fp;
}

int recorder_open(recorder *r, const char *cast_path, int cast_version,
                  const char *journal_path)
{
    memset(r, 0, sizeof *r);
    r->cast_version = cast_version;
    if (cast_path && !(r->cast_fp = open_for_writing(cast_path)))
        return TSR_EXIT_USAGE;
    if (journal_path && !(r->journal_fp = open_for_writing(journal_path))) {
        recorder_close(r);
        return TSR_EXIT_USAGE;
    }
    return TSR_EXIT_OK;
}

int recorder_begin(recorder *r, int cols, int rows, uint64_t t0_ns)
{
    int bad = 0;
    if (r->cast_fp)
        bad |= cast_writer_begin(&r->cast, r->cast_fp, r->cast_version, cols, rows, t0_ns) != 0;
    if (r->journal_fp) {
        tsr_frame first;
        memset(&first, 0, sizeof first);
        first.type = TSR_FRAME_RESIZE;
        first.time_ns = t0_ns;
        first.rows = rows;
        first.cols = cols;
        bad |= journal_begin(r->journal_fp) != 0 ||
               journal_frame(r->journal_fp, &first, &r->scratch) != 0;
    }
    r->failed |= bad;
    return bad ? -1 : 0;
}

int recorder_frame(void *ctx, const tsr_frame *f)
{
    recorder *r = ctx;
    int bad = 0;
    if (r->journal_fp)
        bad |= journal_frame(r->journal_fp, f, &r->scratch) != 0;
    if (r->cast_fp) {
        if (f->type == TSR_FRAME_OUTPUT)
            bad |= cast_writer_data(&r->cast, f->time_ns, 'o', f->data, f->len) != 0;
        else if (f->type == TSR_FRAME_INPUT)
            bad |= cast_writer_data(&r->cast, f->time_ns, 'i', f->data, f->len) != 0;
        else if (f->type == TSR_FRAME_RESIZE)
            bad |= cast_writer_resize(&r->cast, f->time_ns, f->cols, f->rows) != 0;
        else if (f->type == TSR_FRAME_EXIT)
            bad |= cast_writer_exit(&r->cast, f->time_ns, f->exit_code, f->exit_signal) != 0;
    }
    if (r->journal_fp && fflush(r->journal_fp) != 0)
        bad = 1;
    if (r->cast_fp && fflush(r->cast_fp) != 0)
        bad = 1;
    r->failed |= bad;
    return bad ? -1 : 0;
}

int recorder_close(recorder *r)
{
    int bad = r->failed;
    if (r->cast_fp && fclose(r->cast_fp) != 0)
        bad = 1;
    if (r->journal_fp && fclose(r->journal_fp) != 0)
        bad = 1;
    r->cast_fp = r->journal_fp = NULL;
    tsr_buf_free(&r->scratch);
    return bad ? -1 : 0;
}
