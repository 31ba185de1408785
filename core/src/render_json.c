/* The JSON rendering used by `tessera feed --json` and the wasm engines:
 * {"size":{"rows","cols"},"rows":[...],"cursor":{...},"modes":{...},
 *  "title":"...","icon":"..."}. Keys always in this order; "line_sizes"
 * follows "rows" only while some line is double size, so every other
 * screen renders as it always did. */
#include "render.h"

int render_json_string(tsr_buf *b, const char *s, size_t n)
{
    int rc = buf_putc(b, '"');
    if (!rc)
        rc = tsr_json_escape(b, s, n, NULL);
    return rc ? rc : buf_putc(b, '"');
}

static int key(tsr_buf *b, const char *k, int first)
{
    int rc = first ? TSR_OK : buf_putc(b, ',');
    if (!rc)
        rc = buf_putc(b, '"');
    if (!rc)
        rc = buf_puts(b, k);
    if (!rc)
        rc = buf_puts(b, "\":");
    return rc;
}

static int kv_bool(tsr_buf *b, const char *k, int v, int first)
{
    int rc = key(b, k, first);
    return rc ? rc : buf_puts(b, v ? "true" : "false");
}

static int kv_int(tsr_buf *b, const char *k, int v, int first)
{
    int rc = key(b, k, first);
    return rc ? rc : buf_put_uint(b, (unsigned long)v);
}

static int kv_str(tsr_buf *b, const char *k, const char *v, int first)
{
    int rc = key(b, k, first);
    return rc ? rc : buf_puts(b, v) ? TSR_ERR_NOMEM : TSR_OK;
}

int view_render_json(const view *t, tsr_buf *out)
{
    static const char *const shapes[] = {"\"default\"", "\"block\"", "\"underline\"", "\"bar\""};
    static const char *const tracking[] = {"\"off\"", "\"x10\"", "\"normal\"", "\"button\"",
                                           "\"any\""};
    static const char *const encodings[] = {"\"default\"", "\"utf8\"", "\"sgr\"", "\"urxvt\""};
    tsr_buf *b = out;
    uint32_t m = t->meta.modes;
    tsr_buf row = {0};
    int rc = buf_puts(b, "{\"size\":{");
    if (!rc) rc = kv_int(b, "rows", t->rows, 1);
    if (!rc) rc = kv_int(b, "cols", t->cols, 0);
    if (!rc) rc = buf_puts(b, "},\"rows\":[");
    for (int y = 0; y < t->rows && !rc; y++) {
        if (y)
            rc = buf_putc(b, ',');
        buf_clear(&row);
        if (!rc)
            rc = render_row(&row, view_row(t, y), 0, t->cols, 1);
        if (!rc)
            rc = render_json_string(b, row.data ? row.data : "", row.len);
    }
    buf_free(&row);
    if (!rc) rc = buf_putc(b, ']');
    if (!rc && view_has_sized_lines(t)) {
        rc = buf_puts(b, ",\"line_sizes\":[");
        for (int y = 0; y < t->rows && !rc; y++) {
            if (y)
                rc = buf_putc(b, ',');
            const char *name = render_line_size_name(view_row(t, y)->size);
            if (!rc)
                rc = render_json_string(b, name, strlen(name));
        }
        if (!rc) rc = buf_putc(b, ']');
    }
    if (!rc) rc = buf_puts(b, ",\"cursor\":{");
    if (!rc) rc = kv_int(b, "row", t->meta.cursor.row, 1);
    if (!rc) rc = kv_int(b, "col", t->meta.cursor.col, 0);
    if (!rc) rc = kv_bool(b, "visible", t->meta.cursor.visible, 0);
    if (!rc) rc = kv_str(b, "shape", shapes[t->meta.cursor.shape & 3], 0);
    if (!rc) rc = kv_bool(b, "blink", t->meta.cursor.blink, 0);
    if (!rc) rc = kv_bool(b, "pending_wrap", t->meta.cursor.pending_wrap, 0);
    if (!rc) rc = buf_puts(b, "},\"modes\":{");
    if (!rc) rc = kv_bool(b, "insert", modes_bit(m, M_IRM), 1);
    if (!rc) rc = kv_bool(b, "linefeed_newline", modes_bit(m, M_LNM), 0);
    if (!rc) rc = kv_bool(b, "cursor_keys_application", modes_bit(m, M_DECCKM), 0);
    if (!rc) rc = kv_bool(b, "keypad_application", modes_bit(m, M_DECKPAM), 0);
    if (!rc) rc = kv_bool(b, "origin", modes_bit(m, M_DECOM), 0);
    if (!rc) rc = kv_bool(b, "autowrap", modes_bit(m, M_DECAWM), 0);
    if (!rc) rc = kv_bool(b, "reverse_video", modes_bit(m, M_DECSCNM), 0);
    if (!rc) rc = kv_bool(b, "alt_screen", t->meta.alt, 0);
    if (!rc) rc = kv_str(b, "mouse_tracking", tracking[t->meta.mouse_tracking], 0);
    if (!rc) rc = kv_str(b, "mouse_encoding", encodings[t->meta.mouse_encoding], 0);
    if (!rc) rc = kv_bool(b, "focus_reporting", modes_bit(m, M_FOCUS), 0);
    if (!rc) rc = kv_bool(b, "bracketed_paste", modes_bit(m, M_PASTE), 0);
    if (!rc) rc = kv_bool(b, "synchronized_output", modes_bit(m, M_SYNC), 0);
    if (!rc) rc = buf_puts(b, "},\"title\":");
    if (!rc) rc = render_json_string(b, t->meta.title, t->meta.title_len);
    if (!rc) rc = buf_puts(b, ",\"icon\":");
    if (!rc) rc = render_json_string(b, t->meta.icon, t->meta.icon_len);
    if (!rc) rc = buf_putc(b, '}');
    return rc;
}
