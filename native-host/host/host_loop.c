/* The host's I/O: command lines from stdin, frames to stdout, the
 * program's output pumped in between (HOST_PROTOCOL.md). */
#define _POSIX_C_SOURCE 200809L
#include "host_loop.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exit_codes.h"
#include "fd_io.h"
#include "host_command.h"
#include "live.h"

typedef struct frame_out {
    tsr_buf buf;
} frame_out;

static int write_frame(void *ctx, const tsr_frame *f)
{
    frame_out *o = ctx;
    tsr_buf_clear(&o->buf);
    if (tsr_frame_encode(f, &o->buf) != TSR_OK)
        return -1;
    return fd_write_all(STDOUT_FILENO, o->buf.data, o->buf.len);
}

/* Splits what stdin gave into lines and runs each. Returns -1 to stop. */
static int take_lines(host *h, char *buf, size_t *len)
{
    size_t start = 0;
    for (size_t i = 0; i < *len && !h->done; i++) {
        if (buf[i] != '\n')
            continue;
        size_t n = i - start;
        if (n > 0 && buf[start + n - 1] == '\r')
            n--;
        if (n > 0 && host_command(h, buf + start, n) != 0)
            return -1;
        start = i + 1;
    }
    memmove(buf, buf + start, *len - start);
    *len -= start;
    return 0;
}

#define HOST_LINE_MAX (16u * 1024 * 1024)

static int loop(host *h)
{
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return TSR_EXIT_INTERNAL;
    int stdin_open = 1;
    while (!h->done && stdin_open) {
        int live = h->spawned && !h->s.exited && h->s.master >= 0;
        struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0}, {live ? h->s.master : -1, POLLIN, 0}};
        int n = poll(p, 2, live ? 5 : -1);
        if (n < 0 && errno != EINTR)
            break;
        /* a closed or invalid stdin ends the host as a close does */
        if (n > 0 && (p[0].revents & (POLLNVAL | POLLERR)) && !(p[0].revents & POLLIN))
            stdin_open = 0;
        else if (n > 0 && (p[0].revents & (POLLIN | POLLHUP))) {
            if (len == cap) {
                char *grown = cap < HOST_LINE_MAX ? realloc(buf, cap * 2) : NULL;
                if (!grown) {
                    host_error("", -1, "a command line is longer than 16 MiB");
                    h->exit_code = TSR_EXIT_INTERNAL;
                    break;
                }
                buf = grown;
                cap *= 2;
            }
            ssize_t got = read(STDIN_FILENO, buf + len, cap - len);
            if (got > 0) {
                len += (size_t)got;
                if (take_lines(h, buf, &len) != 0)
                    break;
            } else if (got == 0 || errno != EINTR) {
                stdin_open = 0;
                /* a last command without its newline is still a command */
                if (len > 0 && buf[len - 1] == '\r')
                    len--;
                if (len > 0 && host_command(h, buf, len) != 0)
                    break;
                len = 0;
            }
        }
        if (h->spawned && session_pump(&h->s, 0) != 0) {
            host_error("", -1, "%s", h->s.error);
            h->exit_code = TSR_EXIT_INTERNAL;
            break;
        }
    }
    free(buf);
    return h->exit_code;
}

int host_serve(host *h)
{
    frame_out out = {{0}};
    h->sink.ctx = &out;
    h->sink.frame = write_frame;
    int code = loop(h);
    if (h->spawned)
        code = live_close(&h->s, code);
    session_free(&h->s);
    tsr_buf_free(&out.buf);
    return code;
}
