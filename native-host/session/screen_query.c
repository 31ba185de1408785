/* A literal is found by the core's cell-aware search; a pattern is run on
 * each row's text, built here from the cells with a byte-to-column map so a
 * match becomes cells (wide characters and clusters included). */
#include "screen_query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/text.h"

void style_want_none(style_want *w)
{
    memset(w, 0, sizeof *w);
    w->underline = -1;
}

int style_want_any(const style_want *w)
{
    return !w->fg.kind && !w->bg.kind && !w->attrs_on && !w->attrs_off && w->underline < 0;
}

static const struct {
    const char *name;
    uint16_t attr; /* 0: underline */
} ATTRS[] = {
    {"bold", TSR_ATTR_BOLD},     {"dim", TSR_ATTR_DIM},       {"italic", TSR_ATTR_ITALIC},
    {"blink", TSR_ATTR_BLINK},   {"inverse", TSR_ATTR_INVERSE}, {"hidden", TSR_ATTR_HIDDEN},
    {"strike", TSR_ATTR_STRIKE}, {"overline", TSR_ATTR_OVERLINE}, {"underline", 0},
};
#define NATTRS (sizeof ATTRS / sizeof ATTRS[0])

static int hex_value(const char *s, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        int d = tsr_hex_digit((unsigned char)s[i]);
        if (d < 0)
            return -1;
        v = v << 4 | (uint32_t)d;
    }
    *out = v;
    return 0;
}

static int color_word(color_want *c, const char *v, size_t n)
{
    if (n == 7 && v[0] == '#' && hex_value(v + 1, 6, &c->value) == 0) {
        c->kind = 3;
        return 0;
    }
    if (n == 7 && memcmp(v, "default", 7) == 0) {
        c->kind = 1;
        return 0;
    }
    uint32_t idx = 0;
    if (n == 0 || n > 3)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9')
            return -1;
        idx = idx * 10 + (uint32_t)(v[i] - '0');
    }
    if (idx > 255)
        return -1;
    c->kind = 2;
    c->value = idx;
    return 0;
}

int style_want_word(style_want *w, const char *word, size_t len, char *why, size_t cap)
{
    const char *eq = memchr(word, '=', len);
    size_t name = eq ? (size_t)(eq - word) : len;
    const char *v = eq ? eq + 1 : NULL;
    size_t vlen = eq ? len - name - 1 : 0;
    if ((name == 2 && memcmp(word, "fg", 2) == 0) || (name == 2 && memcmp(word, "bg", 2) == 0)) {
        if (v && color_word(word[0] == 'f' ? &w->fg : &w->bg, v, vlen) == 0)
            return 0;
        snprintf(why, cap, "%.2s= needs a colour: 0 to 255, #rrggbb or default", word);
        return -1;
    }
    for (size_t i = 0; i < NATTRS; i++) {
        if (strlen(ATTRS[i].name) != name || memcmp(word, ATTRS[i].name, name) != 0)
            continue;
        int on = !v || (vlen == 4 && memcmp(v, "true", 4) == 0);
        if (v && !on && !(vlen == 5 && memcmp(v, "false", 5) == 0)) {
            snprintf(why, cap, "%s= takes true or false", ATTRS[i].name);
            return -1;
        }
        if (!ATTRS[i].attr)
            w->underline = on;
        else if (on)
            w->attrs_on |= ATTRS[i].attr;
        else
            w->attrs_off |= ATTRS[i].attr;
        return 0;
    }
    snprintf(why, cap, "unknown style word \"%.*s\" (bold, italic, underline, inverse, dim, "
                       "blink, hidden, strike, overline, fg=, bg=)", (int)(len > 40 ? 40 : len), word);
    return -1;
}

static void describe_color(const char *name, const color_want *c, char *out, size_t cap)
{
    size_t n = strlen(out);
    if (c->kind == 1)
        snprintf(out + n, cap - n, "%s%s=default", n ? " " : "", name);
    else if (c->kind == 2)
        snprintf(out + n, cap - n, "%s%s=%u", n ? " " : "", name, (unsigned)c->value);
    else if (c->kind == 3)
        snprintf(out + n, cap - n, "%s%s=#%06x", n ? " " : "", name, (unsigned)c->value);
}

void style_want_describe(const style_want *w, char *out, size_t cap)
{
    out[0] = '\0';
    describe_color("fg", &w->fg, out, cap);
    describe_color("bg", &w->bg, out, cap);
    for (size_t i = 0; i < NATTRS; i++) {
        size_t n = strlen(out);
        int on = ATTRS[i].attr ? (w->attrs_on & ATTRS[i].attr) != 0 : w->underline == 1;
        int off = ATTRS[i].attr ? (w->attrs_off & ATTRS[i].attr) != 0 : w->underline == 0;
        if (on || off)
            snprintf(out + n, cap - n, "%s%s%s", n ? " " : "", ATTRS[i].name, off ? "=false" : "");
    }
}

/* An index matches a #rrggbb by the palette the terminal has now (what a
 * person sees), so a program that redefined colour 1 matches its new rgb. */
static int color_matches(const tsr_term *t, const color_want *want, uint32_t have)
{
    switch (want->kind) {
    case 1: return TSR_COLOR_KIND(have) == TSR_COLOR_KIND_DEFAULT;
    case 2: return have == TSR_COLOR_INDEXED(want->value);
    case 3:
        if (TSR_COLOR_KIND(have) == TSR_COLOR_KIND_RGB)
            return (have & 0xffffffu) == want->value;
        return TSR_COLOR_KIND(have) == TSR_COLOR_KIND_INDEXED &&
               tsr_term_palette(t, (int)(have & 0xffu)) == want->value;
    default: return 1;
    }
}

static int cell_matches(const tsr_term *t, const style_want *w, const tsr_style *s)
{
    return color_matches(t, &w->fg, s->fg) && color_matches(t, &w->bg, s->bg) &&
           (s->attrs & w->attrs_on) == w->attrs_on && (s->attrs & w->attrs_off) == 0 &&
           (w->underline < 0 || (w->underline == 1) == (s->underline != TSR_UNDERLINE_NONE));
}

/* Every cell of the match looks as wanted. */
static int match_looks(const tsr_term *t, const tsr_match *m, const style_want *w)
{
    if (!w || style_want_any(w))
        return 1;
    for (int c = m->col; c < m->col + m->cells; c++) {
        tsr_cell_info cell;
        if (tsr_term_cell(t, m->row, c, &cell) != TSR_OK)
            return 0;
        if (cell.width != 0 && !cell_matches(t, w, &cell.style))
            return 0;
    }
    return 1;
}

/* Row y's text as the core renders it (blank cells as spaces, trailing
 * ones trimmed) and, for every byte, the cell it belongs to. */
static int row_text(const tsr_term *t, int y, tsr_buf *text, int **cols, size_t *cap)
{
    int ncols = tsr_term_cols(t);
    tsr_buf_clear(text);
    size_t last = 0; /* bytes up to the last non-blank cell */
    for (int x = 0; x < ncols; x++) {
        tsr_cell_info cell;
        int rc = tsr_term_cell(t, y, x, &cell);
        if (rc != TSR_OK)
            return rc;
        if (cell.width == 0)
            continue;
        size_t before = text->len;
        if (cell.ncps == 0)
            rc = tsr_buf_putc(text, ' ');
        for (int k = 0; rc == TSR_OK && k < cell.ncps; k++)
            rc = tsr_buf_put_utf8(text, cell.cps[k]);
        if (rc != TSR_OK)
            return rc;
        if (text->len > *cap) {
            size_t ncap = text->len * 2;
            int *grown = realloc(*cols, ncap * sizeof *grown);
            if (!grown)
                return TSR_ERR_NOMEM;
            *cols = grown;
            *cap = ncap;
        }
        for (size_t b = before; b < text->len; b++)
            (*cols)[b] = x;
        if (cell.ncps > 0 && !(cell.ncps == 1 && cell.cps[0] == ' '))
            last = text->len;
    }
    text->len = last;
    return tsr_buf_reserve(text, 1) == TSR_OK ? (text->data[last] = '\0', TSR_OK) : TSR_ERR_NOMEM;
}

static int find_pattern(const tsr_term *t, const screen_query *q, tsr_match *out, size_t max,
                        size_t *count)
{
    tsr_buf text = {0};
    int *cols = NULL;
    size_t cap = 0;
    int rc = TSR_OK;
    for (int y = 0; rc == TSR_OK && y < tsr_term_rows(t); y++) {
        rc = row_text(t, y, &text, &cols, &cap);
        size_t from = 0, start, end;
        while (rc == TSR_OK && from <= text.len &&
               pattern_find(q->re, (const char *)text.data, from, &start, &end)) {
            if (end > start) { /* an empty match shows nothing: not a match */
                int first = cols[start], lastc = cols[end - 1];
                tsr_cell_info cell;
                int width = tsr_term_cell(t, y, lastc, &cell) == TSR_OK && cell.width == 2 ? 2 : 1;
                tsr_match m = {y, first, lastc - first + width};
                if (match_looks(t, &m, q->style)) {
                    if (*count < max)
                        out[*count] = m;
                    ++*count;
                }
            }
            from = end > start ? end : start + 1;
        }
    }
    free(cols);
    tsr_buf_free(&text);
    return rc;
}

int screen_query_find(const tsr_term *t, const screen_query *q, tsr_match *out, size_t max,
                      size_t *count)
{
    *count = 0;
    if (q->re)
        return find_pattern(t, q, out, max, count);
    /* every literal match, then those that look as wanted */
    size_t total = 0;
    int rc = tsr_term_find_all(t, q->text, q->len, 0, NULL, NULL, 0, &total);
    if (rc != TSR_OK || total == 0)
        return rc;
    tsr_match *all = malloc(total * sizeof *all);
    if (!all)
        return TSR_ERR_NOMEM;
    rc = tsr_term_find_all(t, q->text, q->len, 0, NULL, all, total, &total);
    for (size_t i = 0; rc == TSR_OK && i < total; i++) {
        if (!match_looks(t, &all[i], q->style))
            continue;
        if (*count < max)
            out[*count] = all[i];
        ++*count;
    }
    free(all);
    return rc;
}
