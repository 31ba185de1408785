/* The read-only public API of the live terminal: cursor, cells, the
 * renderings and search (through term_view), modes, title, bells,
 * clipboard, the unhandled list and the revision history. A client of the
 * layers below; nothing below calls it. */
#include <string.h>

#include "render.h"
#include "term.h"

void tsr_term_cursor(const tsr_term *t, tsr_cursor *out)
{
    if (!t || !out)
        return;
    view v;
    term_view(t, &v);
    *out = v.meta.cursor;
}

int tsr_term_cell(const tsr_term *t, int y, int x, tsr_cell_info *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_cell(&v, y, x, out);
}

int tsr_term_line_size(const tsr_term *t, int y)
{
    if (!t)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_line_size(&v, y);
}

uint32_t tsr_term_palette(const tsr_term *t, int index)
{
    /* the live palette holds every entry, changed or not */
    return t && index >= 0 && index <= 255 ? t->colours.palette[index] : 0;
}

uint32_t tsr_term_dynamic_color(const tsr_term *t, int which)
{
    if (!t)
        return 0;
    view v;
    term_view(t, &v);
    return view_dynamic_color(&v, which);
}

int tsr_render_text(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_text(&v, out);
}

int tsr_render_exact(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_exact(&v, out);
}

int tsr_render_styled(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_styled(&v, out);
}

int tsr_render_json(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_json(&v, out);
}

int tsr_render_row(const tsr_term *t, int y, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    if (y < 0 || y >= t->rows)
        return TSR_ERR_RANGE;
    return render_row(out, term_row(t, y), 0, t->cols, 1);
}

int tsr_render_scrollback(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    return render_scrollback(&t->primary, out);
}

int tsr_term_scrollback_lines(const tsr_term *t)
{
    return t ? t->primary.sb_count : 0;
}

int tsr_term_find_all(const tsr_term *t, const char *needle, size_t len, int exact,
                      const tsr_region *region, tsr_match *out, size_t max, size_t *count)
{
    if (!t)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_find_all(&v, needle, len, exact, region, out, max, count);
}

int tsr_term_hyperlink(const tsr_term *t, uint32_t link, tsr_buf *out)
{
    size_t len;
    const char *uri = t && out ? link_uri(&t->links, link, &len) : NULL;
    if (!uri)
        return TSR_ERR_INVALID;
    return buf_append(out, uri, len);
}

int tsr_term_mode(const tsr_term *t, int mode, int private_, int *value)
{
    if (!t || !value)
        return TSR_ERR_INVALID;
    return term_mode_value(t, mode, private_, value);
}

int tsr_term_mouse_tracking(const tsr_term *t)
{
    return t ? t->mouse_tracking : 0;
}

int tsr_term_mouse_encoding(const tsr_term *t)
{
    return t ? t->mouse_encoding : 0;
}

int tsr_term_alt_screen(const tsr_term *t)
{
    return t ? t->g == &t->alt : 0;
}

int tsr_term_keypad_app(const tsr_term *t)
{
    return t ? mode_get(t, M_DECKPAM) : 0;
}

int tsr_term_kitty_keyboard(const tsr_term *t)
{
    return t ? term_kitty_flags(t) : 0;
}

int tsr_term_modify_other_keys(const tsr_term *t)
{
    return t ? t->modify_other_keys : 0;
}

const char *tsr_term_title(const tsr_term *t, size_t *len)
{
    if (len)
        *len = t && t->title ? t->title_len : 0;
    return t && t->title ? t->title : "";
}

const char *tsr_term_icon_name(const tsr_term *t, size_t *len)
{
    if (len)
        *len = t && t->icon ? t->icon_len : 0;
    return t && t->icon ? t->icon : "";
}

uint64_t tsr_term_bell_count(const tsr_term *t)
{
    return t ? t->bells : 0;
}

const char *tsr_term_clipboard(const tsr_term *t, const char **selection)
{
    if (selection)
        *selection = t && t->clip_sel ? t->clip_sel : "";
    return t && t->clipboard ? t->clipboard : "";
}

int tsr_term_unhandled_count(const tsr_term *t)
{
    return t ? t->nunhandled : 0;
}

const char *tsr_term_unhandled(const tsr_term *t, int i)
{
    if (!t || i < 0 || i >= t->nunhandled)
        return NULL;
    return t->unhandled[i];
}

uint64_t tsr_term_revision(const tsr_term *t)
{
    return t ? history_newest_seq(&t->hist) : 0;
}

uint64_t tsr_term_oldest_revision(const tsr_term *t)
{
    return t ? history_oldest_seq(&t->hist) : 0;
}

int tsr_term_history_get(const tsr_term *t, uint64_t seq, const tsr_snapshot **out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    return history_get(&t->hist, seq, out);
}

void tsr_term_history_stats(const tsr_term *t, tsr_history_stats *out)
{
    if (t && out)
        history_stats(&t->hist, out);
}
