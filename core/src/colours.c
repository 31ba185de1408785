/* The colours a program sets: the 256-entry palette (OSC 4, reset by
 * OSC 104) and the default text, background and cursor colours (OSC 10,
 * 11, 12; reset by 110, 111, 112). A view carries them only while one
 * differs from its default, so a screen whose program set nothing hashes,
 * renders and is kept exactly as before colours were kept at all. */
#include "term.h"

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
