/* Read-only accessors of the public ABI: cursor, cells, modes, title,
 * bells, clipboard, the unhandled list. */
#include <string.h>

#include "view.h"

void tsr_term_cursor(const tsr_term *t, tsr_cursor *out)
{
    if (!t || !out)
        return;
    out->row = t->y;
    out->col = t->x;
    out->visible = mode_get(t, M_DECTCEM);
    out->shape = t->cursor_shape;
    out->blink = t->cursor_blink;
    out->pending_wrap = t->pending_wrap;
}

int tsr_term_cell(const tsr_term *t, int y, int x, tsr_cell_info *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_cell(&v, y, x, out);
}

int view_cell(const view *t, int y, int x, tsr_cell_info *out)
{
    if (y < 0 || y >= t->rows || x < 0 || x >= t->cols)
        return TSR_ERR_RANGE;
    const row *r = view_row(t, y);
    const cell *c = &r->cells[x];
    memset(out, 0, sizeof *out);
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(r, c, &n, &one);
    if (c->flags & CELL_TAIL)
        n = 0;
    memcpy(out->cps, cps, sizeof(uint32_t) * (size_t)n);
    out->ncps = n;
    out->width = c->flags & CELL_TAIL ? 0 : c->flags & CELL_WIDE ? 2 : 1;
    out->protected_ = (c->flags & CELL_PROTECTED) != 0;
    out->style = *style_get(t->styles, c->style);
    return TSR_OK;
}

int tsr_term_hyperlink(const tsr_term *t, uint32_t link, tsr_buf *out)
{
    if (!t || !out || link == 0 || link > t->nlinks)
        return TSR_ERR_INVALID;
    return buf_puts(out, t->links[link - 1]);
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
