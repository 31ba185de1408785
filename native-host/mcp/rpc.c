#include "rpc.h"

#include <stdio.h>
#include <string.h>

#include "fd_io.h"
#include "json_writer.h"
#include "tessera/text.h"

/* A message holds at most this many JSON values (a long paste is one). */
#define RPC_MAX_VALUES 1000000

/* The id as JSON text: a string (escaped again) or a whole number (as
 * written). Returns 0, or -1 when it is neither or too long. */
static int read_id(const char *line, const tsr_json_value *v, char *out)
{
    if (v->type == TSR_JSON_NUMBER && v->u.number.integer && v->u.number.len < RPC_ID_MAX) {
        memcpy(out, line + v->u.number.offset, v->u.number.len);
        out[v->u.number.len] = '\0';
        return 0;
    }
    if (v->type != TSR_JSON_STRING || v->u.string.len > RPC_ID_MAX / 2 - 4)
        return -1;
    tsr_buf b = {0};
    int ok = tsr_buf_putc(&b, '"') == TSR_OK &&
             tsr_json_escape(&b, v->u.string.bytes, v->u.string.len, NULL) == TSR_OK &&
             tsr_buf_putc(&b, '"') == TSR_OK && b.len < RPC_ID_MAX;
    if (ok)
        memcpy(out, b.data, b.len + 1);
    tsr_buf_free(&b);
    return ok ? 0 : -1;
}

int rpc_read(const char *line, size_t len, rpc_message *m, char *why, size_t cap)
{
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "null");
    tsr_json_error err;
    tsr_json_limits limits = {RPC_MAX_VALUES, 1};
    if (tsr_json_parse_limited(line, len, &limits, &m->root, &err) != TSR_OK) {
        snprintf(why, cap, "not JSON: column %zu: %s", err.column, err.reason);
        m->root.type = TSR_JSON_NULL;
        return RPC_PARSE_ERROR;
    }
    const tsr_json_value *root = &m->root;
    if (root->type != TSR_JSON_OBJECT) {
        snprintf(why, cap, root->type == TSR_JSON_ARRAY
                               ? "a batch (an array of messages) is not part of MCP: send one "
                                 "message per line"
                               : "a message is a JSON object");
        return RPC_INVALID_REQUEST;
    }
    const tsr_json_value *id = tsr_json_object_get(root, "id", NULL);
    const tsr_json_value *version = tsr_json_object_get(root, "jsonrpc", NULL);
    const tsr_json_value *method = tsr_json_object_get(root, "method", NULL);
    if (id && read_id(line, id, m->id) != 0) {
        snprintf(m->id, sizeof m->id, "null");
        snprintf(why, cap, "\"id\" must be a string (at most %d bytes) or a whole number",
                 RPC_ID_MAX / 2 - 4);
        return RPC_INVALID_REQUEST;
    }
    if (!version || version->type != TSR_JSON_STRING || strcmp(version->u.string.bytes, "2.0") != 0) {
        snprintf(why, cap, "\"jsonrpc\" must be \"2.0\"");
        return RPC_INVALID_REQUEST;
    }
    if (!method) {
        if (tsr_json_object_get(root, "result", NULL) || tsr_json_object_get(root, "error", NULL)) {
            m->id[0] = '\0'; /* a response: nothing to answer */
            return 0;
        }
        snprintf(why, cap, "a request needs \"method\"");
        return RPC_INVALID_REQUEST;
    }
    if (method->type != TSR_JSON_STRING || method->u.string.len == 0) {
        snprintf(why, cap, "\"method\" must be a non-empty string");
        return RPC_INVALID_REQUEST;
    }
    m->method = method->u.string.bytes;
    m->params = tsr_json_object_get(root, "params", NULL);
    if (m->params && m->params->type != TSR_JSON_OBJECT) {
        snprintf(why, cap, "\"params\" must be an object");
        return RPC_INVALID_PARAMS;
    }
    if (!id)
        m->id[0] = '\0';
    return 0;
}

void rpc_message_free(rpc_message *m)
{
    tsr_json_free(&m->root);
}

static int write_line(int fd, tsr_buf *b, int err)
{
    int rc = err == TSR_OK && tsr_buf_putc(b, '\n') == TSR_OK ? fd_write_all(fd, b->data, b->len) : -1;
    tsr_buf_free(b);
    return rc;
}

/* {"jsonrpc":"2.0","id":ID, ... left open for the rest. */
static void open_message(json_writer *w, tsr_buf *b, const char *id)
{
    jw_init(w, b);
    jw_object(w, NULL);
    jw_cstring(w, "jsonrpc", "2.0");
    jw_raw(w, "id", id, strlen(id));
}

int rpc_write_result(int fd, const char *id, const char *result, size_t len)
{
    tsr_buf b = {0};
    json_writer w;
    open_message(&w, &b, id);
    jw_raw(&w, "result", result, len);
    jw_end(&w);
    return write_line(fd, &b, w.err);
}

int rpc_write_error(int fd, const char *id, int code, const char *message)
{
    tsr_buf b = {0};
    json_writer w;
    open_message(&w, &b, id);
    jw_object(&w, "error");
    jw_int(&w, "code", code);
    jw_cstring(&w, "message", message);
    jw_end(&w);
    jw_end(&w);
    return write_line(fd, &b, w.err);
}
