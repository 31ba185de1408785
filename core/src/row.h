/* Rows of cells. A cell is 12 bytes: a codepoint (or, for a multi-codepoint
 * grapheme cluster, an offset into the row's side pool), an interned style
 * id and flags. Clusters are rare, so they live out of line. */
#ifndef TSR_ROW_H
#define TSR_ROW_H

#include <stdint.h>

#include "tessera/tessera.h"

enum {
    CELL_WIDE = 1u << 0,      /* head of a two-cell character */
    CELL_TAIL = 1u << 1,      /* right half of a wide character; cp is 0 */
    CELL_CLUSTER = 1u << 2,   /* cp is an offset into row->extra */
    CELL_PROTECTED = 1u << 3, /* DECSCA: selective erase leaves it */
};

typedef struct cell {
    uint32_t cp;    /* 0 = never written (renders as a space) */
    uint32_t style; /* interned style id */
    uint8_t flags;
    uint8_t pad[3];
} cell;

_Static_assert(sizeof(cell) <= 12, "cells must stay at most 12 bytes");

enum {
    ROW_WRAPPED = 1u << 0,    /* the text continues on the next row (soft wrap) */
    ROW_HASH_VALID = 1u << 1, /* hash matches the cells (cleared by every write) */
};

/* Pool offset 0 is never used, so a cluster cell's cp is never 0 (which
 * means blank everywhere else). */
#define ROW_POOL_BASE 1u

/* Rows are shared between the live grid and the revision snapshots: refs
 * counts the owners, and a shared row is copied before it is written
 * (grid_row_mut), so a snapshot never changes. */
typedef struct row {
    uint32_t *extra; /* cluster pool: [n, cp0 .. cpn-1] per cluster */
    uint32_t extra_len, extra_cap;
    uint32_t refs;
    uint64_t hash; /* of the cells and the wrap flag, when ROW_HASH_VALID */
    uint16_t cols;
    uint8_t flags;
    uint8_t pad;
    cell cells[];
} row;

row *row_new(int cols, uint32_t style);
/* Drops one owner; the last one frees the row. NULL is fine. */
void row_free(row *r);
static inline row *row_retain(row *r)
{
    r->refs++;
    return r;
}
/* An unshared copy of r (cells, clusters and flags). */
row *row_clone(const row *r);
/* Hash of what the row shows (cells, styles, wrap flag); cached. */
uint64_t row_hash(row *r);
/* Clears every cell to blank with the given style and drops the flags. */
void row_clear(row *r, uint32_t style);
/* A copy of r at a new width (truncated or padded with blanks). */
row *row_resized(const row *r, int cols);
void row_blank_cells(row *r, int from, int to, uint32_t style);

/* The codepoints of a cell: base and any joined extras. */
static inline const uint32_t *row_cell_cps(const row *r, const cell *c, int *n)
{
    if (c->flags & CELL_CLUSTER) {
        *n = (int)r->extra[c->cp];
        return &r->extra[c->cp + 1];
    }
    *n = c->cp ? 1 : 0;
    return &c->cp;
}

/* Appends cp to the cluster at column x (making it one if needed). Returns
 * TSR_ERR_NOMEM, or 1 when the cluster is already full (cp dropped). */
int row_cluster_append(row *r, int x, uint32_t cp);
/* Copies cell src (from row sr) into row dr at column x, clusters included. */
int row_copy_cell(row *dr, int x, const row *sr, const cell *src);

/* A blank cell: never written or a space, not part of a wide character. */
static inline int cell_is_blank(const cell *c)
{
    return (c->cp == 0 || c->cp == ' ') && !(c->flags & (CELL_CLUSTER | CELL_TAIL | CELL_WIDE));
}

#endif
