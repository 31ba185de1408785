/* Writing text into cells: the printable-ASCII fast path, the general path
 * for every other character (widths, grapheme clusters, charsets), autowrap
 * with its pending-wrap state, insert mode, and REP. */
#include <string.h>

#include "ascii.h"
#include "term.h"
#include "unicode.h"

/* Moves to the start of the next line, marking this one soft-wrapped. */
static void wrap_line(tsr_term *t)
{
    term_row_w(t, t->y)->flags |= ROW_WRAPPED;
    term_index(t);
    t->x = t->left; /* xterm's WrapLine: to the left margin, wherever the line ended */
    term_fit_line(t); /* a margin past a double-size line's half */
    t->pending_wrap = 0;
}

/* Shifts cells x..end-1 right by n within row r (insert mode, ICH, DECIC):
 * what passes end is lost. */
void term_shift_right(row *r, int x, int end, int n, uint32_t blank)
{
    if (n > end - x)
        n = end - x;
    term_split_wide(r, x, x);
    term_split_wide(r, end, end);
    memmove(&r->cells[x + n], &r->cells[x], sizeof(cell) * (size_t)(end - x - n));
    row_blank_cells(r, x, x + n, blank);
    /* a wide character pushed half past the edge is cut */
    if (r->cells[end - 1].flags & CELL_WIDE)
        row_blank_cells(r, end - 1, end, r->cells[end - 1].style);
}

/* ICH - ECMA-48 8.3.64: only inside the left/right margins, up to the right
 * one (xterm's InsertChar, which ends a pending wrap either way). */
void term_insert_chars(tsr_term *t, int n)
{
    term_reset_wrap(t);
    if (term_in_lr(t)) {
        row *r = term_row_w(t, t->y);
        term_shift_right(r, t->x, term_row_end(t, r, t->right + 1), n, term_erase_id(t));
    }
}

/* The hot loop of plain text. */
static void write_ascii_cells(cell *c, const uint8_t *s, size_t k, uint32_t style, uint8_t flags,
                              int isa)
{
    if (CELL_CP_IS_LOW_BITS) {
        /* the codepoint is the low bits of the cell's first word: one
         * OR and one 8-byte store per character, or SIMD (ascii.h) */
        ascii_cells(c, s, k, (uint64_t)style << 32 | (uint64_t)flags << 24, isa);
        return;
    }
    for (size_t i = 0; i < k; i++)
        cell_put(&c[i], s[i], flags, style);
}

void term_print_ascii(tsr_term *t, const uint8_t *s, size_t n)
{
    if (!t->ascii_fast) {
        /* A charset other than ASCII is in GL, or a single shift waits. */
        while (n && !t->ascii_fast) {
            uint8_t set = t->single_shift ? t->cs[t->single_shift] : t->cs[t->gl];
            if (t->single_shift) {
                t->single_shift = 0;
                term_update_charset_fast(t);
            }
            term_print_cp(t, charset_map(set, *s));
            s++;
            n--;
        }
        if (!n)
            return;
    }
    /* After a non-ASCII character a grapheme rule might still join. */
    if (t->gc_valid && t->gc_last >= 0x80 && !uni_left_simple(t->gc_bc)) {
        term_print_cp(t, *s);
        s++;
        if (--n == 0)
            return;
    }
    const int cols = t->cols;
    const int awm = mode_get(t, M_DECAWM);
    const int irm = mode_get(t, M_IRM);
    const uint32_t style = term_pen_id(t);
    const uint8_t flags = t->protect ? CELL_PROTECTED : 0;
    row *r = NULL;
    int last_x = t->x;
    while (n) {
        if (t->pending_wrap) {
            if (awm)
                wrap_line(t);
            t->pending_wrap = 0;
        }
        r = term_row_w(t, t->y);
        int x = t->x;
        /* the margin, tested once per line, not per character */
        const int end = t->lr_margins | t->sized_lines ? term_text_end(t) : cols;
        size_t k = (size_t)(end - x);
        if (k > n)
            k = n;
        if (irm)
            term_shift_right(r, x, end, (int)k, term_erase_id(t));
        term_split_wide(r, x, x + (int)k);
        cell *c = &r->cells[x];
        write_ascii_cells(c, s, k, style, flags, t->ascii_isa);
        s += k;
        n -= k;
        x += (int)k;
        last_x = x - 1;
        if (x < end) {
            t->x = x;
            continue;
        }
        t->x = end - 1;
        if (awm) {
            t->pending_wrap = 1;
        } else if (n) {
            /* no autowrap: the rest lands on the last column in turn */
            c = &r->cells[end - 1];
            c->cp = s[n - 1];
            s += n;
            n = 0;
        }
    }
    t->gc_valid = 1;
    t->gc_y = t->y;
    t->gc_x = last_x;
    t->gc_last = s[-1];
    t->gc_bc = UNI_BC_OTHER;
    t->gc_state = 0;
    t->last_cp = s[-1];
}

/* Makes the single-width cell at (y, x) two cells wide, if room allows. */
static void widen(tsr_term *t, int y, int x)
{
    row *r = term_row_w(t, y);
    if (x + 1 >= row_size_cols(r->size, t->cols) || (r->cells[x].flags & CELL_WIDE))
        return;
    term_split_wide(r, x + 1, x + 2);
    if (r->cells[x + 1].flags & CELL_CLUSTER)
        r->cells[x + 1].flags &= (uint8_t)~CELL_CLUSTER;
    r->cells[x].flags |= CELL_WIDE;
    r->cells[x + 1].cp = 0;
    r->cells[x + 1].style = r->cells[x].style;
    r->cells[x + 1].flags = CELL_TAIL | (r->cells[x].flags & CELL_PROTECTED);
    if (t->y == y && t->x == x + 1 && !t->pending_wrap) {
        if (t->x + 1 < term_text_end(t))
            t->x++;
        else if (mode_get(t, M_DECAWM))
            t->pending_wrap = 1;
    }
}

/* Adds cp to the cluster in the cell at (y, x). */
static void join(tsr_term *t, int y, int x, uint32_t cp)
{
    row *r = term_row_w(t, y);
    if (r->cells[x].flags & CELL_TAIL && x > 0)
        x--;
    uint32_t base = r->cells[x].flags & CELL_CLUSTER ? r->extra[r->cells[x].cp + 1]
                                                      : r->cells[x].cp;
    int rc = row_cluster_append(r, x, cp);
    if (rc < 0) {
        term_fail(t, rc);
        return;
    }
    /* VS16 asks for the emoji (wide) presentation; a pair of regional
     * indicators is one flag. */
    if ((cp == 0xfe0f && uni_is_pictographic(base)) ||
        (uni_is_regional_indicator(cp) && uni_is_regional_indicator(base)))
        widen(t, y, x);
}

/* Writes cp (w cells wide) at the cursor of row r, which has room, and
 * advances: the one place a character meets its cells. */
static inline void put_char(tsr_term *t, row *r, uint32_t cp, int w, int bc)
{
    uint32_t style = term_pen_id(t);
    uint8_t flags = t->protect ? CELL_PROTECTED : 0;
    term_split_wide(r, t->x, t->x + w);
    cell *c = &r->cells[t->x];
    cell_put(c, cp, (uint8_t)(flags | (w == 2 ? CELL_WIDE : 0)), style);
    if (w == 2)
        cell_put(&c[1], 0, flags | CELL_TAIL, style);
    t->gc_valid = 1;
    t->gc_x = t->x;
    t->gc_y = t->y;
    t->gc_last = cp;
    t->gc_bc = bc;
    t->gc_state = 0;
    t->last_cp = cp;
    int end = term_text_end(t);
    t->x += w;
    if (t->x >= end) {
        t->x = end - 1;
        t->pending_wrap = mode_get(t, M_DECAWM);
    }
}

static void place(tsr_term *t, uint32_t cp, int w, int bc)
{
    const int awm = mode_get(t, M_DECAWM);
    if (t->pending_wrap) {
        if (awm)
            wrap_line(t);
        t->pending_wrap = 0;
    }
    if (w == 2 && term_line_cols(t) < 2)
        w = 1;
    int end = term_text_end(t);
    if (w == 2 && t->x == end - 1) {
        if (awm) {
            /* xterm: the last column stays blank and the character wraps */
            row *r = term_row_w(t, t->y);
            term_split_wide(r, t->x, t->x + 1);
            row_blank_cells(r, t->x, t->x + 1, term_erase_id(t));
            wrap_line(t);
            if (t->x + 2 > term_text_end(t))
                w = 1; /* still no room: a one-column or margin-cut double-size line */
        } else {
            t->x = end - 2;
        }
    }
    row *r = term_row_w(t, t->y);
    if (mode_get(t, M_IRM))
        term_shift_right(r, t->x, term_text_end(t), w, term_erase_id(t));
    put_char(t, r, cp, w, bc);
}

void term_print_cp(tsr_term *t, uint32_t cp)
{
    int bc;
    int w = uni_lookup(cp, &bc);
    if (t->gc_valid && !uni_is_break(t->gc_last, t->gc_bc, cp, bc, &t->gc_state)) {
        join(t, t->gc_y, t->gc_x, cp);
        t->gc_last = cp;
        t->gc_bc = bc;
        return;
    }
    if (w == 0) {
        /* A mark no cluster takes: xterm puts it on the cell written
         * last, or on the one under the cursor once the cursor has moved
         * (term_reset_wrap); on a blank cell it is dropped. */
        int y = t->gc_y >= 0 ? t->gc_y : t->y;
        int x = t->gc_y >= 0 ? t->gc_x : t->x;
        const cell *c = &term_row(t, y)->cells[x];
        if (c->cp || (c->flags & CELL_TAIL))
            join(t, y, x, cp);
        t->gc_valid = 0;
        return;
    }
    place(t, cp, w, bc);
}

void term_repeat_last(tsr_term *t, int n)
{
    uint32_t cp = t->last_cp;
    if (!cp)
        return;
    /* More than a screenful repeats over itself; bound the work. */
    long limit = (long)t->rows * t->cols;
    if (n > limit)
        n = (int)limit;
    if (cp < 0x80 && t->ascii_fast) {
        uint8_t chunk[256];
        memset(chunk, (int)cp, sizeof chunk);
        t->gc_valid = 0;
        while (n > 0) {
            int k = n < (int)sizeof chunk ? n : (int)sizeof chunk;
            term_print_ascii(t, chunk, (size_t)k);
            n -= k;
        }
        t->last_cp = 0; /* see below */
        return;
    }
    for (int i = 0; i < n; i++) {
        t->gc_valid = 0;
        int bc;
        int w = uni_lookup(cp, &bc);
        place(t, cp, w ? w : 1, bc);
    }
    /* What precedes a second REP is a control function, not a graphic
     * character (ECMA-48 8.3.103): it repeats nothing, as in xterm. */
    t->last_cp = 0;
}
