/* libFuzzer target over what `tessera mcp` reads from a client before any
 * session sees it (native-host/mcp): the bytes split into lines by the
 * server's bounded line buffer (through a pipe, with a small bound so long
 * lines are dropped too), each line read as JSON-RPC (rpc_read), and a
 * tools/call's arguments checked against the tool table (tool_check_args).
 * What passes the check is what a worker acts on, so the invariants are the
 * ones session_tools.c relies on; every error goes out as a result or an
 * error message that is itself valid JSON. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "line_buffer.h"
#include "rpc.h"
#include "tool_result.h"
#include "tool_table.h"
#include "tessera/json.h"
#include "tessera/tessera.h"

/* Parses JSON that tessera wrote; it must be whole. */
static void check_json(const char *text, size_t len)
{
    tsr_json_value v;
    tsr_json_error err;
    FUZZ_CHECK(tsr_json_parse(text, len, &v, &err) == TSR_OK);
    tsr_json_free(&v);
}

/* tools/list is the same for every input: it must be JSON with every tool. */
static void check_tool_list(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    tsr_buf b = {0};
    FUZZ_CHECK(tool_list_result(&b) == TSR_OK);
    tsr_json_value v;
    tsr_json_error err;
    FUZZ_CHECK(tsr_json_parse(b.data, b.len, &v, &err) == TSR_OK);
    const tsr_json_value *tools = tsr_json_object_get(&v, "tools", NULL);
    FUZZ_CHECK(tools && tools->type == TSR_JSON_ARRAY && tools->u.array.count == TOOL_COUNT);
    tsr_json_free(&v);
    tsr_buf_free(&b);
}

static void check_string_arg(const tsr_json_value *args, const char *name, int required)
{
    const tsr_json_value *v = tool_arg(args, name);
    FUZZ_CHECK(v || !required);
    if (v) {
        FUZZ_CHECK(v->type == TSR_JSON_STRING && v->u.string.len > 0);
        FUZZ_CHECK(memchr(v->u.string.bytes, 0, v->u.string.len) == NULL);
    }
}

/* What a worker takes for granted once the check passed. */
static void check_accepted(const tool_def *t, const tsr_json_value *args)
{
    if (t->id != TOOL_LIST && t->id != TOOL_LAUNCH)
        check_string_arg(args, "session", 1);
    if (t->id == TOOL_LAUNCH) {
        check_string_arg(args, "command", 1);
        const tsr_json_value *list = tool_arg(args, "args");
        for (size_t i = 0; list && i < list->u.array.count; i++)
            FUZZ_CHECK(list->u.array.items[i].type == TSR_JSON_STRING);
        const tsr_json_value *env = tool_arg(args, "env");
        for (size_t i = 0; env && i < env->u.object.count; i++) {
            FUZZ_CHECK(env->u.object.members[i].value.type == TSR_JSON_STRING);
            FUZZ_CHECK(env->u.object.members[i].key[0] && !strchr(env->u.object.members[i].key, '='));
        }
    }
    static const char *const ranged[] = {"rows", "cols", "row", "col", "timeout_ms", "since"};
    for (size_t i = 0; i < sizeof ranged / sizeof ranged[0]; i++) {
        const tsr_json_value *v = tool_arg(args, ranged[i]);
        if (v)
            FUZZ_CHECK(v->type == TSR_JSON_NUMBER && v->u.number.integer && v->u.number.value >= 0);
    }
    if (t->id == TOOL_TYPE || t->id == TOOL_PASTE)
        check_string_arg(args, "text", 1);
    if (t->id == TOOL_PRESS)
        check_string_arg(args, "key", 1);
}

static void one_line(const char *line, size_t len, int sink)
{
    rpc_message m;
    char why[256];
    int code = rpc_read(line, len, &m, why, sizeof why);
    FUZZ_CHECK(m.id[0] == '\0' || (check_json(m.id, strlen(m.id)), 1));
    if (code != 0) {
        FUZZ_CHECK(code <= -32600 && code >= -32700 && why[0]);
        FUZZ_CHECK(rpc_write_error(sink, m.id, code, why) == 0);
        rpc_message_free(&m);
        return;
    }
    FUZZ_CHECK(!m.params || m.params->type == TSR_JSON_OBJECT);
    const tsr_json_value *name = m.method && strcmp(m.method, "tools/call") == 0 && m.params
                                     ? tsr_json_object_get(m.params, "name", NULL)
                                     : NULL;
    const tool_def *t = name && name->type == TSR_JSON_STRING
                            ? tool_find(name->u.string.bytes, name->u.string.len)
                            : NULL;
    if (t) {
        const tsr_json_value *args = tsr_json_object_get(m.params, "arguments", NULL);
        if (tool_check_args(t, args, why, sizeof why) == 0) {
            check_accepted(t, args);
        } else {
            FUZZ_CHECK(why[0]);
            tool_result r;
            tool_result_init(&r);
            tool_result_fail(&r, "%s: %s", t->name, why);
            tsr_buf out = {0};
            FUZZ_CHECK(tool_result_finish(&r, &out) == TSR_OK);
            check_json(out.data, out.len);
            FUZZ_CHECK(rpc_write_result(sink, m.id[0] ? m.id : "null", out.data, out.len) == 0);
            tsr_buf_free(&out);
            tool_result_free(&r);
        }
    }
    rpc_message_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_tool_list();
    if (size > 60000) /* the pipe must hold it all */
        return 0;
    int fds[2];
    FUZZ_CHECK(pipe(fds) == 0);
    FUZZ_CHECK(write(fds[1], data, size) == (ssize_t)size);
    close(fds[1]);
    int sink = open("/dev/null", O_WRONLY | O_CLOEXEC);
    FUZZ_CHECK(sink >= 0);
    line_buffer in;
    line_buffer_init(&in, 512); /* small: the dropping of long lines is reached */
    while (!in.eof) {
        FUZZ_CHECK(line_buffer_fill(&in, fds[0]) == 0);
        const char *line;
        size_t len;
        int got;
        while ((got = line_buffer_take(&in, &line, &len)) != 0) {
            FUZZ_CHECK(got == 1 || got == 2);
            if (got == 1) {
                FUZZ_CHECK(len <= 512 && !memchr(line, '\n', len));
                one_line(line, len, sink);
            }
        }
    }
    line_buffer_free(&in);
    close(fds[0]);
    close(sink);
    return 0;
}
