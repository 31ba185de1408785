/* Our core driven as the CLI and the JS host drive it: an 80x24 terminal
 * from tsr_options_default with a scrollback of 1000 lines (kept inside the
 * core), UTF-8 always on. After every chunk the replies are taken into one
 * reused buffer, where a host would write them back to the PTY. */
#include "harness.h"

#include <stdlib.h>
#include <tessera/tessera.h>

#define ROWS 24
#define COLS 80
#define SCROLLBACK 1000

typedef struct tessera_ctx {
    tsr_term *term;
    tsr_buf replies;
    uint64_t reply_bytes;
} tessera_ctx;

static void destroy(void *ctx)
{
    tessera_ctx *c = ctx;
    if (c == NULL)
        return;
    tsr_term_free(c->term);
    tsr_buf_free(&c->replies);
    free(c);
}

static void *create(void)
{
    tessera_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    tsr_options opts;
    tsr_options_default(&opts);
    opts.rows = ROWS;
    opts.cols = COLS;
    opts.scrollback = SCROLLBACK;
    if (tsr_term_new(&opts, &c->term) != TSR_OK) {
        free(c);
        return NULL;
    }
    return c;
}

static int feed(void *ctx, const char *bytes, size_t len)
{
    tessera_ctx *c = ctx;
    if (tsr_term_feed(c->term, bytes, len) != TSR_OK)
        return -1;
    tsr_buf_clear(&c->replies);
    if (tsr_term_take_replies(c->term, &c->replies) != TSR_OK)
        return -1;
    c->reply_bytes += c->replies.len;
    return 0;
}

/* First codepoint of each cell, wide tails skipped, blanks as spaces. */
static uint64_t checksum(void *ctx)
{
    tessera_ctx *c = ctx;
    uint64_t h = BENCH_HASH_SEED;
    tsr_cell_info cell;
    for (int row = 0; row < ROWS; row++) {
        for (int col = 0; col < COLS; col++) {
            if (tsr_term_cell(c->term, row, col, &cell) != TSR_OK || cell.width == 0)
                continue;
            h = bench_hash_u32(h, cell.ncps > 0 ? cell.cps[0] : ' ');
        }
    }
    return h;
}

static uint64_t reply_bytes(void *ctx)
{
    return ((tessera_ctx *)ctx)->reply_bytes;
}

BENCH_DRIVER_MAIN("tessera")
