/* The journal reuses the core's frame codec, so the CLI, `tessera host`
 * and the JS engines all read the same bytes. */
#include "journal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "terminal_safe.h"

int journal_version(const void *bytes, size_t len, char *why, size_t cap)
{
    static const char prefix[] = "tessera-journal ";
    const char *s = bytes;
    size_t n = strlen(JOURNAL_MAGIC);
    if (len >= n && memcmp(s, JOURNAL_MAGIC, n) == 0)
        return 2;
    if (len >= n && memcmp(s, JOURNAL_MAGIC_V1, n) == 0)
        return 1;
    size_t p = sizeof prefix - 1, d = p;
    while (d < len && d < p + 9 && s[d] >= '0' && s[d] <= '9')
        d++;
    if (len > p && memcmp(s, prefix, p) == 0 && d > p && d < len && s[d] == '\n')
        snprintf(why, cap, "journal version %.*s is not supported (this tessera reads versions 1 "
                           "and 2)", (int)(d - p), s + p);
    else
        snprintf(why, cap, "not a tessera journal (bad first line)");
    return 0;
}

int journal_begin(FILE *fp)
{
    size_t n = strlen(JOURNAL_MAGIC_V1);
    return fwrite(JOURNAL_MAGIC_V1, 1, n, fp) == n ? 0 : -1;
}

int journal_frame(FILE *fp, const tsr_frame *f, tsr_buf *scratch)
{
    tsr_buf_clear(scratch);
    if (tsr_frame_encode(f, scratch) != TSR_OK)
        return -1;
    return fwrite(scratch->data, 1, scratch->len, fp) == scratch->len ? 0 : -1;
}

int journal_read(FILE *fp, const journal_sink *sink, journal_error *err)
{
    memset(err, 0, sizeof *err);
    /* both versions' lines are as long; a longer number is refused by name */
    size_t mlen = strlen(JOURNAL_MAGIC);
    char magic[32];
    size_t got = fread(magic, 1, sizeof magic, fp);
    if (!journal_version(magic, got, err->reason, sizeof err->reason)) {
        err->line = 1;
        return JOURNAL_ERR_INVALID;
    }
    size_t cap = 1 << 16, len = got - mlen, pos = 0;
    unsigned char *buf = malloc(cap);
    if (!buf)
        return JOURNAL_ERR_NOMEM;
    memcpy(buf, magic + mlen, len); /* frames read with the line */
    long long base = (long long)mlen; /* file offset of buf[0] */
    long index = 0;
    int rc = JOURNAL_OK, eof = 0;
    while (rc == JOURNAL_OK) {
        tsr_frame f;
        size_t used;
        int d = tsr_frame_decode(buf + pos, len - pos, &f, &used);
        if (d == TSR_OK) {
            if (sink->frame(sink->ctx, &f, index++) != 0)
                rc = JOURNAL_ERR_SINK;
            pos += used;
            continue;
        }
        if (d != TSR_ERR_AGAIN) {
            err->offset = base + (long long)pos;
            snprintf(err->reason, sizeof err->reason, "frame %ld is invalid: %s", index,
                     tsr_status_str(d));
            rc = JOURNAL_ERR_INVALID;
            break;
        }
        if (eof) {
            if (pos < len) {
                err->offset = base + (long long)pos;
                snprintf(err->reason, sizeof err->reason, "frame %ld is cut short", index);
                rc = JOURNAL_ERR_INVALID;
            }
            break;
        }
        /* keep the partial frame, make room, read more */
        memmove(buf, buf + pos, len - pos);
        base += (long long)pos;
        len -= pos;
        pos = 0;
        if (len == cap) {
            if (cap >= TSR_FRAME_MAX_PAYLOAD + 2 * TSR_FRAME_HEADER_BYTES) {
                rc = JOURNAL_ERR_INVALID;
                break;
            }
            unsigned char *grown = realloc(buf, cap * 2);
            if (!grown) {
                rc = JOURNAL_ERR_NOMEM;
                break;
            }
            buf = grown;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0) {
            if (ferror(fp)) {
                err->read_errno = errno ? errno : EIO;
                rc = JOURNAL_ERR_IO;
                break;
            }
            eof = 1;
        }
    }
    free(buf);
    return rc;
}

int journal_diag(const char *name, const journal_error *err)
{
    if (err->line)
        return diag_file_line(name, err->line, "%s", err->reason);
    safe_fprintf(stderr, "%s: byte %lld: %s\n", name, err->offset, err->reason);
    return TSR_EXIT_USAGE;
}
