/* C0/C1 controls, ESC sequences and the character sets (G0-G3, locking
 * and single shifts, DEC special graphics and the UK set). */
#include "dispatch.h"

/* DEC special graphics for 0x60-0x7e: line drawing and symbols. DEC's
 * table also blanks 0x5f; xterm.js and tmux keep it '_', and so do we. */
static const uint16_t dec_graphics[31] = {
    0x25c6, 0x2592, 0x2409, 0x240c, 0x240d, 0x240a, 0x00b0, /* ` a b c d e f */
    0x00b1, 0x2424, 0x240b, 0x2518, 0x2510, 0x250c, 0x2514, 0x253c, /* g h i j k l m n */
    0x23ba, 0x23bb, 0x2500, 0x23bc, 0x23bd, 0x251c, 0x2524, 0x2534, /* o p q r s t u v */
    0x252c, 0x2502, 0x2264, 0x2265, 0x03c0, 0x2260, 0x00a3, 0x00b7, /* w x y z { | } ~ */
};

uint32_t charset_map(uint8_t set, uint8_t b)
{
    if (set == CS_DEC_GRAPHICS && b >= 0x60 && b <= 0x7e)
        return dec_graphics[b - 0x60];
    if (set == CS_UK && b == '#')
        return 0x00a3;
    return b;
}

/* Kept out of term_execute so the common controls (LF, CR, BS) stay a
 * small, frame-free function: this path calls out and builds a string,
 * which inlined would make every LF save registers (+1.7% per byte of
 * plain text, measured by bench/ipb.sh). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, cold))
#endif
static void note_unhandled_control(tsr_term *t, uint8_t c)
{
    char d[3];
    hex_byte(c, d);
    d[2] = '\0';
    term_note(t, c < 0x20 ? "C0" : "C1", d);
}

void term_execute(tsr_term *t, uint8_t c)
{
    switch (c) {
    case 0x07: t->bells++; break;
    case 0x08: term_cursor_back(t, 1); break; /* from a pending wrap too, as xterm does */
    case 0x09: term_tab(t, 1); break;
    case 0x0a: case 0x0b: case 0x0c:
        term_index(t);
        if (mode_get(t, M_LNM))
            term_carriage_return(t);
        break;
    case 0x0d: term_carriage_return(t); break;
    case 0x0e: t->gl = 1; term_update_charset_fast(t); break; /* SO */
    case 0x0f: t->gl = 0; term_update_charset_fast(t); break; /* SI */
    case 0x84: term_index(t); break;                          /* IND */
    case 0x85: term_index(t); term_carriage_return(t); break; /* NEL */
    case 0x88: t->tabs[t->x] = 1; break;                      /* HTS */
    case 0x8d: term_reverse_index(t); break;                  /* RI */
    case 0x8e: t->single_shift = 2; term_update_charset_fast(t); break;
    case 0x8f: t->single_shift = 3; term_update_charset_fast(t); break;
    case 0x00: case 0x05: case 0x11: case 0x13: case 0x1a: case 0x7f:
        break; /* NUL, ENQ, XON, XOFF, SUB (already cancelled): nothing to show */
    default:
        note_unhandled_control(t, c);
        break;
    }
}

static void designate(tsr_term *t, int which, const parser_seq *s, uint8_t f)
{
    uint8_t set;
    switch (f) {
    case 'B': set = CS_ASCII; break;
    case '0': set = CS_DEC_GRAPHICS; break;
    case 'A': set = CS_UK; break;
    default:
        term_note_seq(t, "ESC", s, f, "charset not supported");
        return;
    }
    t->cs[which] = set;
    term_update_charset_fast(t);
}

void term_esc(tsr_term *t, const parser_seq *s, uint8_t f)
{
    if (s->ninter == 0) {
        switch (f) {
        case '7': term_save_cursor(t); return;
        case '8': term_restore_cursor(t); return;
        case '6': term_back_index(t); return;    /* DECBI */
        /* SPA and EPA - ECMA-48 8.3.142, 8.3.49 (ISO protection, as xterm): what is
         * written between them is protected, and from SPA on ED, EL and ECH spare it. */
        case 'V': t->protect = t->protect_iso = 1; return;
        case 'W': t->protect = 0; return;
        case '9': term_forward_index(t); return; /* DECFI */
        case '=': mode_put(t, M_DECKPAM, 1); return;
        case '>': mode_put(t, M_DECKPAM, 0); return;
        case 'D': term_execute(t, 0x84); return;
        case 'E': term_execute(t, 0x85); return;
        case 'H': term_execute(t, 0x88); return;
        case 'M': term_execute(t, 0x8d); return;
        case 'N': term_execute(t, 0x8e); return;
        case 'O': term_execute(t, 0x8f); return;
        case 'c': term_ris(t); return;
        case 'n': t->gl = 2; term_update_charset_fast(t); return; /* LS2 */
        case 'o': t->gl = 3; term_update_charset_fast(t); return; /* LS3 */
        case 'Z': term_device_attributes(t, s); return;           /* DECID */
        case '\\': return;                                        /* ST alone */
        default: break;
        }
    } else if (s->ninter == 1) {
        uint8_t i = s->inter[0];
        if (i == '#' && f == '8') {
            term_fill_alignment(t);
            return;
        }
        if (i == '#' && f >= '3' && f <= '6') { /* DECDHL top, bottom; DECSWL; DECDWL */
            static const uint8_t size[] = {ROW_SIZE_DOUBLE_TOP, ROW_SIZE_DOUBLE_BOTTOM,
                                           ROW_SIZE_SINGLE, ROW_SIZE_DOUBLE_WIDTH};
            term_set_line_size(t, size[f - '3']);
            return;
        }
        if (i >= '(' && i <= '+') {
            designate(t, i - '(', s, f);
            return;
        }
        if (i == '%' && (f == 'G' || f == '@'))
            return; /* UTF-8 is always on */
    }
    term_note_seq(t, "ESC", s, f, "unhandled");
}
