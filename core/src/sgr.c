/* SGR: the pen's rendition. Colours come in 16, 256 and truecolor, in the
 * ';' form (38;5;n, 38;2;r;g;b) and the ':' form (38:5:n, 38:2::r:g:b or
 * 38:2:r:g:b); underline styles as 4:0 to 4:5. */
#include <stdio.h>

#include "term.h"

static int sub_count(const parser_seq *s, int i)
{
    int n = 0;
    while (i + 1 + n < s->nparams && ((s->sub_mask >> (i + 1 + n)) & 1u))
        n++;
    return n;
}

static int pv(const parser_seq *s, int i)
{
    return i < s->nparams && s->params[i] >= 0 ? s->params[i] : 0;
}

/* Reads an extended colour at params[i] (the 38/48/58) and returns how many
 * parameters it used beyond i; *ok is 0 for a malformed one. */
static int extended_color(const parser_seq *s, int i, uint32_t *out, int *ok)
{
    int subs = sub_count(s, i);
    *ok = 1;
    if (subs) {
        /* colon form: everything belongs to this parameter */
        int kind = pv(s, i + 1);
        if (kind == 5 && subs >= 2) {
            *out = TSR_COLOR_INDEXED(pv(s, i + 2) & 0xff);
        } else if (kind == 2 && subs >= 4) {
            int b = subs >= 5 ? i + 3 : i + 2; /* optional colour-space id */
            *out = TSR_COLOR_RGB(pv(s, b) & 0xff, pv(s, b + 1) & 0xff, pv(s, b + 2) & 0xff);
        } else {
            *ok = 0;
        }
        return subs;
    }
    int kind = pv(s, i + 1);
    if (kind == 5 && i + 2 < s->nparams) {
        *out = TSR_COLOR_INDEXED(pv(s, i + 2) & 0xff);
        return 2;
    }
    if (kind == 2 && i + 4 < s->nparams) {
        *out = TSR_COLOR_RGB(pv(s, i + 2) & 0xff, pv(s, i + 3) & 0xff, pv(s, i + 4) & 0xff);
        return 4;
    }
    *ok = 0;
    return s->nparams - 1 - i; /* the rest cannot be read reliably */
}

void term_sgr(tsr_term *t, const parser_seq *s)
{
    tsr_style *p = &t->pen;
    const tsr_style before = *p;
    int n = s->nparams ? s->nparams : 1;
    for (int i = 0; i < n; i++) {
        int v = s->nparams && s->params[i] > 0 ? s->params[i] : 0; /* i < nparams */
        switch (v) {
        case 0: {
            uint32_t link = p->link;
            *p = (tsr_style){0};
            p->link = link; /* hyperlinks end only with OSC 8 */
            break;
        }
        case 1: p->attrs |= TSR_ATTR_BOLD; break;
        case 2: p->attrs |= TSR_ATTR_DIM; break;
        case 3: p->attrs |= TSR_ATTR_ITALIC; break;
        case 4:
            if (sub_count(s, i)) {
                int st = pv(s, i + 1);
                p->underline = (uint8_t)(st >= 0 && st <= 5 ? st : TSR_UNDERLINE_SINGLE);
                i += sub_count(s, i);
            } else {
                p->underline = TSR_UNDERLINE_SINGLE;
            }
            break;
        case 5: case 6: p->attrs |= TSR_ATTR_BLINK; break;
        case 7: p->attrs |= TSR_ATTR_INVERSE; break;
        case 8: p->attrs |= TSR_ATTR_HIDDEN; break;
        case 9: p->attrs |= TSR_ATTR_STRIKE; break;
        case 21: p->underline = TSR_UNDERLINE_DOUBLE; break;
        case 22: p->attrs &= (uint16_t)~(TSR_ATTR_BOLD | TSR_ATTR_DIM); break;
        case 23: p->attrs &= (uint16_t)~TSR_ATTR_ITALIC; break;
        case 24: p->underline = TSR_UNDERLINE_NONE; break;
        case 25: p->attrs &= (uint16_t)~TSR_ATTR_BLINK; break;
        case 27: p->attrs &= (uint16_t)~TSR_ATTR_INVERSE; break;
        case 28: p->attrs &= (uint16_t)~TSR_ATTR_HIDDEN; break;
        case 29: p->attrs &= (uint16_t)~TSR_ATTR_STRIKE; break;
        case 39: p->fg = TSR_COLOR_DEFAULT; break;
        case 49: p->bg = TSR_COLOR_DEFAULT; break;
        case 53: p->attrs |= TSR_ATTR_OVERLINE; break;
        case 55: p->attrs &= (uint16_t)~TSR_ATTR_OVERLINE; break;
        case 59: p->ul_color = TSR_COLOR_DEFAULT; break;
        case 38: case 48: case 58: {
            uint32_t c = 0;
            int ok;
            i += extended_color(s, i, &c, &ok);
            if (!ok) {
                term_note_seq(t, "CSI", s, 'm', "bad extended colour");
                break;
            }
            if (v == 38)
                p->fg = c;
            else if (v == 48)
                p->bg = c;
            else
                p->ul_color = c;
            break;
        }
        default:
            if (v >= 30 && v <= 37)
                p->fg = TSR_COLOR_INDEXED(v - 30);
            else if (v >= 40 && v <= 47)
                p->bg = TSR_COLOR_INDEXED(v - 40);
            else if (v >= 90 && v <= 97)
                p->fg = TSR_COLOR_INDEXED(v - 90 + 8);
            else if (v >= 100 && v <= 107)
                p->bg = TSR_COLOR_INDEXED(v - 100 + 8);
            else
                term_note_seq(t, "CSI", s, 'm', "SGR parameter unhandled");
            /* sub-parameters of anything else are skipped */
            i += sub_count(s, i);
            break;
        }
    }
    if (!style_equal(&before, p))
        t->pen_dirty = PEN_CHANGED; /* only a real change needs interning */
}

/* Appends the SGR parameters of colour c for base 30, 40 or 50 (the 38, 48,
 * 58 forms); the default colour adds nothing. */
static size_t describe_color(char *out, size_t cap, size_t len, uint32_t c, int base)
{
    unsigned v = c & 0xffffffu;
    if (len >= cap || TSR_COLOR_KIND(c) == TSR_COLOR_KIND_DEFAULT)
        return len;
    if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_RGB)
        return len + (size_t)snprintf(out + len, cap - len, ";%d:2::%u:%u:%u", base + 8,
                                      v >> 16, (v >> 8) & 0xff, v & 0xff);
    if (v < 16 && base != 50)
        return len + (size_t)snprintf(out + len, cap - len, ";%u",
                                      v < 8 ? (unsigned)base + v : (unsigned)base + 52 + v);
    return len + (size_t)snprintf(out + len, cap - len, ";%d:5:%u", base + 8, v);
}

/* The pen as xterm's DECRQSS answers it (xtermFormatSGR): "0", the
 * attributes in xterm's order, then the colours; ':' inside the extended
 * colours. The underline styles and overline xterm lacks come last, in the
 * forms SGR accepts. */
void term_sgr_describe(const tsr_style *p, char *out, size_t cap)
{
    const uint16_t a = p->attrs;
    const char *const parts[] = {
        a & TSR_ATTR_BOLD ? ";1" : "",
        p->underline == TSR_UNDERLINE_SINGLE ? ";4" : "",
        a & TSR_ATTR_BLINK ? ";5" : "",
        a & TSR_ATTR_INVERSE ? ";7" : "",
        a & TSR_ATTR_HIDDEN ? ";8" : "",
        a & TSR_ATTR_DIM ? ";2" : "",
        a & TSR_ATTR_ITALIC ? ";3" : "",
        a & TSR_ATTR_STRIKE ? ";9" : "",
        p->underline == TSR_UNDERLINE_DOUBLE ? ";21" : "",
        p->underline == TSR_UNDERLINE_CURLY    ? ";4:3"
        : p->underline == TSR_UNDERLINE_DOTTED ? ";4:4"
        : p->underline == TSR_UNDERLINE_DASHED ? ";4:5"
                                               : "",
        a & TSR_ATTR_OVERLINE ? ";53" : "",
    };
    size_t len = (size_t)snprintf(out, cap, "0");
    for (size_t i = 0; i < sizeof parts / sizeof parts[0] && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s", parts[i]);
    len = describe_color(out, cap, len, p->fg, 30);
    len = describe_color(out, cap, len, p->bg, 40);
    describe_color(out, cap, len, p->ul_color, 50);
}
