/* Rectangular areas - DEC STD 070: DECFRA (fill), DECERA and DECSERA
 * (erase, selective erase), DECCRA (copy). Coordinates are 1-based and, under
 * DECOM, relative to the scroll region, which then bounds them; a missing or
 * zero one is the default (the whole page); one past the edge is clamped; a
 * rectangle whose top is below its bottom, or whose left is right of its
 * right, is ignored. The cursor stays. Checked against xterm 379. */
#include <stdlib.h>

#include "term.h"

typedef struct rect {
    int top, left, bottom, right; /* 0-based, inclusive */
} rect;

static int arg(const parser_seq *s, int i, int def)
{
    return i < s->nparams && s->params[i] > 0 ? s->params[i] : def;
}

/* The rows a rectangle may cover: the page, or the region under DECOM. */
static void row_bounds(const tsr_term *t, int *lo, int *hi)
{
    int origin = mode_get(t, M_DECOM);
    *lo = origin ? t->top : 0;
    *hi = origin ? t->bottom : t->rows - 1;
}

/* The rectangle of parameters i..i+3. Returns 0 when it holds no cell. */
static int rect_at(const tsr_term *t, const parser_seq *s, int i, rect *r)
{
    int lo, hi;
    row_bounds(t, &lo, &hi);
    r->top = lo + arg(s, i, 1) - 1;
    r->left = arg(s, i + 1, 1) - 1;
    r->bottom = lo + arg(s, i + 2, hi - lo + 1) - 1;
    r->right = arg(s, i + 3, t->cols) - 1;
    if (r->bottom > hi)
        r->bottom = hi;
    if (r->right > t->cols - 1)
        r->right = t->cols - 1;
    return r->top <= r->bottom && r->left <= r->right;
}

void term_fill_rect(tsr_term *t, const parser_seq *s)
{
    int ch = s->nparams ? s->params[0] : -1;
    rect r;
    /* a printable character of GL or GR (Latin-1 there), as xterm takes it */
    if (!((ch >= 32 && ch <= 126) || (ch >= 160 && ch <= 255)) || !rect_at(t, s, 1, &r))
        return;
    uint32_t style = term_pen_id(t);
    uint8_t flags = t->protect ? CELL_PROTECTED : 0;
    for (int y = r.top; y <= r.bottom; y++) {
        row *w = term_row_w(t, y);
        term_split_wide(w, r.left, r.right + 1);
        for (int x = r.left; x <= r.right; x++)
            cell_put(&w->cells[x], (uint32_t)ch, flags, style);
    }
}

void term_erase_rect(tsr_term *t, const parser_seq *s, int selective)
{
    rect r;
    if (!rect_at(t, s, 0, &r))
        return;
    for (int y = r.top; y <= r.bottom; y++)
        term_erase_cells(t, y, r.left, r.right + 1, selective);
}

/* A wide character cut by the copy's edge is blanked: half of one cannot
 * be shown. */
static void blank_cut_halves(row *w, int x0, int x1)
{
    if (w->cells[x0].flags & CELL_TAIL)
        row_blank_cells(w, x0, x0 + 1, w->cells[x0].style);
    if (w->cells[x1 - 1].flags & CELL_WIDE)
        row_blank_cells(w, x1 - 1, x1, w->cells[x1 - 1].style);
}

void term_copy_rect(tsr_term *t, const parser_seq *s)
{
    rect src;
    int lo, hi;
    row_bounds(t, &lo, &hi);
    if (!rect_at(t, s, 0, &src))
        return;
    /* parameter 4 is the source page and 7 the destination's: one page here */
    int top = lo + arg(s, 5, 1) - 1, left = arg(s, 6, 1) - 1;
    if (top > hi || left > t->cols - 1)
        return;
    int h = src.bottom - src.top + 1, w = src.right - src.left + 1;
    if (h > hi - top + 1)
        h = hi - top + 1;
    if (w > t->cols - left)
        w = t->cols - left;
    /* the source as it was: the areas may overlap */
    row **from = calloc((size_t)h, sizeof *from);
    int rc = from ? TSR_OK : TSR_ERR_NOMEM;
    for (int i = 0; i < h && rc == TSR_OK; i++)
        if (!(from[i] = row_clone(term_row(t, src.top + i))))
            rc = TSR_ERR_NOMEM;
    for (int i = 0; i < h && rc == TSR_OK; i++) {
        row *d = term_row_w(t, top + i);
        term_split_wide(d, left, left + w);
        for (int j = 0; j < w && rc == TSR_OK; j++)
            rc = row_copy_cell(d, left + j, from[i], &from[i]->cells[src.left + j]);
        blank_cut_halves(d, left, left + w);
    }
    for (int i = 0; from && i < h; i++)
        if (from[i])
            row_free(from[i]);
    free(from);
    term_fail(t, rc);
}
