/* Plain renderings: the text form, one row, the exact padded grid and the
 * scrollback. A blank cell is a space; the tail of a wide character adds
 * nothing (its head already covers both cells); a cluster writes all its
 * codepoints. */
#include "render.h"
#include "view.h"

#include <string.h>

static int put_cell(tsr_buf *b, const row *r, const cell *c)
{
    if (c->flags & CELL_TAIL)
        return TSR_OK;
    if (c->cp == 0)
        return buf_putc(b, ' ');
    if (!(c->flags & CELL_CLUSTER))
        return c->cp < 0x80 ? buf_putc(b, (char)c->cp) : buf_put_utf8(b, c->cp);
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(r, c, &n, &one);
    for (int i = 0; i < n; i++) {
        int rc = buf_put_utf8(b, cps[i]);
        if (rc)
            return rc;
    }
    return TSR_OK;
}

int render_row(tsr_buf *b, const row *r, int x0, int x1, int trim)
{
    size_t start = b->len;
    int rc = buf_reserve(b, (size_t)(x1 - x0));
    if (rc)
        return rc;
    for (int x = x0; x < x1; x++)
        if ((rc = put_cell(b, r, &r->cells[x])))
            return rc;
    if (trim) {
        while (b->len > start && b->data[b->len - 1] == ' ')
            b->len--;
        b->data[b->len] = '\0';
    }
    return TSR_OK;
}

void term_view(const tsr_term *t, view *v)
{
    v->ring = t->g->ring;
    v->head = t->g->head;
    v->mask = t->g->cap - 1;
    v->rows = t->rows;
    v->cols = t->cols;
    v->styles = &t->styles;
    tsr_term_cursor(t, &v->cursor);
    v->modes = t->modes;
    v->mouse_tracking = t->mouse_tracking;
    v->mouse_encoding = t->mouse_encoding;
    v->alt = t->g == &t->alt;
    v->title = t->title ? t->title : "";
    v->title_len = t->title ? t->title_len : 0;
    v->icon = t->icon ? t->icon : "";
    v->icon_len = t->icon ? t->icon_len : 0;
}

int tsr_render_row(const tsr_term *t, int y, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    if (y < 0 || y >= t->rows)
        return TSR_ERR_RANGE;
    return render_row(out, term_row(t, y), 0, t->cols, 1);
}

int tsr_render_text(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_text(&v, out);
}

int view_render_text(const view *t, tsr_buf *out)
{
    size_t start = out->len;
    size_t keep = start; /* end of the last non-blank row */
    int rc = buf_reserve(out, 0);
    if (rc)
        return rc;
    for (int y = 0; y < t->rows; y++) {
        if (y && (rc = buf_putc(out, '\n')))
            return rc;
        size_t row_start = out->len;
        if ((rc = render_row(out, view_row(t, y), 0, t->cols, 1)))
            return rc;
        if (out->len > row_start)
            keep = out->len;
    }
    out->len = keep;
    out->data[out->len] = '\0';
    return TSR_OK;
}

int tsr_render_exact(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    view v;
    term_view(t, &v);
    return view_render_exact(&v, out);
}

int view_render_exact(const view *t, tsr_buf *out)
{
    int rc = buf_reserve(out, (size_t)(t->rows * (t->cols + 1)));
    if (rc)
        return rc;
    for (int y = 0; y < t->rows; y++) {
        if (y && (rc = buf_putc(out, '\n')))
            return rc;
        if ((rc = render_row(out, view_row(t, y), 0, t->cols, 0)))
            return rc;
    }
    return TSR_OK;
}

int tsr_render_scrollback(const tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    int rc = buf_reserve(out, 0);
    if (rc)
        return rc;
    const grid *g = &t->primary;
    for (int i = 0; i < g->sb_count; i++) {
        if (i && (rc = buf_putc(out, '\n')))
            return rc;
        const row *r = grid_sb_row(g, i);
        if ((rc = render_row(out, r, 0, r->cols, 1)))
            return rc;
    }
    return TSR_OK;
}

int tsr_term_scrollback_lines(const tsr_term *t)
{
    return t ? t->primary.sb_count : 0;
}
