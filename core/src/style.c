/* The style table. Styles are interned so a cell is 12 bytes whatever its
 * colours; ids are recycled by a mark-and-sweep the terminal runs when the
 * table fills, so hostile streams of unique truecolor cells stay bounded by
 * the number of cells alive. */
#include "style.h"

#include <stdlib.h>
#include <string.h>

#define STYLE_INITIAL_CAP 64u
/* Below this size the table simply grows; above it, a full table first
 * tries a collection. */
#define STYLE_GC_THRESHOLD 16384u
#define STYLE_MAX_CAP (1u << 24)

static uint32_t style_hash(const tsr_style *s)
{
    uint64_t a = (uint64_t)s->fg << 32 | s->bg;
    uint64_t b = (uint64_t)s->ul_color << 32 | ((uint32_t)s->attrs << 8 | s->underline);
    uint64_t h = (a ^ 0x9e3779b97f4a7c15ull) * 0xff51afd7ed558ccdull;
    h ^= (b + s->link) * 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h ^ (h >> 31));
}

static int alloc_arrays(style_table *st, uint32_t cap)
{
    tsr_style *styles = realloc(st->styles, sizeof *styles * cap);
    if (!styles)
        return TSR_ERR_NOMEM;
    st->styles = styles;
    uint32_t *hashes = realloc(st->hashes, sizeof *hashes * cap);
    if (!hashes)
        return TSR_ERR_NOMEM;
    st->hashes = hashes;
    uint8_t *used = realloc(st->used, cap);
    if (!used)
        return TSR_ERR_NOMEM;
    st->used = used;
    uint32_t *free_ids = realloc(st->free_ids, sizeof *free_ids * cap);
    if (!free_ids)
        return TSR_ERR_NOMEM;
    st->free_ids = free_ids;
    uint32_t *slots = calloc((size_t)cap * 2, sizeof *slots);
    if (!slots)
        return TSR_ERR_NOMEM;
    free(st->slots);
    st->slots = slots;
    st->cap = cap;
    return TSR_OK;
}

static void slots_insert(style_table *st, uint32_t id)
{
    uint32_t mask = st->cap * 2 - 1;
    uint32_t i = st->hashes[id] & mask;
    while (st->slots[i])
        i = (i + 1) & mask;
    st->slots[i] = id + 1;
}

static void rebuild_slots(style_table *st)
{
    memset(st->slots, 0, sizeof *st->slots * st->cap * 2);
    for (uint32_t id = 1; id < st->count; id++)
        if (st->used[id])
            slots_insert(st, id);
}

int style_table_init(style_table *st)
{
    memset(st, 0, sizeof *st);
    if (alloc_arrays(st, STYLE_INITIAL_CAP)) {
        style_table_free(st);
        return TSR_ERR_NOMEM;
    }
    style_table_clear(st);
    return TSR_OK;
}

void style_table_clear(style_table *st)
{
    memset(&st->styles[0], 0, sizeof st->styles[0]);
    st->hashes[0] = style_hash(&st->styles[0]);
    st->used[0] = 1;
    st->count = 1;
    st->nfree = 0;
    st->live = 1;
    st->grow_next = 0;
    memset(st->slots, 0, sizeof *st->slots * st->cap * 2);
}

void style_table_free(style_table *st)
{
    free(st->styles);
    free(st->hashes);
    free(st->used);
    free(st->slots);
    free(st->free_ids);
    memset(st, 0, sizeof *st);
}

static int grow(style_table *st)
{
    if (st->cap >= STYLE_MAX_CAP)
        return TSR_ERR_NOMEM;
    /* On failure the old arrays stay valid except slots, which is
     * rebuilt from them either way. */
    uint32_t old_cap = st->cap;
    if (alloc_arrays(st, old_cap * 2)) {
        uint32_t *slots = calloc((size_t)old_cap * 2, sizeof *slots);
        if (!slots)
            return TSR_ERR_NOMEM;
        free(st->slots);
        st->slots = slots;
        st->cap = old_cap;
        rebuild_slots(st);
        return TSR_ERR_NOMEM;
    }
    rebuild_slots(st);
    return TSR_OK;
}

/* The table is full: grows it (or asks for a collection) and returns the
 * empty slot for hash in the new slots. Kept out of style_intern so its
 * lookup stays a small function that saves few registers. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, cold))
#endif
static int make_room(style_table *st, uint32_t hash, uint32_t *slot)
{
    if (st->cap >= STYLE_GC_THRESHOLD && !st->grow_next)
        return STYLE_FULL;
    st->grow_next = 0;
    int rc = grow(st);
    if (rc)
        return rc;
    uint32_t mask = st->cap * 2 - 1;
    uint32_t i = hash & mask;
    while (st->slots[i])
        i = (i + 1) & mask;
    *slot = i;
    return TSR_OK;
}

int style_intern(style_table *st, const tsr_style *s, uint32_t *id)
{
    if (style_is_default(s)) {
        *id = 0;
        return TSR_OK;
    }
    uint32_t mask = st->cap * 2 - 1;
    uint32_t hash = style_hash(s);
    uint32_t i = hash & mask;
    while (st->slots[i]) {
        uint32_t cand = st->slots[i] - 1;
        if (st->hashes[cand] == hash && style_equal(&st->styles[cand], s)) {
            *id = cand;
            return TSR_OK;
        }
        i = (i + 1) & mask;
    }
    uint32_t nid;
    if (st->nfree) {
        nid = st->free_ids[--st->nfree];
    } else {
        if (st->count == st->cap) {
            int rc = make_room(st, hash, &i);
            if (rc)
                return rc;
        }
        nid = st->count++;
    }
    st->styles[nid] = *s;
    st->hashes[nid] = hash;
    st->used[nid] = 1;
    st->slots[i] = nid + 1;
    st->live++;
    *id = nid;
    return TSR_OK;
}

void style_gc_begin(style_table *st)
{
    memset(st->used, 0, st->count);
    st->used[0] = 1;
}

/* Returns how many ids were released. */
int style_gc_end(style_table *st)
{
    int released = 0;
    st->nfree = 0;
    st->live = 0;
    for (uint32_t id = st->count; id-- > 0;) {
        if (st->used[id]) {
            st->live++;
        } else {
            st->free_ids[st->nfree++] = id;
            released++;
        }
    }
    st->grow_next = (uint32_t)released < st->cap / 4 * 3; /* keep collections rare */
    rebuild_slots(st);
    return released;
}
