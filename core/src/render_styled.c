/* The styled snapshot: one line per row, runs of text each led by their
 * attributes in braces, "{}" for the default. Attribute order is fixed:
 * bold dim italic underline blink inverse hidden strike overline fg bg ul.
 * A brace of the text is written twice ("{{", "}}"), so a single brace
 * always belongs to attributes and no two screens render alike. Trailing
 * blank cells in the default style are left out. A cell keeps the colour
 * index the program chose; the colours it changed follow the rows on one
 * line of their own (colours.c). */
#include "render.h"
#include "view.h"

static int put_color(tsr_buf *b, const char *name, uint32_t c)
{
    int rc = buf_puts(b, name);
    if (rc)
        return rc;
    if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_INDEXED)
        return buf_put_uint(b, c & 0xff);
    char s[6];
    for (int i = 0; i < 3; i++)
        hex_byte((unsigned char)(c >> (16 - 8 * i)), s + 2 * i);
    if ((rc = buf_putc(b, '#')))
        return rc;
    return buf_append(b, s, 6);
}

static int put_attrs(tsr_buf *b, const tsr_style *s)
{
    static const char *const ul_names[] = {"", "underline", "underline=double",
                                           "underline=curly", "underline=dotted",
                                           "underline=dashed"};
    int rc = buf_putc(b, '{');
    int first = 1;
#define WORD(w)                                       \
    do {                                              \
        if (!first && (rc = buf_putc(b, ' ')))        \
            return rc;                                \
        first = 0;                                    \
        if ((rc = buf_puts(b, w)))                    \
            return rc;                                \
    } while (0)
    if (rc)
        return rc;
    if (s->attrs & TSR_ATTR_BOLD) WORD("bold");
    if (s->attrs & TSR_ATTR_DIM) WORD("dim");
    if (s->attrs & TSR_ATTR_ITALIC) WORD("italic");
    if (s->underline) WORD(ul_names[s->underline <= 5 ? s->underline : 1]);
    if (s->attrs & TSR_ATTR_BLINK) WORD("blink");
    if (s->attrs & TSR_ATTR_INVERSE) WORD("inverse");
    if (s->attrs & TSR_ATTR_HIDDEN) WORD("hidden");
    if (s->attrs & TSR_ATTR_STRIKE) WORD("strike");
    if (s->attrs & TSR_ATTR_OVERLINE) WORD("overline");
#undef WORD
    const char *names[3] = {"fg=", "bg=", "ul="};
    uint32_t colors[3] = {s->fg, s->bg, s->ul_color};
    for (int i = 0; i < 3; i++) {
        if (!colors[i])
            continue;
        if (!first && (rc = buf_putc(b, ' ')))
            return rc;
        first = 0;
        if ((rc = put_color(b, names[i], colors[i])))
            return rc;
    }
    return buf_putc(b, '}');
}

/* Styles that print the same attributes (they may differ only in their
 * hyperlink, which is not drawn) make one run. */
static int same_look(const tsr_style *a, const tsr_style *b)
{
    return a->fg == b->fg && a->bg == b->bg && a->ul_color == b->ul_color &&
           a->attrs == b->attrs && a->underline == b->underline;
}

/* Doubles every brace appended to b since start. UTF-8 continuation bytes
 * are never 0x7b or 0x7d, so the bytes can be scanned as they are. */
static int double_braces(tsr_buf *b, size_t start)
{
    size_t extra = 0;
    for (size_t i = start; i < b->len; i++)
        extra += b->data[i] == '{' || b->data[i] == '}';
    if (!extra)
        return TSR_OK;
    int rc = buf_reserve(b, extra);
    if (rc)
        return rc;
    size_t from = b->len, to = b->len + extra;
    b->data[to] = '\0';
    while (from > start) {
        char c = b->data[--from];
        b->data[--to] = c;
        if (c == '{' || c == '}')
            b->data[--to] = c;
    }
    b->len += extra;
    return TSR_OK;
}

/* A double-size line opens with its size, {line=double-width} for one:
 * never a run's attributes, so it reads as no text. */
static int styled_row(const view *t, tsr_buf *b, const row *r)
{
    if (r->size != ROW_SIZE_SINGLE) {
        int rc = buf_puts(b, "{line=");
        if (rc || (rc = buf_puts(b, render_line_size_name(r->size))) || (rc = buf_putc(b, '}')))
            return rc;
    }
    int end = t->cols;
    while (end > 0) {
        const cell *c = &r->cells[end - 1];
        if (!cell_is_blank(c) || !same_look(style_get(t->styles, c->style), style_get(t->styles, 0)))
            break;
        end--;
    }
    const tsr_style *cur = NULL;
    int rc;
    for (int x = 0; x < end; x++) {
        const cell *c = &r->cells[x];
        const tsr_style *s = style_get(t->styles, c->style);
        if (!cur || !same_look(cur, s)) {
            if ((rc = put_attrs(b, s)))
                return rc;
            cur = s;
        }
        size_t text_start = b->len;
        if ((rc = render_row(b, r, x, x + 1, 0)) || (rc = double_braces(b, text_start)))
            return rc;
    }
    return TSR_OK;
}

int view_render_styled(const view *t, tsr_buf *out)
{
    int rc = buf_reserve(out, 0);
    if (rc)
        return rc;
    for (int y = 0; y < t->rows; y++) {
        if (y && (rc = buf_putc(out, '\n')))
            return rc;
        if ((rc = styled_row(t, out, view_row(t, y))))
            return rc;
    }
    return t->meta.colours ? colours_render_styled(t->meta.colours, out) : TSR_OK;
}
