/* The worker's loop: requests from the server one at a time, the program's
 * output read between them (so it never blocks on a full PTY and the
 * revisions keep their times), the idle lifetime. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>

#include "fd_io.h"
#include "json_writer.h"
#include "mono_clock.h"
#include "session_tools.h"
#include "stop_signals.h"
#include "tool_table.h"
#include "worker.h"

static int send_line(int fd, char tag, const char *body, size_t len)
{
    return fd_write_all(fd, &tag, 1) != 0 || (len && fd_write_all(fd, body, len) != 0) ||
                   fd_write_all(fd, "\n", 1) != 0
               ? -1
               : 0;
}

/* The S line: what terminal_list shows of this session. */
static int send_status(int fd, const mcp_session *m)
{
    tsr_buf buf = {0};
    json_writer w;
    jw_init(&w, &buf);
    jw_object(&w, NULL);
    jw_int(&w, "rows", tsr_term_rows(m->s.term));
    jw_int(&w, "cols", tsr_term_cols(m->s.term));
    jw_int(&w, "revision", (long long)tsr_term_revision(m->s.term));
    jw_cstring(&w, "state", m->s.exited ? "exited" : "running");
    jw_end(&w);
    int rc = w.err == TSR_OK ? send_line(fd, 'S', buf.data, buf.len) : -1;
    tsr_buf_free(&buf);
    return rc;
}

/* One request line (the server checked it: a tools/call with arguments
 * that passed tool_check_args). Returns 1 when the session is over. */
static int handle(int fd, mcp_session *m, const char *line, size_t len)
{
    tsr_json_value msg;
    tsr_json_error err;
    tool_result r;
    tool_result_init(&r);
    int over = 0;
    if (tsr_json_parse(line, len, &msg, &err) != TSR_OK) {
        tool_result_fail(&r, "internal: the request could not be read again: %s", err.reason);
    } else {
        const tsr_json_value *params = tsr_json_object_get(&msg, "params", NULL);
        const tsr_json_value *name = params ? tsr_json_object_get(params, "name", NULL) : NULL;
        const tool_def *t = name && name->type == TSR_JSON_STRING
                                ? tool_find(name->u.string.bytes, name->u.string.len)
                                : NULL;
        if (!t)
            tool_result_fail(&r, "internal: no tool in the request");
        else
            over = mcp_session_call(m, t->id, tsr_json_object_get(params, "arguments", NULL), &r);
        tsr_json_free(&msg);
    }
    tsr_buf out = {0};
    int rc = tool_result_finish(&r, &out);
    tool_result_free(&r);
    if (rc != TSR_OK) {
        tsr_buf_free(&out);
        tool_result_init(&r);
        tool_result_fail(&r, "building the result: %s", tsr_status_str(rc));
        rc = tool_result_finish(&r, &out);
        tool_result_free(&r);
    }
    /* the status first, so the server's list is current when the result goes out */
    if (!over && m->started && send_status(fd, m) != 0)
        over = 1;
    /* Q: the last result; the server forgets the session with it */
    if (send_line(fd, over ? 'Q' : 'R', out.data, out.len) != 0)
        over = 1;
    tsr_buf_free(&out);
    return over;
}

static void format_span(uint64_t ns, char *buf, size_t cap)
{
    uint64_t s = ns / 1000000000u;
    if (s >= 60 && s % 60 == 0)
        snprintf(buf, cap, "%llu min", (unsigned long long)(s / 60));
    else if (s > 0)
        snprintf(buf, cap, "%llu s", (unsigned long long)s);
    else
        snprintf(buf, cap, "%llu ms", (unsigned long long)(ns / 1000000u));
}

int worker_main(int fd, const char *id, const live_options *defaults, uint64_t idle_ns)
{
    stop_signals_install();
    mcp_session m;
    mcp_session_init(&m, id, defaults);
    line_buffer in;
    line_buffer_init(&in, WORKER_LINE_MAX);
    uint64_t last = mono_now_ns();
    char ended[320] = "";
    int gone = 0; /* closed, or never started: the server forgets the session */
    while (!ended[0] && !gone) {
        if (stop_signals_pending())
            break;
        int running = m.started && !m.s.exited && m.s.master >= 0;
        uint64_t idle = mono_now_ns() - last;
        uint64_t idle_left_ms = idle < idle_ns ? (idle_ns - idle) / 1000000u + 1 : 1;
        int ms = running ? 5 : (int)(idle_left_ms > 1000 ? 1000 : idle_left_ms);
        struct pollfd p[2] = {{fd, POLLIN, 0}, {running ? m.s.master : -1, POLLIN, 0}};
        if (poll(p, 2, ms) < 0 && errno != EINTR)
            snprintf(ended, sizeof ended, "poll failed: %s", strerror(errno));
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            if (line_buffer_fill(&in, fd) != 0)
                snprintf(ended, sizeof ended, "out of memory reading a request");
            const char *line;
            size_t len;
            int got;
            while (!gone && (got = line_buffer_take(&in, &line, &len)) != 0) {
                if (got == 2)
                    continue; /* the server never sends one: its own bound is lower */
                gone = handle(fd, &m, line, len);
                last = mono_now_ns();
            }
            if (in.eof)
                break; /* the server has gone: end the program */
        }
        if (m.started && !gone && !ended[0]) {
            int was_exited = m.s.exited;
            if (session_pump(&m.s, 0) != 0) {
                if (stop_signals_pending())
                    break;
                snprintf(ended, sizeof ended, "the session failed: %s", m.s.error);
            } else if (!was_exited && m.s.exited && send_status(fd, &m) != 0)
                break;
        }
        if (!ended[0] && mono_now_ns() - last >= idle_ns) {
            char span[32];
            format_span(idle_ns, span, sizeof span);
            snprintf(ended, sizeof ended, "no call for %s (tessera mcp --session-timeout): closed",
                     span);
        }
    }
    mcp_session_end(&m);
    if (!gone && ended[0])
        send_line(fd, 'E', ended, strlen(ended));
    line_buffer_free(&in);
    return 0;
}
