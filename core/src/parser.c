/* The parser state machine, after DEC's VT500 model: ground, escape, CSI,
 * DCS and the string states. Two departures, both for speed and safety: in
 * the ground state runs of printable ASCII are found sixteen or 32 bytes at
 * a time (ascii.h) and handed over whole, and text with UTF-8 in it is
 * handed over as bytes, which the sink decodes as it writes them, taking
 * well-formed characters only and leaving the rest (controls, malformed
 * or cut-off sequences) to the state machine; and every collected thing (parameters, their values,
 * intermediates, string payloads) has a fixed bound, past which input is
 * consumed and the excess reported, never stored.
 *
 * C1 controls: raw bytes 0x80-0x9f are C1 only inside sequences and
 * strings, where no text is expected; in the ground state such a byte is
 * malformed UTF-8 (a program writing Latin-1), so it prints U+FFFD. A C1
 * control encoded in UTF-8 (U+0080-U+009F) is dropped, neither acted on nor
 * printed, and inside a string it is the string's text: as xterm 379 shows
 * (ctlseqs: a C1 control cannot be obtained from decoding UTF-8 text). */
#include "parser.h"

#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "tessera/tessera.h"

enum {
    S_GROUND,
    S_ESCAPE,
    S_ESC_INTER,
    S_CSI_ENTRY,
    S_CSI_PARAM,
    S_CSI_INTER,
    S_CSI_IGNORE,
    S_DCS_ENTRY,
    S_DCS_PARAM,
    S_DCS_INTER,
    S_DCS_PASS,
    S_DCS_IGNORE,
    S_STRING, /* OSC, SOS, PM, APC: str_kind says which */
};

void parser_init(parser *p, const parser_sink *sink, void *user)
{
    memset(p, 0, sizeof *p);
    p->sink = sink;
    p->user = user;
    p->ascii_isa = ASCII_ISA_BASE; /* a terminal sets its own */
}

void parser_free(parser *p)
{
    free(p->str);
    p->str = NULL;
    p->str_cap = p->str_len = 0;
}

void parser_reset(parser *p)
{
    p->state = S_GROUND;
    p->utf8_need = 0;
    p->str_len = 0;
}

static void clear_seq(parser *p)
{
    p->seq.nparams = 0;
    p->seq.sub_mask = 0;
    p->seq.marker = 0;
    p->seq.ninter = 0;
    p->seq.clamped = 0;
}

static void collect_inter(parser *p, uint8_t b)
{
    if (p->seq.ninter < PARSER_MAX_INTERMEDIATES)
        p->seq.inter[p->seq.ninter++] = b;
    else
        p->seq.clamped = 1;
}

/* Digits, ';' and ':' of a parameter list. */
static void param_byte(parser *p, uint8_t b)
{
    parser_seq *s = &p->seq;
    if (s->nparams == 0) {
        s->nparams = 1;
        s->params[0] = -1;
    }
    if (b == ';' || b == ':') {
        if (s->nparams < PARSER_MAX_PARAMS) {
            s->params[s->nparams] = -1;
            if (b == ':')
                s->sub_mask |= 1u << s->nparams;
            s->nparams++;
        } else {
            /* further values go nowhere; the last slot keeps its value */
            s->clamped = 2;
        }
        return;
    }
    if (s->clamped == 2)
        return;
    int32_t *v = &s->params[s->nparams - 1];
    int32_t cur = *v < 0 ? 0 : *v;
    cur = cur * 10 + (b - '0');
    if (cur > PARSER_MAX_PARAM_VALUE) {
        cur = PARSER_MAX_PARAM_VALUE;
        s->clamped = s->clamped ? s->clamped : 1;
    }
    *v = cur;
}

static void str_begin(parser *p, uint8_t kind)
{
    p->state = S_STRING;
    p->str_kind = kind;
    p->str_len = 0;
    p->str_utf8 = 0;
    p->str_truncated = 0;
}

static void str_collect(parser *p, uint8_t b, size_t bound)
{
    if (p->str_truncated)
        return;
    if (p->str_len >= bound) {
        p->str_truncated = 1;
        return;
    }
    if (p->str_len == p->str_cap) {
        size_t cap = p->str_cap ? p->str_cap * 2 : 256;
        if (cap > bound)
            cap = bound;
        uint8_t *n = realloc(p->str, cap);
        if (!n) {
            p->str_truncated = 1;
            return;
        }
        p->str = n;
        p->str_cap = cap;
    }
    p->str[p->str_len++] = b;
}

/* Ends the current string; dispatch is false when it was cancelled. */
static void str_end(parser *p, uint8_t terminator, int dispatch)
{
    if (dispatch) {
        if (p->state == S_STRING && p->str_kind == ']')
            p->sink->osc(p->user, p->str, p->str_truncated ? 0 : p->str_len, p->str_truncated,
                         terminator);
        else if (p->state == S_STRING)
            p->sink->ignored_string(p->user, p->str_kind);
        else if (p->state == S_DCS_PASS)
            p->sink->dcs(p->user, &p->seq, p->dcs_final, p->str,
                         p->str_truncated ? 0 : p->str_len, p->str_truncated);
        else if (p->state == S_DCS_IGNORE)
            p->sink->malformed(p->user, &p->seq, terminator, 'P');
    }
    p->str_len = 0;
    p->state = S_GROUND;
}

static int in_string(const parser *p)
{
    return p->state == S_STRING || p->state == S_DCS_PASS || p->state == S_DCS_IGNORE;
}

static void enter_escape(parser *p)
{
    clear_seq(p);
    p->state = S_ESCAPE;
}

/* A C1 control, raw, where it cannot be text. */
static void c1(parser *p, uint8_t b)
{
    if (in_string(p)) {
        str_end(p, 0x9c, b == 0x9c);
        if (b == 0x9c)
            return;
    }
    clear_seq(p);
    switch (b) {
    case 0x90:
        p->state = S_DCS_ENTRY;
        p->str_len = 0;
        p->str_truncated = 0;
        return;
    case 0x9b:
        p->state = S_CSI_ENTRY;
        return;
    case 0x9d:
        str_begin(p, ']');
        return;
    case 0x98:
        str_begin(p, 'X');
        return;
    case 0x9e:
        str_begin(p, '^');
        return;
    case 0x9f:
        str_begin(p, '_');
        return;
    case 0x9c:
        p->state = S_GROUND;
        return;
    default:
        p->state = S_GROUND;
        p->sink->execute(p->user, b);
        return;
    }
}

static void emit_cp(parser *p, uint32_t cp)
{
    if (cp >= 0x80 && cp < 0xa0)
        return; /* a C1 control decoded from UTF-8: dropped (see the top) */
    p->sink->print(p->user, cp);
}

/* Ground-state UTF-8. Each maximal malformed subpart becomes one U+FFFD. */
static void ground_byte(parser *p, uint8_t b)
{
    if (p->utf8_need) {
        if (b >= p->utf8_lo && b <= p->utf8_hi) {
            p->utf8_cp = (p->utf8_cp << 6) | (b & 0x3f);
            p->utf8_lo = 0x80;
            p->utf8_hi = 0xbf;
            if (--p->utf8_need == 0)
                emit_cp(p, p->utf8_cp);
            return;
        }
        p->utf8_need = 0;
        p->sink->print(p->user, 0xfffd);
        /* b starts afresh below */
    }
    if (b < 0x80) {
        if (b >= 0x20 && b < 0x7f)
            p->sink->print_ascii(p->user, &b, 1);
        else if (b == 0x1b)
            enter_escape(p);
        else if (b != 0x7f)
            p->sink->execute(p->user, b);
        return;
    }
    p->utf8_lo = 0x80;
    p->utf8_hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
        p->utf8_need = 1;
        p->utf8_cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
        p->utf8_need = 2;
        p->utf8_cp = b & 0x0f;
        if (b == 0xe0)
            p->utf8_lo = 0xa0;
        else if (b == 0xed)
            p->utf8_hi = 0x9f; /* no surrogates */
    } else if (b >= 0xf0 && b <= 0xf4) {
        p->utf8_need = 3;
        p->utf8_cp = b & 0x07;
        if (b == 0xf0)
            p->utf8_lo = 0x90;
        else if (b == 0xf4)
            p->utf8_hi = 0x8f; /* nothing above U+10FFFF */
    } else {
        p->sink->print(p->user, 0xfffd);
    }
}

static void csi_dispatch(parser *p, uint8_t b)
{
    p->state = S_GROUND;
    p->sink->csi(p->user, &p->seq, b);
}

static void step(parser *p, uint8_t b)
{
    /* Controls that act in every state. */
    if (b == 0x18 || b == 0x1a) { /* CAN, SUB: cancel */
        if (in_string(p))
            str_end(p, b, 0);
        p->state = S_GROUND;
        p->utf8_need = 0;
        if (b == 0x1a)
            p->sink->execute(p->user, b);
        return;
    }
    if (b == 0x1b && p->state != S_GROUND) {
        if (in_string(p))
            str_end(p, 0x9c, 1); /* ESC ends a string; ESC \ is then a no-op */
        enter_escape(p);
        return;
    }
    switch (p->state) {
    case S_GROUND:
        ground_byte(p, b);
        return;
    case S_STRING:
    case S_DCS_PASS:
    case S_DCS_IGNORE:
        if (b == 0x07 && p->state == S_STRING && p->str_kind == ']') {
            str_end(p, 0x07, 1);
            return;
        }
        if (b < 0x20 || b == 0x7f)
            return; /* other controls inside strings are ignored */
        if (b >= 0x80) {
            /* A continuation byte is the string's text, even 0x9c after 0xc2
             * (U+009C is not ST in UTF-8 text, as in xterm 379). */
            if (p->str_utf8) {
                if (b <= 0xbf)
                    p->str_utf8--;
                else
                    p->str_utf8 = 0;
            } else if (b == 0x9c) {
                str_end(p, 0x9c, 1);
                return;
            } else if (b >= 0xc2 && b <= 0xf4) {
                p->str_utf8 = b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : 1;
            }
        }
        if (p->state == S_STRING && p->str_kind == ']')
            str_collect(p, b, TSR_MAX_OSC_BYTES);
        else if (p->state == S_DCS_PASS)
            str_collect(p, b, PARSER_MAX_DCS_BYTES);
        return;
    default:
        break;
    }
    /* Escape, CSI and DCS headers. */
    if (b >= 0x80 && b < 0xa0) {
        c1(p, b);
        return;
    }
    if (b < 0x20) {
        p->sink->execute(p->user, b); /* C0 inside a sequence acts at once */
        return;
    }
    if (b == 0x7f || b >= 0xa0)
        return;
    switch (p->state) {
    case S_ESCAPE:
        if (b <= 0x2f) {
            collect_inter(p, b);
            p->state = S_ESC_INTER;
        } else if (b == '[') {
            p->state = S_CSI_ENTRY;
        } else if (b == ']') {
            str_begin(p, ']');
        } else if (b == 'P') {
            p->state = S_DCS_ENTRY;
            p->str_len = 0;
            p->str_truncated = 0;
        } else if (b == 'X' || b == '^' || b == '_') {
            str_begin(p, b);
        } else {
            p->state = S_GROUND;
            p->sink->esc(p->user, &p->seq, b);
        }
        return;
    case S_ESC_INTER:
        if (b <= 0x2f) {
            collect_inter(p, b);
        } else {
            p->state = S_GROUND;
            p->sink->esc(p->user, &p->seq, b);
        }
        return;
    case S_CSI_ENTRY:
    case S_DCS_ENTRY:
        if (b >= 0x3c && b <= 0x3f) {
            p->seq.marker = b;
            p->state = p->state == S_CSI_ENTRY ? S_CSI_PARAM : S_DCS_PARAM;
            return;
        }
        p->state = p->state == S_CSI_ENTRY ? S_CSI_PARAM : S_DCS_PARAM;
        /* fall through */
    case S_CSI_PARAM:
    case S_DCS_PARAM: {
        int csi = p->state == S_CSI_PARAM;
        if ((b >= '0' && b <= '9') || b == ';' || b == ':') {
            param_byte(p, b);
        } else if (b >= 0x3c && b <= 0x3f) {
            p->state = csi ? S_CSI_IGNORE : S_DCS_IGNORE;
        } else if (b <= 0x2f) {
            collect_inter(p, b);
            p->state = csi ? S_CSI_INTER : S_DCS_INTER;
        } else if (csi) {
            csi_dispatch(p, b);
        } else {
            p->dcs_final = b;
            p->state = S_DCS_PASS;
        }
        return;
    }
    case S_CSI_INTER:
    case S_DCS_INTER: {
        int csi = p->state == S_CSI_INTER;
        if (b <= 0x2f) {
            collect_inter(p, b);
        } else if (b <= 0x3f) {
            p->state = csi ? S_CSI_IGNORE : S_DCS_IGNORE;
        } else if (csi) {
            csi_dispatch(p, b);
        } else {
            p->dcs_final = b;
            p->state = S_DCS_PASS;
        }
        return;
    }
    case S_CSI_IGNORE:
        if (b >= 0x40) {
            p->state = S_GROUND;
            p->sink->malformed(p->user, &p->seq, b, '[');
        }
        return;
    default:
        return;
    }
}

/* Digits and separators of a CSI parameter list, without the general
 * state machine: a value's digits are summed in a register and stored once.
 * Same results as param_byte byte by byte. Returns the bytes consumed. */
static size_t csi_params_run(parser *p, const uint8_t *s, size_t n)
{
    parser_seq *q = &p->seq;
    size_t i = 0;
    while (i < n) {
        uint8_t b = s[i];
        if ((unsigned)(b - '0') < 10u && q->nparams && q->clamped != 2) {
            int32_t *v = &q->params[q->nparams - 1];
            int32_t cur = *v < 0 ? 0 : *v;
            do {
                cur = cur * 10 + (s[i] - '0');
                if (cur > PARSER_MAX_PARAM_VALUE) {
                    cur = PARSER_MAX_PARAM_VALUE;
                    q->clamped = q->clamped ? q->clamped : 1;
                }
                i++;
            } while (i < n && (unsigned)(s[i] - '0') < 10u);
            *v = cur;
            continue;
        }
        if (b == ';' && q->nparams && q->nparams < PARSER_MAX_PARAMS) {
            /* the commonest separator, inline */
            q->params[q->nparams++] = -1;
        } else if ((unsigned)(b - '0') < 10u || b == ';' || b == ':') {
            param_byte(p, b);
        } else {
            break;
        }
        i++;
    }
    if (i)
        p->state = S_CSI_PARAM;
    /* a plain final byte right after the parameters dispatches at once */
    if (i < n && s[i] >= 0x40 && s[i] <= 0x7e) {
        csi_dispatch(p, s[i]);
        i++;
    }
    return i;
}

/* Up to five digits at s, which the caller has checked are in the buffer
 * with the byte after them: their value, or -1 when the value needs the
 * general path (over PARSER_MAX_PARAM_VALUE, or more digits). *len is how
 * many digits were read. */
static inline int32_t csi_value(const uint8_t *s, size_t *len)
{
    uint32_t v = 0;
    unsigned d;
    size_t k = 0;
    /* unrolled: most values are one to three digits */
    if ((d = (unsigned)s[0] - '0') < 10u) {
        v = d, k = 1;
        if ((d = (unsigned)s[1] - '0') < 10u) {
            v = v * 10 + d, k = 2;
            if ((d = (unsigned)s[2] - '0') < 10u) {
                v = v * 10 + d, k = 3;
                if ((d = (unsigned)s[3] - '0') < 10u) {
                    v = v * 10 + d, k = 4;
                    if ((d = (unsigned)s[4] - '0') < 10u) {
                        v = v * 10 + d, k = 5;
                        if (v > PARSER_MAX_PARAM_VALUE || (unsigned)s[5] - '0' < 10u)
                            return -1;
                    }
                }
            }
        }
    }
    *len = k;
    return (int32_t)v;
}

/* Right after ESC [ in the ground state: a whole sequence of plain
 * parameters (digits, ';', ':') and a final byte, read in one pass and
 * dispatched. Returns the bytes consumed after the ESC [, or 0 when the
 * sequence needs the general path from its start: a marker, an
 * intermediate, a control or other byte inside, a bound reached, or the
 * sequence too near the end of the buffer. Same callback as the state
 * machine's.
 *
 * A value starting at i reads s[i] to s[i + 5] at most (its separator or
 * the final byte among them), so `checked` makes sure those are in the
 * buffer; with 32 values at most, a sequence never reads past
 * s[CSI_WHOLE_SPAN - 1], and a buffer at least that long needs no checks. */
#define CSI_VALUE_WINDOW 6 /* five digits and the byte after them */
#define CSI_WHOLE_SPAN (PARSER_MAX_PARAMS * 6)

#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline size_t csi_whole_in(parser *p, const uint8_t *s, size_t n, int checked)
{
    parser_seq *q = &p->seq;
    size_t i = 0;
    int np = 0;
    uint32_t sub = 0;
    if ((unsigned)s[0] - '0' < 10u || s[0] == ';' || s[0] == ':') {
        for (;;) {
            size_t k = 0;
            int32_t v = csi_value(s + i, &k);
            if (v < 0)
                return 0;
            q->params[np++] = k ? v : -1; /* no digits: omitted */
            i += k;
            if (s[i] == ':') /* the next value is a sub-parameter (np may be the bound) */
                sub |= (uint32_t)((uint64_t)1 << np);
            else if (s[i] != ';')
                break;
            i++;
            if (np == PARSER_MAX_PARAMS || (checked && n - i < CSI_VALUE_WINDOW))
                return 0;
        }
    }
    uint8_t f = s[i];
    if (f < 0x40 || f > 0x7e)
        return 0;
    q->nparams = np;
    q->sub_mask = sub;
    q->marker = 0;
    q->ninter = 0;
    q->clamped = 0;
    csi_dispatch(p, f);
    return i + 1;
}

static size_t csi_whole(parser *p, const uint8_t *s, size_t n)
{
    if (n >= CSI_WHOLE_SPAN)
        return csi_whole_in(p, s, n, 0);
    return n >= CSI_VALUE_WINDOW ? csi_whole_in(p, s, n, 1) : 0;
}

void parser_feed(parser *p, const uint8_t *data, size_t len)
{
    size_t i = 0;
    while (i < len) {
        if (p->state == S_GROUND && !p->utf8_need) {
            size_t run = ascii_run(data + i, len - i, p->ascii_isa);
            if (run) {
                p->sink->print_ascii(p->user, data + i, run);
                i += run;
                if (i == len)
                    return;
            }
            if (data[i] == '\r' || data[i] == '\n') {
                /* line ends: the commonest controls, straight to the sink */
                p->sink->execute(p->user, data[i++]);
                continue;
            }
            if (data[i] == 0x1b && i + 1 < len && data[i + 1] == '[') {
                /* ESC [ : the whole sequence at once when it can be, else
                 * straight into the CSI parameters */
                size_t k = csi_whole(p, data + i + 2, len - i - 2);
                if (k) {
                    i += 2 + k;
                    continue;
                }
                clear_seq(p);
                p->state = S_CSI_ENTRY;
                i += 2;
                continue;
            }
            if (data[i] >= 0xc2) {
                /* text with UTF-8 in it: the sink decodes well-formed
                 * characters as it writes them (ASCII among them); where
                 * it stops, a control or ESC goes back to the fast paths
                 * above and a malformed byte to the state machine */
                i += p->sink->print_text(p->user, data + i, len - i);
                if (i == len)
                    return;
                if (data[i] < 0x80)
                    continue;
            }
        } else if (p->state == S_CSI_PARAM || p->state == S_CSI_ENTRY) {
            i += csi_params_run(p, data + i, len - i);
            if (i == len)
                return;
            if (p->state == S_GROUND)
                continue; /* dispatched: text may follow on the fast path */
        }
        step(p, data[i++]);
    }
}
