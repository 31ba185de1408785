/* libvterm driven as a real embedder drives it: the screen layer on, the
 * alternate screen enabled, and a scrollback of 1000 lines kept by us (libvterm
 * hands scrolled-off lines to sb_pushline and forgets them), each line copied
 * into a preallocated ring of VTermScreenCell rows. Replies (DA, DSR, ...) are
 * read out of libvterm's output buffer after every chunk. No damage callback:
 * none of the three engines renders here. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <vterm.h>

#define ROWS 24
#define COLS 80
#define SCROLLBACK 1000

typedef struct vterm_ctx {
    VTerm *vt;
    VTermScreen *screen;
    VTermScreenCell *sb;  /* SCROLLBACK rows of COLS cells, a ring */
    int sb_head, sb_count;
    char reply[4096];
    uint64_t reply_bytes;
} vterm_ctx;

static int on_pushline(int cols, const VTermScreenCell *cells, void *user)
{
    vterm_ctx *c = user;
    VTermScreenCell *line = c->sb + (size_t)c->sb_head * COLS;
    int n = cols < COLS ? cols : COLS;
    memcpy(line, cells, (size_t)n * sizeof *cells);
    if (n < COLS)
        memset(line + n, 0, (size_t)(COLS - n) * sizeof *cells);
    c->sb_head = (c->sb_head + 1) % SCROLLBACK;
    if (c->sb_count < SCROLLBACK)
        c->sb_count++;
    return 1;
}

static const VTermScreenCallbacks callbacks = {
    .sb_pushline = on_pushline,
};

static void destroy(void *ctx)
{
    vterm_ctx *c = ctx;
    if (c == NULL)
        return;
    if (c->vt)
        vterm_free(c->vt);
    free(c->sb);
    free(c);
}

static void *create(void)
{
    vterm_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->sb = calloc((size_t)SCROLLBACK * COLS, sizeof *c->sb);
    c->vt = vterm_new(ROWS, COLS);
    if (c->sb == NULL || c->vt == NULL) {
        destroy(c);
        return NULL;
    }
    vterm_set_utf8(c->vt, 1);
    c->screen = vterm_obtain_screen(c->vt);
    vterm_screen_set_callbacks(c->screen, &callbacks, c);
    vterm_screen_enable_altscreen(c->screen, 1);
    vterm_screen_reset(c->screen, 1);
    return c;
}

static int feed(void *ctx, const char *bytes, size_t len)
{
    vterm_ctx *c = ctx;
    while (len > 0) {
        size_t used = vterm_input_write(c->vt, bytes, len);
        if (used == 0)
            return -1;
        bytes += used;
        len -= used;
    }
    size_t got;
    while ((got = vterm_output_read(c->vt, c->reply, sizeof c->reply)) > 0)
        c->reply_bytes += got;
    return 0;
}

/* First codepoint of each cell, wide tails skipped, blanks as spaces. */
static uint64_t checksum(void *ctx)
{
    vterm_ctx *c = ctx;
    uint64_t h = BENCH_HASH_SEED;
    for (int row = 0; row < ROWS; row++) {
        for (int col = 0; col < COLS; col++) {
            VTermScreenCell cell;
            vterm_screen_get_cell(c->screen, (VTermPos){.row = row, .col = col}, &cell);
            uint32_t cp = cell.chars[0];
            h = bench_hash_u32(h, cp == 0 ? ' ' : cp);
            if (cell.width == 2)
                col++;
        }
    }
    return h;
}

static uint64_t reply_bytes(void *ctx)
{
    return ((vterm_ctx *)ctx)->reply_bytes;
}

BENCH_DRIVER_MAIN("libvterm")
