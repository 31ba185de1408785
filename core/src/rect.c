/* Rectangular areas - DEC STD 070: DECFRA (fill), DECERA and DECSERA
 * (erase, selective erase), DECCRA (copy), DECCARA and DECRARA (change and
 * reverse the visual attributes, over the rectangle or, by DECSACE, the
 * stream of cells from its first corner to its last). Coordinates are 1-based and, under
 * DECOM, relative to the margins (top/bottom and left/right), which then bound them; a missing or
 * zero one is the default (the whole page); one past the edge is clamped; a
 * rectangle whose top is below its bottom, or whose left is right of its
 * right, is ignored. The cursor stays. Checked against xterm 379. */
#include <stdio.h>
#include <stdlib.h>

#include "term.h"

typedef struct rect {
    int top, left, bottom, right; /* 0-based, inclusive */
} rect;

static int arg(const parser_seq *s, int i, int def)
{
    return i < s->nparams && s->params[i] > 0 ? s->params[i] : def;
}

/* What a rectangle may cover: the page, or within the margins under DECOM
 * (xterm's getMinRow .. getMaxCol). */
static rect bounds(const tsr_term *t)
{
    if (mode_get(t, M_DECOM))
        return (rect){t->top, t->left, t->bottom, t->right};
    return (rect){0, 0, t->rows - 1, t->cols - 1};
}

/* The rectangle of parameters i..i+3. Returns 0 when it holds no cell. */
static int rect_at(const tsr_term *t, const parser_seq *s, int i, rect *r)
{
    rect b = bounds(t);
    r->top = b.top + arg(s, i, 1) - 1;
    r->left = b.left + arg(s, i + 1, 1) - 1;
    r->bottom = b.top + arg(s, i + 2, b.bottom - b.top + 1) - 1;
    r->right = b.left + arg(s, i + 3, b.right - b.left + 1) - 1;
    if (r->bottom > b.bottom)
        r->bottom = b.bottom;
    if (r->right > b.right)
        r->right = b.right;
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
        int end = term_row_end(t, w, r.right + 1);
        if (r.left >= end)
            continue;
        term_split_wide(w, r.left, end);
        for (int x = r.left; x < end; x++)
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
    rect src, b = bounds(t);
    if (!rect_at(t, s, 0, &src))
        return;
    /* parameter 4 is the source page and 7 the destination's: one page here */
    int top = b.top + arg(s, 5, 1) - 1, left = b.left + arg(s, 6, 1) - 1;
    if (top > b.bottom || left > b.right)
        return;
    int h = src.bottom - src.top + 1, w = src.right - src.left + 1;
    if (h > b.bottom - top + 1)
        h = b.bottom - top + 1;
    if (w > b.right - left + 1)
        w = b.right - left + 1;
    /* the source as it was: the areas may overlap */
    row **from = calloc((size_t)h, sizeof *from);
    int rc = from ? TSR_OK : TSR_ERR_NOMEM;
    for (int i = 0; i < h && rc == TSR_OK; i++)
        if (!(from[i] = row_clone(term_row(t, src.top + i))))
            rc = TSR_ERR_NOMEM;
    for (int i = 0; i < h && rc == TSR_OK; i++) {
        row *d = term_row_w(t, top + i);
        int end = term_row_end(t, d, left + w);
        if (left >= end)
            continue;
        term_split_wide(d, left, end);
        for (int j = 0; left + j < end && rc == TSR_OK; j++)
            rc = row_copy_cell(d, left + j, from[i], &from[i]->cells[src.left + j]);
        blank_cut_halves(d, left, end);
    }
    for (int i = 0; from && i < h; i++)
        if (from[i])
            row_free(from[i]);
    free(from);
    term_fail(t, rc);
}

/* The visual attributes DECCARA and DECRARA take: bold 1, underline 4,
 * blink 5, negative 7 (an SGR number; DEC has no others here). */
enum { RECT_BOLD = 1, RECT_UNDERLINE = 2, RECT_BLINK = 4, RECT_INVERSE = 8 };

static int rect_attr(int sgr)
{
    switch (sgr) {
    case 1: return RECT_BOLD;
    case 4: return RECT_UNDERLINE;
    case 5: return RECT_BLINK;
    case 7: return RECT_INVERSE;
    default: return 0;
    }
}

/* The style of a cell with the attributes in set turned on, in clear off
 * and in flip toggled. */
static tsr_style changed(const tsr_style *old, int set, int clear, int flip)
{
    tsr_style st = *old;
    int now = (st.attrs & TSR_ATTR_BOLD ? RECT_BOLD : 0) | (st.underline ? RECT_UNDERLINE : 0) |
              (st.attrs & TSR_ATTR_BLINK ? RECT_BLINK : 0) |
              (st.attrs & TSR_ATTR_INVERSE ? RECT_INVERSE : 0);
    int want = ((now | set) & ~clear) ^ flip;
    st.attrs = (uint16_t)((st.attrs & ~(TSR_ATTR_BOLD | TSR_ATTR_BLINK | TSR_ATTR_INVERSE)) |
                          (want & RECT_BOLD ? TSR_ATTR_BOLD : 0) |
                          (want & RECT_BLINK ? TSR_ATTR_BLINK : 0) |
                          (want & RECT_INVERSE ? TSR_ATTR_INVERSE : 0));
    if (!(want & RECT_UNDERLINE))
        st.underline = TSR_UNDERLINE_NONE;
    else if (!st.underline)
        st.underline = TSR_UNDERLINE_SINGLE; /* a styled underline stays as it was */
    return st;
}

/* Applies the change to cells x0..x1-1 of row y, both halves of a wide
 * character alike (a style change cuts nothing). */
static int change_cells(tsr_term *t, int y, int x0, int x1, int set, int clear, int flip)
{
    row *w = term_row_w(t, y);
    x1 = term_row_end(t, w, x1);
    for (int x = x0; x < x1; x++) {
        tsr_style st = changed(style_get(&t->styles, w->cells[x].style), set, clear, flip);
        uint32_t id;
        int rc = style_intern(&t->styles, &st, &id);
        if (rc != TSR_OK)
            return rc;
        w->cells[x].style = id;
    }
    return TSR_OK;
}

void term_change_rect_attrs(tsr_term *t, const parser_seq *s, int reverse)
{
    rect r;
    if (!rect_at(t, s, 0, &r))
        return;
    int set = 0, clear = 0, flip = 0;
    if (!reverse && s->nparams <= 4) /* no Ps: as 0 (DECRARA with none does nothing, as xterm) */
        clear = RECT_BOLD | RECT_UNDERLINE | RECT_BLINK | RECT_INVERSE;
    const int all = RECT_BOLD | RECT_UNDERLINE | RECT_BLINK | RECT_INVERSE;
    for (int i = 4; i < s->nparams; i++) {
        int p = s->params[i] < 0 ? 0 : s->params[i];
        /* 22 ends bold (and faint); 24, 25, 27 end the others */
        int off = p == 22 ? RECT_BOLD : p > 22 && p <= 27 ? rect_attr(p - 20) : 0;
        if (reverse) {
            flip ^= p == 0 ? all : rect_attr(p);
        } else if (p == 0) {
            set = 0;
            clear = all;
        } else if (off) {
            clear |= off;
            set &= ~off;
        } else {
            set |= rect_attr(p);
            clear &= ~rect_attr(p);
        }
    }
    if (!set && !clear && !flip)
        return;
    int rc = TSR_OK;
    for (int y = r.top; y <= r.bottom && rc == TSR_OK; y++) {
        int x0 = r.left, x1 = r.right + 1;
        if (!t->rect_extent) { /* a stream: whole lines between the corners */
            x0 = y == r.top ? r.left : 0;
            x1 = y == r.bottom ? r.right + 1 : t->cols;
        }
        rc = change_cells(t, y, x0, x1, set, clear, flip);
    }
    term_fail(t, rc);
}

/* One cell's part of a DECRQCRA checksum, as xterm 379 counts it in its
 * default (DEC) form: the character's low byte, plus 0x10 underline, 0x20
 * inverse, 0x40 blink, 0x80 bold. Erased cells count as spaces; a space
 * counts only where it was drawn or carries attributes or colours, or at
 * the rectangle's first cell. */
static int checksum_cell(const tsr_term *t, const row *w, int x, int first)
{
    const cell *c = &w->cells[x];
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(w, c, &n, &one);
    /* xterm keeps 0xffff in a wide character's right half: it counts 0xff */
    int ch = c->flags & CELL_TAIL ? 0xff : n ? (int)(cps[0] & 0xff) : ' ';
    const tsr_style *st = style_get(&t->styles, c->style);
    int attrs = st->attrs || st->underline || TSR_COLOR_KIND(st->fg) != TSR_COLOR_KIND_DEFAULT ||
                TSR_COLOR_KIND(st->bg) != TSR_COLOR_KIND_DEFAULT || (c->flags & CELL_PROTECTED);
    ch += (st->underline ? 0x10 : 0) + (st->attrs & TSR_ATTR_INVERSE ? 0x20 : 0) +
          (st->attrs & TSR_ATTR_BLINK ? 0x40 : 0) + (st->attrs & TSR_ATTR_BOLD ? 0x80 : 0);
    return first || ch != ' ' || n || attrs || (c->flags & CELL_TAIL) ? ch : 0;
}

void term_checksum_rect(tsr_term *t, const parser_seq *s)
{
    int id = arg(s, 0, 0);
    unsigned sum = 0;
    rect r;
    if (rect_at(t, s, 2, &r)) {
        int first = 1;
        for (int y = r.top; y <= r.bottom; y++) {
            const row *w = term_row(t, y);
            for (int x = r.left; x <= r.right; x++, first = 0)
                sum += (unsigned)checksum_cell(t, w, x, first);
        }
    }
    char out[40];
    snprintf(out, sizeof out, "\x1bP%d!~%04X\x1b\\", id, (0u - sum) & 0xffffu);
    term_reply(t, out);
}
