/* Commands are validated completely before they act: a bad field is an
 * error line naming the field, and nothing is written to the program. */
#include "terminal_safe.h"
#include "host_command.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "live.h"
#include "mono_clock.h"
#include "session_input.h"
#include "waits.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

static void json_string_out(FILE *fp, const char *s)
{
    tsr_buf text = {0};
    fputc('"', fp);
    /* without memory for the escaped text, the field is left empty */
    if (tsr_json_escape(&text, s, strlen(s), NULL) == TSR_OK)
        fwrite(text.data, 1, text.len, fp);
    tsr_buf_free(&text);
    fputc('"', fp);
}

static void stderr_line(const char *op, long long id, const char *key, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fputs("{\"op\":", stderr);
    json_string_out(stderr, op ? op : "");
    if (id >= 0)
        safe_fprintf(stderr, ",\"id\":%lld", id);
    safe_fprintf(stderr, ",\"%s\":", key);
    json_string_out(stderr, msg);
    fputs("}\n", stderr);
    fflush(stderr);
}

void host_error(const char *op, long long id, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    stderr_line(op, id, "error", fmt, ap);
    va_end(ap);
}

void host_warning(const char *op, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    stderr_line(op, -1, "warning", fmt, ap);
    va_end(ap);
}

void host_init(host *h, const live_options *opts)
{
    memset(h, 0, sizeof *h);
    h->opts = opts;
    h->start = live_open;
    /* what session_open sets first: no PTY and no cgroup to close yet */
    h->s.master = -1;
    h->s.reaper.group.dir = -1;
    h->s.closed = 1;
}

static const tsr_json_value *field(const tsr_json_value *o, const char *key, tsr_json_type type,
                               const char *op, long long id, int *bad)
{
    const tsr_json_value *v = tsr_json_object_get(o, key, NULL);
    if (v && v->type != type && !(type == TSR_JSON_TRUE && v->type == TSR_JSON_FALSE)) {
        host_error(op, id, "field \"%s\" has the wrong type", key);
        *bad = 1;
        return NULL;
    }
    return v;
}

static int int_field(const tsr_json_value *o, const char *key, int min, int max, int dflt,
                     const char *op, long long id, int *out)
{
    int bad = 0;
    const tsr_json_value *v = field(o, key, TSR_JSON_NUMBER, op, id, &bad);
    if (bad)
        return -1;
    if (!v) {
        *out = dflt;
        return 0;
    }
    double d = v->u.number.value;
    if (!v->u.number.integer || d < min || d > max) {
        host_error(op, id, "field \"%s\" must be a whole number from %d to %d", key, min, max);
        return -1;
    }
    *out = (int)d;
    return 0;
}

/* A C string would end at the NUL: the program would get less than sent. */
static int has_nul(const tsr_json_value *v)
{
    return v && v->type == TSR_JSON_STRING && memchr(v->u.string.bytes, 0, v->u.string.len);
}

static int spawn(host *h, const tsr_json_value *o)
{
    if (h->spawned) {
        host_error("spawn", -1, "a host runs one program: spawn was already done");
        return 0;
    }
    int bad = 0;
    const tsr_json_value *cmd = field(o, "cmd", TSR_JSON_STRING, "spawn", -1, &bad);
    const tsr_json_value *args = field(o, "args", TSR_JSON_ARRAY, "spawn", -1, &bad);
    const tsr_json_value *env = field(o, "env", TSR_JSON_OBJECT, "spawn", -1, &bad);
    const tsr_json_value *cwd = field(o, "cwd", TSR_JSON_STRING, "spawn", -1, &bad);
    const tsr_json_value *clear = field(o, "clearEnv", TSR_JSON_TRUE, "spawn", -1, &bad);
    const tsr_json_value *isolate = field(o, "isolateHome", TSR_JSON_TRUE, "spawn", -1, &bad);
    const tsr_json_value *inherit = field(o, "inheritHome", TSR_JSON_TRUE, "spawn", -1, &bad);
    live_options a = *h->opts;
    if (bad || int_field(o, "rows", 1, TSR_MAX_ROWS, a.term.rows, "spawn", -1, &a.term.rows) ||
        int_field(o, "cols", 1, TSR_MAX_COLS, a.term.cols, "spawn", -1, &a.term.cols))
        return 0;
    if (!cmd || cmd->u.string.len == 0) {
        host_error("spawn", -1, "field \"cmd\" (the program) is required");
        return 0;
    }
    if (has_nul(cmd) || has_nul(cwd)) {
        host_error("spawn", -1, "field \"%s\" holds a NUL character", has_nul(cmd) ? "cmd" : "cwd");
        return 0;
    }
    size_t nargs = args ? args->u.array.count : 0;
    size_t nenv = env ? env->u.object.count : 0;
    char **argv = calloc(nargs + 2, sizeof *argv);
    char **envv = calloc(nenv + 1, sizeof *envv);
    int ok = argv && envv;
    if (ok) {
        argv[0] = cmd->u.string.bytes;
        for (size_t i = 0; ok && i < nargs; i++) {
            const tsr_json_value *v = &args->u.array.items[i];
            if (has_nul(v)) {
                host_error("spawn", -1, "args[%zu] holds a NUL character", i);
                ok = 0;
                break;
            }
            if (v->type != TSR_JSON_STRING) {
                host_error("spawn", -1, "args[%zu] must be a string", i);
                ok = 0;
            } else
                argv[i + 1] = v->u.string.bytes;
        }
        for (size_t i = 0; ok && i < nenv; i++) {
            const tsr_json_member *m = &env->u.object.members[i];
            if (m->value.type != TSR_JSON_STRING || strchr(m->key, '=') || !m->key[0] ||
                m->key_len != strlen(m->key) || has_nul(&m->value)) {
                host_error("spawn", -1, "env entry %zu must be NAME: \"value\"", i);
                ok = 0;
                break;
            }
            size_t n = strlen(m->key) + m->value.u.string.len + 2;
            if (!(envv[i] = malloc(n)))
                ok = 0;
            else
                snprintf(envv[i], n, "%s=%s", m->key, m->value.u.string.bytes);
        }
    }
    if (ok && isolate && inherit) {
        host_error("spawn", -1, "\"isolateHome\" and \"inheritHome\": HOME is one of them");
        ok = 0;
    }
    if (ok) {
        a.env = (const char **)envv;
        a.clear_env = clear && clear->type == TSR_JSON_TRUE;
        /* hermetic unless asked (`tessera host --inherit-home` or inheritHome);
         * isolateHome, the default said, is still accepted */
        a.isolate_home = inherit ? 0 : isolate ? 1 : a.isolate_home;
        a.cwd = cwd ? cwd->u.string.bytes : NULL;
        int code = h->start(&h->s, &a, argv, h->sink); /* the error goes out as JSON only */
        if (code != TSR_EXIT_OK) {
            host_error("spawn", -1, "%s", h->s.error);
            h->exit_code = code;
            ok = -1;
        } else
            h->spawned = 1;
    }
    for (size_t i = 0; envv && i < nenv; i++)
        free(envv[i]);
    free(envv);
    free(argv);
    return ok < 0 ? -1 : 0;
}

static int parse_mods(const tsr_json_value *mods, int *out)
{
    *out = 0;
    if (!mods)
        return 0;
    if (mods->type != TSR_JSON_ARRAY)
        return -1;
    for (size_t i = 0; i < mods->u.array.count; i++) {
        const tsr_json_value *v = &mods->u.array.items[i];
        if (v->type != TSR_JSON_STRING)
            return -1;
        const char *s = v->u.string.bytes;
        if (strcmp(s, "shift") == 0)
            *out |= TSR_MOD_SHIFT;
        else if (strcmp(s, "alt") == 0 || strcmp(s, "meta") == 0)
            *out |= TSR_MOD_ALT;
        else if (strcmp(s, "ctrl") == 0)
            *out |= TSR_MOD_CTRL;
        else
            return -1;
    }
    return 0;
}

static int lookup(const char *const *names, const char *s)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* Encodes and sends a mouse event from {"action","button","row","col","mods"}. */
static int mouse(host *h, const tsr_json_value *m, long long id)
{
    static const char *const actions[] = {"", "down", "up", "click", "move", "wheel", NULL};
    static const char *const buttons[] = {"none", "left", "middle", "right", "wheelup",
                                          "wheeldown", NULL};
    const tsr_json_value *act = tsr_json_object_get(m, "action", NULL);
    const tsr_json_value *btn = tsr_json_object_get(m, "button", NULL);
    int action = act && act->type == TSR_JSON_STRING ? lookup(actions, act->u.string.bytes) : -1;
    int button = !btn ? 1 : btn->type == TSR_JSON_STRING ? lookup(buttons, btn->u.string.bytes) : -1;
    int row, col, mods;
    if (action <= 0 || button < 0) {
        host_error("input", id, "mouse needs action down|up|click|move|wheel and button "
                                "left|middle|right|none|wheelup|wheeldown");
        return -1;
    }
    if (int_field(m, "row", 0, TSR_MAX_ROWS - 1, -1, "input", id, &row) ||
        int_field(m, "col", 0, TSR_MAX_COLS - 1, -1, "input", id, &col))
        return -1;
    if (row < 0 || col < 0 || parse_mods(tsr_json_object_get(m, "mods", NULL), &mods) != 0) {
        host_error("input", id, "mouse needs row and col (0-based) and mods from shift alt ctrl");
        return -1;
    }
    tsr_buf bytes = {0}, why = {0};
    int rc = tsr_encode_mouse_why(h->s.term, action, button, row, col, mods, &bytes, &why);
    if (rc != TSR_OK) {
        host_error("input", id, "%.*s", (int)why.len, why.data ? why.data : tsr_status_str(rc));
        tsr_buf_free(&bytes);
        tsr_buf_free(&why);
        return -1;
    }
    tsr_buf_free(&why);
    rc = session_write(&h->s, bytes.data, bytes.len);
    tsr_buf_free(&bytes);
    if (rc != 0)
        host_error("input", id, "%s", h->s.error);
    return rc;
}

static int raw_bytes(host *h, const tsr_json_value *arr, long long id)
{
    size_t n = arr->u.array.count;
    unsigned char *b = malloc(n ? n : 1);
    if (!b) {
        host_error("input", id, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const tsr_json_value *v = &arr->u.array.items[i];
        if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < 0 ||
            v->u.number.value > 255) {
            free(b);
            host_error("input", id, "bytes[%zu] must be a whole number from 0 to 255", i);
            return -1;
        }
        b[i] = (unsigned char)v->u.number.value;
    }
    int rc = session_write(&h->s, b, n);
    free(b);
    if (rc != 0)
        host_error("input", id, "%s", h->s.error);
    return rc;
}

/* Ids are exact in C and in JavaScript: whole numbers up to 2^53 - 1. */
#define HOST_ID_MAX 9007199254740991.0

/* The "id" of an input or ready command, for a program that still runs.
 * Returns it, or -1 after reporting why the command cannot go on. */
static long long action_id(host *h, const tsr_json_value *o, const char *line, const char *op)
{
    const tsr_json_value *idv = tsr_json_object_get(o, "id", NULL);
    if (!idv) {
        host_error(op, -1, "field \"id\" (a whole number from 0 to 2^53-1) is required");
        return -1;
    }
    if (idv->type != TSR_JSON_NUMBER) { /* "1", true, [1]: said as given */
        char q[80];
        if (idv->type == TSR_JSON_STRING)
            tsr_quote(q, sizeof q, idv->u.string.bytes, idv->u.string.len, 0);
        else
            snprintf(q, sizeof q, "%s", idv->type == TSR_JSON_TRUE    ? "true"
                                        : idv->type == TSR_JSON_FALSE ? "false"
                                        : idv->type == TSR_JSON_NULL  ? "null"
                                        : idv->type == TSR_JSON_ARRAY ? "an array"
                                                                      : "an object");
        host_error(op, -1, "field \"id\" must be a whole number from 0 to 2^53-1, got %s%s", q,
                   idv->type == TSR_JSON_STRING ? " (a string)" : "");
        return -1;
    }
    if (!idv->u.number.integer || idv->u.number.value < 0 || idv->u.number.value > HOST_ID_MAX) {
        host_error(op, -1, "field \"id\" must be a whole number from 0 to 2^53-1, got %.*s",
                   idv->u.number.len > 64 ? 64 : (int)idv->u.number.len,
                   line + idv->u.number.offset);
        return -1;
    }
    long long id = (long long)idv->u.number.value;
    if (!h->spawned) {
        host_error(op, id, "no program: spawn first");
        return -1;
    }
    if (h->s.exited) { /* no frame follows EXIT */
        host_error(op, id, "the program has exited");
        return -1;
    }
    return id;
}

/* The INPUT_ACK frame that answers an input or a ready. */
static int acknowledge(host *h, long long id)
{
    tsr_frame ack = {0};
    ack.type = TSR_FRAME_INPUT_ACK;
    ack.action_id = (uint64_t)id;
    ack.time_ns = mono_now_ns();
    if (h->sink.frame(h->sink.ctx, &ack) != 0) {
        h->exit_code = TSR_EXIT_INTERNAL;
        return -1;
    }
    return 0;
}

/* Waits, pumping frames out, until the program waits for input (waits.h);
 * answered with an INPUT_ACK, or an error line at the deadline. */
static int ready(host *h, const tsr_json_value *o, const char *line)
{
    long long id = action_id(h, o, line, "ready");
    int ms;
    if (id < 0 || int_field(o, "timeoutMs", 1, 86400000, -1, "ready", id, &ms) != 0)
        return 0;
    uint64_t span = ms > 0 ? (uint64_t)ms * 1000000u : h->opts->timeout_ns;
    char why[160];
    int fallback = 0;
    int r = wait_input_ready(&h->s, h->opts->settle_ns, mono_now_ns() + span, &fallback, why,
                             sizeof why);
    if (r == WAIT_ERROR) {
        host_error("ready", id, "%s", h->s.error);
        return 0;
    }
    if (r != WAIT_OK) {
        host_error("ready", id, "not waiting for input %s (%s)",
                   r == WAIT_EXITED ? "before it exited" : "by the deadline", why);
        return 0;
    }
    if (fallback && !h->said_fallback) {
        h->said_fallback = 1;
        host_warning("ready", "%s: waited for the screen to settle only", why);
    }
    return acknowledge(h, id);
}

/* A MARK frame for the JS trace (a test step's detail, on the frames' clock). */
static int mark(host *h, const char *label)
{
    tsr_frame m = {0};
    m.type = TSR_FRAME_MARK;
    m.time_ns = mono_now_ns();
    m.data = (const uint8_t *)label;
    m.len = strlen(label);
    if (h->sink.frame(h->sink.ctx, &m) != 0) {
        h->exit_code = TSR_EXIT_INTERNAL;
        return -1;
    }
    return 0;
}

/* Before an input: up to its readiness budget ("readyMs", else the host's,
 * a second by default) for the program to read, as a tape's input waits;
 * "now": true sends at once. A wait that ran out or could not tell is said
 * in a MARK frame, so the client's trace holds it. Returns 0, or -1 when
 * the input must not be sent (an error line was written). */
static int until_reading(host *h, const tsr_json_value *o, long long id)
{
    const tsr_json_value *now = tsr_json_object_get(o, "now", NULL);
    int ms = -1;
    if (now && now->type != TSR_JSON_TRUE) {
        host_error("input", id, "field \"now\" must be true (leave it out to wait for readiness)");
        return -1;
    }
    if (int_field(o, "readyMs", 1, 86400000, -1, "input", id, &ms) != 0)
        return -1;
    if (now && ms > 0) {
        host_error("input", id, "\"now\" and \"readyMs\": one of them");
        return -1;
    }
    if (now)
        return 0;
    uint64_t budget = ms > 0                   ? (uint64_t)ms * 1000000u
                      : h->opts->ready_budget_ns ? h->opts->ready_budget_ns
                                                 : 1000000000u;
    char why[160], label[256];
    int fallback = 0;
    int r = wait_reading(&h->s, mono_now_ns() + budget, &fallback, why, sizeof why);
    if (r == WAIT_ERROR) {
        host_error("input", id, "%s", h->s.error);
        return -1;
    }
    if (r == WAIT_TIMEOUT)
        snprintf(label, sizeof label, "input %lld: not reading after %llums (%s): sent anyway", id,
                 (unsigned long long)(budget / 1000000u), why);
    else if (r == WAIT_OK && fallback)
        snprintf(label, sizeof label, "input %lld: readiness unknown (%s): waited for the screen "
                                      "to settle", id, why);
    else
        return 0;
    return mark(h, label);
}

static int input(host *h, const tsr_json_value *o, const char *line)
{
    long long id = action_id(h, o, line, "input");
    if (id < 0)
        return 0;
    if (until_reading(h, o, id) != 0)
        return h->exit_code == TSR_EXIT_INTERNAL ? -1 : 0;
    if (h->s.exited) {
        host_error("input", id, "the program exited before the input was sent");
        return 0;
    }
    static const char *const kinds[] = {"bytes", "key", "text", "paste", "mouse", "focus"};
    const tsr_json_value *v = NULL;
    int kind = -1, nkinds = 0;
    for (int k = 0; k < 6; k++) {
        const tsr_json_value *x = tsr_json_object_get(o, kinds[k], NULL);
        if (x) {
            v = x;
            kind = k;
            nkinds++;
        }
    }
    static const tsr_json_type want[] = {TSR_JSON_ARRAY, TSR_JSON_STRING, TSR_JSON_STRING, TSR_JSON_STRING,
                                     TSR_JSON_OBJECT, TSR_JSON_TRUE};
    if (nkinds != 1 || (v->type != want[kind] && !(kind == 5 && v->type == TSR_JSON_FALSE))) {
        host_error("input", id, "input needs exactly one of bytes (array), key, text, paste "
                                "(strings), mouse (object), focus (boolean)");
        return 0;
    }
    char why[256];
    int rc;
    switch (kind) {
    case 0: rc = raw_bytes(h, v, id); break;
    case 4: rc = mouse(h, v, id); break;
    default:
        if (kind == 1)
            rc = session_press(&h->s, v->u.string.bytes, v->u.string.len, why, sizeof why);
        else if (kind == 2)
            rc = session_type(&h->s, v->u.string.bytes, v->u.string.len, why, sizeof why);
        else if (kind == 3)
            rc = session_paste(&h->s, v->u.string.bytes, v->u.string.len, why, sizeof why);
        else
            rc = session_focus(&h->s, v->type == TSR_JSON_TRUE, why, sizeof why);
        if (rc != 0)
            host_error("input", id, "%s", why);
    }
    if (rc != 0)
        return 0;
    if (h->s.exited) { /* it exited while the bytes were written: EXIT was the last frame */
        host_error("input", id, "the program exited before the input was acknowledged");
        return 0;
    }
    /* acknowledged only once the bytes are written */
    return acknowledge(h, id);
}

int host_command(host *h, const char *line, size_t len)
{
    tsr_json_value o;
    tsr_json_error err;
    if (tsr_json_parse(line, len, &o, &err) != TSR_OK) {
        host_error("", -1, "not JSON: column %zu: %s", err.column, err.reason);
        return 0;
    }
    int rc = 0;
    const tsr_json_value *op = o.type == TSR_JSON_OBJECT ? tsr_json_object_get(&o, "op", NULL) : NULL;
    if (!op || op->type != TSR_JSON_STRING) {
        host_error("", -1, "a command is an object with \"op\": spawn, input, ready, resize or close");
    } else if (strcmp(op->u.string.bytes, "spawn") == 0) {
        rc = spawn(h, &o);
    } else if (strcmp(op->u.string.bytes, "input") == 0) {
        rc = input(h, &o, line);
    } else if (strcmp(op->u.string.bytes, "ready") == 0) {
        rc = ready(h, &o, line);
    } else if (strcmp(op->u.string.bytes, "resize") == 0) {
        int rows, cols;
        if (!h->spawned)
            host_error("resize", -1, "no program: spawn first");
        else if (h->s.exited) /* no frame follows EXIT */
            host_error("resize", -1, "the program has exited");
        else if (int_field(&o, "rows", 1, TSR_MAX_ROWS, -1, "resize", -1, &rows) == 0 &&
                 int_field(&o, "cols", 1, TSR_MAX_COLS, -1, "resize", -1, &cols) == 0) {
            if (rows < 0 || cols < 0)
                host_error("resize", -1, "rows and cols are required");
            else if (session_resize(&h->s, rows, cols) != 0)
                host_error("resize", -1, "%s", h->s.error);
        }
    } else if (strcmp(op->u.string.bytes, "close") == 0) {
        h->done = 1;
    } else {
        host_error(op->u.string.bytes, -1, "unknown op (spawn, input, ready, resize, close)");
    }
    tsr_json_free(&o);
    return rc;
}
