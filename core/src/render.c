/* Plain renderings of a view: one cell's contents, the text form, one row,
 * the exact padded grid, and the scrollback of a grid. A blank cell is a space; the tail of a wide character adds
 * nothing (its head already covers both cells); a cluster writes all its
 * codepoints. */
#include "render.h"

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

const char *render_line_size_name(int size)
{
    static const char *const names[] = {"single", "double-width", "double-height-top",
                                        "double-height-bottom"};
    return size >= 0 && size <= ROW_SIZE_DOUBLE_BOTTOM ? names[size] : "single";
}

int view_has_sized_lines(const view *v)
{
    for (int y = 0; y < v->rows; y++)
        if (view_row(v, y)->size != ROW_SIZE_SINGLE)
            return 1;
    return 0;
}

int view_line_size(const view *v, int y)
{
    return y >= 0 && y < v->rows ? view_row(v, y)->size : TSR_ERR_RANGE;
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

int render_scrollback(const grid *g, tsr_buf *out)
{
    int rc = buf_reserve(out, 0);
    if (rc)
        return rc;
    for (int i = 0; i < g->sb_count; i++) {
        if (i && (rc = buf_putc(out, '\n')))
            return rc;
        const row *r = grid_sb_row(g, i);
        if ((rc = render_row(out, r, 0, r->cols, 1)))
            return rc;
    }
    return TSR_OK;
}
