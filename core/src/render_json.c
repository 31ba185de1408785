/* The JSON rendering used by `tessera feed --json` and the wasm engines:
 * {"size":{"rows","cols"},"rows":[...],"cursor":{...},"modes":{...},
 *  "title":"...","icon":"..."}. Keys always in this order. */
#include "render.h"
#include "view.h"

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

int tsr_render_json(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_json(&v, out);
}

static int vmode(const view *v, enum mode m)
{
    return (v->modes >> m) & 1u;
}

int view_render_json(const view *t, tsr_buf *out)
{
    static const char *const shapes[] = {"\"default\"", "\"block\"", "\"underline\"", "\"bar\""};
    static const char *const tracking[] = {"\"off\"", "\"x10\"", "\"normal\"", "\"button\"",
                                           "\"any\""};
    static const char *const encodings[] = {"\"default\"", "\"utf8\"", "\"sgr\"", "\"urxvt\""};
    tsr_buf *b = out;
    tsr_buf row = {0};
    int rc = buf_puts(b, "{\"size\":{");
    if (!rc) rc = kv_int(b, "rows", t->rows, 1);
    if (!rc) rc = kv_int(b, "cols", t->cols, 0);
    if (!rc) rc = buf_puts(b, "},\"rows\":[");
    for (int y = 0; y < t->rows && !rc; y++) {
        if (y)
            rc = buf_putc(b, ',');
        tsr_buf_clear(&row);
        if (!rc)
            rc = render_row(&row, view_row(t, y), 0, t->cols, 1);
        if (!rc)
            rc = render_json_string(b, row.data ? row.data : "", row.len);
    }
    tsr_buf_free(&row);
    if (!rc) rc = buf_puts(b, "],\"cursor\":{");
    if (!rc) rc = kv_int(b, "row", t->cursor.row, 1);
    if (!rc) rc = kv_int(b, "col", t->cursor.col, 0);
    if (!rc) rc = kv_bool(b, "visible", t->cursor.visible, 0);
    if (!rc) rc = kv_str(b, "shape", shapes[t->cursor.shape & 3], 0);
    if (!rc) rc = kv_bool(b, "blink", t->cursor.blink, 0);
    if (!rc) rc = kv_bool(b, "pending_wrap", t->cursor.pending_wrap, 0);
    if (!rc) rc = buf_puts(b, "},\"modes\":{");
    if (!rc) rc = kv_bool(b, "insert", vmode(t, M_IRM), 1);
    if (!rc) rc = kv_bool(b, "linefeed_newline", vmode(t, M_LNM), 0);
    if (!rc) rc = kv_bool(b, "cursor_keys_application", vmode(t, M_DECCKM), 0);
    if (!rc) rc = kv_bool(b, "keypad_application", vmode(t, M_DECKPAM), 0);
    if (!rc) rc = kv_bool(b, "origin", vmode(t, M_DECOM), 0);
    if (!rc) rc = kv_bool(b, "autowrap", vmode(t, M_DECAWM), 0);
    if (!rc) rc = kv_bool(b, "reverse_video", vmode(t, M_DECSCNM), 0);
    if (!rc) rc = kv_bool(b, "alt_screen", t->alt, 0);
    if (!rc) rc = kv_str(b, "mouse_tracking", tracking[t->mouse_tracking], 0);
    if (!rc) rc = kv_str(b, "mouse_encoding", encodings[t->mouse_encoding], 0);
    if (!rc) rc = kv_bool(b, "focus_reporting", vmode(t, M_FOCUS), 0);
    if (!rc) rc = kv_bool(b, "bracketed_paste", vmode(t, M_PASTE), 0);
    if (!rc) rc = kv_bool(b, "synchronized_output", vmode(t, M_SYNC), 0);
    if (!rc) rc = buf_puts(b, "},\"title\":");
    if (!rc) rc = render_json_string(b, t->title, t->title_len);
    if (!rc) rc = buf_puts(b, ",\"icon\":");
    if (!rc) rc = render_json_string(b, t->icon, t->icon_len);
    if (!rc) rc = buf_putc(b, '}');
    return rc;
}
