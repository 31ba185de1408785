/* The hyperlink table. URIs are hashed so an OSC 8 costs the length of its
 * URI, not the size of the table; at most TSR_MAX_LIVE_LINKS ids are live
 * and each URI is at most TSR_MAX_LINK_URI_BYTES (osc.c refuses longer
 * ones), so the table's memory is bounded whatever the stream. When it is
 * full the terminal collects the ids nothing uses any more. */
#include "link.h"

#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#define LINK_INITIAL_CAP 16u
/* A full table whose last collection freed nothing may only collect again
 * after this many new URIs, so a stream of new links on a screen full of
 * other live ones costs one collection per this many sequences. */
#define LINK_GC_SPACING (TSR_MAX_LIVE_LINKS / 16u)

_Static_assert((TSR_MAX_LIVE_LINKS & (TSR_MAX_LIVE_LINKS - 1)) == 0,
               "the table doubles up to exactly its bound");

static uint32_t uri_hash(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull ^ n;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
    return (uint32_t)(h ^ (h >> 32));
}

void link_table_init(link_table *lt)
{
    memset(lt, 0, sizeof *lt);
}

void link_table_free(link_table *lt)
{
    for (uint32_t i = 0; i < lt->count; i++)
        free(lt->uris[i]);
    free(lt->uris);
    free(lt->lens);
    free(lt->hashes);
    free(lt->used);
    free(lt->slots);
    free(lt->free_ids);
    memset(lt, 0, sizeof *lt);
}

static void slots_insert(link_table *lt, uint32_t id)
{
    uint32_t mask = lt->cap * 2 - 1;
    uint32_t i = lt->hashes[id - 1] & mask;
    while (lt->slots[i])
        i = (i + 1) & mask;
    lt->slots[i] = id;
}

static void rebuild_slots(link_table *lt)
{
    memset(lt->slots, 0, sizeof *lt->slots * lt->cap * 2);
    for (uint32_t id = 1; id <= lt->count; id++)
        if (lt->uris[id - 1])
            slots_insert(lt, id);
}

/* Reallocates array p to n elements, or returns TSR_ERR_NOMEM with p
 * as it was. */
#define RESIZE_OR_FAIL(p, n)                                \
    do {                                                    \
        void *grown_ = realloc((p), sizeof *(p) * (n));     \
        if (!grown_)                                        \
            return TSR_ERR_NOMEM;                           \
        (p) = grown_;                                       \
    } while (0)

/* Doubles the room for ids. On failure the table is unchanged: the arrays
 * that did grow only gained room, and slots is replaced last. */
static int grow(link_table *lt)
{
    uint32_t cap = lt->cap ? lt->cap * 2 : LINK_INITIAL_CAP;
    RESIZE_OR_FAIL(lt->uris, cap);
    RESIZE_OR_FAIL(lt->lens, cap);
    RESIZE_OR_FAIL(lt->hashes, cap);
    RESIZE_OR_FAIL(lt->used, cap);
    RESIZE_OR_FAIL(lt->free_ids, cap);
    uint32_t *slots = calloc((size_t)cap * 2, sizeof *slots);
    if (!slots)
        return TSR_ERR_NOMEM;
    free(lt->slots);
    lt->slots = slots;
    lt->cap = cap;
    rebuild_slots(lt);
    return TSR_OK;
}
#undef RESIZE_OR_FAIL

/* A free id, growing the table up to its bound; 0 when it is full. */
static uint32_t take_id(link_table *lt, int *rc)
{
    *rc = TSR_OK;
    if (lt->nfree)
        return lt->free_ids[--lt->nfree];
    if (lt->count == lt->cap) {
        if (lt->cap >= TSR_MAX_LIVE_LINKS)
            return 0;
        if ((*rc = grow(lt)))
            return 0;
    }
    return ++lt->count;
}

int link_intern(link_table *lt, const char *uri, size_t len, uint32_t *id)
{
    *id = 0;
    uint32_t hash = uri_hash(uri, len);
    if (lt->cap) {
        uint32_t mask = lt->cap * 2 - 1;
        for (uint32_t i = hash & mask; lt->slots[i]; i = (i + 1) & mask) {
            uint32_t cand = lt->slots[i];
            if (lt->hashes[cand - 1] == hash && lt->lens[cand - 1] == len &&
                memcmp(lt->uris[cand - 1], uri, len) == 0) {
                *id = cand;
                return TSR_OK;
            }
        }
    }
    lt->since_gc++;
    char *copy = malloc(len + 1);
    if (!copy)
        return TSR_ERR_NOMEM;
    memcpy(copy, uri, len);
    copy[len] = '\0';
    int rc;
    uint32_t nid = take_id(lt, &rc);
    if (!nid) {
        free(copy);
        if (rc)
            return rc;
        return lt->reset || lt->since_gc >= LINK_GC_SPACING ? LINK_FULL : TSR_ERR_RANGE;
    }
    lt->uris[nid - 1] = copy;
    lt->lens[nid - 1] = (uint32_t)len;
    lt->hashes[nid - 1] = hash;
    slots_insert(lt, nid);
    *id = nid;
    return TSR_OK;
}

const char *link_uri(const link_table *lt, uint32_t id, size_t *len)
{
    if (id - 1 >= lt->count || !lt->uris[id - 1])
        return NULL;
    if (len)
        *len = lt->lens[id - 1];
    return lt->uris[id - 1];
}

void link_table_after_reset(link_table *lt)
{
    lt->reset = 1;
}

void link_gc_begin(link_table *lt)
{
    if (lt->count)
        memset(lt->used, 0, lt->count);
}

uint32_t link_gc_end(link_table *lt)
{
    uint32_t freed = 0;
    lt->nfree = 0;
    /* highest first, so the lowest free id is handed out first */
    for (uint32_t id = lt->count; id >= 1; id--) {
        if (lt->used[id - 1] && lt->uris[id - 1])
            continue;
        if (lt->uris[id - 1])
            freed++;
        free(lt->uris[id - 1]);
        lt->uris[id - 1] = NULL;
        lt->free_ids[lt->nfree++] = id;
    }
    lt->since_gc = 0;
    lt->reset = 0;
    if (lt->cap)
        rebuild_slots(lt);
    return freed;
}
