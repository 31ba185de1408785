/* Interned OSC 8 hyperlink URIs: every distinct URI gets a small id, kept
 * in the pen's style (and so in every cell written with it). Id 0 is "no
 * link". Ids are reused once a collection finds nothing using them. */
#ifndef TSR_LINK_H
#define TSR_LINK_H

#include <stddef.h>
#include <stdint.h>

typedef struct link_table {
    /* The arrays are indexed by id - 1. */
    char **uris;        /* NUL-terminated copies, NULL when free */
    uint32_t *lens;
    uint32_t *hashes;   /* probes compare these before the bytes */
    uint8_t *used;      /* the collector's marks */
    uint32_t *slots;    /* open-addressing hash of 2*cap entries: id, 0 empty */
    uint32_t *free_ids; /* ids released by a collection */
    uint32_t count;     /* ids 1..count handed out (high-water mark) */
    uint32_t cap;       /* room for ids 1..cap; a power of two */
    uint32_t nfree;
    uint32_t since_gc;  /* new URIs asked for since the last collection */
    int reset;          /* RIS happened: a full table collects at once */
} link_table;

void link_table_init(link_table *lt); /* empty; allocates on first use */
void link_table_free(link_table *lt);

/* Finds or adds uri. TSR_ERR_NOMEM when memory runs out; LINK_FULL when
 * the table is at its bound and a collection is due (collect, then ask
 * again); TSR_ERR_RANGE when it is at its bound and none is due yet. */
#define LINK_FULL 1
int link_intern(link_table *lt, const char *uri, size_t len, uint32_t *id);

/* The URI of a live id, or NULL. */
const char *link_uri(const link_table *lt, uint32_t id, size_t *len);

/* After RIS: the next time the table is full it collects at once. */
void link_table_after_reset(link_table *lt);

/* Garbage collection: the owner marks every id still referenced, then
 * sweeps; unmarked ids are freed and reused. */
void link_gc_begin(link_table *lt);
static inline void link_gc_mark(link_table *lt, uint32_t id)
{
    if (id - 1 < lt->count) /* id 0 wraps past count */
        lt->used[id - 1] = 1;
}
/* Returns how many ids were freed. */
uint32_t link_gc_end(link_table *lt);

#endif
