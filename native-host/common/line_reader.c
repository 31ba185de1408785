/* Chunked line reading: fread into a fixed chunk, memchr for '\n', copy the
 * line's pieces into a growable buffer (a line can span many chunks). */
#include "line_reader.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int line_reader_init(line_reader *lr, FILE *fp)
{
    memset(lr, 0, sizeof *lr);
    lr->fp = fp;
    lr->chunk = malloc(LINE_READER_CHUNK);
    return lr->chunk ? LINE_OK : LINE_ERR_NOMEM;
}

void line_reader_free(line_reader *lr)
{
    free(lr->chunk);
    free(lr->line);
    lr->chunk = NULL;
    lr->line = NULL;
}

static int append(line_reader *lr, const char *bytes, size_t n)
{
    if (lr->max_line && lr->line_len + n > lr->max_line + 1) {
        n = lr->max_line + 1 - lr->line_len;
        lr->truncated = 1;
    }
    if (n > SIZE_MAX - lr->line_len - 1)
        return LINE_ERR_NOMEM;
    size_t need = lr->line_len + n + 1;
    if (need > lr->line_cap) {
        size_t cap = lr->line_cap ? lr->line_cap : 256;
        while (cap < need)
            cap = cap > SIZE_MAX / 2 ? need : cap * 2;
        char *grown = realloc(lr->line, cap);
        if (!grown)
            return LINE_ERR_NOMEM;
        lr->line = grown;
        lr->line_cap = cap;
    }
    memcpy(lr->line + lr->line_len, bytes, n);
    lr->line_len += n;
    lr->line[lr->line_len] = '\0';
    return LINE_OK;
}

int line_reader_next(line_reader *lr, const char **line, size_t *len)
{
    lr->line_len = 0;
    lr->truncated = 0;
    int have_bytes = 0;
    for (;;) {
        if (lr->pos == lr->end) {
            if (lr->eof)
                break;
            lr->pos = 0;
            lr->end = fread(lr->chunk, 1, LINE_READER_CHUNK, lr->fp);
            if (lr->end < LINE_READER_CHUNK) {
                if (ferror(lr->fp)) {
                    lr->read_errno = errno ? errno : EIO;
                    return LINE_ERR_IO;
                }
                lr->eof = 1;
            }
            continue;
        }
        char *start = lr->chunk + lr->pos;
        size_t avail = lr->end - lr->pos;
        char *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) : avail;
        if (append(lr, start, take) != LINE_OK)
            return LINE_ERR_NOMEM;
        have_bytes = 1;
        lr->pos += take;
        if (nl) {
            lr->pos++; /* the '\n' */
            break;
        }
    }
    if (!have_bytes && lr->eof && lr->pos == lr->end && lr->line_len == 0) {
        /* nothing at all was read for this line */
        return LINE_END;
    }
    if (!lr->line && append(lr, "", 0) != LINE_OK)
        return LINE_ERR_NOMEM;
    lr->number++;
    *line = lr->line;
    *len = lr->line_len;
    return LINE_OK;
}
