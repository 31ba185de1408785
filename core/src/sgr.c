/* SGR: the pen's rendition. Colours come in 16, 256 and truecolor, in the
 * ';' form (38;5;n, 38;2;r;g;b) and the ':' form (38:5:n, 38:2::r:g:b or
 * 38:2:r:g:b); underline styles as 4:0 to 4:5. */

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

/* A parameter's value, an omitted one (-1) as 0. */
static inline int value(int32_t param)
{
    return param > 0 ? param : 0;
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

/* The parameters that take no others: attributes on and off, the 16
 * colours and the defaults. Returns 0 for any other value. Inlined into
 * both loops, so each is one jump table. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline int sgr_simple(tsr_style *p, int v)
{
    switch (v) {
    case 0: *p = (tsr_style){.link = p->link}; break; /* hyperlinks end only with OSC 8 */
    case 1: p->attrs |= TSR_ATTR_BOLD; break;
    case 2: p->attrs |= TSR_ATTR_DIM; break;
    case 3: p->attrs |= TSR_ATTR_ITALIC; break;
    case 4: p->underline = TSR_UNDERLINE_SINGLE; break; /* 4:n is not simple */
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
    case 30: case 31: case 32: case 33: case 34: case 35: case 36: case 37:
        p->fg = TSR_COLOR_INDEXED(v - 30);
        break;
    case 39: p->fg = TSR_COLOR_DEFAULT; break;
    case 40: case 41: case 42: case 43: case 44: case 45: case 46: case 47:
        p->bg = TSR_COLOR_INDEXED(v - 40);
        break;
    case 49: p->bg = TSR_COLOR_DEFAULT; break;
    case 53: p->attrs |= TSR_ATTR_OVERLINE; break;
    case 55: p->attrs &= (uint16_t)~TSR_ATTR_OVERLINE; break;
    case 59: p->ul_color = TSR_COLOR_DEFAULT; break;
    case 90: case 91: case 92: case 93: case 94: case 95: case 96: case 97:
        p->fg = TSR_COLOR_INDEXED(v - 90 + 8);
        break;
    case 100: case 101: case 102: case 103: case 104: case 105: case 106: case 107:
        p->bg = TSR_COLOR_INDEXED(v - 100 + 8);
        break;
    default: return 0;
    }
    return 1;
}

static void set_extended(tsr_style *p, int v, uint32_t c)
{
    if (v == 38)
        p->fg = c;
    else if (v == 48)
        p->bg = c;
    else
        p->ul_color = c;
}

/* Everything from parameter i on: sub-parameters, malformed colours and
 * values SGR does not know (noted). Out of line, so term_sgr's loop calls
 * nothing and keeps to a few registers. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void sgr_general(tsr_term *t, const parser_seq *s, int i, const tsr_style *before)
{
    tsr_style *p = &t->pen;
    for (; i < s->nparams; i++) {
        int v = value(s->params[i]);
        if (v == 4 && sub_count(s, i)) {
            int st = pv(s, i + 1);
            p->underline = (uint8_t)(st >= 0 && st <= 5 ? st : TSR_UNDERLINE_SINGLE);
            i += sub_count(s, i);
        } else if (v == 38 || v == 48 || v == 58) {
            uint32_t c = 0;
            int ok;
            i += extended_color(s, i, &c, &ok);
            if (ok)
                set_extended(p, v, c);
            else
                term_note_seq(t, "CSI", s, 'm', "bad extended colour");
        } else if (!sgr_simple(p, v)) {
            term_note_seq(t, "CSI", s, 'm', "SGR parameter unhandled");
            i += sub_count(s, i); /* its sub-parameters are skipped */
        } else if ((v >= 30 && v <= 37) || (v >= 40 && v <= 47) || (v >= 90 && v <= 97) ||
                   (v >= 100 && v <= 107)) {
            /* so are a 16-colour value's; after the other simple values a
             * sub-parameter is read as a parameter of its own */
            i += sub_count(s, i);
        }
    }
    if (!style_equal(before, p))
        t->pen_dirty = PEN_CHANGED;
}

/* The pen is changed in place and compared with what it was: a pen that
 * did not change needs no interning. The loop takes what programs send
 * most, the simple values and the ';' colours; at anything else
 * sgr_general goes on from there. */
void term_sgr(tsr_term *t, const parser_seq *s)
{
    tsr_style *p = &t->pen;
    const tsr_style before = *p;
    const int n = s->nparams;
    const int32_t *par = s->params;
    if (n == 0)
        *p = (tsr_style){.link = p->link}; /* CSI m is CSI 0 m */
    if (s->sub_mask) {
        sgr_general(t, s, 0, &before);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (sgr_simple(p, value(par[i])))
            continue;
        if ((par[i] == 38 || par[i] == 48 || par[i] == 58) && i + 2 < n) {
            if (par[i + 1] == 5) { /* 38;5;n */
                set_extended(p, par[i], TSR_COLOR_INDEXED(value(par[i + 2]) & 0xff));
                i += 2;
                continue;
            }
            if (par[i + 1] == 2 && i + 4 < n) { /* 38;2;r;g;b */
                set_extended(p, par[i],
                             TSR_COLOR_RGB(value(par[i + 2]) & 0xff, value(par[i + 3]) & 0xff,
                                           value(par[i + 4]) & 0xff));
                i += 4;
                continue;
            }
        }
        sgr_general(t, s, i, &before);
        return;
    }
    if (!style_equal(&before, p))
        t->pen_dirty = PEN_CHANGED; /* only a real change needs interning */
}

/* Appends the SGR parameters of colour c for base 30, 40 or 50 (the 38, 48,
 * 58 forms); the default colour adds nothing. Non-zero: out of memory. */
static int describe_color(tsr_buf *out, uint32_t c, unsigned base)
{
    unsigned v = c & 0xffffffu;
    if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_DEFAULT)
        return TSR_OK;
    if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_RGB)
        return buf_putc(out, ';') || buf_put_uint(out, base + 8) || buf_puts(out, ":2::") ||
               buf_put_uint(out, v >> 16) || buf_putc(out, ':') ||
               buf_put_uint(out, (v >> 8) & 0xff) || buf_putc(out, ':') ||
               buf_put_uint(out, v & 0xff);
    if (v < 16 && base != 50)
        return buf_putc(out, ';') || buf_put_uint(out, v < 8 ? base + v : base + 52 + v);
    return buf_putc(out, ';') || buf_put_uint(out, base + 8) || buf_puts(out, ":5:") ||
           buf_put_uint(out, v);
}

/* The pen as xterm's DECRQSS answers it (xtermFormatSGR): "0", the
 * attributes in xterm's order, then the colours; ':' inside the extended
 * colours. The underline styles and overline xterm lacks come last, in the
 * forms SGR accepts. */
int term_sgr_describe(const tsr_style *p, tsr_buf *out)
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
    int rc = buf_putc(out, '0');
    for (size_t i = 0; !rc && i < sizeof parts / sizeof parts[0]; i++)
        rc = buf_puts(out, parts[i]);
    if (rc || describe_color(out, p->fg, 30) || describe_color(out, p->bg, 40) ||
        describe_color(out, p->ul_color, 50))
        return TSR_ERR_NOMEM;
    return TSR_OK;
}
