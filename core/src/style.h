/* Interned styles: every distinct tsr_style gets a small id, and a cell
 * stores only the id. Id 0 is always the default style. */
#ifndef TSR_STYLE_H
#define TSR_STYLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tessera/tessera.h"

typedef struct style_table {
    tsr_style *styles;  /* by id */
    uint8_t *used;      /* 1 if the id is live (id 0 always) */
    /* Open addressing, linear probing, at most half full: each slot is
     * hash << 32 | (id + 1), 0 when empty, so a probe compares hashes
     * without reading the style. */
    uint64_t *slots;
    uint32_t *free_ids; /* ids released by a collection */
    uint32_t count;     /* ids handed out (high-water mark) */
    uint32_t cap;       /* capacity of styles/used; slots has 2*cap */
    uint32_t mask;      /* 2*cap - 1 */
    uint32_t nfree;
    uint32_t live;
    int grow_next;      /* the last collection freed too little: grow instead */
} style_table;

int style_table_init(style_table *st);
void style_table_free(style_table *st);
/* Resets to just the default style. */
void style_table_clear(style_table *st);

/* A style read as words: fg and bg; ul_color, attrs, underline and the
 * reserved byte; link. Comparing and hashing go word by word, with the
 * reserved byte masked off, so it takes no part. */
_Static_assert(sizeof(tsr_style) == 20 && offsetof(tsr_style, ul_color) == 8 &&
                   offsetof(tsr_style, reserved) == 15 && offsetof(tsr_style, link) == 16,
               "style_word reads tsr_style as two 8-byte words and the link");
static inline uint64_t style_word(const tsr_style *s, size_t at)
{
    uint64_t w;
    memcpy(&w, (const unsigned char *)s + at, sizeof w);
    return w;
}
/* The second word without the reserved byte. */
static inline uint64_t style_word1(const tsr_style *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return style_word(s, 8) & 0x00ffffffffffffffull; /* reserved is the top byte */
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return style_word(s, 8) & 0xffffffffffffff00ull;
#else
    return (uint64_t)s->ul_color | (uint64_t)s->attrs << 32 | (uint64_t)s->underline << 48;
#endif
}

/* Inline: the pen is compared on every SGR and looked up on every print
 * after one. */
static inline int style_equal(const tsr_style *a, const tsr_style *b)
{
    return ((style_word(a, 0) ^ style_word(b, 0)) | (style_word1(a) ^ style_word1(b)) |
            (a->link ^ b->link)) == 0;
}
static inline int style_is_default(const tsr_style *s)
{
    return (style_word(s, 0) | style_word1(s) | s->link) == 0;
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
