/* The server's loop: stdin and every worker's socket in one poll. A
 * session's requests go to its worker in order and come back in order, so
 * each pending call is the oldest id in that session's queue. */
#define _POSIX_C_SOURCE 200809L
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exit_codes.h"
#include "json_writer.h"
#include "rpc.h"
#include "stop_signals.h"
#include "tool_result.h"
#include "tool_table.h"
#include "worker.h"
#include "tessera/text.h"

/* The protocol revisions this server speaks, newest first. */
static const char *const PROTOCOL_VERSIONS[] = {"2025-11-25", "2025-06-18", "2025-03-26",
                                                "2024-11-05", NULL};

/* A message from the client is at most this long. */
#define MCP_LINE_MAX (16u * 1024 * 1024)
/* Sessions that ended by themselves stay listed (with why) up to this many. */
#define MCP_ENDED_KEPT 32
/* Calls waiting for one session, and the bytes of them not yet taken by its
 * worker: a client that floods one session gets errors, not our memory. */
#define MCP_PENDING_MAX 64
#define MCP_QUEUED_BYTES_MAX (64u * 1024 * 1024)
/* How long a worker may take to end its program before SIGKILL. */
#define WORKER_END_NS (10ull * 1000000000u)

typedef enum record_state { REC_RUNNING, REC_EXITED, REC_ENDED } record_state;

typedef struct record {
    int used;
    unsigned serial;    /* the n of "sN" */
    char id[16];
    worker w;
    char *command;      /* the program as launched */
    char *args_json;    /* its arguments as a JSON array */
    int rows, cols;
    long long revision;
    record_state state;
    int closing;        /* its last result is out: no longer listed, its worker exiting */
    char reason[256];   /* why it ended */
    char **pending;     /* ids of the calls sent to the worker, oldest first */
    size_t npending, cap_pending;
} record;

typedef struct server {
    const mcp_options *o;
    record *recs;
    size_t nrecs;
    unsigned next_serial;
    int out_failed; /* stdout could not be written: the client has gone */
} server;

/* ------------------------------------------------------------ replies */

static void reply_result(server *sv, const char *id, const char *json, size_t len)
{
    if (!sv->out_failed && rpc_write_result(STDOUT_FILENO, id, json, len) != 0)
        sv->out_failed = 1;
}

static void reply_error(server *sv, const char *id, int code, const char *message)
{
    if (!sv->out_failed && rpc_write_error(STDOUT_FILENO, id, code, message) != 0)
        sv->out_failed = 1;
}

/* Sends what a writer wrote as the result and frees its buffer. */
static void reply_written(server *sv, const char *id, json_writer *w)
{
    if (w->err == TSR_OK)
        reply_result(sv, id, w->out->data, w->out->len);
    else
        reply_error(sv, id, RPC_INTERNAL_ERROR, "out of memory");
    tsr_buf_free(w->out);
}

/* Sends a finished tool result and frees it. */
static void reply_tool_result(server *sv, const char *id, tool_result *r)
{
    tsr_buf out = {0};
    if (tool_result_finish(r, &out) == TSR_OK)
        reply_result(sv, id, out.data, out.len);
    else
        reply_error(sv, id, RPC_INTERNAL_ERROR, "out of memory");
    tsr_buf_free(&out);
    tool_result_free(r);
}

/* A tool error (isError), the message for the model to read. */
static void reply_tool_error(server *sv, const char *id, const char *fmt, ...)
    TSR_PRINTF(3, 4);
static void reply_tool_error(server *sv, const char *id, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tool_result r;
    tool_result_init(&r);
    tool_result_fail(&r, "%s", msg);
    reply_tool_result(sv, id, &r);
}

/* ------------------------------------------------------------ records */

static size_t live_count(const server *sv)
{
    size_t n = 0;
    for (size_t i = 0; i < sv->nrecs; i++)
        n += sv->recs[i].used && !sv->recs[i].closing && sv->recs[i].state != REC_ENDED;
    return n;
}

static record *find_record(server *sv, const char *id)
{
    for (size_t i = 0; i < sv->nrecs; i++)
        if (sv->recs[i].used && !sv->recs[i].closing && strcmp(sv->recs[i].id, id) == 0)
            return &sv->recs[i];
    return NULL;
}

static void free_record(record *r)
{
    for (size_t i = 0; i < r->npending; i++)
        free(r->pending[i]);
    free(r->pending);
    free(r->command);
    free(r->args_json);
    memset(r, 0, sizeof *r);
    r->w.fd = -1;
}

/* A free slot: an unused one, else the oldest ended one. NULL when none. */
static record *new_record(server *sv)
{
    record *oldest = NULL;
    size_t ended = 0;
    for (size_t i = 0; i < sv->nrecs; i++) {
        record *r = &sv->recs[i];
        if (!r->used)
            return r;
        if (r->state == REC_ENDED) {
            ended++;
            if (!oldest || r->serial < oldest->serial)
                oldest = r;
        }
    }
    if (oldest && ended >= MCP_ENDED_KEPT) {
        free_record(oldest);
        return oldest;
    }
    record *grown = realloc(sv->recs, (sv->nrecs + 1) * sizeof *grown);
    if (!grown)
        return oldest ? (free_record(oldest), oldest) : NULL;
    sv->recs = grown;
    record *r = &sv->recs[sv->nrecs++];
    memset(r, 0, sizeof *r);
    r->w.fd = -1;
    return r;
}

static int push_pending(record *r, const char *id)
{
    if (r->npending == r->cap_pending) {
        size_t cap = r->cap_pending ? r->cap_pending * 2 : 4;
        char **grown = realloc(r->pending, cap * sizeof *grown);
        if (!grown)
            return -1;
        r->pending = grown;
        r->cap_pending = cap;
    }
    char *copy = malloc(strlen(id) + 1);
    if (!copy)
        return -1;
    strcpy(copy, id);
    r->pending[r->npending++] = copy;
    return 0;
}

/* The oldest pending id (the caller frees it), or NULL. */
static char *pop_pending(record *r)
{
    if (r->npending == 0)
        return NULL;
    char *id = r->pending[0];
    memmove(r->pending, r->pending + 1, --r->npending * sizeof *r->pending);
    return id;
}

/* The worker has gone: its calls still pending get the reason. forget:
 * the session is gone too (closed, never started); else it stays listed
 * as ended. */
static void record_gone(server *sv, record *r, int forget, const char *reason)
{
    int status = worker_reap(&r->w, WORKER_END_NS);
    if (reason && reason[0])
        snprintf(r->reason, sizeof r->reason, "%s", reason);
    else if (!r->reason[0] && status >= 0 && WIFSIGNALED(status))
        snprintf(r->reason, sizeof r->reason, "its worker process was ended by signal %d",
                 WTERMSIG(status));
    else if (!r->reason[0])
        snprintf(r->reason, sizeof r->reason, "its worker process stopped");
    if (!forget)
        fprintf(stderr, "tessera mcp: session %s ended: %s\n", r->id, r->reason);
    char *id;
    while ((id = pop_pending(r)) != NULL) {
        reply_tool_error(sv, id, "session %s has ended: %s", r->id, r->reason);
        free(id);
    }
    if (forget)
        free_record(r);
    else
        r->state = REC_ENDED;
}

/* ------------------------------------------------------------ worker lines */

static void take_status(record *r, const char *json, size_t len)
{
    tsr_json_value v;
    tsr_json_error err;
    if (tsr_json_parse(json, len, &v, &err) != TSR_OK)
        return;
    const tsr_json_value *x;
    if ((x = tsr_json_object_get(&v, "rows", NULL)) && x->type == TSR_JSON_NUMBER)
        r->rows = (int)x->u.number.value;
    if ((x = tsr_json_object_get(&v, "cols", NULL)) && x->type == TSR_JSON_NUMBER)
        r->cols = (int)x->u.number.value;
    if ((x = tsr_json_object_get(&v, "revision", NULL)) && x->type == TSR_JSON_NUMBER)
        r->revision = (long long)x->u.number.value;
    if ((x = tsr_json_object_get(&v, "state", NULL)) && x->type == TSR_JSON_STRING)
        r->state = strcmp(x->u.string.bytes, "exited") == 0 ? REC_EXITED : REC_RUNNING;
    tsr_json_free(&v);
}

/* Reads what the worker sent and acts on each line. */
static void worker_readable(server *sv, record *r)
{
    if (line_buffer_fill(&r->w.in, r->w.fd) != 0) {
        worker_stop(&r->w);
        record_gone(sv, r, 0, "out of memory reading its results");
        return;
    }
    const char *line;
    size_t len;
    int got, forget = -1;
    char reason[256] = "";
    while ((got = line_buffer_take(&r->w.in, &line, &len)) != 0) {
        if (got == 2) { /* a result over 64 MiB: the worker is not well */
            worker_stop(&r->w);
            snprintf(reason, sizeof reason, "a result was longer than 64 MiB");
            forget = 0;
            break;
        }
        if (len == 0)
            continue;
        if (line[0] == 'R' || line[0] == 'Q') {
            char *id = pop_pending(r);
            if (id)
                reply_result(sv, id, line + 1, len - 1);
            free(id);
            r->closing |= line[0] == 'Q';
        } else if (line[0] == 'S') {
            take_status(r, line + 1, len - 1);
        } else if (line[0] == 'E') {
            snprintf(reason, sizeof reason, "%.*s", (int)(len - 1), line + 1);
            forget = 0;
        }
    }
    if (forget >= 0 || r->w.in.eof)
        record_gone(sv, r, r->closing || forget > 0, reason[0] ? reason : NULL);
}

/* ------------------------------------------------------------ tools */

static void list_sessions(server *sv, const char *id)
{
    tool_result res;
    tool_result_init(&res);
    json_writer *w = &res.w;
    size_t shown = 0;
    jw_array(w, "sessions");
    for (unsigned serial = 1; serial < sv->next_serial; serial++) {
        for (size_t i = 0; i < sv->nrecs; i++) {
            record *r = &sv->recs[i];
            if (!r->used || r->closing || r->serial != serial)
                continue;
            static const char *const states[] = {"running", "exited", "ended"};
            jw_object(w, NULL);
            jw_cstring(w, "session", r->id);
            jw_cstring(w, "command", r->command);
            jw_raw(w, "args", r->args_json, strlen(r->args_json));
            jw_int(w, "rows", r->rows);
            jw_int(w, "cols", r->cols);
            jw_int(w, "revision", r->revision);
            jw_cstring(w, "state", states[r->state]);
            jw_bool(w, "busy", r->npending > 0);
            if (r->state == REC_ENDED)
                jw_cstring(w, "reason", r->reason);
            jw_end(w);
            tool_result_say(&res, "%s: %s %s, %dx%d, revision %lld, %s%s%s%s\n", r->id,
                            r->command, r->args_json, r->rows, r->cols, r->revision,
                            states[r->state], r->npending ? " (busy)" : "",
                            r->state == REC_ENDED ? ": " : "",
                            r->state == REC_ENDED ? r->reason : "");
            shown++;
        }
    }
    jw_end(w);
    if (!shown)
        tool_result_say(&res, "no sessions: start one with terminal_launch\n");
    reply_tool_result(sv, id, &res);
}

/* The sessions' ids, for a message about one that does not exist. */
static void session_names(const server *sv, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sv->nrecs && n < cap; i++)
        if (sv->recs[i].used && !sv->recs[i].closing && sv->recs[i].state != REC_ENDED)
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "", sv->recs[i].id);
    if (!n)
        snprintf(out, cap, "none is running");
}

static void launch(server *sv, const char *id, const tsr_json_value *args, const char *line,
                   size_t len)
{
    if (live_count(sv) >= (size_t)sv->o->max_sessions) {
        reply_tool_error(sv, id, "%d sessions are running, the most tessera mcp allows "
                                 "(--max-sessions): close one with terminal_close first",
                         sv->o->max_sessions);
        return;
    }
    record *r = new_record(sv);
    tsr_buf args_json = {0};
    json_writer w;
    jw_init(&w, &args_json);
    jw_array(&w, NULL);
    const tsr_json_value *list = tool_arg(args, "args");
    for (size_t i = 0; list && i < list->u.array.count; i++)
        jw_string(&w, NULL, list->u.array.items[i].u.string.bytes,
                  list->u.array.items[i].u.string.len);
    jw_end(&w);
    const tsr_json_value *cmd = tool_arg(args, "command");
    if (!r || w.err != TSR_OK || !(r->command = malloc(cmd->u.string.len + 1))) {
        tsr_buf_free(&args_json);
        if (r)
            free_record(r);
        reply_tool_error(sv, id, "out of memory");
        return;
    }
    memcpy(r->command, cmd->u.string.bytes, cmd->u.string.len + 1);
    r->args_json = args_json.data;
    r->used = 1;
    r->serial = sv->next_serial++;
    snprintf(r->id, sizeof r->id, "s%u", r->serial);
    r->rows = r->cols = 0;
    r->state = REC_RUNNING;
    char why[256];
    fflush(stdout);
    if (worker_start(&r->w, r->id, sv->o->live, sv->o->idle_ns, why, sizeof why) != 0) {
        free_record(r);
        reply_tool_error(sv, id, "could not start a session: %s", why);
        return;
    }
    if (push_pending(r, id) != 0 || worker_send(&r->w, line, len) != 0) {
        worker_stop(&r->w);
        record_gone(sv, r, 1, "out of memory");
        reply_tool_error(sv, id, "out of memory");
    }
}

static void tools_call(server *sv, const rpc_message *m, const char *line, size_t len)
{
    const tsr_json_value *name = m->params ? tsr_json_object_get(m->params, "name", NULL) : NULL;
    if (!name || name->type != TSR_JSON_STRING) {
        reply_error(sv, m->id, RPC_INVALID_PARAMS, "tools/call needs params.name, a tool's name");
        return;
    }
    const tool_def *t = tool_find(name->u.string.bytes, name->u.string.len);
    if (!t) {
        char q[96], msg[192];
        tsr_quote(q, sizeof q, name->u.string.bytes, name->u.string.len, 0);
        snprintf(msg, sizeof msg, "unknown tool %s (tools/list has them)", q);
        reply_error(sv, m->id, RPC_INVALID_PARAMS, msg);
        return;
    }
    const tsr_json_value *args = tsr_json_object_get(m->params, "arguments", NULL);
    char why[512];
    if (tool_check_args(t, args, why, sizeof why) != 0) {
        reply_tool_error(sv, m->id, "%s: %s", t->name, why);
        return;
    }
    if (t->id == TOOL_LIST) {
        list_sessions(sv, m->id);
        return;
    }
    if (t->id == TOOL_LAUNCH) {
        launch(sv, m->id, args, line, len);
        return;
    }
    const tsr_json_value *sid = tool_arg(args, "session");
    record *r = find_record(sv, sid->u.string.bytes);
    if (!r) {
        char q[64], names[256];
        tsr_quote(q, sizeof q, sid->u.string.bytes, sid->u.string.len, 0);
        session_names(sv, names, sizeof names);
        reply_tool_error(sv, m->id, "%s: unknown session %s (sessions: %s)", t->name, q, names);
        return;
    }
    if (r->state == REC_ENDED) {
        reply_tool_error(sv, m->id, "%s: session %s has ended: %s", t->name, r->id, r->reason);
        return;
    }
    if (r->npending >= MCP_PENDING_MAX || r->w.out_len + len > MCP_QUEUED_BYTES_MAX) {
        reply_tool_error(sv, m->id, "%s: session %s already has %zu calls waiting: wait for "
                                    "their results first", t->name, r->id, r->npending);
        return;
    }
    if (push_pending(r, m->id) != 0 || worker_send(&r->w, line, len) != 0) {
        reply_tool_error(sv, m->id, "out of memory");
        return;
    }
}

/* ------------------------------------------------------------ methods */

static const char INSTRUCTIONS[] =
    "Drive terminal programs as a person would. terminal_launch starts one on a real terminal "
    "and returns a session id and its first screen. terminal_type, terminal_press, "
    "terminal_paste and terminal_click wait until the program reads its terminal, send the "
    "input, wait for the screen to settle and return it. terminal_wait_for waits for text, a "
    "pattern, the screen to be stable or the program to wait for input. Every result carries "
    "a revision; terminal_changes with an earlier one lists the rows that changed since. "
    "Close sessions with terminal_close.";

static void initialize(server *sv, const rpc_message *m)
{
    const tsr_json_value *v = m->params ? tsr_json_object_get(m->params, "protocolVersion", NULL)
                                        : NULL;
    if (!v || v->type != TSR_JSON_STRING) {
        reply_error(sv, m->id, RPC_INVALID_PARAMS, "initialize needs params.protocolVersion");
        return;
    }
    /* the client's revision when this server speaks it, else the newest */
    const char *version = PROTOCOL_VERSIONS[0];
    for (int i = 0; PROTOCOL_VERSIONS[i]; i++)
        if (strcmp(v->u.string.bytes, PROTOCOL_VERSIONS[i]) == 0)
            version = PROTOCOL_VERSIONS[i];
    tsr_buf b = {0};
    json_writer w;
    jw_init(&w, &b);
    jw_object(&w, NULL);
    jw_cstring(&w, "protocolVersion", version);
    jw_object(&w, "capabilities");
    jw_object(&w, "tools");
    jw_bool(&w, "listChanged", 0);
    jw_end(&w);
    jw_end(&w);
    jw_object(&w, "serverInfo");
    jw_cstring(&w, "name", "tessera");
    jw_cstring(&w, "title", "tessera: terminal programs on real PTYs");
    jw_cstring(&w, "version", sv->o->version);
    jw_end(&w);
    jw_cstring(&w, "instructions", INSTRUCTIONS);
    jw_end(&w);
    reply_written(sv, m->id, &w);
}

static void tools_list(server *sv, const rpc_message *m)
{
    tsr_buf b = {0};
    if (tool_list_result(&b) == TSR_OK)
        reply_result(sv, m->id, b.data, b.len);
    else
        reply_error(sv, m->id, RPC_INTERNAL_ERROR, "out of memory");
    tsr_buf_free(&b);
}

static void client_line(server *sv, const char *line, size_t len)
{
    rpc_message m;
    char why[256];
    int code = rpc_read(line, len, &m, why, sizeof why);
    if (code != 0) {
        reply_error(sv, m.id, code, why);
        rpc_message_free(&m);
        return;
    }
    int is_request = m.id[0] != '\0';
    if (!m.method || !is_request) {
        /* responses and notifications (initialized, cancelled, ...) need no
         * answer; a call cannot be taken back once its worker has it */
        rpc_message_free(&m);
        return;
    }
    if (strcmp(m.method, "initialize") == 0)
        initialize(sv, &m);
    else if (strcmp(m.method, "ping") == 0)
        reply_result(sv, m.id, "{}", 2);
    else if (strcmp(m.method, "tools/list") == 0)
        tools_list(sv, &m);
    else if (strcmp(m.method, "tools/call") == 0)
        tools_call(sv, &m, line, len);
    else {
        char msg[160], q[96];
        tsr_quote(q, sizeof q, m.method, strlen(m.method), 0);
        snprintf(msg, sizeof msg, "method %s is not served (initialize, ping, tools/list, "
                                  "tools/call)", q);
        reply_error(sv, m.id, RPC_METHOD_NOT_FOUND, msg);
    }
    rpc_message_free(&m);
}

/* ------------------------------------------------------------ loop */

/* Ends every session: SIGTERM to each worker (it closes its program as
 * terminal_close does), then each is collected. */
static void end_all(server *sv)
{
    for (size_t i = 0; i < sv->nrecs; i++)
        if (sv->recs[i].used && sv->recs[i].w.pid > 0)
            worker_stop(&sv->recs[i].w);
    for (size_t i = 0; i < sv->nrecs; i++) {
        record *r = &sv->recs[i];
        if (r->used && r->w.pid > 0)
            worker_reap(&r->w, WORKER_END_NS);
        if (r->used)
            free_record(r);
    }
}

int mcp_serve(const mcp_options *o)
{
    server sv;
    memset(&sv, 0, sizeof sv);
    sv.o = o;
    sv.next_serial = 1;
    signal(SIGPIPE, SIG_IGN); /* a client that went away is a failed write */
    stop_signals_install();
    line_buffer in;
    line_buffer_init(&in, MCP_LINE_MAX);
    int code = TSR_EXIT_OK;
    struct pollfd *fds = NULL;
    record **owners = NULL;
    while (!sv.out_failed) {
        int sig = stop_signals_pending();
        if (sig) {
            code = 128 + sig;
            break;
        }
        size_t cap = sv.nrecs + 1;
        struct pollfd *f = realloc(fds, cap * sizeof *f);
        record **own = f ? realloc(owners, cap * sizeof *own) : NULL;
        if (f)
            fds = f;
        if (own)
            owners = own;
        if (!f || !own) {
            fprintf(stderr, "tessera mcp: out of memory\n");
            code = TSR_EXIT_INTERNAL;
            break;
        }
        size_t n = 0;
        fds[n++] = (struct pollfd){STDIN_FILENO, POLLIN, 0};
        for (size_t i = 0; i < sv.nrecs; i++) {
            record *r = &sv.recs[i];
            if (!r->used || r->w.fd < 0)
                continue;
            owners[n] = r;
            fds[n++] = (struct pollfd){r->w.fd, (short)(POLLIN | (r->w.out_len ? POLLOUT : 0)), 0};
        }
        if (poll(fds, n, 1000) < 0 && errno != EINTR) {
            fprintf(stderr, "tessera mcp: poll: %s\n", strerror(errno));
            code = TSR_EXIT_INTERNAL;
            break;
        }
        for (size_t i = 1; i < n; i++) {
            record *r = owners[i];
            if (!r->used || r->w.fd != fds[i].fd)
                continue;
            if ((fds[i].revents & POLLOUT) && worker_flush(&r->w) != 0)
                fds[i].revents |= POLLHUP;
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                worker_readable(&sv, r);
        }
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) {
            if (fds[0].revents & POLLNVAL || line_buffer_fill(&in, STDIN_FILENO) != 0)
                in.eof = 1;
            const char *line;
            size_t len;
            int got;
            while (!sv.out_failed && (got = line_buffer_take(&in, &line, &len)) != 0) {
                if (got == 2)
                    reply_error(&sv, "null", RPC_INVALID_REQUEST,
                                "a message longer than 16 MiB was dropped");
                else if (len > 0)
                    client_line(&sv, line, len);
            }
            if (in.eof)
                break; /* the client has gone: every session ends */
        }
    }
    if (sv.out_failed)
        code = TSR_EXIT_INTERNAL;
    end_all(&sv);
    free(sv.recs);
    free(fds);
    free(owners);
    line_buffer_free(&in);
    return code;
}
