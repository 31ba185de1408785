#define _POSIX_C_SOURCE 200809L
#include "line_buffer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_READ_CHUNK 65536

void line_buffer_init(line_buffer *lb, size_t max)
{
    memset(lb, 0, sizeof *lb);
    lb->max = max;
}

void line_buffer_free(line_buffer *lb)
{
    free(lb->data);
    memset(lb, 0, sizeof *lb);
}

int line_buffer_fill(line_buffer *lb, int fd)
{
    /* what was taken goes first, so the buffer holds one partial line */
    if (lb->taken) {
        memmove(lb->data, lb->data + lb->taken, lb->len - lb->taken);
        lb->len -= lb->taken;
        lb->taken = 0;
    }
    if (lb->cap - lb->len < LINE_READ_CHUNK) {
        /* doubling: a long line costs its length in copies, not its square */
        size_t cap = lb->cap ? lb->cap * 2 : 2 * LINE_READ_CHUNK;
        while (cap - lb->len < LINE_READ_CHUNK)
            cap *= 2;
        char *grown = realloc(lb->data, cap);
        if (!grown) {
            lb->eof = 1;
            return -1;
        }
        lb->data = grown;
        lb->cap = cap;
    }
    ssize_t n = read(fd, lb->data + lb->len, LINE_READ_CHUNK);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return 0;
    if (n <= 0) {
        lb->eof = 1;
        return 0;
    }
    lb->len += (size_t)n;
    return 0;
}

int line_buffer_take(line_buffer *lb, const char **line, size_t *len)
{
    for (;;) {
        char *start = lb->data + lb->taken;
        size_t avail = lb->len - lb->taken;
        char *nl = avail > lb->scanned ? memchr(start + lb->scanned, '\n', avail - lb->scanned) : NULL;
        if (!nl) {
            lb->scanned = avail;
            if (avail > lb->max || (lb->dropping && avail)) {
                /* too long already: drop what came, remember to skip the rest */
                int first = !lb->dropping;
                lb->dropping = 1;
                lb->taken = lb->len;
                lb->scanned = 0;
                if (first)
                    return 2;
                continue;
            }
            if (lb->eof && avail && !lb->dropping) {
                lb->taken = lb->len;
                lb->scanned = 0;
                *line = start;
                *len = avail;
                return 1;
            }
            return 0;
        }
        size_t n = (size_t)(nl - start);
        lb->taken += n + 1;
        lb->scanned = 0;
        if (lb->dropping) {
            lb->dropping = 0;
            continue;
        }
        if (n > lb->max)
            return 2;
        if (n && start[n - 1] == '\r')
            n--;
        *line = start;
        *len = n;
        return 1;
    }
}
