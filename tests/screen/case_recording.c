/* recordingRef in the screen harness: the host's streaming asciicast reader
 * (native-host/recordings/cast_reader.h) drives the case's terminal. Only
 * casts: the tessera suite records its sessions with `tessera script --cast`. */
#include "case_recording.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "case_dump.h"
#include "case_report.h"
#include "cast_reader.h"

int case_recording_path(case_ctx *c, const tsr_json_value *x, char *out, size_t size)
{
    if (x->type != TSR_JSON_STRING || x->u.string.len < 6 ||
        strcmp(x->u.string.bytes + x->u.string.len - 5, ".cast") != 0)
        return case_bad(c, x->offset, "recordingRef",
                        "must name an asciicast (.cast) beside the case file");
    const char *slash = strrchr(c->file, '/');
    int dir = slash ? (int)(slash - c->file) + 1 : 0;
    if (snprintf(out, size, "%.*s%s", dir, c->file, x->u.string.bytes) >= (int)size)
        return case_bad(c, x->offset, "recordingRef", "the path is too long");
    struct stat st;
    if (stat(out, &st) != 0 || !S_ISREG(st.st_mode))
        return case_bad(c, x->offset, "recordingRef", "\"%s\" does not exist",
                        x->u.string.bytes);
    return 0;
}

typedef struct replay {
    case_ctx *c;
    char reason[128];
} replay;

static int on_header(void *ctx, int width, int height)
{
    (void)ctx, (void)width, (void)height; /* the case's size is the start */
    return 0;
}

static int on_output(void *ctx, const char *data, size_t len)
{
    replay *r = ctx;
    case_dump_feed(r->c, data, len);
    int st = tsr_term_feed(r->c->term, data, len);
    if (st != TSR_OK)
        snprintf(r->reason, sizeof r->reason, "tsr_term_feed failed: %s", tsr_status_str(st));
    return st != TSR_OK;
}

static int on_resize(void *ctx, int cols, int rows)
{
    replay *r = ctx;
    case_dump_resize(r->c, rows, cols);
    int st = tsr_term_resize(r->c->term, rows, cols);
    if (st != TSR_OK)
        snprintf(r->reason, sizeof r->reason, "tsr_term_resize(%d, %d) failed: %s", rows, cols,
                 tsr_status_str(st));
    return st != TSR_OK;
}

void case_recording_play(case_ctx *c, size_t offset, const char *path)
{
    replay r = {c, ""};
    cast_sink sink = {&r, on_header, on_output, on_resize, NULL};
    cast_error err = {0};
    FILE *fp = fopen(path, "rb");
    int st = fp ? cast_read(fp, &sink, &err) : CAST_ERR_IO;
    if (!fp)
        err.read_errno = errno;
    else
        fclose(fp);
    if (st == CAST_OK)
        return;
    fail_head(c, offset, "recordingRef");
    if (st == CAST_ERR_SINK)
        fprintf(stderr, "  %s\n", r.reason);
    else if (st == CAST_ERR_INVALID)
        fprintf(stderr, "  %s:%ld: %s\n", path, err.line, err.reason);
    else if (st == CAST_ERR_IO)
        fprintf(stderr, "  %s: %s\n", path, strerror(err.read_errno));
    else
        fprintf(stderr, "  %s: out of memory\n", path);
}
