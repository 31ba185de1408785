/* Rows of cells. A cell is 8 bytes: a codepoint (or, for a multi-codepoint
 * grapheme cluster, an offset into the row's side pool) and flags in one
 * word, an interned style id in the other. Clusters are rare, so they live
 * out of line. */
#ifndef TSR_ROW_H
#define TSR_ROW_H

#include <stdint.h>
#include <string.h>

#include "tessera/tessera.h"

enum {
    CELL_WIDE = 1u << 0,      /* head of a two-cell character */
    CELL_TAIL = 1u << 1,      /* right half of a wide character; cp is 0 */
    CELL_CLUSTER = 1u << 2,   /* cp is an offset into row->extra */
    CELL_PROTECTED = 1u << 3, /* DECSCA: selective erase leaves it */
};

typedef struct cell {
    uint32_t cp : 24;   /* 0 = never written (renders as a space); <= U+10FFFF */
    uint32_t flags : 8; /* CELL_* */
    uint32_t style;     /* interned style id */
} cell;

_Static_assert(sizeof(cell) <= 12, "cells must stay at most 12 bytes");
_Static_assert(sizeof(cell) == 8, "the text fast path stores a cell as one uint64_t");
/* GCC and Clang on little-endian targets put the first bit-field in the
 * lowest bits; the fast path relies on it only when this holds. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__))
#define CELL_CP_IS_LOW_BITS 1
#else
#define CELL_CP_IS_LOW_BITS 0
#endif
_Static_assert(TSR_MAX_COLS * (TSR_MAX_CLUSTER_CPS + 1) * 4 < (1 << 24),
               "a cluster pool offset fits the codepoint field");

/* A line's size (DEC STD 070 5.8: DECSWL, DECDWL, DECDHL), the public
 * TSR_LINE_* values. A line drawn twice as wide holds the first half of
 * the screen's columns ((cols + 1) / 2); the cells past them stay blank. */
enum {
    ROW_SIZE_SINGLE = TSR_LINE_SINGLE,
    ROW_SIZE_DOUBLE_WIDTH = TSR_LINE_DOUBLE_WIDTH,
    ROW_SIZE_DOUBLE_TOP = TSR_LINE_DOUBLE_HEIGHT_TOP,
    ROW_SIZE_DOUBLE_BOTTOM = TSR_LINE_DOUBLE_HEIGHT_BOTTOM,
};

/* The columns a line of that size holds. */
static inline int row_size_cols(int size, int cols)
{
    return size == ROW_SIZE_SINGLE ? cols : (cols + 1) / 2;
}

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
    uint8_t size; /* ROW_SIZE_* */
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
/* Hash of what the row shows (cells, styles, wrap flag, size); cached. */
uint64_t row_hash(row *r);
/* Same cells (clusters included), styles, wrap flag and size. */
int row_equal(row *a, row *b);
/* Clears every cell to blank with the given style, drops the flags and makes
 * the line single size (a line wholly erased or new is, DEC STD 070). */
void row_clear(row *r, uint32_t style);
/* The same with the default style, inline for scrolling. */
static inline void row_clear_default(row *r)
{
    memset(r->cells, 0, sizeof(cell) * r->cols);
    r->flags = 0; /* no wrap, hash invalid */
    r->size = ROW_SIZE_SINGLE;
    if (r->extra_len)
        r->extra_len = ROW_POOL_BASE;
}
/* A copy of r at a new width (truncated or padded with blanks). */
row *row_resized(const row *r, int cols);
void row_blank_cells(row *r, int from, int to, uint32_t style);

/* The codepoints of a cell: base and any joined extras. A lone codepoint
 * is copied to *one (a bit-field has no address). */
static inline const uint32_t *row_cell_cps(const row *r, const cell *c, int *n, uint32_t *one)
{
    if (c->flags & CELL_CLUSTER) {
        *n = (int)r->extra[c->cp];
        return &r->extra[c->cp + 1];
    }
    *one = c->cp;
    *n = c->cp ? 1 : 0;
    return one;
}

/* Appends cp to the cluster at column x (making it one if needed). Returns
 * TSR_ERR_NOMEM, or 1 when the cluster is already full (cp dropped). */
int row_cluster_append(row *r, int x, uint32_t cp);
/* Copies cell src (from row sr) into row dr at column x, clusters included. */
int row_copy_cell(row *dr, int x, const row *sr, const cell *src);

/* Writes a whole cell: one 8-byte store where the layout allows, rather
 * than three read-modify-writes of bit-fields. */
static inline void cell_put(cell *c, uint32_t cp, uint8_t flags, uint32_t style)
{
#if CELL_CP_IS_LOW_BITS
    uint64_t v = cp | (uint64_t)flags << 24 | (uint64_t)style << 32;
    memcpy(c, &v, sizeof v);
#else
    c->cp = cp;
    c->flags = flags;
    c->style = style;
#endif
}

/* A blank cell: never written or a space, not part of a wide character. */
static inline int cell_is_blank(const cell *c)
{
    return (c->cp == 0 || c->cp == ' ') && !(c->flags & (CELL_CLUSTER | CELL_TAIL | CELL_WIDE));
}

#endif
