/* Row storage and the cluster side pool. The pool only grows by appends;
 * overwritten clusters leave garbage that is compacted away when the pool
 * would otherwise grow, so its size stays bounded by the live clusters. */
#include "row.h"

#include <stdlib.h>
#include <string.h>

row *row_new(int cols, uint32_t style)
{
    row *r = malloc(sizeof *r + sizeof(cell) * (size_t)cols);
    if (!r)
        return NULL;
    r->extra = NULL;
    r->extra_len = r->extra_cap = 0;
    r->refs = 1;
    r->hash = 0;
    r->cols = (uint16_t)cols;
    r->flags = 0;
    r->size = ROW_SIZE_SINGLE;
    row_blank_cells(r, 0, cols, style);
    return r;
}

void row_free(row *r)
{
    if (!r || --r->refs > 0)
        return;
    free(r->extra);
    free(r);
}

row *row_clone(const row *r)
{
    row *n = malloc(sizeof *n + sizeof(cell) * r->cols);
    if (!n)
        return NULL;
    memcpy(n, r, sizeof *n + sizeof(cell) * r->cols);
    n->refs = 1;
    n->extra = NULL;
    n->extra_cap = 0;
    if (r->extra_len) {
        n->extra = malloc(sizeof *n->extra * r->extra_len);
        if (!n->extra) {
            free(n);
            return NULL;
        }
        memcpy(n->extra, r->extra, sizeof *n->extra * r->extra_len);
        n->extra_cap = r->extra_len;
    }
    return n;
}

int row_equal(row *a, row *b)
{
    if (a == b)
        return 1;
    if (a->cols != b->cols || (a->flags & ROW_WRAPPED) != (b->flags & ROW_WRAPPED) ||
        a->size != b->size || row_hash(a) != row_hash(b))
        return 0;
    for (int x = 0; x < a->cols; x++) {
        const cell *p = &a->cells[x], *q = &b->cells[x];
        if (p->flags != q->flags || p->style != q->style)
            return 0;
        if (!(p->flags & CELL_CLUSTER)) {
            if (p->cp != q->cp)
                return 0;
            continue;
        }
        int n, m;
        uint32_t one1, one2;
        const uint32_t *c1 = row_cell_cps(a, p, &n, &one1), *c2 = row_cell_cps(b, q, &m, &one2);
        if (n != m || memcmp(c1, c2, sizeof *c1 * (size_t)n) != 0)
            return 0;
    }
    return 1;
}

uint64_t row_hash(row *r)
{
    if (r->flags & ROW_HASH_VALID)
        return r->hash;
    /* FNV-1a over each cell's text, style and width flags */
    uint64_t h = 0xcbf29ce484222325ull ^ (r->flags & ROW_WRAPPED) ^ (uint64_t)r->size << 8;
    for (int x = 0; x < r->cols; x++) {
        const cell *c = &r->cells[x];
        int n;
        uint32_t one;
    const uint32_t *cps = row_cell_cps(r, c, &n, &one);
        uint64_t v = (uint64_t)c->style << 8 | (c->flags & (CELL_WIDE | CELL_TAIL));
        for (int i = 0; i < n; i++)
            v = v * 0x100000001b3ull ^ cps[i];
        h = (h ^ v) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    r->hash = h;
    r->flags |= ROW_HASH_VALID;
    return h;
}

void row_blank_cells(row *r, int from, int to, uint32_t style)
{
    if (style == 0 && to > from) {
        /* a blank default cell is all zero bytes */
        memset(&r->cells[from], 0, sizeof(cell) * (size_t)(to - from));
        return;
    }
    for (int x = from; x < to; x++) {
        cell *c = &r->cells[x];
        c->cp = 0;
        c->style = style;
        c->flags = 0;
    }
}

void row_clear(row *r, uint32_t style)
{
    row_blank_cells(r, 0, r->cols, style);
    r->flags = 0; /* no wrap, hash invalid */
    r->size = ROW_SIZE_SINGLE;
    if (r->extra_len)
        r->extra_len = ROW_POOL_BASE;
}

/* Rewrites the pool keeping only clusters still referenced by a cell. */
static void compact(row *r)
{
    uint32_t *old = r->extra;
    uint32_t len = ROW_POOL_BASE;
    uint32_t *fresh = malloc(sizeof *fresh * (r->extra_cap ? r->extra_cap : 1));
    if (!fresh)
        return; /* keep the garbage; the caller may still grow */
    for (int x = 0; x < r->cols; x++) {
        cell *c = &r->cells[x];
        if (!(c->flags & CELL_CLUSTER))
            continue;
        uint32_t n = old[c->cp];
        memcpy(&fresh[len], &old[c->cp], sizeof *fresh * (n + 1));
        c->cp = len;
        len += n + 1;
    }
    free(old);
    r->extra = fresh;
    r->extra_len = len;
}

static int pool_reserve(row *r, uint32_t need)
{
    if (r->extra_len == 0)
        r->extra_len = ROW_POOL_BASE;
    if (r->extra_len + need <= r->extra_cap)
        return TSR_OK;
    if (r->extra_cap)
        compact(r);
    if (r->extra_len + need <= r->extra_cap)
        return TSR_OK;
    uint32_t cap = r->extra_cap ? r->extra_cap : 16;
    while (cap < r->extra_len + need)
        cap *= 2;
    uint32_t *p = realloc(r->extra, sizeof *p * cap);
    if (!p)
        return TSR_ERR_NOMEM;
    r->extra = p;
    r->extra_cap = cap;
    return TSR_OK;
}

int row_cluster_append(row *r, int x, uint32_t cp)
{
    cell *c = &r->cells[x];
    uint32_t n = (c->flags & CELL_CLUSTER) ? r->extra[c->cp] : (c->cp ? 1 : 0);
    if (n >= TSR_MAX_CLUSTER_CPS)
        return 1;
    if (n == 0) {
        c->cp = cp;
        return TSR_OK;
    }
    /* Extend in place when the cluster is the last one in the pool. */
    if ((c->flags & CELL_CLUSTER) && c->cp + 1 + n == r->extra_len) {
        int rc = pool_reserve(r, 1);
        if (rc)
            return rc;
        /* compaction may have moved it; it is still last if it was */
        if (c->cp + 1 + n == r->extra_len) {
            r->extra[r->extra_len++] = cp;
            r->extra[c->cp]++;
            return TSR_OK;
        }
    }
    int rc = pool_reserve(r, n + 2);
    if (rc)
        return rc;
    uint32_t at = r->extra_len;
    r->extra[at] = n + 1;
    if (c->flags & CELL_CLUSTER)
        memcpy(&r->extra[at + 1], &r->extra[c->cp + 1], sizeof(uint32_t) * n);
    else if (n)
        r->extra[at + 1] = c->cp;
    r->extra[at + 1 + n] = cp;
    r->extra_len = at + n + 2;
    c->cp = at;
    c->flags |= CELL_CLUSTER;
    return TSR_OK;
}

int row_copy_cell(row *dr, int x, const row *sr, const cell *src)
{
    cell *d = &dr->cells[x];
    if (!(src->flags & CELL_CLUSTER)) {
        *d = *src;
        return TSR_OK;
    }
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(sr, src, &n, &one);
    /* copy out first: sr may be dr */
    uint32_t tmp[TSR_MAX_CLUSTER_CPS];
    memcpy(tmp, cps, sizeof(uint32_t) * (size_t)n);
    d->cp = tmp[0];
    d->style = src->style;
    d->flags = (uint8_t)(src->flags & ~CELL_CLUSTER);
    for (int i = 1; i < n; i++) {
        int rc = row_cluster_append(dr, x, tmp[i]);
        if (rc < 0)
            return rc;
    }
    return TSR_OK;
}

row *row_resized(const row *r, int cols)
{
    row *n = row_new(cols, 0);
    if (!n)
        return NULL;
    int keep = r->cols < cols ? r->cols : cols;
    /* a double-size line keeps its size and holds half the new width */
    if (keep > row_size_cols(r->size, cols))
        keep = row_size_cols(r->size, cols);
    for (int x = 0; x < keep; x++) {
        if (row_copy_cell(n, x, r, &r->cells[x])) {
            row_free(n);
            return NULL;
        }
    }
    /* A wide head cut in half by the new edge becomes a blank. */
    if (keep > 0 && (n->cells[keep - 1].flags & CELL_WIDE) && keep < r->cols)
        row_blank_cells(n, keep - 1, keep, n->cells[keep - 1].style);
    n->flags = r->flags & ROW_WRAPPED;
    n->size = r->size;
    return n;
}
