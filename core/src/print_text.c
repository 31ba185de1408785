/* Text in the ground state, as the parser hands it over: printable ASCII
 * and UTF-8, decoded here as it is written. Most characters of real text
 * need no grapheme state: a cluster boundary is certain before and after
 * them because neither side can extend or join (UAX #29 GB999 applies; no
 * Extend, ZWJ, SpacingMark, Prepend, regional indicator or Hangul jamo is
 * involved). The table marks them (UNI_SIMPLE), and a run of them is
 * written the way ASCII runs are: one table lookup and one or two cell
 * stores per character, with the row, pen and cursor held in locals; a
 * combining or spacing mark after one of them joins its cluster in the
 * same loop (GB9, GB9a). Every other character (VS16, a joiner, a flag's
 * half, a jamo, a prepended mark, one that does not fit the line) goes
 * through the general path, term_print_cp and its full UAX #29 rules, and
 * the fast loop then resumes. Malformed or cut-off UTF-8, C1 controls and
 * C0 controls are left to the parser, which alone turns bad input into
 * U+FFFD. */
#include <string.h>

#include "ascii.h"
#include "term.h"
#include "unicode.h"

/* The code point of the well-formed UTF-8 sequence of two to four bytes at
 * s (s[0] >= 0x80), and its length; 0 when it is malformed, cut off by the
 * end of the input, or a C1 control (U+0080-U+009F, a control, not text).
 * A continuation byte XORed with 0x80 is at most 0x3f. */
static inline size_t utf8_char(const uint8_t *s, size_t n, uint32_t *cp)
{
    uint32_t b = s[0];
    if (b < 0xe0) {
        if (b < 0xc2 || n < 2)
            return 0;
        uint32_t c1 = s[1] ^ 0x80u;
        uint32_t c = (b & 0x1fu) << 6 | c1;
        if (c1 > 0x3f || c < 0xa0)
            return 0;
        *cp = c;
        return 2;
    }
    if (b < 0xf0) {
        if (n < 3)
            return 0;
        uint32_t c1 = s[1] ^ 0x80u, c2 = s[2] ^ 0x80u;
        uint32_t c = (b & 0x0fu) << 12 | c1 << 6 | c2;
        /* not overlong, not a surrogate */
        if ((c1 | c2) > 0x3f || c < 0x800 || (c >= 0xd800 && c <= 0xdfff))
            return 0;
        *cp = c;
        return 3;
    }
    if (b > 0xf4 || n < 4)
        return 0;
    uint32_t c1 = s[1] ^ 0x80u, c2 = s[2] ^ 0x80u, c3 = s[3] ^ 0x80u;
    uint32_t c = (b & 0x07u) << 18 | c1 << 12 | c2 << 6 | c3;
    if ((c1 | c2 | c3) > 0x3f || c < 0x10000 || c > 0x10ffff)
        return 0;
    *cp = c;
    return 4;
}

/* A run of printable ASCII this long inside the text goes to the ASCII
 * loops (term_print_ascii, SIMD); shorter ones, a word or a space, are
 * written here with the text around them. */
#define ASCII_TEXT_RUN 32

/* What the table holds for every printable ASCII character. */
#define ASCII_VALUE (UNI_SIMPLE | 1u << UNI_BC_BITS | UNI_BC_OTHER)
#define VALUE_WIDE (2u << UNI_BC_BITS)

static inline int printable_ascii(uint32_t b)
{
    return b - 0x20 < 0x5f;
}

/* The character at s (printable ASCII or well-formed UTF-8): its length,
 * code point and table value; 0 when the byte there starts neither. */
static inline size_t text_char(const uint8_t *s, size_t n, uint32_t *cp, unsigned *v)
{
    if (s[0] < 0x80) {
        if (!printable_ascii(s[0]))
            return 0;
        *cp = s[0];
        *v = ASCII_VALUE;
        return 1;
    }
    size_t len = utf8_char(s, n, cp);
    if (len)
        *v = uni_scalar_value(*cp);
    return len;
}

/* A cell from its two words with the code point left out (cell_put's
 * layout): one OR and one store. */
static inline void put(cell *c, uint32_t cp, uint64_t word)
{
#if CELL_CP_IS_LOW_BITS
    uint64_t w = word | cp;
    memcpy(c, &w, sizeof w);
#else
    cell_put(c, cp, (uint8_t)(word >> 24), (uint32_t)(word >> 32));
#endif
}

/* A mark that joins the character before it in a run with no state to
 * speak of (UAX #29 GB9, GB9a: no break before Extend or SpacingMark, the
 * run's characters being neither controls nor anything that needs more).
 * VS16 is left to the general path: it may widen its emoji (print.c). */
static inline int run_mark(unsigned v, uint32_t cp)
{
    unsigned bc = v & UNI_BC_MASK;
    return (bc == UNI_BC_EXTEND || bc == UNI_BC_SPACINGMARK) && cp != 0xfe0f;
}

/* Writes the simple characters at the front of s that fit the line, and
 * the marks that join them; returns the bytes taken. It takes none when
 * the state asks for the general path: a charset or a single shift, insert
 * mode, a pending wrap, a last character that a rule could still join. It
 * stops before any other character or one that does not fit, at the
 * line's end, and before a run of ASCII long enough for the ASCII loops. */
static size_t simple_run(tsr_term *t, const uint8_t *s, size_t n)
{
    if (!t->ascii_fast || t->pending_wrap || mode_get(t, M_IRM) ||
        (t->gc_valid && !uni_left_simple(t->gc_bc)))
        return 0;
    const int cols = t->cols;
    const int stop = t->lr_margins | t->sized_lines ? term_text_end(t) : cols; /* once per run */
    const int x0 = t->x;
    uint32_t cp;
    unsigned v;
    size_t len = text_char(s, n, &cp, &v);
    if (!len || !(v & UNI_SIMPLE) || x0 + uni_value_width(v) > stop)
        return 0;
    row *r = term_row_w(t, t->y);
    const uint64_t style = (uint64_t)term_pen_id(t) << 32;
    const uint64_t flags = t->protect ? CELL_PROTECTED : 0;
    const uint64_t narrow = style | flags << 24, wide = style | (flags | CELL_WIDE) << 24,
                   tail = style | (flags | CELL_TAIL) << 24;
    /* Only the run's two ends can cut a wide character in half: what
     * lies between is overwritten whole. */
    term_split_wide(r, x0, x0);
    cell *c = &r->cells[x0];
    cell *const edge = &r->cells[stop - 1];
    cell *head = c;   /* where the last character went */
    int emoji = 0;    /* head is an emoji with only Extend marks after it (GB11) */
    const uint8_t *p = s, *const end = s + n;
    for (;;) {
        /* the character read (cp, v, len at p): a simple one that fits,
         * or a mark that joins the head */
        if (!(v & UNI_SIMPLE)) {
            if (!(head->flags & CELL_CLUSTER))
                emoji = (uni_scalar_value(head->cp) & UNI_BC_MASK) ==
                        UNI_BC_EXTENDED_PICTOGRAPHIC;
            emoji &= (v & UNI_BC_MASK) == UNI_BC_EXTEND;
            int rc = row_cluster_append(r, (int)(head - r->cells), cp);
            if (rc < 0)
                term_fail(t, rc);
        } else if (v & VALUE_WIDE) {
            head = c;
            put(c, cp, wide);
            put(c + 1, 0, tail);
            c += 2;
        } else {
            head = c;
            put(c, cp, narrow);
            c++;
        }
        p += len;
        if (p == end || c > edge)
            break;
        uint32_t b = *p;
        if (b < 0x80) {
            /* ASCII in the text: a word or a space, in its own loop */
            if (!printable_ascii(b) ||
                (len > 1 && ascii_run(p, (size_t)(end - p), t->ascii_isa) >= ASCII_TEXT_RUN))
                break;
            do {
                put(c++, b, narrow);
                if (++p == end || c > edge)
                    goto done;
                b = *p;
            } while (printable_ascii(b));
            if (b < 0x80)
                break;
            head = c - 1;
        }
        len = utf8_char(p, (size_t)(end - p), &cp);
        if (!len)
            break;
        v = uni_scalar_value(cp);
        if (v & UNI_SIMPLE) {
            if ((v & VALUE_WIDE) && c == edge)
                break;
        } else if (!run_mark(v, cp) ||
                   (!(head->flags & CELL_CLUSTER) &&
                    (uni_scalar_value(head->cp) & UNI_BC_MASK) == UNI_BC_CONTROL)) {
            break; /* GB4: nothing joins a control */
        }
    }
done:;
    int x = (int)(c - r->cells);
    if (x < cols && (r->cells[x].flags & CELL_TAIL))
        row_blank_cells(r, x, x + 1, r->cells[x].style);
    /* the last character taken, for the grapheme rules and REP: the bytes
     * taken are well-formed, so it starts at the last byte that is not a
     * continuation byte */
    const uint8_t *last = p - 1;
    while ((*last & 0xc0) == 0x80)
        last--;
    text_char(last, (size_t)(p - last), &cp, &v);
    int joined = !(v & UNI_SIMPLE);
    t->gc_valid = 1;
    t->gc_x = joined ? (int)(head - r->cells) : x - uni_value_width(v);
    t->gc_y = t->y;
    t->gc_last = cp;
    t->gc_bc = (int)(v & UNI_BC_MASK);
    t->gc_state = joined && emoji ? UNI_BC_EXTENDED_PICTOGRAPHIC : 0;
    /* REP repeats the last character written, not the marks on it */
    if (joined) {
        int k;
        uint32_t one;
        t->last_cp = row_cell_cps(r, head, &k, &one)[0];
    } else {
        t->last_cp = cp;
    }
    if (x < stop) {
        t->x = x;
    } else {
        t->x = stop - 1;
        t->pending_wrap = mode_get(t, M_DECAWM);
    }
    return (size_t)(p - s);
}

size_t term_print_text(tsr_term *t, const uint8_t *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        i += simple_run(t, s + i, n - i);
        if (i == n)
            break;
        if (s[i] < 0x80) {
            /* ASCII the fast loop left: a long run, or one the state
             * sends the general way (charsets, wraps, insert mode) */
            size_t a = ascii_run(s + i, n - i, t->ascii_isa);
            if (a == 0)
                break; /* a control or DEL: the parser's */
            term_print_ascii(t, s + i, a);
            i += a;
            continue;
        }
        uint32_t cp;
        size_t len = utf8_char(s + i, n - i, &cp);
        if (len == 0)
            break; /* malformed, cut off, or a C1 control: the parser's */
        term_print_cp(t, cp);
        i += len;
    }
    return i;
}
