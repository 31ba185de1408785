/* The SVG rendering of a screen, over the public cell and cursor readers,
 * so a live terminal and a kept revision are drawn by the same code.
 * Layers, in order: the background (the theme's, or the program's OSC 11),
 * background runs, text runs, lines (underlines, strike, overline), the
 * cursor. Colours are the screen's own (paint.c). A double-size line's
 * layers are drawn scaled: twice as wide, and for a double-height half
 * twice as tall in a viewport of its row that shows that half. */
#include "tessera/svg.h"

#include <stdlib.h>

#include "paint.h"

#include "tessera/tessera.h"
#include "tessera/text.h"

enum { W = TSR_SVG_CELL_WIDTH, H = TSR_SVG_CELL_HEIGHT, BASELINE = 14 };

typedef int (*cell_reader)(const void *src, int row, int col, tsr_cell_info *out);
typedef int (*line_reader)(const void *src, int row); /* TSR_LINE_* */

typedef struct svg_source {
    const void *src;
    cell_reader cell;
    line_reader line_size;
    int rows, cols;
    tsr_cursor cursor;
    painter paint; /* the colours the program set on that screen */
} svg_source;

/* The writer keeps the first failure; every later call does nothing. */
typedef struct svg_out {
    tsr_buf *buf;
    int status;
    const painter *paint;
} svg_out;

static uint32_t fg_of(const svg_out *o, const tsr_style *st)
{
    tsr_paint p;
    painter_paint(o->paint, st, &p);
    return p.fg;
}

static uint32_t bg_of(const svg_out *o, const tsr_style *st)
{
    tsr_paint p;
    painter_paint(o->paint, st, &p);
    return p.bg;
}

static void put(svg_out *o, const char *s)
{
    if (o->status == TSR_OK)
        o->status = tsr_buf_puts(o->buf, s);
}

static void num(svg_out *o, long v)
{
    if (v < 0) {
        put(o, "-");
        v = -v;
    }
    if (o->status == TSR_OK)
        o->status = tsr_buf_put_uint(o->buf, (unsigned long)v);
}

static void color(svg_out *o, uint32_t rgb)
{
    char hex[8] = "#";
    for (int i = 0; i < 3; i++)
        tsr_hex_byte((unsigned char)(rgb >> (16 - 8 * i)), hex + 1 + 2 * i);
    hex[7] = '\0';
    put(o, hex);
}

/* A code point as XML text: the five specials as entities, and anything
 * XML 1.0 cannot hold (C0 but tab, surrogates, U+FFFE/U+FFFF) as U+FFFD. */
static void xml_char(svg_out *o, uint32_t cp)
{
    switch (cp) {
    case '&': put(o, "&amp;"); return;
    case '<': put(o, "&lt;"); return;
    case '>': put(o, "&gt;"); return;
    case '"': put(o, "&quot;"); return;
    case '\'': put(o, "&apos;"); return;
    default: break;
    }
    if ((cp < 0x20 && cp != '\t') || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe ||
        cp == 0xffff || cp > 0x10ffff)
        cp = 0xfffd;
    if (o->status == TSR_OK)
        o->status = tsr_buf_put_utf8(o->buf, cp);
}

static void rect(svg_out *o, long x, long y, long w, long h, uint32_t fill, const char *extra)
{
    put(o, "<rect x=\"");
    num(o, x);
    put(o, "\" y=\"");
    num(o, y);
    put(o, "\" width=\"");
    num(o, w);
    put(o, "\" height=\"");
    num(o, h);
    put(o, "\" fill=\"");
    color(o, fill);
    put(o, "\"");
    put(o, extra);
    put(o, "/>\n");
}

/* One row's cells, read once. */
typedef struct row_cells {
    tsr_cell_info *cells;
    int cols;
} row_cells;

static int read_row(const svg_source *s, int row, row_cells *r)
{
    for (int x = 0; x < s->cols; x++) {
        int rc = s->cell(s->src, row, x, &r->cells[x]);
        if (rc != TSR_OK)
            return rc;
    }
    return TSR_OK;
}

static void backgrounds(svg_out *o, const row_cells *r, int row)
{
    int x = 0;
    while (x < r->cols) {
        uint32_t bg = bg_of(o, &r->cells[x].style);
        int end = x + 1;
        while (end < r->cols && bg_of(o, &r->cells[end].style) == bg)
            end++;
        if (bg != o->paint->bg)
            rect(o, (long)x * W, (long)row * H, (long)(end - x) * W, H, bg, "");
        x = end;
    }
}

/* Cells drawn in one <text>: the same colour, weight and slant, one code
 * point each (a cluster gets a <text> of its own). */
static int shows_text(const tsr_cell_info *c)
{
    return c->ncps > 0 && c->width > 0 && !(c->style.attrs & TSR_ATTR_HIDDEN) &&
           !(c->ncps == 1 && c->cps[0] == ' ');
}

static int same_font(const svg_out *o, const tsr_cell_info *a, const tsr_cell_info *b)
{
    const uint16_t font = TSR_ATTR_BOLD | TSR_ATTR_ITALIC;
    return a->ncps == 1 && b->ncps == 1 && (a->style.attrs & font) == (b->style.attrs & font) &&
           fg_of(o, &a->style) == fg_of(o, &b->style);
}

static void text_run(svg_out *o, const row_cells *r, int row, int from, int to)
{
    const tsr_style *st = &r->cells[from].style;
    put(o, "<text y=\"");
    num(o, (long)row * H + BASELINE);
    put(o, "\" x=\"");
    for (int x = from; x < to; x++) {
        if (!shows_text(&r->cells[x]))
            continue;
        if (x > from)
            put(o, " ");
        num(o, (long)x * W);
    }
    put(o, "\" fill=\"");
    color(o, fg_of(o, st));
    put(o, "\"");
    if (st->attrs & TSR_ATTR_BOLD)
        put(o, " font-weight=\"bold\"");
    if (st->attrs & TSR_ATTR_ITALIC)
        put(o, " font-style=\"italic\"");
    put(o, ">");
    for (int x = from; x < to; x++)
        if (shows_text(&r->cells[x]))
            for (int i = 0; i < r->cells[x].ncps; i++)
                xml_char(o, r->cells[x].cps[i]);
    put(o, "</text>\n");
}

static void texts(svg_out *o, const row_cells *r, int row)
{
    int x = 0;
    while (x < r->cols) {
        if (!shows_text(&r->cells[x])) {
            x++;
            continue;
        }
        /* a run ends at the first cell in another font; blanks and the
         * tails of wide characters inside it are skipped by x positions */
        int end = x + 1, last = x;
        while (end < r->cols) {
            const tsr_cell_info *c = &r->cells[end];
            if (shows_text(c)) {
                if (!same_font(o, &r->cells[last], c))
                    break;
                last = end;
            } else if (c->width != 0 && !(c->ncps == 0 || (c->ncps == 1 && c->cps[0] == ' '))) {
                break; /* hidden text ends the run */
            }
            end++;
        }
        text_run(o, r, row, x, last + 1);
        x = last + 1;
    }
}

/* The lines a cell carries: which one, at what height, how drawn. */
typedef struct line_kind {
    int y, thickness;
    const char *dash; /* stroke-dasharray, "" for solid */
} line_kind;

static void line(svg_out *o, long x0, long x1, long y, uint32_t rgb, const char *dash)
{
    put(o, "<line x1=\"");
    num(o, x0);
    put(o, "\" x2=\"");
    num(o, x1);
    put(o, "\" y1=\"");
    num(o, y);
    put(o, "\" y2=\"");
    num(o, y);
    put(o, "\" stroke=\"");
    color(o, rgb);
    put(o, "\" stroke-width=\"1\"");
    if (dash[0]) {
        put(o, " stroke-dasharray=\"");
        put(o, dash);
        put(o, "\"");
    }
    put(o, "/>\n");
}

static void curly(svg_out *o, long x0, long x1, long y, uint32_t rgb)
{
    put(o, "<path d=\"M");
    num(o, x0);
    put(o, " ");
    num(o, y);
    for (long x = x0; x < x1; x += 4) {
        put(o, " q2 ");
        num(o, (x - x0) / 4 % 2 ? 2 : -2);
        put(o, " 4 0");
    }
    put(o, "\" fill=\"none\" stroke=\"");
    color(o, rgb);
    put(o, "\" stroke-width=\"1\"/>\n");
}

/* which: 0 underline, 1 strike, 2 overline. The key says whether a cell
 * carries that line and how, so equal neighbours join into one line. */
static uint32_t line_key(const svg_out *o, const tsr_cell_info *c, int which, uint32_t *rgb)
{
    const tsr_style *s = &c->style;
    if (s->attrs & TSR_ATTR_HIDDEN)
        return 0;
    tsr_paint p;
    painter_paint(o->paint, s, &p);
    switch (which) {
    case 0:
        *rgb = p.underline;
        return s->underline;
    case 1:
        *rgb = p.fg;
        return (s->attrs & TSR_ATTR_STRIKE) ? 1 : 0;
    default:
        *rgb = p.fg;
        return (s->attrs & TSR_ATTR_OVERLINE) ? 1 : 0;
    }
}

static void draw_line(svg_out *o, int which, uint32_t kind, long x0, long x1, long top, uint32_t rgb)
{
    if (which == 1) {
        line(o, x0, x1, top + H / 2, rgb, "");
    } else if (which == 2) {
        line(o, x0, x1, top + 1, rgb, "");
    } else if (kind == TSR_UNDERLINE_DOUBLE) {
        line(o, x0, x1, top + H - 3, rgb, "");
        line(o, x0, x1, top + H - 1, rgb, "");
    } else if (kind == TSR_UNDERLINE_CURLY) {
        curly(o, x0, x1, top + H - 2, rgb);
    } else {
        line(o, x0, x1, top + H - 2, rgb,
             kind == TSR_UNDERLINE_DOTTED ? "1 2" : kind == TSR_UNDERLINE_DASHED ? "4 2" : "");
    }
}

static void lines(svg_out *o, const row_cells *r, int row)
{
    for (int which = 0; which < 3; which++) {
        int x = 0;
        while (x < r->cols) {
            uint32_t rgb = 0, next_rgb = 0;
            uint32_t key = line_key(o, &r->cells[x], which, &rgb);
            int end = x + 1;
            while (end < r->cols && line_key(o, &r->cells[end], which, &next_rgb) == key &&
                   next_rgb == rgb)
                end++;
            if (key)
                draw_line(o, which, key, (long)x * W, (long)end * W, (long)row * H, rgb);
            x = end;
        }
    }
}

static void cursor(svg_out *o, const svg_source *s)
{
    const tsr_cursor *c = &s->cursor;
    if (!c->visible || c->row < 0 || c->row >= s->rows || c->col < 0 || c->col >= s->cols)
        return;
    /* on a double-size line the cursor's cell is drawn twice as wide */
    const int sx = s->line_size(s->src, c->row) > TSR_LINE_SINGLE ? 2 : 1;
    long x = (long)c->col * W * sx, y = (long)c->row * H;
    const char *mark = " fill-opacity=\"0.6\" class=\"cursor\"";
    uint32_t rgb = s->paint.cursor;
    if (c->shape == TSR_CURSOR_UNDERLINE)
        rect(o, x, y + H - 2, W * sx, 2, rgb, mark);
    else if (c->shape == TSR_CURSOR_BAR)
        rect(o, x, y, 2, H, rgb, mark);
    else
        rect(o, x, y, W * sx, H, rgb, mark);
}

/* Opens the group a double-size row's layers are drawn in (nothing for a
 * single one); close_size ends it. Double height: a viewport of the row,
 * holding the row drawn at twice the size from its top (the top half) or
 * from one row higher (the bottom half). */
static void open_size(svg_out *o, int size, int row, long width)
{
    if (size == TSR_LINE_DOUBLE_WIDTH) {
        put(o, "<g transform=\"matrix(2 0 0 1 0 0)\">\n");
    } else if (size == TSR_LINE_DOUBLE_HEIGHT_TOP || size == TSR_LINE_DOUBLE_HEIGHT_BOTTOM) {
        long top = (long)row * H;
        put(o, "<svg x=\"0\" y=\"");
        num(o, top);
        put(o, "\" width=\"");
        num(o, width);
        put(o, "\" height=\"");
        num(o, H);
        put(o, "\" overflow=\"hidden\"><g transform=\"matrix(2 0 0 2 0 ");
        num(o, -2 * top - (size == TSR_LINE_DOUBLE_HEIGHT_BOTTOM ? H : 0));
        put(o, ")\">\n");
    }
}

static void close_size(svg_out *o, int size)
{
    if (size == TSR_LINE_DOUBLE_WIDTH)
        put(o, "</g>\n");
    else if (size == TSR_LINE_DOUBLE_HEIGHT_TOP || size == TSR_LINE_DOUBLE_HEIGHT_BOTTOM)
        put(o, "</g></svg>\n");
}

static int render(const svg_source *s, tsr_buf *out)
{
    svg_out o = {out, TSR_OK, &s->paint};
    long width = (long)s->cols * W, height = (long)s->rows * H;
    put(&o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    num(&o, width);
    put(&o, "\" height=\"");
    num(&o, height);
    put(&o, "\" viewBox=\"0 0 ");
    num(&o, width);
    put(&o, " ");
    num(&o, height);
    put(&o, "\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"");
    num(&o, TSR_SVG_FONT_SIZE);
    put(&o, "\" xml:space=\"preserve\">\n");
    rect(&o, 0, 0, width, height, s->paint.bg, "");
    row_cells r = {calloc((size_t)s->cols, sizeof(tsr_cell_info)), s->cols};
    if (!r.cells && o.status == TSR_OK)
        o.status = TSR_ERR_NOMEM;
    for (int row = 0; row < s->rows && o.status == TSR_OK; row++) {
        o.status = read_row(s, row, &r);
        if (o.status != TSR_OK)
            break;
        int size = s->line_size(s->src, row);
        open_size(&o, size, row, width);
        backgrounds(&o, &r, row);
        texts(&o, &r, row);
        lines(&o, &r, row);
        close_size(&o, size);
    }
    free(r.cells);
    cursor(&o, s);
    put(&o, "</svg>");
    return o.status;
}

static int term_cell(const void *src, int row, int col, tsr_cell_info *out)
{
    return tsr_term_cell(src, row, col, out);
}

static int snapshot_cell(const void *src, int row, int col, tsr_cell_info *out)
{
    return tsr_snapshot_cell(src, row, col, out);
}

static int term_line(const void *src, int row)
{
    return tsr_term_line_size(src, row);
}

static int snapshot_line(const void *src, int row)
{
    return tsr_snapshot_line_size(src, row);
}

int tsr_render_svg(const tsr_term *term, tsr_buf *out)
{
    if (!term || !out)
        return TSR_ERR_INVALID;
    svg_source s = {term, term_cell, term_line, tsr_term_rows(term), tsr_term_cols(term), {0}, {0}};
    tsr_term_cursor(term, &s.cursor);
    painter_of_term(&s.paint, term);
    return render(&s, out);
}

int tsr_snapshot_render_svg(const tsr_snapshot *snap, tsr_buf *out)
{
    if (!snap || !out)
        return TSR_ERR_INVALID;
    svg_source s = {snap, snapshot_cell, snapshot_line, tsr_snapshot_rows(snap),
                    tsr_snapshot_cols(snap), {0}, {0}};
    tsr_snapshot_cursor(snap, &s.cursor);
    painter_of_snapshot(&s.paint, snap);
    return render(&s, out);
}
