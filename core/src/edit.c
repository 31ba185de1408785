/* Cursor motion, line feeds and scrolling, erasure, and the insert/delete
 * operations on characters and lines. Scrolling the full screen on the
 * primary buffer feeds the scrollback; a partial region never does. */
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
    term_reset_wrap(t);
}

void term_move_to_origin(tsr_term *t, int x, int y)
{
    if (mode_get(t, M_DECOM)) {
        t->x = clampi(x, 0, t->cols - 1);
        t->y = clampi(y + t->top, t->top, t->bottom);
        term_reset_wrap(t);
    } else {
        term_move_to(t, x, y);
    }
}

static int full_region(const tsr_term *t)
{
    return t->top == 0 && t->bottom == t->rows - 1;
}

void term_scroll_up(tsr_term *t, int n)
{
    if (n < 1)
        return;
    term_fail(t, grid_scroll_region_up(t->g, t->top, t->bottom, n, term_erase_id(t)));
}

void term_scroll_down(tsr_term *t, int n)
{
    if (n < 1)
        return;
    term_fail(t, grid_scroll_region_down(t->g, t->top, t->bottom, n, term_erase_id(t)));
}

void term_index(tsr_term *t)
{
    term_reset_wrap(t);
    if (t->y == t->bottom) {
        if (full_region(t)) {
            int rc = grid_scroll_up_full(t->g, term_erase_id(t));
            if (rc)
                term_fail(t, rc);
        } else {
            term_scroll_up(t, 1);
        }
    } else if (t->y < t->rows - 1) {
        t->y++;
    }
}

void term_reverse_index(tsr_term *t)
{
    term_reset_wrap(t);
    if (t->y == t->top)
        term_scroll_down(t, 1);
    else if (t->y > 0)
        t->y--;
}

void term_carriage_return(tsr_term *t)
{
    t->x = 0;
    term_reset_wrap(t);
}

void term_tab(tsr_term *t, int n)
{
    /* A forward tab keeps a pending wrap (it cannot move past the last
     * column anyway), as xterm does; a backward tab clears it. */
    if (n < 0)
        term_reset_wrap(t);
    for (; n > 0; n--) {
        int x = t->x + 1;
        while (x < t->cols - 1 && !t->tabs[x])
            x++;
        t->x = x < t->cols ? x : t->cols - 1;
    }
    for (; n < 0; n++) {
        int x = t->x - 1;
        while (x > 0 && !t->tabs[x])
            x--;
        t->x = x > 0 ? x : 0;
    }
}

void term_erase_cells(tsr_term *t, int y, int x0, int x1, int selective)
{
    row *r = term_row_w(t, y);
    uint32_t blank = term_erase_id(t);
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
        if (t->x == 0 && !selective)
            term_row_w(t, t->y)->flags = 0;
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

/* Deletes n cells at x in row r, shifting the rest left (DCH, DECDC). */
static void delete_cells(tsr_term *t, row *r, int x, int n, uint32_t blank)
{
    int cols = t->cols;
    if (n > cols - x)
        n = cols - x;
    term_split_wide(r, x, x + n);
    memmove(&r->cells[x], &r->cells[x + n], sizeof(cell) * (size_t)(cols - x - n));
    row_blank_cells(r, cols - n, cols, blank);
    r->flags &= (uint8_t)~ROW_WRAPPED;
}

void term_delete_chars(tsr_term *t, int n)
{
    term_reset_wrap(t);
    delete_cells(t, term_row_w(t, t->y), t->x, n, term_erase_id(t));
}

/* DECIC and DECDC (at the cursor's column), DECBI and DECFI (at the left margin): n
 * columns from column x in every line of the region; 0 when the cursor is outside it. */
static int edit_columns(tsr_term *t, int x, int n, int insert)
{
    if (t->y < t->top || t->y > t->bottom)
        return 0; /* as xterm: only from inside the scroll region */
    uint32_t blank = term_erase_id(t);
    for (int y = t->top; y <= t->bottom; y++) {
        row *r = term_row_w(t, y);
        if (insert)
            term_shift_right(t, r, x, n, blank);
        else
            delete_cells(t, r, x, n, blank);
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

/* DECBI - DEC STD 070 (xterm ctlseqs, the VT420/VT510): one column left; at the
 * left margin the region's text moves right instead, a blank column coming in. */
void term_back_index(tsr_term *t)
{
    if (t->x > 0) {
        term_reset_wrap(t);
        t->x--;
        return;
    }
    edit_columns(t, 0, 1, 1);
}

/* DECFI - DEC STD 070 (xterm ctlseqs): one column right; at the right margin the
 * region's text moves left instead, a blank column coming in there, and a pending
 * wrap stays pending (as xterm 379 shows). */
void term_forward_index(tsr_term *t)
{
    if (t->x < t->cols - 1) {
        term_reset_wrap(t);
        t->x++;
        return;
    }
    edit_columns(t, 0, 1, 0);
}

void term_insert_lines(tsr_term *t, int n)
{
    if (t->y < t->top || t->y > t->bottom)
        return;
    term_fail(t, grid_scroll_region_down(t->g, t->y, t->bottom, n, term_erase_id(t)));
    t->x = 0;
    term_reset_wrap(t);
}

void term_delete_lines(tsr_term *t, int n)
{
    if (t->y < t->top || t->y > t->bottom)
        return;
    term_fail(t, grid_scroll_region_up(t->g, t->y, t->bottom, n, term_erase_id(t)));
    t->x = 0;
    term_reset_wrap(t);
}

void term_fill_alignment(tsr_term *t)
{
    t->top = 0;
    t->bottom = t->rows - 1;
    for (int y = 0; y < t->rows; y++) {
        term_fail(t, grid_clear_row(t->g, y, 0));
        row *r = term_row_w(t, y);
        for (int x = 0; x < t->cols; x++)
            r->cells[x].cp = 'E';
    }
    term_move_to(t, 0, 0);
}
