/* The colours a program sets: the 256-entry palette (OSC 4, reset by
 * OSC 104) and the default text, background and cursor colours (OSC 10,
 * 11, 12; reset by 110, 111, 112). A view carries them only while one
 * differs from its default, so a screen whose program set nothing hashes,
 * renders and is kept exactly as before colours were kept at all. */
#include "term.h"

#include <stdio.h>
#include <string.h>

void colours_defaults(screen_colours *c)
{
    term_palette_defaults(c->palette);
    c->fg = TSR_DEFAULT_FG;
    c->bg = TSR_DEFAULT_BG;
    c->cursor = TSR_DEFAULT_CURSOR;
}

int colours_changed(const screen_colours *c)
{
    screen_colours def;
    colours_defaults(&def);
    return memcmp(c, &def, sizeof def) != 0;
}

uint64_t colours_hash(const screen_colours *c)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a over the values */
    const uint32_t *w = c->palette;
    for (size_t i = 0; i < sizeof *c / sizeof *w; i++)
        h = (h ^ w[i]) * 0x100000001b3ull;
    return h;
}

uint32_t tsr_dynamic_color_default(int which)
{
    switch (which) {
    case TSR_DYNAMIC_FG: return TSR_DEFAULT_FG;
    case TSR_DYNAMIC_BG: return TSR_DEFAULT_BG;
    case TSR_DYNAMIC_CURSOR: return TSR_DEFAULT_CURSOR;
    default: return 0;
    }
}

uint32_t view_palette(const view *v, int index)
{
    if (index < 0 || index > 255)
        return 0;
    return v->meta.colours ? v->meta.colours->palette[index] : tsr_palette_default(index);
}

uint32_t view_dynamic_color(const view *v, int which)
{
    const screen_colours *c = v->meta.colours;
    if (!c)
        return tsr_dynamic_color_default(which);
    switch (which) {
    case TSR_DYNAMIC_FG: return c->fg;
    case TSR_DYNAMIC_BG: return c->bg;
    case TSR_DYNAMIC_CURSOR: return c->cursor;
    default: return 0;
    }
}

static int put_entry(tsr_buf *b, const char *name, unsigned index, uint32_t rgb)
{
    char hex[6];
    for (int i = 0; i < 3; i++)
        hex_byte((unsigned char)(rgb >> (16 - 8 * i)), hex + 2 * i);
    int rc = buf_putc(b, ' ');
    if (!rc)
        rc = name ? buf_puts(b, name) : buf_put_uint(b, index);
    if (!rc)
        rc = buf_puts(b, "=#");
    return rc ? rc : buf_append(b, hex, 6);
}

/* The styled rendering's last line: "{palette 1=#123456 fg=#ffffff}", the
 * entries that differ from the defaults in index order, then fg, bg and
 * cursor; nothing at all when none differs. */
int colours_render_styled(const screen_colours *c, tsr_buf *out)
{
    screen_colours def;
    colours_defaults(&def);
    if (!memcmp(c, &def, sizeof def))
        return TSR_OK;
    int rc = buf_puts(out, "\n{palette");
    for (unsigned i = 0; i < 256 && !rc; i++)
        if (c->palette[i] != def.palette[i])
            rc = put_entry(out, NULL, i, c->palette[i]);
    const char *names[3] = {"fg", "bg", "cursor"};
    const uint32_t now[3] = {c->fg, c->bg, c->cursor}, was[3] = {def.fg, def.bg, def.cursor};
    for (int i = 0; i < 3 && !rc; i++)
        if (now[i] != was[i])
            rc = put_entry(out, names[i], 0, now[i]);
    return rc ? rc : buf_putc(out, '}');
}

/* A channel 0-255 as a percentage, rounded. */
static unsigned percent(unsigned v)
{
    return (v * 100 + 127) / 255;
}

/* rgb as DEC's HLS: hue in degrees with blue at 0, red at 120 and green
 * at 240 (the VT340's and ReGIS's circle, 120 degrees on from the usual
 * one), lightness and saturation in percent. Integers, rounded, so the
 * native and wasm engines answer alike. */
static void dec_hls(uint32_t rgb, unsigned hls[3])
{
    int r = (int)(rgb >> 16 & 0xff), g = (int)(rgb >> 8 & 0xff), b = (int)(rgb & 0xff);
    int max = r > g ? (r > b ? r : b) : (g > b ? g : b);
    int min = r < g ? (r < b ? r : b) : (g < b ? g : b);
    int d = max - min, sum = max + min;
    hls[1] = (unsigned)((sum * 100 + 255) / 510);
    if (d == 0) {
        hls[0] = hls[2] = 0;
        return;
    }
    int span = sum <= 255 ? sum : 510 - sum;
    hls[2] = (unsigned)((d * 200 + span) / (2 * span));
    /* the usual hue, in sixths of the circle scaled by d, then degrees */
    int sixths = max == r ? g - b : max == g ? b - r + 2 * d : r - g + 4 * d;
    if (sixths < 0)
        sixths += 6 * d;
    int hue = (sixths * 120 + d) / (2 * d); /* degrees, rounded */
    hls[0] = (unsigned)((hue + 120) % 360);
}

/* DECCTR's data (DEC STD 070, DECRQTSR): every palette entry as
 * "Pc;Pu;Px;Py;Pz", '/' between them; Pu 1 is HLS, 2 is RGB in percent. */
int colours_table_report(const screen_colours *c, int rgb_space, tsr_buf *out)
{
    int rc = TSR_OK;
    for (unsigned i = 0; i < 256 && !rc; i++) {
        uint32_t v = c->palette[i];
        unsigned xyz[3] = {percent(v >> 16 & 0xff), percent(v >> 8 & 0xff), percent(v & 0xff)};
        if (!rgb_space)
            dec_hls(v, xyz);
        char entry[40];
        int n = snprintf(entry, sizeof entry, "%s%u;%d;%u;%u;%u", i ? "/" : "", i,
                         rgb_space ? 2 : 1, xyz[0], xyz[1], xyz[2]);
        rc = buf_append(out, entry, (size_t)n);
    }
    return rc;
}
