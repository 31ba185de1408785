/* Modes: SM/RM and DECSET/DECRST, DECRQM reports, the alternate screen
 * (47, 1047, 1048, 1049), cursor save/restore and the soft reset. */
#include <string.h>

#include "term.h"

/* DEC private modes kept as a plain bit. */
static const struct {
    int mode;
    enum mode bit;
} dec_bits[] = {
    {1, M_DECCKM},  {5, M_DECSCNM}, {6, M_DECOM},  {7, M_DECAWM},    {12, M_BLINK12},
    {25, M_DECTCEM}, {66, M_DECKPAM}, {1004, M_FOCUS}, {2004, M_PASTE}, {2026, M_SYNC},
};

static int dec_bit(int mode, enum mode *bit)
{
    for (size_t i = 0; i < sizeof dec_bits / sizeof dec_bits[0]; i++) {
        if (dec_bits[i].mode == mode) {
            *bit = dec_bits[i].bit;
            return 1;
        }
    }
    return 0;
}

void term_save_cursor(tsr_term *t)
{
    saved_cursor *s = &t->saved[t->g == &t->alt];
    s->x = t->x;
    s->y = t->y;
    s->pending_wrap = t->pending_wrap;
    s->pen = t->pen;
    s->protect = t->protect;
    s->origin = mode_get(t, M_DECOM);
    memcpy(s->g, t->cs, sizeof s->g);
    s->gl = t->gl;
    s->valid = 1;
}

void term_restore_cursor(tsr_term *t)
{
    saved_cursor *s = &t->saved[t->g == &t->alt];
    if (!s->valid) {
        /* Nothing saved: home, default rendition, as xterm does. */
        memset(&t->pen, 0, sizeof t->pen);
        t->pen_dirty = PEN_CHANGED;
        t->protect = 0;
        mode_put(t, M_DECOM, 0);
        term_move_to(t, 0, 0);
        return;
    }
    t->pen = s->pen;
    t->pen_dirty = PEN_CHANGED;
    t->protect = s->protect;
    mode_put(t, M_DECOM, s->origin);
    memcpy(t->cs, s->g, sizeof t->cs);
    t->gl = s->gl;
    t->single_shift = 0;
    term_update_charset_fast(t);
    term_move_to(t, s->x, s->y);
    t->pending_wrap = s->pending_wrap && t->x == t->cols - 1;
}

static void clear_grid_screen(tsr_term *t, grid *g)
{
    uint32_t blank = term_erase_id(t);
    for (int y = 0; y < g->rows; y++)
        term_fail(t, grid_clear_row(g, y, blank));
}

static void use_alt(tsr_term *t, int on, int clear_on_enter, int clear_on_leave)
{
    if (on && t->g != &t->alt) {
        t->g = &t->alt;
        if (clear_on_enter)
            clear_grid_screen(t, &t->alt);
    } else if (!on && t->g == &t->alt) {
        if (clear_on_leave)
            clear_grid_screen(t, &t->alt);
        t->g = &t->primary;
    }
    t->gc_valid = 0;
}

static void set_dec_mode(tsr_term *t, const parser_seq *s, int mode, int on)
{
    enum mode bit;
    if (dec_bit(mode, &bit)) {
        mode_put(t, bit, on);
        if (mode == 6)
            term_move_to_origin(t, 0, 0);
        else if (mode == 12)
            t->cursor_blink = on;
        return;
    }
    switch (mode) {
    case 9: t->mouse_tracking = on ? TSR_MOUSE_X10 : TSR_MOUSE_OFF; return;
    case 1000: t->mouse_tracking = on ? TSR_MOUSE_NORMAL : TSR_MOUSE_OFF; return;
    case 1002: t->mouse_tracking = on ? TSR_MOUSE_BUTTON : TSR_MOUSE_OFF; return;
    case 1003: t->mouse_tracking = on ? TSR_MOUSE_ANY : TSR_MOUSE_OFF; return;
    case 1005: t->mouse_encoding = on ? TSR_MOUSE_ENC_UTF8 : TSR_MOUSE_ENC_DEFAULT; return;
    case 1006: t->mouse_encoding = on ? TSR_MOUSE_ENC_SGR : TSR_MOUSE_ENC_DEFAULT; return;
    case 1015: t->mouse_encoding = on ? TSR_MOUSE_ENC_URXVT : TSR_MOUSE_ENC_DEFAULT; return;
    case 47: use_alt(t, on, 0, 0); return;
    case 1047: use_alt(t, on, 0, 1); return;
    case 1048:
        if (on)
            term_save_cursor(t);
        else
            term_restore_cursor(t);
        return;
    case 1049:
        if (on) {
            if (t->g != &t->alt)
                term_save_cursor(t);
            use_alt(t, 1, 1, 0);
        } else if (t->g == &t->alt) {
            use_alt(t, 0, 0, 0);
            term_restore_cursor(t);
        }
        return;
    default: {
        parser_seq one = *s;
        one.nparams = 1;
        one.params[0] = mode;
        one.sub_mask = 0;
        term_note_seq(t, "CSI", &one, on ? 'h' : 'l', "mode not supported");
        return;
    }
    }
}

void term_set_modes(tsr_term *t, const parser_seq *s, int on)
{
    for (int i = 0; i < s->nparams; i++) {
        int mode = s->params[i];
        if (mode < 0)
            continue;
        if (s->marker == '?') {
            set_dec_mode(t, s, mode, on);
        } else if (mode == 4) {
            mode_put(t, M_IRM, on);
        } else if (mode == 20) {
            mode_put(t, M_LNM, on);
        } else {
            parser_seq one = *s;
            one.nparams = 1;
            one.params[0] = mode;
            one.sub_mask = 0;
            term_note_seq(t, "CSI", &one, on ? 'h' : 'l', "mode not supported");
        }
    }
}

int term_mode_value(const tsr_term *t, int mode, int private_, int *value)
{
    enum mode bit;
    if (!private_) {
        if (mode == 4)
            *value = mode_get(t, M_IRM);
        else if (mode == 20)
            *value = mode_get(t, M_LNM);
        else
            return TSR_ERR_INVALID;
        return TSR_OK;
    }
    if (dec_bit(mode, &bit)) {
        *value = mode_get(t, bit);
        return TSR_OK;
    }
    switch (mode) {
    case 9: *value = t->mouse_tracking == TSR_MOUSE_X10; return TSR_OK;
    case 1000: *value = t->mouse_tracking == TSR_MOUSE_NORMAL; return TSR_OK;
    case 1002: *value = t->mouse_tracking == TSR_MOUSE_BUTTON; return TSR_OK;
    case 1003: *value = t->mouse_tracking == TSR_MOUSE_ANY; return TSR_OK;
    case 1005: *value = t->mouse_encoding == TSR_MOUSE_ENC_UTF8; return TSR_OK;
    case 1006: *value = t->mouse_encoding == TSR_MOUSE_ENC_SGR; return TSR_OK;
    case 1015: *value = t->mouse_encoding == TSR_MOUSE_ENC_URXVT; return TSR_OK;
    case 47: case 1047: case 1049: *value = t->g == &t->alt; return TSR_OK;
    default: return TSR_ERR_INVALID;
    }
}

void term_report_mode(tsr_term *t, const parser_seq *s)
{
    int mode = s->nparams && s->params[0] >= 0 ? s->params[0] : 0;
    int value = 0, state = 0;
    if (term_mode_value(t, mode, s->marker == '?', &value) == TSR_OK)
        state = value ? 1 : 2;
    int nums[2] = {mode, state};
    term_replyf_csi(t, s->marker == '?' ? "\x1b[?" : "\x1b[", nums, 2, "$y");
}

void term_soft_reset(tsr_term *t)
{
    mode_put(t, M_DECTCEM, 1);
    mode_put(t, M_IRM, 0);
    mode_put(t, M_DECOM, 0);
    mode_put(t, M_DECAWM, 1);
    mode_put(t, M_DECCKM, 0);
    mode_put(t, M_DECKPAM, 0);
    t->top = 0;
    t->bottom = t->rows - 1;
    memset(t->cs, CS_ASCII, sizeof t->cs);
    t->gl = 0;
    t->single_shift = 0;
    term_update_charset_fast(t);
    memset(&t->pen, 0, sizeof t->pen);
    t->pen_dirty = PEN_CHANGED;
    t->protect = 0;
    memset(t->saved, 0, sizeof t->saved);
    t->pending_wrap = 0;
}
