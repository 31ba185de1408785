/* Frames are applied exactly as the live session applied them
 * (journal_screen.h), so the final screen (and every revision on the way)
 * is the one recorded. */
#include "terminal_safe.h"
#include "journal_replay.h"

#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "journal_screen.h"
#include "output.h"
#include "replay_marks.h"

static int list_mark(void *ctx, long event, uint64_t t_ns, const char *label, size_t len)
{
    return replay_marks_add(ctx, event, t_ns, label, len) != TSR_OK;
}

int journal_replay(const feed_args *args, input_file *in)
{
    replay_point point = args->point;
    tsr_buf marks = {0};
    journal_screen_args a = {args->term, args->rows_given, args->cols_given, &point,
                             args->list_marks ? list_mark : NULL, &marks};
    journal_screen_result res;
    journal_error err;
    int rc = journal_screen(in->fp, &a, &res, &err);
    int code;
    char why[160];
    switch (rc) {
    case JOURNAL_OK:
        if (args->list_marks) {
            code = replay_marks_print(&marks, in->name);
        } else if ((point.kind == POINT_MARK || point.kind == POINT_STEP) && !res.marks) {
            safe_fprintf(stderr, "%s: --%s: this journal holds no marks (a failure's trace.journal "
                            "does)\n", in->name, point.kind == POINT_MARK ? "mark" : "step");
            code = TSR_EXIT_USAGE;
        } else if (replay_point_check(&point, why, sizeof why) != 0) {
            safe_fprintf(stderr, "%s: %s\n", in->name, why);
            code = TSR_EXIT_USAGE;
        } else {
            code = output_screen(res.term, args->format);
        }
        break;
    case JOURNAL_ERR_INVALID:
        code = journal_diag(in->name, &err);
        break;
    case JOURNAL_ERR_IO:
        code = diag_file_errno(in->name, "cannot read", err.read_errno);
        break;
    case JOURNAL_ERR_SINK:
        code = res.status != TSR_OK ? diag_core("applying a frame", res.status)
                                    : diag_internal("out of memory");
        break;
    default:
        code = diag_internal("out of memory");
    }
    tsr_buf_free(&marks);
    if (res.term)
        tsr_term_free(res.term);
    return code;
}
