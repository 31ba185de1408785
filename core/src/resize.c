/* Resizing. Without reflow each row is cut or padded to the new width;
 * when the screen gets shorter, blank rows below the cursor go first and
 * then rows above it move to the scrollback, so the cursor's row stays in
 * view. With reflow (primary buffer only) soft-wrapped rows are joined into
 * logical lines, re-wrapped at the new width, and the cursor keeps its
 * offset in its logical line. Scrollback rows keep the width they were
 * written at unless reflowed. */
#include <stdlib.h>
#include <string.h>

#include "term.h"

/* A growable list of rows being assembled into a new grid. */
typedef struct row_list {
    row **v;
    int n, cap;
} row_list;

static int list_push(row_list *l, row *r)
{
    if (!r)
        return TSR_ERR_NOMEM;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        row **v = realloc(l->v, sizeof *v * (size_t)cap);
        if (!v) {
            row_free(r);
            return TSR_ERR_NOMEM;
        }
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = r;
    return TSR_OK;
}

static void list_free(row_list *l)
{
    for (int i = 0; i < l->n; i++)
        row_free(l->v[i]);
    free(l->v);
}

/* Lists a row it does not own (no failure frees it). */
static int list_push_borrowed(row_list *l, row *r)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        row **v = realloc(l->v, sizeof *v * (size_t)cap);
        if (!v)
            return TSR_ERR_NOMEM;
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = r;
    return TSR_OK;
}

/* A grid's new content, built beside the old one so that a failed
 * allocation leaves the terminal as it was. Rows in `fresh` are new; the
 * old scrollback rows listed in `moved` change hands only on commit. */
typedef struct prepared {
    row_list rows; /* every line of the new grid, oldest first */
    int moved;     /* how many leading entries are old rows, reused */
    row **ring;
    uint32_t cap;
    int drop;      /* leading lines over the scrollback limit */
} prepared;

static void prepared_free(prepared *p)
{
    for (int i = p->moved; i < p->rows.n; i++)
        row_free(p->rows.v[i]);
    free(p->rows.v);
    free(p->ring);
    memset(p, 0, sizeof *p);
}

/* Allocates the ring for the prepared lines (the last step that can fail). */
static int prepare_ring(prepared *p, const grid *g, int rows)
{
    p->drop = p->rows.n - rows - g->sb_limit;
    if (p->drop < 0)
        p->drop = 0;
    uint32_t total = (uint32_t)(p->rows.n - p->drop);
    uint32_t cap = 16;
    while (cap < total || cap < (uint32_t)rows * 2)
        cap *= 2;
    p->ring = calloc(cap, sizeof *p->ring);
    p->cap = cap;
    return p->ring ? TSR_OK : TSR_ERR_NOMEM;
}

/* Cannot fail: swaps the prepared lines in and frees what is left over. */
static void commit(grid *g, prepared *p, int rows, int cols)
{
    /* the reused rows are the oldest lines; every other old row goes */
    for (int i = 0; i < p->moved; i++)
        g->ring[(g->head - (uint32_t)g->sb_count + (uint32_t)i) & (g->cap - 1)] = NULL;
    for (uint32_t i = 0; i < g->cap; i++)
        row_free(g->ring[i]);
    free(g->ring);
    for (int i = 0; i < p->drop; i++)
        row_free(p->rows.v[i]);
    int total = p->rows.n - p->drop;
    for (int i = 0; i < total; i++)
        p->ring[i] = p->rows.v[p->drop + i];
    g->ring = p->ring;
    g->cap = p->cap;
    g->sb_count = total - rows;
    g->head = (uint32_t)g->sb_count;
    g->rows = rows;
    g->cols = cols;
    free(p->rows.v);
    memset(p, 0, sizeof *p);
}

static row *line_at(const grid *g, int i)
{
    return g->ring[(g->head - (uint32_t)g->sb_count + (uint32_t)i) & (g->cap - 1)];
}

static int prepare_plain(const grid *g, int rows, int cols, int *cy, prepared *p)
{
    int sb = g->sb_count, old_rows = g->rows;
    /* shorter: drop rows below the cursor, then scroll the rest up */
    int excess = old_rows - rows;
    int below = old_rows - 1 - *cy;
    int cut = excess > 0 ? (below < excess ? below : excess) : 0;
    int keep_rows = old_rows - cut;
    int rc = TSR_OK;
    memset(p, 0, sizeof *p);
    /* scrollback rows are reused as they are */
    for (int i = 0; i < sb && rc == TSR_OK; i++)
        rc = list_push_borrowed(&p->rows, line_at(g, i));
    p->moved = p->rows.n;
    for (int y = 0; y < keep_rows && rc == TSR_OK; y++)
        rc = list_push(&p->rows, row_resized(line_at(g, sb + y), cols));
    for (int y = keep_rows; y < rows && rc == TSR_OK; y++)
        rc = list_push(&p->rows, row_new(cols, 0));
    if (rc == TSR_OK)
        rc = prepare_ring(p, g, rows);
    if (rc) {
        prepared_free(p);
        return rc;
    }
    if (excess > cut)
        *cy -= excess - cut;
    return TSR_OK;
}

/* One cell of a logical line, with the row it came from (for clusters). */
typedef struct line_cell {
    cell c;
    const row *src;
} line_cell;

typedef struct line_buf {
    line_cell *v;
    int n, cap;
} line_buf;

static int line_push(line_buf *b, const cell *c, const row *src)
{
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 256;
        line_cell *v = realloc(b->v, sizeof *v * (size_t)cap);
        if (!v)
            return TSR_ERR_NOMEM;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n].c = *c;
    b->v[b->n].src = src;
    b->n++;
    return TSR_OK;
}

/* Re-wraps one logical line into out. cursor_off is the cursor's offset in
 * the line or -1; *cr, *cc receive its new row (index in out) and column. */
static int rewrap(line_buf *b, int cols, int size, row_list *out, int cursor_off, int *cr,
                  int *cc)
{
    const int width = cols;
    cols = row_size_cols(size, width); /* a double-size line holds half */
    int len = b->n;
    while (len > 0 && b->v[len - 1].c.cp == 0 && !(b->v[len - 1].c.flags & CELL_TAIL))
        len--; /* never-written cells at the end are not content */
    if (cursor_off > len)
        cursor_off = len;
    row *r = row_new(width, 0);
    int rc = list_push(out, r);
    if (rc)
        return rc;
    r->size = (uint8_t)size;
    int x = 0;
    for (int i = 0; i <= len; i++) {
        int wide = i < len && (b->v[i].c.flags & CELL_WIDE);
        if (i < len && (b->v[i].c.flags & CELL_TAIL))
            continue; /* written with its head */
        int need = wide && cols >= 2 ? 2 : 1;
        if (i < len && x + need > cols) {
            r->flags |= ROW_WRAPPED;
            r = row_new(width, 0);
            if ((rc = list_push(out, r)))
                return rc;
            r->size = (uint8_t)size;
            x = 0;
        }
        if (i == cursor_off) {
            *cr = out->n - 1;
            *cc = x; /* cols here means a pending wrap */
        }
        if (i == len)
            break;
        if ((rc = row_copy_cell(r, x, b->v[i].src, &b->v[i].c)))
            return rc;
        if (need == 2) {
            r->cells[x + 1] = b->v[i].c;
            r->cells[x + 1].cp = 0;
            r->cells[x + 1].flags = (uint8_t)((b->v[i].c.flags & CELL_PROTECTED) | CELL_TAIL);
        } else {
            r->cells[x].flags &= (uint8_t)~CELL_WIDE;
        }
        x += need;
    }
    return TSR_OK;
}

/* The blank a wide character leaves when it does not fit in a row's last
 * column (it wraps whole): not the line's content, so joining skips it,
 * and narrowing then widening gives back the line as it was. */
static int wide_filler_at_end(const row *r, const row *next)
{
    const cell *last = &r->cells[r->cols - 1];
    return r->cols > 1 && last->cp == 0 && !(last->flags & (CELL_TAIL | CELL_WIDE | CELL_CLUSTER)) &&
           next->cols > 1 && (next->cells[0].flags & CELL_WIDE);
}

static int prepare_reflow(const grid *g, int rows, int cols, int *cx, int *cy, int pending_wrap,
                          prepared *p)
{
    row_list old = {0}, out = {0};
    line_buf line = {0};
    int rc = TSR_OK;
    int sb = g->sb_count;
    for (int k = 0; k < sb + g->rows && rc == TSR_OK; k++)
        rc = list_push_borrowed(&old, line_at(g, k));
    int cursor_row = sb + *cy; /* in old */
    /* the last line worth keeping: the cursor's, or a later non-empty one */
    int last = cursor_row;
    for (int i = old.n - 1; i > cursor_row && rc == TSR_OK; i--) {
        const row *r = old.v[i];
        int empty = !(r->flags & ROW_WRAPPED);
        for (int x = 0; x < r->cols && empty; x++)
            empty = r->cells[x].cp == 0 && !(r->cells[x].flags & CELL_TAIL);
        if (!empty) {
            last = i;
            break;
        }
    }
    int new_cr = 0, new_cc = 0;
    int i = 0;
    while (rc == TSR_OK && i <= last) {
        line.n = 0;
        int cursor_off = -1;
        int start = i;
        for (;;) {
            const row *r = old.v[i];
            if (i == cursor_row)
                cursor_off = line.n + *cx + (pending_wrap ? 1 : 0);
            int end = r->cols;
            if ((r->flags & ROW_WRAPPED) && i < last && wide_filler_at_end(r, old.v[i + 1]))
                end--;
            for (int x = 0; x < end && rc == TSR_OK; x++)
                rc = line_push(&line, &r->cells[x], r);
            /* a double-size line is a line of its own: never joined */
            if (!(r->flags & ROW_WRAPPED) || i == last || r->size || old.v[i + 1]->size)
                break;
            i++;
        }
        i++;
        if (rc == TSR_OK)
            rc = rewrap(&line, cols, old.v[start]->size, &out, cursor_off, &new_cr, &new_cc);
    }
    free(line.v);
    free(old.v); /* the old rows were only read */
    if (rc) {
        list_free(&out);
        return rc;
    }
    /* The screen is the last `rows` rows, but never below the cursor. */
    int start = out.n - rows;
    if (start < 0)
        start = 0;
    if (new_cr < start)
        start = new_cr;
    while (out.n > start + rows)
        row_free(out.v[--out.n]);
    while (out.n < start + rows) {
        if ((rc = list_push(&out, row_new(cols, 0)))) {
            list_free(&out);
            return rc;
        }
    }
    memset(p, 0, sizeof *p);
    p->rows = out;
    if ((rc = prepare_ring(p, g, rows))) {
        prepared_free(p);
        return rc;
    }
    *cy = new_cr - start;
    *cx = new_cc;
    return TSR_OK;
}

/* DECCOLM (DEC STD 070; xterm's srm_DECCOLM): only while mode 40 allows it,
 * 132 or 80 columns, the screen cleared unless DECNCSM, every margin reset,
 * the cursor home. The host sees the new width and gives it to the program. */
void term_column_mode(tsr_term *t, int on)
{
    if (!mode_get(t, M_C132))
        return;
    int rc = term_set_size(t, t->rows, on ? 132 : 80);
    if (rc) {
        term_fail(t, rc);
        return;
    }
    mode_put(t, M_DECCOLM, on);
    term_reset_margins(t);
    if (!mode_get(t, M_DECNCSM))
        term_erase_display(t, 2, 0);
    term_move_to(t, 0, 0);
    term_reset_wrap(t);
}

static void clamp_saved(tsr_term *t, saved_cursor *s)
{
    if (s->x >= t->cols)
        s->x = t->cols - 1;
    if (s->y >= t->rows)
        s->y = t->rows - 1;
}

int term_resize(tsr_term *t, int rows, int cols)
{
    int alt = t->g == &t->alt;
    int cx = t->x, cy = t->y;
    /* the inactive buffer follows its saved cursor */
    int px = alt ? t->saved[0].x : cx, py = alt ? t->saved[0].y : cy;
    int ax = cx, ay = alt ? cy : 0;
    prepared pp, pa;
    int rc;
    if (t->reflow)
        rc = prepare_reflow(&t->primary, rows, cols, &px, &py, !alt && t->pending_wrap, &pp);
    else
        rc = prepare_plain(&t->primary, rows, cols, &py, &pp);
    if (rc)
        return rc;
    if ((rc = prepare_plain(&t->alt, rows, cols, &ay, &pa))) {
        prepared_free(&pp);
        return rc;
    }
    commit(&t->primary, &pp, rows, cols);
    commit(&t->alt, &pa, rows, cols);
    t->rows = rows;
    t->cols = cols;
    term_reset_margins(t); /* all four, as xterm's resetMargins */
    if (alt) {
        cx = ax;
        cy = ay;
        t->saved[0].x = px;
        t->saved[0].y = py;
    } else {
        cx = px;
        cy = py;
    }
    clamp_saved(t, &t->saved[0]);
    clamp_saved(t, &t->saved[1]);
    int wrap = t->reflow && !alt ? cx >= cols : t->pending_wrap && cx == cols - 1;
    term_move_to(t, cx, cy);
    t->pending_wrap = wrap && mode_get(t, M_DECAWM);
    return TSR_OK;
}
