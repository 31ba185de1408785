/* A grid: the visible rows and the scrollback above them, all in one ring
 * of row pointers, so scrolling the whole screen moves an index, not cells.
 * Line i of the ring (0 = oldest scrollback line) lives at
 * ring[(head - sb_count + i) & mask]; visible row y at ring[(head + y) & mask]. */
#ifndef TSR_GRID_H
#define TSR_GRID_H

#include "row.h"

typedef struct grid {
    row **ring;
    uint32_t cap; /* power of two, >= rows + sb_count */
    uint32_t head;
    int rows, cols;
    int sb_count; /* scrollback lines held */
    int sb_limit; /* most scrollback lines kept */
} grid;

int grid_init(grid *g, int rows, int cols, int sb_limit);
void grid_free(grid *g);

static inline row *grid_row(const grid *g, int y)
{
    return g->ring[(g->head + (uint32_t)y) & (g->cap - 1)];
}
static inline row **grid_slot(grid *g, int y)
{
    return &g->ring[(g->head + (uint32_t)y) & (g->cap - 1)];
}
/* Scrollback line i, 0 the oldest. */
static inline row *grid_sb_row(const grid *g, int i)
{
    return g->ring[(g->head - (uint32_t)g->sb_count + (uint32_t)i) & (g->cap - 1)];
}

/* Scrolls the whole screen up by one: the top row goes to the scrollback
 * (when sb_limit allows) and a blank row with the given style appears at the
 * bottom. */
int grid_scroll_up_full(grid *g, uint32_t blank_style);
/* Scrolls rows top..bot (inclusive) up or down by n, blanking what enters. */
int grid_scroll_region_up(grid *g, int top, int bot, int n, uint32_t blank_style);
int grid_scroll_region_down(grid *g, int top, int bot, int n, uint32_t blank_style);
/* Visible row y, ready to be written: a row shared with a snapshot is
 * copied first. NULL when out of memory. */
row *grid_row_mut(grid *g, int y);
/* Makes visible row y blank (a fresh row if it is shared). */
int grid_clear_row(grid *g, int y, uint32_t style);
/* Drops all scrollback lines. */
void grid_clear_scrollback(grid *g);

#endif
