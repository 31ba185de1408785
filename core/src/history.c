/* The revision history: a ring of snapshots with three bounds (count, raw
 * bytes, decoded bytes). Decoded bytes are the memory of the distinct rows
 * kept: the oldest revision's rows in full, and for each later revision the
 * rows its predecessor did not have. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

uint64_t snapshot_row_bytes(const row *r)
{
    return sizeof *r + sizeof(cell) * r->cols + sizeof(uint32_t) * r->extra_cap;
}

static uint64_t full_bytes(const tsr_snapshot *s)
{
    uint64_t n = 0;
    for (int y = 0; y < s->view.rows; y++)
        n += snapshot_row_bytes(s->row[y]);
    return n;
}

static void snapshot_free(tsr_snapshot *s)
{
    if (!s)
        return;
    for (int y = 0; y < s->view.rows; y++)
        row_free(s->row[y]);
    free(s->title);
    free(s->icon);
    if (s->colours && --s->colours->refs == 0)
        free(s->colours);
    free(s);
}

int history_init(history *h, const tsr_history_limits *lim)
{
    memset(h, 0, sizeof *h);
    h->lim.max_revisions = lim && lim->max_revisions ? lim->max_revisions : TSR_DEFAULT_MAX_REVISIONS;
    h->lim.max_raw_bytes = lim && lim->max_raw_bytes ? lim->max_raw_bytes : TSR_DEFAULT_MAX_RAW_BYTES;
    h->lim.max_decoded_bytes =
        lim && lim->max_decoded_bytes ? lim->max_decoded_bytes : TSR_DEFAULT_MAX_DECODED_BYTES;
    h->cap = 16;
    h->ring = calloc(h->cap, sizeof *h->ring);
    return h->ring ? TSR_OK : TSR_ERR_NOMEM;
}

void history_free(history *h)
{
    for (uint32_t i = 0; i < h->count; i++)
        snapshot_free(h->ring[(h->start + i) % h->cap]);
    free(h->ring);
    memset(h, 0, sizeof *h);
}

static tsr_snapshot *nth(const history *h, uint32_t i)
{
    return h->ring[(h->start + i) % h->cap];
}

static void evict_oldest(history *h)
{
    tsr_snapshot *old = nth(h, 0);
    h->decoded_total -= full_bytes(old);
    h->raw_total -= old->raw_bytes;
    h->full_total -= full_bytes(old);
    h->start = (h->start + 1) % h->cap;
    h->count--;
    h->evicted++;
    if (h->count) {
        /* the new oldest now pays for all its rows */
        tsr_snapshot *next = nth(h, 0);
        h->decoded_total = h->decoded_total - next->own_bytes + full_bytes(next);
        next->own_bytes = full_bytes(next);
    }
    snapshot_free(old);
}

static int push(history *h, tsr_snapshot *s)
{
    if (h->count == h->cap) {
        uint32_t cap = h->cap * 2;
        tsr_snapshot **ring = calloc(cap, sizeof *ring);
        if (!ring)
            return TSR_ERR_NOMEM;
        for (uint32_t i = 0; i < h->count; i++)
            ring[i] = nth(h, i);
        free(h->ring);
        h->ring = ring;
        h->cap = cap;
        h->start = 0;
    }
    h->ring[(h->start + h->count) % h->cap] = s;
    h->count++;
    return TSR_OK;
}

static int cmp_ptr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(const row *const *)a, y = (uintptr_t)*(const row *const *)b;
    return x < y ? -1 : x > y;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* The visual identity of what v shows as one number. Synchronized output
 * (2026) counts: its end is the moment a half-drawn update becomes a
 * screen, so it starts a revision that waits can settle on. */
static uint64_t visual_hash(const view *v)
{
    const tsr_cursor *c = &v->meta.cursor;
    uint64_t h = mix(0, (uint64_t)v->rows << 32 | (uint32_t)v->cols);
    for (int y = 0; y < v->rows; y++)
        h = mix(h, row_hash(view_row(v, y)));
    h = mix(h, (uint64_t)c->row << 32 | (uint32_t)c->col);
    h = mix(h, (uint64_t)c->visible | (uint64_t)c->shape << 8 | (uint64_t)c->blink << 16 |
                   (uint64_t)v->meta.alt << 24 |
                   (uint64_t)modes_bit(v->meta.modes, M_DECSCNM) << 32 |
                   (uint64_t)modes_bit(v->meta.modes, M_SYNC) << 33);
    if (v->meta.colours) /* what the program set recolours what is shown */
        h = mix(h, colours_hash(v->meta.colours));
    return h;
}

typedef struct hashed_row {
    uint64_t hash;
    row *r;
} hashed_row;

static int cmp_hashed(const void *a, const void *b)
{
    uint64_t x = ((const hashed_row *)a)->hash, y = ((const hashed_row *)b)->hash;
    return x < y ? -1 : x > y;
}

/* A row rewritten with text the previous revision already holds (in place,
 * or moved, as a program that scrolls by repainting does) was copied on
 * write but shows the same: take the kept row back, so revisions share it. */
void history_share_rows(const history *h, grid *g)
{
    if (!h->count)
        return;
    const tsr_snapshot *prev = nth(h, h->count - 1);
    hashed_row kept[TSR_MAX_ROWS];
    int n = prev->view.rows;
    for (int i = 0; i < n; i++) {
        kept[i].hash = row_hash(prev->row[i]);
        kept[i].r = prev->row[i];
    }
    qsort(kept, (size_t)n, sizeof kept[0], cmp_hashed);
    for (int y = 0; y < g->rows; y++) {
        row **slot = grid_slot(g, y);
        if (y < n && *slot == prev->row[y])
            continue;
        hashed_row key = {row_hash(*slot), NULL};
        hashed_row *hit = bsearch(&key, kept, (size_t)n, sizeof kept[0], cmp_hashed);
        if (!hit)
            continue;
        while (hit > kept && hit[-1].hash == key.hash)
            hit--; /* the first of equal hashes */
        for (; hit < kept + n && hit->hash == key.hash; hit++) {
            if (hit->r != *slot && row_equal(*slot, hit->r)) {
                row_free(*slot);
                *slot = row_retain(hit->r);
                break;
            }
        }
    }
}

/* The colours v shows, shared with the previous revision when the same. */
static int keep_colours(const view *v, const tsr_snapshot *prev, kept_colours **out)
{
    const screen_colours *c = v->meta.colours;
    *out = NULL;
    if (!c)
        return TSR_OK;
    if (prev && prev->colours && !memcmp(&prev->colours->c, c, sizeof *c)) {
        prev->colours->refs++;
        *out = prev->colours;
        return TSR_OK;
    }
    *out = malloc(sizeof **out);
    if (!*out)
        return TSR_ERR_NOMEM;
    (*out)->refs = 1;
    (*out)->c = *c;
    return TSR_OK;
}

static int dup_text(const char *s, size_t n, char **out)
{
    *out = malloc(n + 1);
    if (!*out)
        return TSR_ERR_NOMEM;
    if (n)
        memcpy(*out, s, n);
    (*out)[n] = '\0';
    return TSR_OK;
}

int history_record(history *h, const view *v, uint64_t time_ns, uint64_t raw_bytes, int *made)
{
    *made = 0;
    tsr_snapshot *prev = h->count ? nth(h, h->count - 1) : NULL;
    uint64_t hash = visual_hash(v);
    if (prev && prev->hash == hash) {
        prev->raw_bytes += raw_bytes; /* bytes that changed nothing visible */
        h->raw_total += raw_bytes;
        return TSR_OK;
    }
    tsr_snapshot *s = calloc(1, sizeof *s + sizeof(row *) * (size_t)v->rows);
    if (!s)
        return TSR_ERR_NOMEM;
    if (dup_text(v->meta.title, v->meta.title_len, &s->title) ||
        dup_text(v->meta.icon, v->meta.icon_len, &s->icon) ||
        keep_colours(v, prev, &s->colours)) {
        snapshot_free(s);
        return TSR_ERR_NOMEM;
    }
    s->seq = h->next_seq;
    s->time_ns = time_ns;
    s->hash = hash;
    s->view = *v;
    s->view.ring = s->row;
    s->view.head = 0;
    s->view.mask = UINT32_MAX;
    s->view.meta.title = s->title;
    s->view.meta.icon = s->icon;
    s->view.meta.colours = s->colours ? &s->colours->c : NULL;
    s->raw_bytes = raw_bytes;
    /* rows the previous revision holds cost nothing more */
    const row *held[TSR_MAX_ROWS];
    int nheld = prev ? prev->view.rows : 0;
    for (int i = 0; i < nheld; i++)
        held[i] = prev->row[i];
    if (nheld)
        qsort(held, (size_t)nheld, sizeof held[0], cmp_ptr);
    for (int y = 0; y < v->rows; y++) {
        row *r = view_row(v, y);
        s->row[y] = row_retain(r);
        if (!nheld || !bsearch(&r, held, (size_t)nheld, sizeof held[0], cmp_ptr))
            s->own_bytes += snapshot_row_bytes(r);
    }
    if (!prev)
        s->own_bytes = full_bytes(s);
    int rc = push(h, s);
    if (rc) {
        snapshot_free(s);
        return rc;
    }
    h->next_seq++;
    h->decoded_total += s->own_bytes;
    h->raw_total += raw_bytes;
    h->full_total += full_bytes(s);
    while (h->count > 1 &&
           (h->count > h->lim.max_revisions || h->raw_total > h->lim.max_raw_bytes ||
            h->decoded_total > h->lim.max_decoded_bytes))
        evict_oldest(h);
    *made = 1;
    return TSR_OK;
}

void history_mark_styles(const history *h, style_table *st)
{
    for (uint32_t i = 0; i < h->count; i++) {
        const tsr_snapshot *s = nth(h, i);
        const tsr_snapshot *p = i ? nth(h, i - 1) : NULL;
        for (int y = 0; y < s->view.rows; y++) {
            const row *r = s->row[y];
            if (p && y < p->view.rows && p->row[y] == r)
                continue; /* marked with the previous revision */
            for (int x = 0; x < r->cols; x++)
                style_gc_mark(st, r->cells[x].style);
        }
    }
}

uint64_t history_newest_seq(const history *h)
{
    return h->next_seq ? h->next_seq - 1 : 0;
}

uint64_t history_oldest_seq(const history *h)
{
    return h->count ? nth(h, 0)->seq : 0;
}

int history_get(const history *h, uint64_t seq, const tsr_snapshot **out)
{
    if (!h->count || seq >= h->next_seq)
        return TSR_ERR_RANGE;
    uint64_t oldest = nth(h, 0)->seq;
    if (seq < oldest)
        return TSR_ERR_EVICTED;
    *out = nth(h, (uint32_t)(seq - oldest));
    return TSR_OK;
}

void history_stats(const history *h, tsr_history_stats *out)
{
    out->revisions = h->count;
    out->raw_bytes = h->raw_total;
    out->decoded_bytes = h->decoded_total;
    out->full_copy_bytes = h->full_total;
    out->evicted = h->evicted;
}
