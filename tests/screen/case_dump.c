/* The --dump records (format in case_dump.h). Every function does nothing
 * unless the harness was started with --dump. */
#include "case_dump.h"

#include <stdio.h>

#include "tessera/text.h"

static void hex(FILE *f, const char *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char pair[2];
        tsr_hex_byte((unsigned char)bytes[i], pair);
        fwrite(pair, 1, 2, f);
    }
}

void case_dump_start(case_ctx *c)
{
    if (c->dump)
        fprintf(c->dump, "case %s %s\n", c->file, c->name);
}

void case_dump_term(case_ctx *c)
{
    if (c->dump)
        fprintf(c->dump, "term %d %d %d %d\n", c->opts.rows, c->opts.cols, c->opts.scrollback,
                c->opts.reflow ? 1 : 0);
}

void case_dump_feed(case_ctx *c, const char *bytes, size_t len)
{
    if (!c->dump)
        return;
    fputs("feed ", c->dump);
    hex(c->dump, bytes, len);
    fputc('\n', c->dump);
}

void case_dump_feed_repeat(case_ctx *c, long n, const char *bytes, size_t len)
{
    if (!c->dump)
        return;
    fprintf(c->dump, "feed-repeat %ld ", n);
    hex(c->dump, bytes, len);
    fputc('\n', c->dump);
}

void case_dump_resize(case_ctx *c, int rows, int cols)
{
    if (c->dump)
        fprintf(c->dump, "resize %d %d\n", rows, cols);
}

void case_dump_reset(case_ctx *c)
{
    if (c->dump)
        fputs("reset\n", c->dump);
}

static void rendering(case_ctx *c, const char *name, int (*render)(const tsr_term *, tsr_buf *))
{
    tsr_buf buf = {0};
    fprintf(c->dump, "%s ", name);
    if (render(c->term, &buf) == TSR_OK)
        hex(c->dump, buf.data, buf.len);
    else
        fputs("failed", c->dump);
    fputc('\n', c->dump);
    tsr_buf_free(&buf);
}

void case_dump_finish(case_ctx *c)
{
    if (!c->dump)
        return;
    if (c->term) {
        rendering(c, "text", tsr_render_text);
        rendering(c, "exact", tsr_render_exact);
        rendering(c, "styled", tsr_render_styled);
        tsr_cursor cur;
        tsr_term_cursor(c->term, &cur);
        fprintf(c->dump, "cursor %d %d %d %d %d %d\n", cur.row, cur.col, cur.visible, cur.shape,
                cur.blink, cur.pending_wrap);
    }
    fputs("end\n", c->dump);
}
