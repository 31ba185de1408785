/* The ring of rows. Rows are allocated once and recycled: a full-screen
 * scroll with a full scrollback takes the oldest line, clears it and makes it
 * the new bottom row. */
#include "grid.h"

#include <stdlib.h>
#include <string.h>

static uint32_t pow2_at_least(uint32_t n)
{
    uint32_t c = 16;
    while (c < n)
        c *= 2;
    return c;
}

int grid_init(grid *g, int rows, int cols, int sb_limit)
{
    memset(g, 0, sizeof *g);
    g->rows = rows;
    g->cols = cols;
    g->sb_limit = sb_limit;
    /* Scrollback room is added as it fills, not up front. */
    g->cap = pow2_at_least((uint32_t)rows * 2);
    g->ring = calloc(g->cap, sizeof *g->ring);
    if (!g->ring)
        return TSR_ERR_NOMEM;
    for (int y = 0; y < rows; y++) {
        row *r = row_new(cols, 0);
        if (!r) {
            grid_free(g);
            return TSR_ERR_NOMEM;
        }
        *grid_slot(g, y) = r;
    }
    return TSR_OK;
}

void grid_free(grid *g)
{
    if (g->ring) {
        for (uint32_t i = 0; i < g->cap; i++)
            row_free(g->ring[i]);
        free(g->ring);
    }
    memset(g, 0, sizeof *g);
}

/* Doubles the ring, laying lines out from index 0. */
static int grid_grow(grid *g)
{
    uint32_t ncap = g->cap * 2;
    row **nr = calloc(ncap, sizeof *nr);
    if (!nr)
        return TSR_ERR_NOMEM;
    uint32_t total = (uint32_t)(g->sb_count + g->rows);
    uint32_t start = g->head - (uint32_t)g->sb_count;
    for (uint32_t i = 0; i < total; i++) {
        uint32_t k = (start + i) & (g->cap - 1);
        nr[i] = g->ring[k];
        g->ring[k] = NULL;
    }
    /* any spare rows left in unused slots are freed */
    for (uint32_t i = 0; i < g->cap; i++)
        row_free(g->ring[i]);
    free(g->ring);
    g->ring = nr;
    g->cap = ncap;
    g->head = (uint32_t)g->sb_count;
    return TSR_OK;
}

/* A blank row to put where old was: old itself when nobody else holds it
 * and it has the right width, else a new one (old is then released). NULL
 * when out of memory, with old untouched. */
static row *fresh_row(row *old, int cols, uint32_t style)
{
    if (old && old->refs == 1 && old->cols == cols) {
        row_clear(old, style);
        return old;
    }
    row *n = row_new(cols, style);
    if (n)
        row_free(old);
    return n;
}

row *grid_row_mut(grid *g, int y)
{
    row **slot = grid_slot(g, y);
    row *r = *slot;
    if (r->refs > 1) {
        row *n = row_clone(r);
        if (!n)
            return NULL;
        row_free(r);
        *slot = r = n;
    }
    r->flags &= (uint8_t)~ROW_HASH_VALID;
    return r;
}

int grid_clear_row(grid *g, int y, uint32_t style)
{
    row **slot = grid_slot(g, y);
    row *r = fresh_row(*slot, g->cols, style);
    if (!r)
        return TSR_ERR_NOMEM;
    *slot = r;
    return TSR_OK;
}

/* Every case of grid_scroll_up_full: growing the scrollback, a shared or
 * resized oldest line, a coloured blank. Out of line, so the common case
 * below stays a small function. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int scroll_up_full_general(grid *g, uint32_t blank_style)
{
    uint32_t mask = g->cap - 1;
    if (g->sb_count < g->sb_limit) {
        if ((uint32_t)(g->sb_count + g->rows) >= g->cap) {
            int rc = grid_grow(g);
            if (rc)
                return rc;
            mask = g->cap - 1;
        }
        row **slot = &g->ring[(g->head + (uint32_t)g->rows) & mask];
        row *r = fresh_row(*slot, g->cols, blank_style);
        if (!r)
            return TSR_ERR_NOMEM;
        *slot = r;
        g->head++;
        g->sb_count++;
        return TSR_OK;
    }
    /* Recycle the oldest line (or the top row when there is no scrollback). */
    uint32_t oldest = (g->head - (uint32_t)g->sb_count) & mask;
    row *r = fresh_row(g->ring[oldest], g->cols, blank_style);
    if (!r)
        return TSR_ERR_NOMEM;
    g->ring[oldest] = NULL;
    uint32_t bottom = (g->head + (uint32_t)g->rows) & mask;
    row_free(g->ring[bottom]); /* a spare row, if any */
    g->ring[bottom] = r;
    g->head++;
    return TSR_OK;
}

int grid_scroll_up_full(grid *g, uint32_t blank_style)
{
    /* The steady state of a stream of lines, once per line: the scrollback
     * is full, and its oldest line, unshared, becomes the new bottom row,
     * blank in the default style. */
    if (g->sb_count >= g->sb_limit && blank_style == 0) {
        uint32_t mask = g->cap - 1;
        uint32_t oldest = (g->head - (uint32_t)g->sb_count) & mask;
        uint32_t bottom = (g->head + (uint32_t)g->rows) & mask;
        row *r = g->ring[oldest];
        /* a full ring makes the bottom slot the oldest line's own */
        if (r && r->refs == 1 && r->cols == g->cols && (bottom == oldest || !g->ring[bottom])) {
            row_clear_default(r);
            g->ring[oldest] = NULL;
            g->ring[bottom] = r;
            g->head++;
            return TSR_OK;
        }
    }
    return scroll_up_full_general(g, blank_style);
}

/* Moves the pointers of count visible rows from row src to row dst (the
 * ranges may overlap): one memmove when neither range wraps around the
 * ring, as it mostly does not. */
static void move_rows(grid *g, int dst, int src, int count)
{
    uint32_t d = (g->head + (uint32_t)dst) & (g->cap - 1);
    uint32_t s = (g->head + (uint32_t)src) & (g->cap - 1);
    if (count <= 0)
        return;
    if (d + (uint32_t)count <= g->cap && s + (uint32_t)count <= g->cap) {
        memmove(&g->ring[d], &g->ring[s], sizeof *g->ring * (size_t)count);
    } else if (dst < src) {
        for (int i = 0; i < count; i++)
            *grid_slot(g, dst + i) = grid_row(g, src + i);
    } else {
        for (int i = count - 1; i >= 0; i--)
            *grid_slot(g, dst + i) = grid_row(g, src + i);
    }
}

/* Rotates rows top..bot by n in one pass: the n rows that leave at one end
 * come back blank at the other. up: towards row 0. */
static int rotate_region(grid *g, int top, int bot, int n, uint32_t blank_style, int up)
{
    int h = bot - top + 1;
    if (n > h)
        n = h;
    if (n < 1)
        return TSR_OK;
    row *out[TSR_MAX_ROWS];
    /* make the blank rows first, so a failure changes nothing */
    for (int k = 0; k < n; k++) {
        int y = up ? top + k : bot - k;
        row *old = grid_row(g, y);
        row *r = old->refs == 1 && old->cols == g->cols ? old : row_new(g->cols, blank_style);
        if (!r) {
            for (int j = 0; j < k; j++)
                if (out[j] != grid_row(g, up ? top + j : bot - j))
                    row_free(out[j]);
            return TSR_ERR_NOMEM;
        }
        out[k] = r;
    }
    for (int k = 0; k < n; k++) {
        int y = up ? top + k : bot - k;
        row *old = grid_row(g, y);
        if (out[k] == old)
            row_clear(old, blank_style);
        else
            row_free(old);
    }
    if (up) {
        move_rows(g, top, top + n, h - n);
        for (int k = 0; k < n; k++)
            *grid_slot(g, bot - n + 1 + k) = out[k];
    } else {
        move_rows(g, top + n, top, h - n);
        for (int k = 0; k < n; k++)
            *grid_slot(g, top + n - 1 - k) = out[k];
    }
    return TSR_OK;
}

int grid_scroll_region_up(grid *g, int top, int bot, int n, uint32_t blank_style)
{
    return rotate_region(g, top, bot, n, blank_style, 1);
}

int grid_scroll_region_down(grid *g, int top, int bot, int n, uint32_t blank_style)
{
    return rotate_region(g, top, bot, n, blank_style, 0);
}

void grid_clear_scrollback(grid *g)
{
    for (int i = 0; i < g->sb_count; i++) {
        row **slot = &g->ring[(g->head - (uint32_t)g->sb_count + (uint32_t)i) & (g->cap - 1)];
        row_free(*slot);
        *slot = NULL;
    }
    g->sb_count = 0;
}
