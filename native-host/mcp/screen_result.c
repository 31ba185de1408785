#include "screen_result.h"

#include <stdio.h>

#include "terminal_safe.h"
#include "tessera/text.h"

const char *screen_result_state(const session *s, char *buf, size_t cap)
{
    if (!s->exited)
        snprintf(buf, cap, "running");
    else if (s->exit_code >= 0)
        snprintf(buf, cap, "exited with code %d", s->exit_code);
    else
        snprintf(buf, cap, "ended by signal %d", s->exit_signal);
    return buf;
}

static const char *format_name(output_format f)
{
    return f == OUTPUT_STYLED ? "styled" : f == OUTPUT_SVG ? "svg" : "text";
}

void screen_result_write(tool_result *r, const char *id, const session *s, output_format format,
                         int settled)
{
    tsr_buf raw = {0}, shown = {0};
    int rc = output_render(s->term, format, &raw);
    /* SVG is XML its writer escaped; the other forms are screen text */
    if (rc == TSR_OK)
        rc = format == OUTPUT_SVG ? tsr_buf_append(&shown, raw.data, raw.len)
                                  : terminal_safe_escape(&shown, raw.data, raw.len,
                                                         TERMINAL_ESCAPE_TEXT);
    tsr_buf_free(&raw);
    if (rc != TSR_OK) {
        tsr_buf_free(&shown);
        tool_result_fail(r, "rendering the screen: %s", tsr_status_str(rc));
        return;
    }
    tsr_cursor cur;
    tsr_term_cursor(s->term, &cur);
    uint64_t rev = tsr_term_revision(s->term);
    int rows = tsr_term_rows(s->term), cols = tsr_term_cols(s->term);
    char state[64];
    screen_result_state(s, state, sizeof state);

    json_writer *w = &r->w;
    jw_cstring(w, "session", id);
    jw_int(w, "revision", (long long)rev);
    jw_int(w, "rows", rows);
    jw_int(w, "cols", cols);
    jw_object(w, "cursor");
    jw_int(w, "row", cur.row);
    jw_int(w, "col", cur.col);
    jw_bool(w, "visible", cur.visible);
    jw_end(w);
    jw_cstring(w, "state", s->exited ? "exited" : "running");
    if (s->exited && s->exit_code >= 0)
        jw_int(w, "exit_code", s->exit_code);
    else
        jw_null(w, "exit_code");
    if (s->exited && s->exit_code < 0)
        jw_int(w, "signal", s->exit_signal);
    else
        jw_null(w, "signal");
    jw_cstring(w, "format", format_name(format));
    jw_string(w, "screen", shown.data, shown.len);
    if (settled >= 0)
        jw_bool(w, "settled", settled);

    tool_result_say(r, "%s: revision %llu, %dx%d, cursor at row %d col %d%s, %s\n", id,
                    (unsigned long long)rev, rows, cols, cur.row, cur.col,
                    cur.visible ? "" : " (hidden)", state);
    if (shown.len) {
        int err = tsr_buf_append(&r->text, shown.data, shown.len);
        if (err == TSR_OK)
            err = tsr_buf_putc(&r->text, '\n');
        if (err != TSR_OK && r->err == TSR_OK)
            r->err = err;
    }
    tsr_buf_free(&shown);
}
