/* libtsm driven as a real embedder drives it: a tsm_screen with a scrollback
 * of 1000 lines (kept inside libtsm) and a tsm_vte on top, which always
 * decodes UTF-8. Replies arrive through the write callback; we count them and
 * drop them after every chunk, where a host would write them to the PTY. */
#include "harness.h"

#include <libtsm.h>
#include <stdlib.h>

#define ROWS 24
#define COLS 80
#define SCROLLBACK 1000

typedef struct tsm_ctx {
    struct tsm_screen *screen;
    struct tsm_vte *vte;
    uint64_t pending;  /* reply bytes since the last chunk */
    uint64_t reply_bytes;
} tsm_ctx;

static void on_write(struct tsm_vte *vte, const char *u8, size_t len, void *data)
{
    (void)vte;
    (void)u8;
    ((tsm_ctx *)data)->pending += len;
}

static void destroy(void *ctx)
{
    tsm_ctx *c = ctx;
    if (c == NULL)
        return;
    if (c->vte)
        tsm_vte_unref(c->vte);
    if (c->screen) {
        /* tsm_screen_unref leaves the scrollback lines allocated (libtsm
         * 4.0.2); clearing it first frees them. */
        tsm_screen_clear_sb(c->screen);
        tsm_screen_unref(c->screen);
    }
    free(c);
}

static void *create(void)
{
    tsm_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    if (tsm_screen_new(&c->screen, NULL, NULL) < 0) {
        destroy(c);
        return NULL;
    }
    tsm_screen_set_max_sb(c->screen, SCROLLBACK);
    if (tsm_screen_resize(c->screen, COLS, ROWS) < 0 ||
        tsm_vte_new(&c->vte, c->screen, on_write, c, NULL, NULL) < 0) {
        destroy(c);
        return NULL;
    }
    return c;
}

static int feed(void *ctx, const char *bytes, size_t len)
{
    tsm_ctx *c = ctx;
    tsm_vte_input(c->vte, bytes, len);
    c->reply_bytes += c->pending;  /* "drained": a host would write() them here */
    c->pending = 0;
    return 0;
}

static int on_draw(struct tsm_screen *con, uint64_t id, const uint32_t *ch, size_t len,
                   unsigned int width, unsigned int posx, unsigned int posy,
                   const struct tsm_screen_attr *attr, tsm_age_t age, void *data)
{
    (void)con;
    (void)id;
    (void)posx;
    (void)posy;
    (void)attr;
    (void)age;
    uint64_t *h = data;
    if (width == 0)
        return 0;  /* the tail of a wide character */
    *h = bench_hash_u32(*h, len > 0 && ch[0] != 0 ? ch[0] : ' ');
    return 0;
}

/* First codepoint of each cell, wide tails skipped, blanks as spaces. */
static uint64_t checksum(void *ctx)
{
    tsm_ctx *c = ctx;
    uint64_t h = BENCH_HASH_SEED;
    tsm_screen_draw(c->screen, on_draw, &h);
    return h;
}

static uint64_t reply_bytes(void *ctx)
{
    return ((tsm_ctx *)ctx)->reply_bytes;
}

BENCH_DRIVER_MAIN("libtsm")
