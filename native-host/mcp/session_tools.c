/* Every input tool waits for the program to read its terminal before it
 * sends (as tapes and the JS API do) and for the screen to settle after,
 * so the result shows what the input did. Deadlines that pass are notes in
 * the result, not errors: the screen is what the agent needs either way. */
#include "session_tools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "mono_clock.h"
#include "pattern.h"
#include "screen_query.h"
#include "screen_result.h"
#include "session_input.h"
#include "terminal_safe.h"
#include "tessera/text.h"
#include "waits.h"
#include "tessera/input.h"

#define NS_PER_MS 1000000ull

void mcp_session_init(mcp_session *m, const char *id, const live_options *defaults)
{
    memset(m, 0, sizeof *m);
    snprintf(m->id, sizeof m->id, "%s", id);
    m->defaults = defaults;
    /* what session_open sets first: nothing to close yet */
    m->s.master = -1;
    m->s.reaper.group.dir = -1;
    m->s.closed = 1;
}

void mcp_session_end(mcp_session *m)
{
    session_free(&m->s);
    m->started = 0;
}

/* A whole-number argument, or dflt when it was not given. */
static long long int_arg(const tsr_json_value *args, const char *name, long long dflt)
{
    const tsr_json_value *v = tool_arg(args, name);
    return v && v->type == TSR_JSON_NUMBER ? (long long)v->u.number.value : dflt;
}

static const char *str_arg(const tsr_json_value *args, const char *name, size_t *len)
{
    const tsr_json_value *v = tool_arg(args, name);
    if (!v || v->type != TSR_JSON_STRING)
        return NULL;
    if (len)
        *len = v->u.string.len;
    return v->u.string.bytes;
}

static uint64_t timeout_ns(const mcp_session *m, const tsr_json_value *args)
{
    long long ms = int_arg(args, "timeout_ms", 0);
    return ms > 0 ? (uint64_t)ms * NS_PER_MS : m->defaults->timeout_ns;
}

/* Reads what the program has written so far: a program that writes without
 * pause holds a snapshot up for this long at most. */
#define CATCH_UP_NS (50 * NS_PER_MS)

static int drain(session *s)
{
    return wait_caught_up(s, mono_now_ns() + CATCH_UP_NS) == WAIT_OK ? 0 : -1;
}

/* Waits for the screen to settle and writes it; a deadline that passes is
 * a note. Returns 0, or -1 after failing the result. */
static int settle_and_show(mcp_session *m, uint64_t span_ns, tool_result *r)
{
    uint64_t start = mono_now_ns();
    int rc = wait_settled_or_reading(&m->s, m->defaults->settle_ns, start + span_ns);
    if (rc == WAIT_ERROR) {
        tool_result_fail(r, "%s", m->s.error);
        return -1;
    }
    screen_result_write(r, m->id, &m->s, OUTPUT_TEXT, rc == WAIT_OK);
    if (rc != WAIT_OK)
        tool_result_note(r, "the screen did not settle within %llu ms: %s",
                         (unsigned long long)(span_ns / NS_PER_MS), settle_blocker(&m->s));
    return 0;
}

static int launch(mcp_session *m, const tsr_json_value *args, tool_result *r)
{
    live_options a = *m->defaults;
    a.term.rows = (int)int_arg(args, "rows", a.term.rows);
    a.term.cols = (int)int_arg(args, "cols", a.term.cols);
    a.cwd = str_arg(args, "cwd", NULL);
    const tsr_json_value *list = tool_arg(args, "args");
    const tsr_json_value *env = tool_arg(args, "env");
    size_t nargs = list ? list->u.array.count : 0, nenv = env ? env->u.object.count : 0;
    size_t nbase = 0;
    while (m->defaults->env && m->defaults->env[nbase])
        nbase++;
    char **argv = calloc(nargs + 2, sizeof *argv);
    char **envv = calloc(nbase + nenv + 1, sizeof *envv);
    int ok = argv && envv;
    if (ok) {
        argv[0] = (char *)str_arg(args, "command", NULL);
        for (size_t i = 0; i < nargs; i++)
            argv[i + 1] = list->u.array.items[i].u.string.bytes;
        for (size_t i = 0; i < nbase; i++)
            envv[i] = (char *)m->defaults->env[i];
        for (size_t i = 0; ok && i < nenv; i++) {
            const tsr_json_member *e = &env->u.object.members[i];
            size_t n = strlen(e->key) + e->value.u.string.len + 2;
            if (!(envv[nbase + i] = malloc(n)))
                ok = 0;
            else
                snprintf(envv[nbase + i], n, "%s=%s", e->key, e->value.u.string.bytes);
        }
    }
    int over = 0;
    if (!ok) {
        tool_result_fail(r, "out of memory");
        over = 1;
    } else {
        a.env = (const char **)envv;
        int code = live_open(&m->s, &a, argv, (frame_sink){0});
        if (code != TSR_EXIT_OK) {
            tool_result_fail(r, "%s", m->s.error);
            over = 1;
        } else {
            m->started = 1;
            tool_result_say(r, "started %s as session %s\n", argv[0], m->id);
            over = settle_and_show(m, timeout_ns(m, args), r) != 0;
        }
    }
    for (size_t i = 0; envv && i < nenv; i++)
        free(envv[nbase + i]);
    free(envv);
    free(argv);
    return over;
}

/* Before an input: until the program reads its terminal (its readiness
 * budget, --ready-budget or a second). One that did not, or that /proc
 * could not tell about, leaves a note in note (empty otherwise). Returns 0,
 * or -1 with the failure in note. */
static int until_reading(mcp_session *m, char *note, size_t cap)
{
    uint64_t budget = m->defaults->ready_budget_ns ? m->defaults->ready_budget_ns
                                                    : 1000 * NS_PER_MS;
    char why[160];
    int fallback = 0;
    int rc = wait_reading(&m->s, mono_now_ns() + budget, &fallback, why, sizeof why);
    note[0] = '\0';
    if (rc == WAIT_ERROR)
        snprintf(note, cap, "%s", m->s.error);
    else if (rc == WAIT_TIMEOUT)
        snprintf(note, cap, "the program was not reading its terminal after %llu ms (%s): sent "
                            "anyway", (unsigned long long)(budget / NS_PER_MS), why);
    else if (rc == WAIT_OK && fallback)
        snprintf(note, cap, "whether the program reads could not be told (%s): waited for the "
                            "screen to settle", why);
    return rc == WAIT_ERROR ? -1 : 0;
}

static int mouse_button(const char *name)
{
    if (!name || strcmp(name, "left") == 0)
        return TSR_MOUSE_BTN_LEFT;
    return strcmp(name, "middle") == 0 ? TSR_MOUSE_BTN_MIDDLE : TSR_MOUSE_BTN_RIGHT;
}

/* type, press, paste, click: readiness, the input, the settled screen. */
static int input(mcp_session *m, tool_id tool, const tsr_json_value *args, tool_result *r)
{
    session *s = &m->s;
    char why[256], state[64], note[400];
    if (s->exited) {
        tool_result_fail(r, "the program has %s: nothing reads input any more (its last screen "
                            "is in terminal_snapshot)", screen_result_state(s, state, sizeof state));
        return 0;
    }
    if (until_reading(m, note, sizeof note) != 0) {
        tool_result_fail(r, "%s", note);
        return 0;
    }
    size_t len = 0;
    const char *text;
    int rc;
    switch (tool) {
    case TOOL_TYPE:
        text = str_arg(args, "text", &len);
        rc = session_type(s, text, len, why, sizeof why);
        break;
    case TOOL_PASTE:
        text = str_arg(args, "text", &len);
        rc = session_paste(s, text, len, why, sizeof why);
        break;
    case TOOL_PRESS:
        text = str_arg(args, "key", &len);
        rc = session_press(s, text, len, why, sizeof why);
        break;
    default:
        rc = session_mouse(s, TSR_MOUSE_ACT_CLICK, mouse_button(str_arg(args, "button", NULL)),
                           (int)int_arg(args, "row", 0), (int)int_arg(args, "col", 0), why,
                           sizeof why);
        break;
    }
    if (rc != 0) {
        tool_result_fail(r, "%s", why);
        return 0;
    }
    settle_and_show(m, timeout_ns(m, args), r);
    if (note[0])
        tool_result_note(r, "%s", note);
    return 0;
}

static int resize(mcp_session *m, const tsr_json_value *args, tool_result *r)
{
    char state[64];
    if (m->s.exited) {
        tool_result_fail(r, "the program has %s: there is nothing to resize",
                         screen_result_state(&m->s, state, sizeof state));
        return 0;
    }
    if (session_resize(&m->s, (int)int_arg(args, "rows", 24), (int)int_arg(args, "cols", 80)) != 0) {
        tool_result_fail(r, "%s", m->s.error);
        return 0;
    }
    settle_and_show(m, timeout_ns(m, args), r);
    return 0;
}

static int snapshot(mcp_session *m, const tsr_json_value *args, tool_result *r)
{
    const char *f = str_arg(args, "format", NULL);
    output_format format = !f || strcmp(f, "text") == 0 ? OUTPUT_TEXT
                           : strcmp(f, "styled") == 0   ? OUTPUT_STYLED
                                                        : OUTPUT_SVG;
    if (drain(&m->s) != 0) {
        tool_result_fail(r, "%s", m->s.error);
        return 0;
    }
    screen_result_write(r, m->id, &m->s, format, -1);
    return 0;
}

/* terminal_wait_for: exactly one condition. */
static int wait_for(mcp_session *m, const tsr_json_value *args, tool_result *r)
{
    static const char *const conditions[] = {"text", "regex", "absent", "stable", "input_ready"};
    int which = -1, given = 0;
    for (int i = 0; i < 5; i++)
        if (tool_arg(args, conditions[i])) {
            which = i;
            given++;
        }
    if (given != 1) {
        tool_result_fail(r, "terminal_wait_for takes exactly one of text, regex, absent, stable, "
                            "input_ready (got %d)", given);
        return 0;
    }
    session *s = &m->s;
    uint64_t start = mono_now_ns(), span = timeout_ns(m, args);
    uint64_t deadline = start + span;
    size_t len = 0;
    const char *text = str_arg(args, conditions[which], &len);
    char why[256] = "";
    int rc, fallback = 0;
    pattern re = {0};
    switch (which) {
    case 0: rc = wait_text_state(s, text, len, 1, deadline); break;
    case 2: rc = wait_text_state(s, text, len, 0, deadline); break;
    case 1: {
        if (pattern_compile(&re, text, len, why, sizeof why) != 0) {
            tool_result_fail(r, "argument \"regex\": %s", why);
            return 0;
        }
        screen_query q = {0};
        q.re = &re;
        rc = wait_query_state(s, &q, 1, deadline);
        pattern_free(&re);
        break;
    }
    case 3: {
        long long ms = int_arg(args, "stable", 0);
        uint64_t window = ms > 0 ? (uint64_t)ms * NS_PER_MS : m->defaults->settle_ns;
        rc = wait_settled(s, window, deadline);
        if (rc != WAIT_OK)
            snprintf(why, sizeof why, "%s", settle_blocker(s));
        break;
    }
    default:
        rc = wait_input_ready(s, m->defaults->settle_ns, deadline, &fallback, why, sizeof why);
        break;
    }
    if (rc == WAIT_ERROR) {
        tool_result_fail(r, "%s", s->error);
        return 0;
    }
    uint64_t elapsed = (mono_now_ns() - start) / NS_PER_MS;
    char state[64];
    if (rc == WAIT_OK)
        tool_result_say(r, "matched after %llu ms\n", (unsigned long long)elapsed);
    else if (rc == WAIT_EXITED)
        snprintf(why, sizeof why, "the program %s first",
                 screen_result_state(s, state, sizeof state));
    else if (!why[0])
        snprintf(why, sizeof why, "deadline reached");
    if (rc != WAIT_OK)
        tool_result_say(r, "not matched after %llu ms: %s\n", (unsigned long long)elapsed, why);
    jw_bool(&r->w, "matched", rc == WAIT_OK);
    jw_int(&r->w, "elapsed_ms", (long long)elapsed);
    if (rc != WAIT_OK)
        jw_cstring(&r->w, "reason", why);
    screen_result_write(r, m->id, s, OUTPUT_TEXT, -1);
    if (rc == WAIT_OK && fallback)
        tool_result_note(r, "whether the program reads could not be told (%s): the screen "
                            "settled", why);
    return 0;
}

/* One row of a kept revision, escaped as screen text is. */
static int row_text(const tsr_snapshot *snap, int row, tsr_buf *out)
{
    tsr_buf raw = {0};
    int rc = tsr_snapshot_render_row(snap, row, &raw);
    if (rc == TSR_OK)
        rc = terminal_safe_escape(out, raw.data ? raw.data : "", raw.len, TERMINAL_ESCAPE_TEXT);
    tsr_buf_free(&raw);
    return rc;
}

static int changes(mcp_session *m, const tsr_json_value *args, tool_result *r)
{
    session *s = &m->s;
    if (drain(s) != 0) {
        tool_result_fail(r, "%s", s->error);
        return 0;
    }
    uint64_t since = (uint64_t)int_arg(args, "since", 0), now = tsr_term_revision(s->term);
    if (since > now) {
        tool_result_fail(r, "revision %llu does not exist yet: the newest is %llu",
                         (unsigned long long)since, (unsigned long long)now);
        return 0;
    }
    const tsr_snapshot *cur = NULL, *old = NULL;
    int rc = tsr_term_history_get(s->term, now, &cur);
    int evicted = rc == TSR_OK && tsr_term_history_get(s->term, since, &old) == TSR_ERR_EVICTED;
    if (rc != TSR_OK) {
        tool_result_fail(r, "reading revision %llu: %s", (unsigned long long)now,
                         tsr_status_str(rc));
        return 0;
    }
    int rows = tsr_snapshot_rows(cur);
    int resized = old && (tsr_snapshot_rows(old) != rows || tsr_snapshot_cols(old) != tsr_snapshot_cols(cur));
    json_writer *w = &r->w;
    jw_cstring(w, "session", m->id);
    jw_int(w, "revision", (long long)now);
    jw_int(w, "since", (long long)since);
    jw_int(w, "oldest", (long long)tsr_term_oldest_revision(s->term));
    jw_bool(w, "evicted", evicted);
    jw_bool(w, "resized", resized);
    jw_array(w, "rows");
    tsr_buf a = {0}, b = {0};
    int changed = 0;
    tsr_buf lines = {0};
    for (int row = 0; row < rows && rc == TSR_OK; row++) {
        tsr_buf_clear(&a);
        tsr_buf_clear(&b);
        rc = row_text(cur, row, &a);
        int differs = 1;
        if (rc == TSR_OK && old && !resized) {
            rc = row_text(old, row, &b);
            differs = a.len != b.len || (a.len && memcmp(a.data, b.data, a.len) != 0);
        }
        if (rc != TSR_OK || !differs)
            continue;
        changed++;
        jw_object(w, NULL);
        jw_int(w, "row", row);
        jw_string(w, "text", a.data ? a.data : "", a.len);
        jw_end(w);
        char head[32];
        snprintf(head, sizeof head, "%4d| ", row);
        if (tsr_buf_puts(&lines, head) != TSR_OK || tsr_buf_append(&lines, a.data, a.len) != TSR_OK ||
            tsr_buf_putc(&lines, '\n') != TSR_OK)
            rc = TSR_ERR_NOMEM;
    }
    jw_end(w);
    tsr_buf_free(&a);
    tsr_buf_free(&b);
    if (rc != TSR_OK) {
        tsr_buf_free(&lines);
        tool_result_fail(r, "comparing revisions: %s", tsr_status_str(rc));
        return 0;
    }
    if (evicted)
        tool_result_say(r, "%s: revision %llu; revision %llu is no longer kept (the oldest is "
                           "%llu): every row follows\n", m->id, (unsigned long long)now,
                        (unsigned long long)since,
                        (unsigned long long)tsr_term_oldest_revision(s->term));
    else if (resized)
        tool_result_say(r, "%s: revision %llu; the size changed since %llu: every row follows\n",
                        m->id, (unsigned long long)now, (unsigned long long)since);
    else
        tool_result_say(r, "%s: revision %llu; %d row%s changed since %llu\n", m->id,
                        (unsigned long long)now, changed, changed == 1 ? "" : "s",
                        (unsigned long long)since);
    if (lines.len && tsr_buf_append(&r->text, lines.data, lines.len) != TSR_OK && !r->err)
        r->err = TSR_ERR_NOMEM;
    tsr_buf_free(&lines);
    return 0;
}

static int close_session(mcp_session *m, tool_result *r)
{
    session *s = &m->s;
    int was_running = !s->exited;
    int left = session_close(s);
    /* the status is collected at close when the program ended by our signal */
    jw_cstring(&r->w, "session", m->id);
    if (s->exited && s->exit_code >= 0)
        jw_int(&r->w, "exit_code", s->exit_code);
    else
        jw_null(&r->w, "exit_code");
    if (s->exited && s->exit_code < 0)
        jw_int(&r->w, "signal", s->exit_signal);
    else
        jw_null(&r->w, "signal");
    jw_bool(&r->w, "was_running", was_running);
    char state[64];
    tool_result_say(r, "%s closed: the program %s%s\n", m->id,
                    s->exited ? screen_result_state(s, state, sizeof state) : "did not exit",
                    was_running ? " (ended by the close)" : " before the close");
    if (left > 0)
        tool_result_note(r, "%d of its processes could not be ended", left);
    return 1;
}

int mcp_session_call(mcp_session *m, tool_id tool, const tsr_json_value *args, tool_result *r)
{
    if (tool == TOOL_LAUNCH)
        return m->started ? (tool_result_fail(r, "a session runs one program"), 0) : launch(m, args, r);
    if (!m->started) {
        tool_result_fail(r, "no program: terminal_launch first");
        return 0;
    }
    switch (tool) {
    case TOOL_TYPE:
    case TOOL_PRESS:
    case TOOL_PASTE:
    case TOOL_CLICK: return input(m, tool, args, r);
    case TOOL_RESIZE: return resize(m, args, r);
    case TOOL_SNAPSHOT: return snapshot(m, args, r);
    case TOOL_WAIT_FOR: return wait_for(m, args, r);
    case TOOL_CHANGES: return changes(m, args, r);
    case TOOL_CLOSE: return close_session(m, r);
    default:
        tool_result_fail(r, "%s is not a tool of a session", tool_get(tool)->name);
        return 0;
    }
}
