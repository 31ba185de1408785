/* OSC strings (titles, palette and default colours, hyperlinks, the
 * clipboard) and DCS requests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"

static int set_string(char **dst, size_t *dst_len, const uint8_t *s, size_t n)
{
    if (n > TSR_MAX_TITLE_BYTES) {
        n = TSR_MAX_TITLE_BYTES;
        while (n > 0 && (s[n] & 0xc0) == 0x80)
            n--; /* do not cut a UTF-8 sequence */
    }
    char *c = malloc(n + 1);
    if (!c)
        return TSR_ERR_NOMEM;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] >= 0x20 && s[i] != 0x7f)
            c[k++] = (char)s[i]; /* controls never reach a title */
    c[k] = '\0';
    free(*dst);
    *dst = c;
    *dst_len = k;
    return TSR_OK;
}

/* One colour component of 1-4 hex digits, scaled to 8 bits. */
static int component(const uint8_t *s, size_t n, unsigned *out)
{
    if (n < 1 || n > 4)
        return 0;
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        int h = hex_digit(s[i]);
        if (h < 0)
            return 0;
        v = v * 16 + (unsigned)h;
    }
    unsigned max = (1u << (4 * n)) - 1;
    *out = (v * 255 + max / 2) / max;
    return 1;
}

/* "rgb:r/g/b" or "#rrggbb" (also #rgb, #rrrgggbbb, #rrrrggggbbbb). */
static int parse_color(const uint8_t *s, size_t n, uint32_t *rgb)
{
    unsigned c[3];
    if (n > 4 && memcmp(s, "rgb:", 4) == 0) {
        size_t start = 4;
        int k = 0;
        for (size_t i = 4; i <= n && k < 3; i++) {
            if (i == n || s[i] == '/') {
                if (!component(s + start, i - start, &c[k++]))
                    return 0;
                start = i + 1;
            }
        }
        if (k != 3 || start != n + 1)
            return 0;
    } else if (n > 1 && s[0] == '#' && (n - 1) % 3 == 0 && n - 1 <= 12) {
        size_t w = (n - 1) / 3;
        for (int k = 0; k < 3; k++)
            if (!component(s + 1 + (size_t)k * w, w, &c[k]))
                return 0;
    } else {
        return 0;
    }
    *rgb = c[0] << 16 | c[1] << 8 | c[2];
    return 1;
}

/* Splits at the next ';' : *field gets the text before it. */
static int next_field(const uint8_t **s, size_t *n, const uint8_t **field, size_t *flen)
{
    if (*n == (size_t)-1)
        return 0;
    const uint8_t *semi = *n ? memchr(*s, ';', *n) : NULL;
    *field = *s;
    if (!semi) {
        *flen = *n;
        *s += *n;
        *n = (size_t)-1; /* consumed */
        return 1;
    }
    *flen = (size_t)(semi - *s);
    *n -= *flen + 1;
    *s = semi + 1;
    return 1;
}

static int to_int(const uint8_t *s, size_t n, int *v)
{
    if (n == 0 || n > 6)
        return 0;
    int x = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        x = x * 10 + (s[i] - '0');
    }
    *v = x;
    return 1;
}

static void osc_palette(tsr_term *t, const uint8_t *s, size_t n, uint8_t tb)
{
    const uint8_t *f1, *f2;
    size_t l1, l2;
    while (next_field(&s, &n, &f1, &l1) && next_field(&s, &n, &f2, &l2)) {
        int idx;
        if (!to_int(f1, l1, &idx) || idx > 255)
            return;
        uint32_t rgb;
        if (l2 == 1 && f2[0] == '?')
            term_color_report(t, 4, idx, t->colours.palette[idx], tb);
        else if (parse_color(f2, l2, &rgb))
            t->colours.palette[idx] = rgb;
    }
}

static void osc_palette_reset(tsr_term *t, const uint8_t *s, size_t n)
{
    uint32_t def[256];
    term_palette_defaults(def);
    if (n == 0) {
        memcpy(t->colours.palette, def, sizeof def);
        return;
    }
    const uint8_t *f;
    size_t l;
    int idx;
    while (next_field(&s, &n, &f, &l))
        if (to_int(f, l, &idx) && idx <= 255)
            t->colours.palette[idx] = def[idx];
}

static uint32_t *dynamic_color(tsr_term *t, int which)
{
    return which == 10 ? &t->colours.fg : which == 11 ? &t->colours.bg : &t->colours.cursor;
}

static void osc_dynamic(tsr_term *t, int which, const uint8_t *s, size_t n, uint8_t tb)
{
    const uint8_t *f;
    size_t l;
    /* OSC 10;a;b sets 10 then 11: each further value is the next colour */
    while (which <= 12 && next_field(&s, &n, &f, &l)) {
        uint32_t rgb;
        if (l == 1 && f[0] == '?')
            term_color_report(t, which, 0, *dynamic_color(t, which), tb);
        else if (parse_color(f, l, &rgb))
            *dynamic_color(t, which) = rgb;
        which++;
    }
}

static void osc_hyperlink(tsr_term *t, const uint8_t *s, size_t n)
{
    const uint8_t *params, *uri;
    size_t lp, lu;
    if (!next_field(&s, &n, &params, &lp)) {
        term_note(t, "OSC", "8 (malformed)");
        return;
    }
    if (n == (size_t)-1) {
        term_note(t, "OSC", "8 (no URI field)");
        return;
    }
    uri = s;
    lu = n;
    uint32_t id = 0;
    if (lu > TSR_MAX_LINK_URI_BYTES) {
        term_note(t, "OSC", "8 (URI too long)"); /* and what follows has no link */
    } else if (lu) {
        int rc = term_link_id(t, (const char *)uri, lu, &id);
        if (rc == TSR_ERR_RANGE)
            term_note(t, "OSC", "8 (too many distinct links)");
        else if (rc)
            term_fail(t, rc);
    }
    t->pen.link = id;
    t->pen_dirty = PEN_CHANGED;
}

static void osc_clipboard(tsr_term *t, const uint8_t *s, size_t n)
{
    const uint8_t *sel;
    size_t ls;
    if (!next_field(&s, &n, &sel, &ls) || n == (size_t)-1) {
        term_note(t, "OSC", "52 (malformed)");
        return;
    }
    if (n == 1 && s[0] == '?') {
        term_note(t, "OSC", "52 query (never answered)");
        return;
    }
    char *data = malloc(n + 1), *selection = malloc(ls + 1);
    if (!data || !selection) {
        free(data);
        free(selection);
        term_fail(t, TSR_ERR_NOMEM);
        return;
    }
    memcpy(data, s, n);
    data[n] = '\0';
    memcpy(selection, sel, ls);
    selection[ls] = '\0';
    free(t->clipboard);
    free(t->clip_sel);
    t->clipboard = data;
    t->clip_sel = selection;
}

void term_osc(tsr_term *t, const uint8_t *data, size_t len, int truncated, uint8_t tb)
{
    if (truncated) {
        term_note(t, "OSC", "string too long, dropped");
        return;
    }
    const uint8_t *f;
    size_t l;
    int num;
    const uint8_t *s = data ? data : (const uint8_t *)"";
    size_t n = data ? len : 0;
    if (!next_field(&s, &n, &f, &l) || !to_int(f, l, &num)) {
        term_note(t, "OSC", "without a number, ignored");
        return;
    }
    if (n == (size_t)-1) {
        s = (const uint8_t *)"";
        n = 0;
    }
    switch (num) {
    case 0:
        term_fail(t, set_string(&t->title, &t->title_len, s, n));
        term_fail(t, set_string(&t->icon, &t->icon_len, s, n));
        return;
    case 1: term_fail(t, set_string(&t->icon, &t->icon_len, s, n)); return;
    case 2: term_fail(t, set_string(&t->title, &t->title_len, s, n)); return;
    case 4: osc_palette(t, s, n, tb); break;
    case 8: osc_hyperlink(t, s, n); return;
    case 10: case 11: case 12: osc_dynamic(t, num, s, n, tb); break;
    case 52: osc_clipboard(t, s, n); return;
    case 104: osc_palette_reset(t, s, n); break;
    case 110: t->colours.fg = TSR_DEFAULT_FG; break;
    case 111: t->colours.bg = TSR_DEFAULT_BG; break;
    case 112: t->colours.cursor = TSR_DEFAULT_CURSOR; break;
    default: {
        char d[16];
        int k = 0;
        for (size_t i = 0; i < l && k < 15; i++)
            d[k++] = (char)f[i];
        d[k] = '\0';
        term_note(t, "OSC", d);
        return;
    }
    }
    /* a colour was set or reset: views carry the colours while any differs */
    t->colours_set = colours_changed(&t->colours);
}

void term_dcs(tsr_term *t, const parser_seq *seq, uint8_t final, const uint8_t *data, size_t len,
              int truncated)
{
    /* DECRQSS: margins, rendition, protection and cursor style are
     * reported as xterm does; anything else is answered "not recognised"
     * so a program that asks does not wait */
    if (!truncated && seq->ninter == 1 && seq->inter[0] == '$' && final == 'q') {
        char out[192];
        if (len == 1 && data[0] == 'm') {
            tsr_buf sgr = {0};
            if (buf_puts(&sgr, "\x1bP1$r") || term_sgr_describe(&t->pen, &sgr) ||
                buf_puts(&sgr, "m\x1b\\"))
                term_fail(t, TSR_ERR_NOMEM);
            else
                term_reply(t, sgr.data);
            buf_free(&sgr);
        } else if (len == 2 && data[0] == '"' && data[1] == 'q') {
            term_reply(t, t->protect ? "\x1bP1$r1\"q\x1b\\" : "\x1bP1$r0\"q\x1b\\");
        } else if (len == 1 && data[0] == 'r') {
            snprintf(out, sizeof out, "\x1bP1$r%d;%dr\x1b\\", t->top + 1, t->bottom + 1);
            term_reply(t, out);
        } else if (len == 1 && data[0] == 's') { /* DECSLRM, whether DECLRMM is set or not */
            snprintf(out, sizeof out, "\x1bP1$r%d;%ds\x1b\\", t->left + 1, t->right + 1);
            term_reply(t, out);
        } else if (len == 2 && data[0] == ' ' && data[1] == 'q') {
            int v = t->cursor_shape == TSR_CURSOR_DEFAULT ? (t->cursor_blink ? 1 : 2)
                    : t->cursor_shape * 2 - t->cursor_blink;
            snprintf(out, sizeof out, "\x1bP1$r%d q\x1b\\", v);
            term_reply(t, out);
        } else {
            term_reply(t, "\x1bP0$r\x1b\\");
        }
        return;
    }
    term_note_seq(t, "DCS", seq, final, truncated ? "too long, dropped" : "unhandled");
}
