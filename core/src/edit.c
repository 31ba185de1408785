/* Cursor motion, line feeds and scrolling, erasure, and the insert/delete
 * operations on characters and lines. Scrolling the full screen on the
 * primary buffer feeds the scrollback; a partial region never does. With
 * left/right margins (DECLRMM, DECSLRM) scrolling, line and character
 * editing move only the cells between them, and only when the cursor is
 * between them; erasure ignores them, as in xterm. */
#include <string.h>

#include "term.h"

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void term_move_to(tsr_term *t, int x, int y)
{
    t->x = clampi(x, 0, t->cols - 1);
    t->y = clampi(y, 0, t->rows - 1);
    term_fit_line(t);
    term_reset_wrap(t);
}

void term_move_to_origin(tsr_term *t, int x, int y)
{
    if (mode_get(t, M_DECOM)) {
        t->x = clampi(x + t->left, t->left, t->right);
        t->y = clampi(y + t->top, t->top, t->bottom);
        term_fit_line(t);
        term_reset_wrap(t);
    } else {
        term_move_to(t, x, y);
    }
}

int term_origin_col(const tsr_term *t)
{
    int x = t->x - (mode_get(t, M_DECOM) ? t->left : 0);
    return x < 0 ? 0 : x;
}

int term_origin_row(const tsr_term *t)
{
    int y = t->y - (mode_get(t, M_DECOM) ? t->top : 0);
    return y < 0 ? 0 : y;
}

/* The flags the hot paths (text, CR, LF) test instead of four margins. */
static void margins_changed(tsr_term *t)
{
    t->lr_margins = t->left > 0 || t->right < t->cols - 1;
    t->full_margins = !t->lr_margins && t->top == 0 && t->bottom == t->rows - 1;
}

void term_reset_lr_margins(tsr_term *t)
{
    t->left = 0;
    t->right = t->cols - 1;
    margins_changed(t);
}

void term_reset_margins(tsr_term *t)
{
    t->top = 0;
    t->bottom = t->rows - 1;
    term_reset_lr_margins(t);
}

/* A pair of 1-based margins as DECSTBM and DECSLRM give them: 0 means the
 * first or last line or column (max); a pair not in order is ignored, as
 * xterm does, and a valid one is stored 0-based and homes the cursor. */
static void set_margins(tsr_term *t, int lo, int hi, int max, int *lo_at, int *hi_at)
{
    if (lo < 1)
        lo = 1;
    if (hi < 1 || hi > max)
        hi = max;
    if (lo >= hi)
        return;
    *lo_at = lo - 1;
    *hi_at = hi - 1;
    margins_changed(t);
    term_move_to_origin(t, 0, 0);
}

/* DECSTBM - DEC STD 070 */
void term_set_tb_margins(tsr_term *t, int top, int bottom)
{
    set_margins(t, top, bottom, t->rows, &t->top, &t->bottom);
}

/* DECSLRM - DEC STD 070 5.5.1 (xterm ctlseqs) */
void term_set_lr_margins(tsr_term *t, int left, int right)
{
    set_margins(t, left, right, t->cols, &t->left, &t->right);
}

/* Copies columns left..right of row sy into row dy (dy != sy). A wide
 * character the margins cut is blanked on both rows' sides of the cut. */
static void copy_margin_cells(tsr_term *t, int dy, int sy)
{
    int l = t->left, r1 = t->right + 1;
    row *d = term_row_w(t, dy);
    const row *s = term_row(t, sy);
    r1 = term_row_end(t, d, r1);
    if (l >= r1)
        return;
    term_split_wide(d, l, r1);
    int rc = TSR_OK;
    for (int x = l; x < r1 && rc == TSR_OK; x++)
        rc = row_copy_cell(d, x, s, &s->cells[x]);
    term_fail(t, rc);
    if (d->cells[l].flags & CELL_TAIL)
        row_blank_cells(d, l, l + 1, d->cells[l].style);
    if (d->cells[r1 - 1].flags & CELL_WIDE)
        row_blank_cells(d, r1 - 1, r1, d->cells[r1 - 1].style);
}

/* Scrolls the rectangle of rows top..bot between the left and right margins
 * n rows up (or down), blanks coming in: xterm's scrollInMargins. */
static void scroll_margins(tsr_term *t, int top, int bot, int n, int up)
{
    int h = bot - top + 1;
    if (n > h)
        n = h;
    for (int i = 0; i < h - n; i++) {
        int y = up ? top + i : bot - i;
        copy_margin_cells(t, y, up ? y + n : y - n);
    }
    for (int i = h - n; i < h; i++)
        term_erase_cells(t, up ? top + i : bot - i, t->left, t->right + 1, 0);
}

/* Rows top..bot up (or down) by n, within the left/right margins. */
static void scroll_rows(tsr_term *t, int top, int bot, int n, int up)
{
    if (t->lr_margins)
        scroll_margins(t, top, bot, n, up);
    else if (up)
        term_fail(t, grid_scroll_region_up(t->g, top, bot, n, term_erase_id(t)));
    else
        term_fail(t, grid_scroll_region_down(t->g, top, bot, n, term_erase_id(t)));
    term_fit_line(t);
}

void term_scroll_up(tsr_term *t, int n)
{
    if (n >= 1)
        scroll_rows(t, t->top, t->bottom, n, 1);
}

void term_scroll_down(tsr_term *t, int n)
{
    if (n >= 1)
        scroll_rows(t, t->top, t->bottom, n, 0);
}

/* At the bottom margin only a cursor between the left and right margins
 * scrolls; one outside them stays (xterm's xtermIndex). */
void term_index(tsr_term *t)
{
    term_reset_wrap(t);
    if (t->y == t->bottom) {
        if (t->full_margins) {
            int rc = grid_scroll_up_full(t->g, term_erase_id(t));
            if (rc)
                term_fail(t, rc);
        } else if (!t->lr_margins) {
            term_fail(t, grid_scroll_region_up(t->g, t->top, t->bottom, 1, term_erase_id(t)));
        } else if (term_in_lr(t)) {
            scroll_margins(t, t->top, t->bottom, 1, 1);
        }
    } else if (t->y < t->rows - 1) {
        t->y++;
    }
    term_fit_line(t);
}

void term_reverse_index(tsr_term *t)
{
    term_reset_wrap(t);
    if (t->y == t->top) {
        if (!t->lr_margins || term_in_lr(t))
            term_scroll_down(t, 1);
    } else if (t->y > 0) {
        t->y--;
    }
    term_fit_line(t);
}

/* To the left margin, or column 0 from left of it outside origin mode
 * (xterm's CarriageReturn). */
void term_carriage_return(tsr_term *t)
{
    if (t->lr_margins) {
        t->x = mode_get(t, M_DECOM) || t->x >= t->left ? t->left : 0;
        term_fit_line(t); /* a left margin past a double-size line's half */
    } else {
        t->x = 0;
    }
    term_reset_wrap(t);
}

void term_cursor_back(tsr_term *t, int n)
{
    int stop = t->x >= t->left ? t->left : 0;
    t->x = t->x - n < stop ? stop : t->x - n;
    term_reset_wrap(t);
}

void term_cursor_forward(tsr_term *t, int n)
{
    int stop = term_text_end(t) - 1;
    t->x = t->x + n > stop ? stop : t->x + n;
    term_reset_wrap(t);
}

void term_tab(tsr_term *t, int n)
{
    /* A forward tab keeps a pending wrap (it cannot move past the last
     * column anyway), as xterm does; a backward tab clears it. */
    if (n < 0)
        term_reset_wrap(t);
    /* as xterm's TabToNextStop: never past the right margin (from right of
     * it too); TabToPrevStop: never left of the left one under DECOM */
    int stop = mode_get(t, M_DECOM) ? t->left : 0;
    const int last = term_line_cols(t) - 1;
    const int right = t->right < last ? t->right : last;
    for (; n > 0; n--) {
        int x = t->x + 1;
        while (x < last && !t->tabs[x])
            x++;
        t->x = x < right ? x : right;
    }
    for (; n < 0; n++) {
        int x = t->x - 1;
        while (x > 0 && !t->tabs[x])
            x--;
        t->x = x > stop ? x : stop;
    }
}

void term_erase_cells(tsr_term *t, int y, int x0, int x1, int selective)
{
    row *r = term_row_w(t, y);
    uint32_t blank = term_erase_id(t);
    x1 = term_row_end(t, r, x1);
    if (x0 >= x1)
        return;
    if (!selective) {
        term_split_wide(r, x0, x1);
        row_blank_cells(r, x0, x1, blank);
        return;
    }
    for (int x = x0; x < x1; x++) {
        if (r->cells[x].flags & CELL_PROTECTED)
            continue;
        term_split_wide(r, x, x + 1);
        row_blank_cells(r, x, x + 1, blank);
    }
}

static void erase_rows(tsr_term *t, int y0, int y1, int selective)
{
    for (int y = y0; y < y1; y++) {
        if (selective) {
            term_erase_cells(t, y, 0, t->cols, 1);
        } else {
            term_fail(t, grid_clear_row(t->g, y, term_erase_id(t)));
        }
    }
}

/* Under ISO protection (SPA) every erasure spares protected cells; under DEC
 * protection (DECSCA) only the selective ones (DECSED, DECSEL) do. */
void term_erase_display(tsr_term *t, int how, int selective)
{
    selective |= t->protect_iso;
    term_reset_wrap(t);
    switch (how) {
    case 0:
        term_erase_cells(t, t->y, t->x, t->cols, selective);
        if (t->x == 0 && !selective) {
            row *r = term_row_w(t, t->y);
            r->flags = 0;
            r->size = ROW_SIZE_SINGLE; /* wholly erased */
        }
        erase_rows(t, t->y + 1, t->rows, selective);
        break;
    case 1:
        erase_rows(t, 0, t->y, selective);
        term_erase_cells(t, t->y, 0, t->x + 1, selective);
        break;
    case 2:
        erase_rows(t, 0, t->rows, selective);
        break;
    case 3:
        if (t->g == &t->primary)
            grid_clear_scrollback(t->g);
        break;
    default:
        break;
    }
}

void term_erase_line(tsr_term *t, int how, int selective)
{
    selective |= t->protect_iso;
    term_reset_wrap(t);
    switch (how) {
    case 0:
        term_erase_cells(t, t->y, t->x, t->cols, selective);
        term_row_w(t, t->y)->flags &= (uint8_t)~ROW_WRAPPED;
        break;
    case 1:
        term_erase_cells(t, t->y, 0, t->x + 1, selective);
        break;
    case 2:
        term_erase_cells(t, t->y, 0, t->cols, selective);
        term_row_w(t, t->y)->flags &= (uint8_t)~ROW_WRAPPED;
        break;
    default:
        break;
    }
}

void term_erase_chars(tsr_term *t, int n)
{
    term_reset_wrap(t);
    int x1 = t->x + n;
    if (x1 > t->cols || x1 < t->x)
        x1 = t->cols;
    term_erase_cells(t, t->y, t->x, x1, t->protect_iso);
}

/* Deletes n cells at x in row r, shifting the rest up to end (exclusive)
 * left (DCH, DECDC). */
static void delete_cells(row *r, int x, int end, int n, uint32_t blank)
{
    if (n > end - x)
        n = end - x;
    term_split_wide(r, x, x + n);
    term_split_wide(r, end, end);
    memmove(&r->cells[x], &r->cells[x + n], sizeof(cell) * (size_t)(end - x - n));
    row_blank_cells(r, end - n, end, blank);
    r->flags &= (uint8_t)~ROW_WRAPPED;
}

/* DCH - ECMA-48 8.3.26: only inside the left/right margins, up to the right
 * one; from outside nothing at all (xterm's DeleteChar). */
void term_delete_chars(tsr_term *t, int n)
{
    if (!term_in_lr(t))
        return;
    term_reset_wrap(t);
    row *r = term_row_w(t, t->y);
    delete_cells(r, t->x, term_row_end(t, r, t->right + 1), n, term_erase_id(t));
}

/* DECIC and DECDC (at the cursor's column), DECBI and DECFI (at the left margin): n
 * columns from column x to the right margin in every line of the region; 0 when the
 * cursor is outside the margins. */
static int edit_columns(tsr_term *t, int x, int n, int insert)
{
    if (t->y < t->top || t->y > t->bottom || !term_in_lr(t))
        return 0; /* as xterm's xtermColScroll: only from inside the margins */
    uint32_t blank = term_erase_id(t);
    for (int y = t->top; y <= t->bottom; y++) {
        row *r = term_row_w(t, y);
        int end = term_row_end(t, r, t->right + 1);
        if (x >= end)
            continue;
        if (insert)
            term_shift_right(r, x, end, n, blank);
        else
            delete_cells(r, x, end, n, blank);
    }
    return 1;
}

void term_insert_columns(tsr_term *t, int n)
{
    if (edit_columns(t, t->x, n, 1))
        term_reset_wrap(t);
}

void term_delete_columns(tsr_term *t, int n)
{
    if (edit_columns(t, t->x, n, 0))
        term_reset_wrap(t);
}

/* SL and SR (ECMA-48 8.3.121, 8.3.135): the region's text n columns left or
 * right, from the left margin, as DECDC and DECIC there (xterm's SL and SR). */
void term_scroll_left(tsr_term *t, int n)
{
    if (edit_columns(t, t->left, n, 0))
        term_reset_wrap(t);
}

void term_scroll_right(tsr_term *t, int n)
{
    if (edit_columns(t, t->left, n, 1))
        term_reset_wrap(t);
}

/* DECBI - DEC STD 070 (xterm ctlseqs, the VT420/VT510): one column left; at the
 * left margin the region's text moves right instead, a blank column coming in. */
void term_back_index(tsr_term *t)
{
    if (t->x == t->left)
        edit_columns(t, t->left, 1, 1);
    else
        term_cursor_back(t, 1);
}

/* DECFI - DEC STD 070 (xterm ctlseqs): one column right; at the right margin the
 * region's text moves left instead, a blank column coming in there, and a pending
 * wrap stays pending (as xterm 379 shows). */
void term_forward_index(tsr_term *t)
{
    if (t->x == t->right)
        edit_columns(t, t->left, 1, 0);
    else
        term_cursor_forward(t, 1);
}

/* IL, DL: only from inside all four margins; the lines move between the
 * left and right ones and the cursor goes to the left one (xterm). */
static void edit_lines(tsr_term *t, int n, int up)
{
    if (t->y < t->top || t->y > t->bottom || !term_in_lr(t))
        return;
    scroll_rows(t, t->y, t->bottom, n, up);
    t->x = t->left;
    term_fit_line(t);
    term_reset_wrap(t);
}

void term_insert_lines(tsr_term *t, int n)
{
    edit_lines(t, n, 0);
}

void term_delete_lines(tsr_term *t, int n)
{
    edit_lines(t, n, 1);
}

/* A line made double size loses what lay past its half (DEC STD 070 5.8),
 * and the cursor, if it was there, moves to the line's last column. */
void term_set_line_size(tsr_term *t, int size)
{
    if (term_row(t, t->y)->size == size)
        return;
    row *r = term_row_w(t, t->y);
    r->size = (uint8_t)size;
    if (size == ROW_SIZE_SINGLE) {
        term_fit_line(t); /* a pending wrap at the half ends */
        return;
    }
    t->sized_lines = 1;
    int half = row_size_cols(size, t->cols);
    if (half < t->cols && (r->cells[half].flags & CELL_TAIL))
        row_blank_cells(r, half - 1, half, 0); /* a character the half cuts goes with it */
    row_blank_cells(r, half, t->cols, 0);
    if (t->x >= half) {
        term_fit_line(t);
        term_reset_wrap(t);
    }
}

void term_fill_alignment(tsr_term *t)
{
    term_reset_margins(t);
    for (int y = 0; y < t->rows; y++) {
        term_fail(t, grid_clear_row(t->g, y, 0));
        row *r = term_row_w(t, y);
        for (int x = 0; x < t->cols; x++)
            r->cells[x].cp = 'E';
    }
    term_move_to(t, 0, 0);
}
