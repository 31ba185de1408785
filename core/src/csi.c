/* CSI dispatch: one short case per sequence, each calling the file that
 * owns the behaviour. Parameters are read through two helpers: param() for
 * a value with a default, count() for "0 or omitted means 1". */
#include "dispatch.h"

static int param(const parser_seq *s, int i, int def)
{
    return i < s->nparams && s->params[i] >= 0 ? s->params[i] : def;
}

static int count(const parser_seq *s, int i)
{
    int v = param(s, i, 1);
    return v < 1 ? 1 : v;
}

static void unhandled(tsr_term *t, const parser_seq *s, uint8_t final)
{
    term_note_seq(t, "CSI", s, final, "unhandled");
}

static void set_margins(tsr_term *t, const parser_seq *s)
{
    int top = param(s, 0, 1);
    int bot = param(s, 1, t->rows);
    if (top < 1)
        top = 1;
    if (bot < 1 || bot > t->rows)
        bot = t->rows;
    if (top >= bot)
        return; /* invalid regions are ignored, as in xterm */
    t->top = top - 1;
    t->bottom = bot - 1;
    term_move_to_origin(t, 0, 0);
}

static void clear_tabs(tsr_term *t, int how)
{
    if (how == 0) {
        t->tabs[t->x] = 0;
    } else if (how == 3 || how == 5) {
        for (int x = 0; x < TSR_MAX_COLS; x++)
            t->tabs[x] = 0;
    }
}

static void cursor_style(tsr_term *t, int v)
{
    if (v > 6)
        return;
    static const int shapes[7] = {TSR_CURSOR_DEFAULT, TSR_CURSOR_BLOCK,     TSR_CURSOR_BLOCK,
                                  TSR_CURSOR_UNDERLINE, TSR_CURSOR_UNDERLINE, TSR_CURSOR_BAR,
                                  TSR_CURSOR_BAR};
    t->cursor_shape = shapes[v];
    t->cursor_blink = v == 0 || (v & 1);
    mode_put(t, M_BLINK12, t->cursor_blink);
}

/* Vertical moves stop at the margin they start inside of, else the edge. */
static void move_vertical(tsr_term *t, int x, int dy)
{
    int y = t->y + dy;
    if (dy < 0 && t->y >= t->top && y < t->top)
        y = t->top;
    if (dy > 0 && t->y <= t->bottom && y > t->bottom)
        y = t->bottom;
    term_move_to(t, x, y);
}

/* CSI with no private marker and no intermediates. */
static void csi_plain(tsr_term *t, const parser_seq *s, uint8_t f)
{
    int cx = t->x, cy = t->y;
    switch (f) {
    case '@': term_insert_chars(t, count(s, 0)); break;
    case 'A': move_vertical(t, cx, -count(s, 0)); break;
    case 'B': move_vertical(t, cx, count(s, 0)); break;
    case 'C': term_move_to(t, cx + count(s, 0), cy); break;
    case 'D': term_move_to(t, cx - count(s, 0), cy); break;
    case 'E': move_vertical(t, 0, count(s, 0)); break;
    case 'F': move_vertical(t, 0, -count(s, 0)); break;
    case 'G': case '`': term_move_to(t, count(s, 0) - 1, cy); break;
    case 'H': case 'f': term_move_to_origin(t, count(s, 1) - 1, count(s, 0) - 1); break;
    case 'I': term_tab(t, count(s, 0)); break;
    case 'J': term_erase_display(t, param(s, 0, 0), 0); break;
    case 'K': term_erase_line(t, param(s, 0, 0), 0); break;
    case 'L': term_insert_lines(t, count(s, 0)); break;
    case 'M': term_delete_lines(t, count(s, 0)); break;
    case 'P': term_delete_chars(t, count(s, 0)); break;
    case 'S': term_scroll_up(t, count(s, 0)); break;
    case 'T':
        if (s->nparams > 1)
            unhandled(t, s, f); /* mouse highlight tracking */
        else
            term_scroll_down(t, count(s, 0));
        break;
    case 'X': term_erase_chars(t, count(s, 0)); break;
    case 'Z': term_tab(t, -count(s, 0)); break;
    case 'a': term_move_to(t, cx + count(s, 0), cy); break;
    case 'b': term_repeat_last(t, count(s, 0)); break;
    case 'c': term_device_attributes(t, s); break;
    case 'd': term_move_to_origin(t, cx, count(s, 0) - 1); break;
    case 'e': move_vertical(t, cx, count(s, 0)); break;
    case 'g': clear_tabs(t, param(s, 0, 0)); break;
    case 'h': term_set_modes(t, s, 1); break;
    case 'l': term_set_modes(t, s, 0); break;
    case 'm': term_sgr(t, s); break;
    case 'n': term_device_status(t, s); break;
    case 'r': set_margins(t, s); break;
    case 's': term_save_cursor(t); break;
    case 'u': term_restore_cursor(t); break;
    case 't': term_window_ops(t, s); break;
    default: unhandled(t, s, f); break;
    }
}

void term_csi(tsr_term *t, const parser_seq *s, uint8_t f)
{
    uint8_t m = s->marker;
    uint8_t i0 = s->ninter ? s->inter[0] : 0;
    if (s->ninter > 1) {
        unhandled(t, s, f);
        return;
    }
    if (!m && !i0) {
        csi_plain(t, s, f);
        return;
    }
    if (m == '?' && !i0) {
        switch (f) {
        case 'h': term_set_modes(t, s, 1); return;
        case 'l': term_set_modes(t, s, 0); return;
        case 'J': term_erase_display(t, param(s, 0, 0), 1); return;
        case 'K': term_erase_line(t, param(s, 0, 0), 1); return;
        case 'n': term_device_status(t, s); return;
        default: break;
        }
    } else if (m == '>' && !i0) {
        if (f == 'c') {
            term_device_attributes(t, s);
            return;
        }
        if (f == 'q') {
            term_version_report(t);
            return;
        }
    } else if (!m && i0 == ' ' && f == 'q') {
        cursor_style(t, param(s, 0, 0));
        return;
    } else if (!m && i0 == '"' && f == 'q') {
        int v = param(s, 0, 0);
        t->protect = v == 1;
        return;
    } else if (!m && i0 == '!' && f == 'p') {
        term_soft_reset(t);
        return;
    } else if ((!m || m == '?') && i0 == '$' && f == 'p') {
        term_report_mode(t, s);
        return;
    }
    unhandled(t, s, f);
}
