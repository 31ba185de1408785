/* The style table. Styles are interned so a cell is 8 bytes whatever its
 * colours; ids are recycled by a mark-and-sweep the terminal runs when the
 * table fills, so hostile streams of unique truecolor cells stay bounded by
 * the number of cells alive. A pen is interned on the first print after
 * every SGR that changed it, and in colourful output most of those pens are
 * new, so the insertion is as cheap as the lookup: one hash, a probe that
 * reads only the slots, and the style stored by id. */
#include "style.h"

#include <stdlib.h>
#include <string.h>

#define STYLE_INITIAL_CAP 64u
/* Below this size the table simply grows; above it, a full table first
 * tries a collection. */
#define STYLE_GC_THRESHOLD 16384u
#define STYLE_MAX_CAP (1u << 24)

#define SLOT_HASH(e) ((uint32_t)((e) >> 32))
#define SLOT_ID(e) ((uint32_t)(e) - 1u)
#define SLOT(hash, id) ((uint64_t)(hash) << 32 | ((id) + 1u))

static uint32_t style_hash(const tsr_style *s)
{
    uint64_t h = (style_word(s, 0) ^ 0x9e3779b97f4a7c15ull) * 0xff51afd7ed558ccdull;
    h ^= (style_word1(s) + s->link) * 0xc4ceb9fe1a85ec53ull;
    return (uint32_t)(h ^ (h >> 31));
}

/* The first empty slot for hash. The table is never more than half full,
 * so there is one. */
static uint32_t empty_slot(const uint64_t *slots, uint32_t mask, uint32_t hash)
{
    uint32_t i = hash & mask;
    while (slots[i])
        i = (i + 1) & mask;
    return i;
}

/* The arrays by id, grown to cap; the slots are the caller's. On failure
 * the arrays that were grown stay valid at their new size and cap keeps
 * the old value, so the table still works. */
static int grow_by_id(style_table *st, uint32_t cap)
{
    tsr_style *styles = realloc(st->styles, sizeof *styles * cap);
    if (!styles)
        return TSR_ERR_NOMEM;
    st->styles = styles;
    uint8_t *used = realloc(st->used, cap);
    if (!used)
        return TSR_ERR_NOMEM;
    st->used = used;
    /* a table grows only while nothing is on the free list, so the old
     * contents need no copy */
    uint32_t *free_ids = malloc(sizeof *free_ids * cap);
    if (!free_ids)
        return TSR_ERR_NOMEM;
    free(st->free_ids);
    st->free_ids = free_ids;
    return TSR_OK;
}

/* Puts every live id back into the slots, in place (after a collection). */
static void rebuild_slots(style_table *st)
{
    memset(st->slots, 0, sizeof *st->slots * ((size_t)st->mask + 1));
    for (uint32_t id = 1; id < st->count; id++) {
        if (st->used[id]) {
            uint32_t hash = style_hash(&st->styles[id]);
            st->slots[empty_slot(st->slots, st->mask, hash)] = SLOT(hash, id);
        }
    }
}

int style_table_init(style_table *st)
{
    memset(st, 0, sizeof *st);
    st->slots = calloc((size_t)STYLE_INITIAL_CAP * 2, sizeof *st->slots);
    if (!st->slots || grow_by_id(st, STYLE_INITIAL_CAP)) {
        style_table_free(st);
        return TSR_ERR_NOMEM;
    }
    st->cap = STYLE_INITIAL_CAP;
    st->mask = STYLE_INITIAL_CAP * 2 - 1;
    style_table_clear(st);
    return TSR_OK;
}

/* Id 0, the default style, is never in the slots: style_intern answers it
 * before hashing. */
void style_table_clear(style_table *st)
{
    memset(&st->styles[0], 0, sizeof st->styles[0]);
    st->used[0] = 1;
    st->count = 1;
    st->nfree = 0;
    st->live = 1;
    st->grow_next = 0;
    memset(st->slots, 0, sizeof *st->slots * ((size_t)st->mask + 1));
}

void style_table_free(style_table *st)
{
    free(st->styles);
    free(st->used);
    free(st->slots);
    free(st->free_ids);
    memset(st, 0, sizeof *st);
}

/* Doubles the table. The new slots are filled from the old ones, which
 * carry the hashes, so no style is read or hashed again. */
static int grow(style_table *st)
{
    if (st->cap >= STYLE_MAX_CAP)
        return TSR_ERR_NOMEM;
    uint32_t cap = st->cap * 2;
    uint64_t *slots = calloc((size_t)cap * 2, sizeof *slots);
    if (!slots)
        return TSR_ERR_NOMEM;
    if (grow_by_id(st, cap)) {
        free(slots);
        return TSR_ERR_NOMEM;
    }
    uint32_t mask = cap * 2 - 1;
    for (uint32_t i = 0; i <= st->mask; i++) {
        uint64_t e = st->slots[i];
        if (e)
            slots[empty_slot(slots, mask, SLOT_HASH(e))] = e;
    }
    free(st->slots);
    st->slots = slots;
    st->cap = cap;
    st->mask = mask;
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
    *slot = empty_slot(st->slots, st->mask, hash);
    return TSR_OK;
}

/* Finds s from slot i on, where the probe for hash stopped (an empty slot
 * or one with the same hash), or adds it. Apart from style_intern, which
 * then keeps to the registers a call may clobber and saves none. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int find_or_add(style_table *st, const tsr_style *s, uint32_t hash, uint32_t i,
                       uint32_t *id)
{
    for (uint64_t e; (e = st->slots[i]) != 0; i = (i + 1) & st->mask) {
        if (SLOT_HASH(e) == hash && style_equal(&st->styles[SLOT_ID(e)], s)) {
            *id = SLOT_ID(e);
            return TSR_OK;
        }
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
    st->used[nid] = 1;
    st->slots[i] = SLOT(hash, nid);
    st->live++;
    *id = nid;
    return TSR_OK;
}

int style_intern(style_table *st, const tsr_style *s, uint32_t *id)
{
    if (style_is_default(s)) {
        *id = 0;
        return TSR_OK;
    }
    const uint32_t hash = style_hash(s);
    const uint64_t *slots = st->slots;
    const uint32_t mask = st->mask;
    uint32_t i = hash & mask;
    uint64_t e;
    while ((e = slots[i]) != 0 && SLOT_HASH(e) != hash)
        i = (i + 1) & mask;
    return find_or_add(st, s, hash, i, id);
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
