/* Literal text search over the visible rows, for find/contains and strict
 * locators. A row is rendered to UTF-8 with a map from each byte to its
 * cell, and a match must begin and end on cell boundaries, so a needle never
 * matches half of a grapheme cluster. No normalisation, no case folding,
 * never across rows. */
#include <stdlib.h>
#include <string.h>

#include "render.h"

typedef struct row_text {
    tsr_buf text;
    int *cell_of; /* byte offset -> cell index */
    size_t cap;
} row_text;

static int build(const view *t, const row *r, row_text *rt)
{
    buf_clear(&rt->text);
    for (int x = 0; x < t->cols; x++) {
        size_t before = rt->text.len;
        int rc = render_row(&rt->text, r, x, x + 1, 0);
        if (rc)
            return rc;
        if (rt->text.len > rt->cap) {
            size_t cap = rt->cap ? rt->cap * 2 : 256;
            while (cap < rt->text.len)
                cap *= 2;
            int *m = realloc(rt->cell_of, sizeof *m * cap);
            if (!m)
                return TSR_ERR_NOMEM;
            rt->cell_of = m;
            rt->cap = cap;
        }
        for (size_t i = before; i < rt->text.len; i++)
            rt->cell_of[i] = x;
    }
    return TSR_OK;
}

/* Cells a match from byte a to byte b (exclusive) covers, or 0 if it does
 * not start and end on cell boundaries. */
static int span(const view *t, const row *r, const row_text *rt, size_t a, size_t b, int *col)
{
    const int *m = rt->cell_of;
    if (a > 0 && m[a - 1] == m[a])
        return 0;
    if (b < rt->text.len && m[b - 1] == m[b])
        return 0;
    int first = m[a], last = m[b - 1];
    if (last + 1 < t->cols && (r->cells[last + 1].flags & CELL_TAIL))
        last++;
    *col = first;
    return last - first + 1;
}

static void record(tsr_match *out, size_t max, size_t *count, int row, int col, int cells)
{
    if (*count < max) {
        out[*count].row = row;
        out[*count].col = col;
        out[*count].cells = cells;
    }
    (*count)++;
}

int view_find_all(const view *t, const char *needle, size_t len, int exact,
                  const tsr_region *region, tsr_match *out, size_t max, size_t *count)
{
    if ( !needle || !len || !count || (max && !out))
        return TSR_ERR_INVALID;
    int r0 = 0, r1 = t->rows, c0 = 0, c1 = t->cols;
    if (region) {
        if (region->row < 0 || region->col < 0 || region->height < 0 || region->width < 0)
            return TSR_ERR_INVALID;
        r0 = region->row;
        c0 = region->col;
        r1 = region->height ? r0 + region->height : t->rows;
        c1 = region->width ? c0 + region->width : t->cols;
        if (r1 > t->rows)
            r1 = t->rows;
        if (c1 > t->cols)
            c1 = t->cols;
    }
    *count = 0;
    row_text rt = {0};
    int rc = TSR_OK;
    for (int y = r0; y < r1 && rc == TSR_OK; y++) {
        const row *r = view_row(t, y);
        if ((rc = build(t, r, &rt)))
            break;
        const char *s = rt.text.data;
        size_t n = rt.text.len;
        if (exact) {
            /* the row (or its part inside the region), trailing spaces gone */
            size_t a = 0, b = n;
            while (a < n && rt.cell_of[a] < c0)
                a++;
            while (b > a && rt.cell_of[b - 1] >= c1)
                b--;
            while (b > a && s[b - 1] == ' ')
                b--;
            if (b - a == len && memcmp(s + a, needle, len) == 0) {
                int col;
                int cells = span(t, r, &rt, a, b, &col);
                if (cells)
                    record(out, max, count, y, col, cells);
            }
            continue;
        }
        for (size_t a = 0; a + len <= n; a++) {
            if (s[a] != needle[0] || memcmp(s + a, needle, len) != 0)
                continue;
            int col;
            int cells = span(t, r, &rt, a, a + len, &col);
            if (cells && col >= c0 && col + cells <= c1)
                record(out, max, count, y, col, cells);
        }
    }
    buf_free(&rt.text);
    free(rt.cell_of);
    return rc;
}
