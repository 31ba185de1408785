/* `tessera replay`: an asciicast v2 or v3 recording in, its final screen
 * out. The terminal is made when the header gives its size (flags win),
 * output events are fed, resize events applied, a v3 exit event applied as
 * an exit frame (as a journal's is), input and marker events skipped. */
#include <stdio.h>
#include <string.h>

#include "terminal_safe.h"
#include "cast_reader.h"
#include "feed_commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "feed_args.h"
#include "input_file.h"
#include "journal.h"
#include "journal_replay.h"
#include "replay_marks.h"
#include "term_feed.h"

typedef struct replay {
    const feed_args *args;
    replay_point point; /* args->point, with its progress */
    tsr_term *term;
    tsr_buf scratch;
    tsr_buf marks;    /* --marks: the list, printed once the whole file was read */
    int status;       /* the core's failure, if a sink call failed */
    const char *what; /* what was being done when it failed */
} replay;

static int fail(replay *r, const char *what, int status)
{
    r->what = what;
    r->status = status;
    return 1;
}

static int on_header(void *ctx, int width, int height)
{
    replay *r = ctx;
    tsr_options opts = r->args->term;
    if (!r->args->rows_given)
        opts.rows = height;
    if (!r->args->cols_given)
        opts.cols = width;
    int rc = tsr_term_new(&opts, &r->term);
    return rc == TSR_OK ? 0 : fail(r, "creating the terminal", rc);
}

static int on_output(void *ctx, const char *data, size_t len)
{
    replay *r = ctx;
    int rc = term_feed_unattended(r->term, data, len, &r->scratch);
    return rc == TSR_OK ? 0 : fail(r, "feeding an output event", rc);
}

/* The terminal keeps the status, as after a journal's EXIT frame. */
static int apply_exit(replay *r, const tsr_cast_event *ev)
{
    tsr_frame f;
    memset(&f, 0, sizeof f);
    f.type = TSR_FRAME_EXIT;
    f.time_ns = ev->time_ns;
    f.exit_code = ev->exit_code;
    int rc = tsr_term_apply_frame(r->term, &f, NULL);
    return rc == TSR_OK ? 0 : fail(r, "applying an exit event", rc);
}

/* Every event passes the stop point first (its time is from the start). */
static int on_event(void *ctx, const tsr_cast_event *ev)
{
    replay *r = ctx;
    int marker = ev->kind == TSR_CAST_MARKER;
    int skip = replay_point_skip(&r->point, ev->time_ns, marker ? ev->data : NULL, marker ? ev->len : 0);
    if (marker && r->args->list_marks &&
        replay_marks_add(&r->marks, r->point.seen, ev->time_ns, ev->data, ev->len) != TSR_OK)
        return -fail(r, "listing the marks", TSR_ERR_NOMEM);
    if (!skip && ev->kind == TSR_CAST_EXIT && apply_exit(r, ev) != 0)
        return -1;
    return skip;
}

static int on_resize(void *ctx, int cols, int rows)
{
    replay *r = ctx;
    int rc = tsr_term_resize(r->term, rows, cols);
    return rc == TSR_OK ? 0 : fail(r, "applying a resize event", rc);
}

static int report(int rc, const replay *r, const input_file *in, const cast_error *err)
{
    char why[160];
    switch (rc) {
    case CAST_OK:
        if (replay_point_check(&r->point, why, sizeof why) != 0) {
            safe_fprintf(stderr, "%s: %s\n", in->name, why);
            return TSR_EXIT_USAGE;
        }
        if (r->args->list_marks)
            return replay_marks_print(&r->marks, in->name);
        return output_screen(r->term, r->args->format);
    case CAST_ERR_INVALID:
        return diag_file_line(in->name, err->line, "%s", err->reason);
    case CAST_ERR_IO:
        return diag_file_errno(in->name, "cannot read", err->read_errno);
    case CAST_ERR_SINK:
        return diag_core(r->what, r->status);
    case CAST_ERR_NOMEM:
    default:
        return diag_internal("out of memory");
    }
}

int cmd_replay(int argc, char **argv)
{
    feed_args args;
    int code = feed_args_parse(argc, argv, &args);
    if (code != TSR_EXIT_OK)
        return code;
    if (args.help) {
        cli_print_command_help(&REPLAY_COMMAND);
        return TSR_EXIT_OK;
    }
    if (!args.file)
        return diag_usage("replay needs a FILE.cast argument");
    input_file in;
    code = input_open(&in, args.file);
    if (code != TSR_EXIT_OK)
        return code;

    /* A journal starts with "tessera-journal", a cast with '{'. */
    int first = getc(in.fp);
    if (first != EOF)
        ungetc(first, in.fp);
    if (first == JOURNAL_MAGIC[0]) {
        code = journal_replay(&args, &in);
        input_close(&in);
        return code;
    }

    replay r;
    memset(&r, 0, sizeof r);
    r.args = &args;
    r.point = args.point;
    cast_sink sink = {&r, on_header, on_output, on_resize, on_event};
    cast_error err;
    int rc = cast_read(in.fp, &sink, &err);
    code = report(rc, &r, &in, &err);
    input_close(&in);
    tsr_buf_free(&r.scratch);
    tsr_buf_free(&r.marks);
    if (r.term)
        tsr_term_free(r.term);
    return code;
}
