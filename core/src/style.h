/* Interned styles: every distinct tsr_style gets a small id, and a cell
 * stores only the id. Id 0 is always the default style. */
#ifndef TSR_STYLE_H
#define TSR_STYLE_H

#include <stdint.h>

#include "tessera/tessera.h"

typedef struct style_table {
    tsr_style *styles;  /* by id */
    uint32_t *hashes;   /* by id: probes compare these before the style */
    uint8_t *used;      /* 1 if the id is live (id 0 always) */
    uint32_t *slots;    /* open-addressing hash: id + 1, 0 empty */
    uint32_t *free_ids; /* ids released by a collection */
    uint32_t count;     /* ids handed out (high-water mark) */
    uint32_t cap;       /* capacity of styles/used; slots has 2*cap */
    uint32_t nfree;
    uint32_t live;
    int grow_next;      /* the last collection freed too little: grow instead */
} style_table;

int style_table_init(style_table *st);
void style_table_free(style_table *st);
/* Resets to just the default style. */
void style_table_clear(style_table *st);

/* Inline: the pen is compared on every SGR and looked up on every print
 * after one. The reserved byte takes no part. */
static inline int style_equal(const tsr_style *a, const tsr_style *b)
{
    return a->fg == b->fg && a->bg == b->bg && a->ul_color == b->ul_color &&
           a->attrs == b->attrs && a->underline == b->underline && a->link == b->link;
}
static inline int style_is_default(const tsr_style *s)
{
    return (s->fg | s->bg | s->ul_color | s->attrs | s->underline | s->link) == 0;
}

/* Finds or adds s. Returns TSR_ERR_NOMEM only when the table cannot grow;
 * STYLE_FULL when the caller should collect garbage and try again. */
#define STYLE_FULL 1
int style_intern(style_table *st, const tsr_style *s, uint32_t *id);

static inline const tsr_style *style_get(const style_table *st, uint32_t id)
{
    return &st->styles[id < st->count ? id : 0];
}

/* Garbage collection: the owner marks every id still referenced, then
 * sweeps; unmarked ids are recycled. */
void style_gc_begin(style_table *st);
static inline void style_gc_mark(style_table *st, uint32_t id)
{
    if (id < st->count)
        st->used[id] = 1;
}
int style_gc_end(style_table *st);

#endif
