/* The colours a person sees for a style: defaults from the theme (or the
 * program's OSC 10 and 11), indexed colours from the palette in effect
 * (the xterm palette with the program's OSC 4 changes), then inverse, dim
 * and hidden. */
#include "paint.h"

static uint32_t default_palette(const void *src, int index)
{
    (void)src;
    return tsr_palette_default(index);
}

static uint32_t term_palette(const void *src, int index)
{
    return tsr_term_palette(src, index);
}

static uint32_t snapshot_palette(const void *src, int index)
{
    return tsr_snapshot_palette(src, index);
}

static const painter theme = {NULL, default_palette, TSR_THEME_FG, TSR_THEME_BG, TSR_THEME_FG};

/* A default colour the program changed replaces the theme's; one it left
 * alone (or set back) keeps the theme's, so pictures of programs that set
 * nothing look as they always did. */
static uint32_t chosen(uint32_t now, int which, uint32_t themed)
{
    return now == tsr_dynamic_color_default(which) ? themed : now;
}

static void painter_from(painter *p, const void *src, uint32_t (*palette)(const void *, int),
                         const uint32_t now[3])
{
    p->src = src;
    p->palette = palette;
    p->fg = chosen(now[0], TSR_DYNAMIC_FG, TSR_THEME_FG);
    p->bg = chosen(now[1], TSR_DYNAMIC_BG, TSR_THEME_BG);
    p->cursor = chosen(now[2], TSR_DYNAMIC_CURSOR, TSR_THEME_FG);
}

void painter_of_term(painter *p, const tsr_term *term)
{
    const uint32_t now[3] = {tsr_term_dynamic_color(term, TSR_DYNAMIC_FG),
                             tsr_term_dynamic_color(term, TSR_DYNAMIC_BG),
                             tsr_term_dynamic_color(term, TSR_DYNAMIC_CURSOR)};
    painter_from(p, term, term_palette, now);
}

void painter_of_snapshot(painter *p, const tsr_snapshot *s)
{
    const uint32_t now[3] = {tsr_snapshot_dynamic_color(s, TSR_DYNAMIC_FG),
                             tsr_snapshot_dynamic_color(s, TSR_DYNAMIC_BG),
                             tsr_snapshot_dynamic_color(s, TSR_DYNAMIC_CURSOR)};
    painter_from(p, s, snapshot_palette, now);
}

static uint32_t resolve(const painter *p, uint32_t color, uint32_t fallback)
{
    switch (TSR_COLOR_KIND(color)) {
    case TSR_COLOR_KIND_INDEXED:
        return p->palette(p->src, (int)(color & 0xffu));
    case TSR_COLOR_KIND_RGB:
        return color & 0xffffffu;
    default:
        return fallback;
    }
}

/* Half way from a to b, channel by channel (dim text fades into its background). */
static uint32_t halfway(uint32_t a, uint32_t b)
{
    uint32_t out = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        uint32_t x = (a >> shift) & 0xffu, y = (b >> shift) & 0xffu;
        out |= ((x + y) / 2) << shift;
    }
    return out;
}

void painter_paint(const painter *p, const tsr_style *s, tsr_paint *out)
{
    uint32_t f = resolve(p, s->fg, p->fg), b = resolve(p, s->bg, p->bg);
    if (s->attrs & TSR_ATTR_INVERSE) {
        uint32_t t = f;
        f = b;
        b = t;
    }
    if (s->attrs & TSR_ATTR_DIM)
        f = halfway(f, b);
    if (s->attrs & TSR_ATTR_HIDDEN)
        f = b;
    out->fg = f;
    out->bg = b;
    if (TSR_COLOR_KIND(s->ul_color) == TSR_COLOR_KIND_DEFAULT || (s->attrs & TSR_ATTR_HIDDEN)) {
        out->underline = f;
        return;
    }
    uint32_t ul = resolve(p, s->ul_color, f);
    out->underline = s->attrs & TSR_ATTR_DIM ? halfway(ul, b) : ul;
}

int tsr_term_paint(const tsr_term *term, const tsr_style *style, tsr_paint *out)
{
    if (!term || !style || !out)
        return TSR_ERR_INVALID;
    painter p;
    painter_of_term(&p, term);
    painter_paint(&p, style, out);
    return TSR_OK;
}

int tsr_snapshot_paint(const tsr_snapshot *s, const tsr_style *style, tsr_paint *out)
{
    if (!s || !style || !out)
        return TSR_ERR_INVALID;
    painter p;
    painter_of_snapshot(&p, s);
    painter_paint(&p, style, out);
    return TSR_OK;
}

uint32_t tsr_term_cursor_rgb(const tsr_term *term)
{
    if (!term)
        return TSR_THEME_FG;
    painter p;
    painter_of_term(&p, term);
    return p.cursor;
}

uint32_t tsr_snapshot_cursor_rgb(const tsr_snapshot *s)
{
    if (!s)
        return TSR_THEME_FG;
    painter p;
    painter_of_snapshot(&p, s);
    return p.cursor;
}

uint32_t tsr_style_fg_rgb(const tsr_style *style)
{
    tsr_paint out;
    painter_paint(&theme, style, &out);
    return out.fg;
}

uint32_t tsr_style_bg_rgb(const tsr_style *style)
{
    tsr_paint out;
    painter_paint(&theme, style, &out);
    return out.bg;
}

uint32_t tsr_style_underline_rgb(const tsr_style *style)
{
    tsr_paint out;
    painter_paint(&theme, style, &out);
    return out.underline;
}
