/* The colours a person sees for a style: defaults from the theme, indexed
 * colours from the xterm palette, then inverse, dim and hidden. */
#include "tessera/svg.h"

#include "tessera/tessera.h"

static uint32_t resolve(uint32_t color, uint32_t fallback)
{
    switch (TSR_COLOR_KIND(color)) {
    case TSR_COLOR_KIND_INDEXED:
        return tsr_palette_default((int)(color & 0xffu));
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

static void paint(const tsr_style *s, uint32_t *fg, uint32_t *bg)
{
    uint32_t f = resolve(s->fg, TSR_THEME_FG), b = resolve(s->bg, TSR_THEME_BG);
    if (s->attrs & TSR_ATTR_INVERSE) {
        uint32_t t = f;
        f = b;
        b = t;
    }
    if (s->attrs & TSR_ATTR_DIM)
        f = halfway(f, b);
    if (s->attrs & TSR_ATTR_HIDDEN)
        f = b;
    *fg = f;
    *bg = b;
}

uint32_t tsr_style_fg_rgb(const tsr_style *style)
{
    uint32_t fg, bg;
    paint(style, &fg, &bg);
    return fg;
}

uint32_t tsr_style_bg_rgb(const tsr_style *style)
{
    uint32_t fg, bg;
    paint(style, &fg, &bg);
    return bg;
}

uint32_t tsr_style_underline_rgb(const tsr_style *style)
{
    uint32_t fg, bg;
    paint(style, &fg, &bg);
    if (TSR_COLOR_KIND(style->ul_color) == TSR_COLOR_KIND_DEFAULT || (style->attrs & TSR_ATTR_HIDDEN))
        return fg;
    uint32_t ul = resolve(style->ul_color, fg);
    return style->attrs & TSR_ATTR_DIM ? halfway(ul, bg) : ul;
}
