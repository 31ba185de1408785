/* Modes, from the table in modes.def: SM/RM and DECSET/DECRST, DECRQM
 * reports, the alternate screen (47, 1047, 1048, 1049), cursor save and
 * restore, the defaults and the soft reset. */
#include <string.h>

#include "term.h"

/* The table of modes.def: one row per mode, found by number with a switch
 * the compiler builds from the same rows. */
enum store { ST_BIT, ST_TRACK, ST_ENCODING, ST_SCREEN, ST_CURSOR };
/* How an alternate screen mode enters and leaves (its row's value). */
enum { ALT_PLAIN, ALT_CLEAR_ON_LEAVE, ALT_SAVE_AND_CLEAR };
#define KIND_ANSI 0u
#define KIND_DEC 1u

typedef struct mode_row {
    uint8_t store, value, def, decstr;
} mode_row;

#define MODE_VALUE_BIT(v) M_##v
#define MODE_VALUE_TRACK(v) TSR_MOUSE_##v
#define MODE_VALUE_ENCODING(v) TSR_MOUSE_ENC_##v
#define MODE_VALUE_SCREEN(v) ALT_##v
#define MODE_VALUE_CURSOR(v) 0
static const mode_row mode_rows[] = {
#define MODE(kind, number, store, value, def, decstr, ...) \
    {ST_##store, MODE_VALUE_##store(value), def, decstr},
#include "modes.def"
#undef MODE
};

enum {
#define MODE(kind, number, ...) ROW_##kind##_##number,
#include "modes.def"
#undef MODE
};

static const mode_row *mode_find(int number, int dec)
{
    switch ((unsigned)number | (dec ? KIND_DEC : KIND_ANSI) << 16) {
#define MODE(kind, number, ...) \
    case (unsigned)number | KIND_##kind << 16: return &mode_rows[ROW_##kind##_##number];
#include "modes.def"
#undef MODE
    default: return NULL;
    }
}

uint32_t modes_defaults(void)
{
    uint32_t bits = 0;
    for (size_t i = 0; i < sizeof mode_rows / sizeof mode_rows[0]; i++)
        if (mode_rows[i].store == ST_BIT && mode_rows[i].def)
            bits |= 1u << mode_rows[i].value;
    return bits;
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
    t->pending_wrap = s->pending_wrap && (t->x == t->cols - 1 || t->x == t->right ||
                                          t->x == term_line_cols(t) - 1);
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
    t->gc_y = -1; /* the cell written last is on the other buffer */
    term_fit_line(t);
}

static void set_mode(tsr_term *t, const mode_row *m, int on)
{
    switch (m->store) {
    case ST_BIT:
        if (m->value == M_DECCOLM) {
            term_column_mode(t, on); /* sets the bit itself, when mode 40 allows */
            return;
        }
        mode_put(t, m->value, on);
        if (m->value == M_DECOM)
            term_move_to_origin(t, 0, 0);
        else if (m->value == M_DECLRMM && !on)
            term_reset_lr_margins(t); /* DEC STD 070 5.5.1: resetting it clears them */
        else if (m->value == M_BLINK12)
            t->cursor_blink = on;
        return;
    case ST_TRACK: t->mouse_tracking = on ? m->value : TSR_MOUSE_OFF; return;
    case ST_ENCODING:
        /* the encodings exclude each other; resetting one that is not in
         * use changes nothing (xterm's dpmodes) */
        if (on)
            t->mouse_encoding = m->value;
        else if (t->mouse_encoding == m->value)
            t->mouse_encoding = TSR_MOUSE_ENC_DEFAULT;
        return;
    case ST_CURSOR:
        if (on)
            term_save_cursor(t);
        else
            term_restore_cursor(t);
        return;
    case ST_SCREEN:
        if (m->value != ALT_SAVE_AND_CLEAR) {
            use_alt(t, on, 0, m->value == ALT_CLEAR_ON_LEAVE);
        } else if (on) {
            if (t->g != &t->alt)
                term_save_cursor(t);
            use_alt(t, 1, 1, 0);
        } else {
            /* xterm restores the cursor even when the alternate screen is
             * not shown (ctlseqs: "restore cursor as in DECRC") */
            use_alt(t, 0, 0, 0);
            term_restore_cursor(t);
        }
        return;
    default: return;
    }
}

/* SM, RM (ECMA-48 8.3.125, 8.3.106); DECSET, DECRST (xterm ctlseqs) */
void term_set_modes(tsr_term *t, const parser_seq *s, int on)
{
    for (int i = 0; i < s->nparams; i++) {
        int mode = s->params[i];
        if (mode < 0)
            continue;
        const mode_row *m = mode_find(mode, s->marker == '?');
        if (m) {
            set_mode(t, m, on);
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
    const mode_row *m = mode_find(mode, private_);
    switch (m ? m->store : ST_CURSOR) {
    case ST_BIT: *value = mode_get(t, m->value); return TSR_OK;
    case ST_TRACK: *value = t->mouse_tracking == m->value; return TSR_OK;
    case ST_ENCODING: *value = t->mouse_encoding == m->value; return TSR_OK;
    case ST_SCREEN: *value = t->g == &t->alt; return TSR_OK;
    default: return TSR_ERR_INVALID; /* unknown, or nothing to report */
    }
}

/* DECRQM (DEC STD 070; xterm ctlseqs): 1 set, 2 reset, 0 unknown */
void term_report_mode(tsr_term *t, const parser_seq *s)
{
    int mode = s->nparams && s->params[0] >= 0 ? s->params[0] : 0;
    int value = 0, state = 0;
    if (term_mode_value(t, mode, s->marker == '?', &value) == TSR_OK)
        state = value ? 1 : 2;
    int nums[2] = {mode, state};
    term_replyf_csi(t, s->marker == '?' ? "\x1b[?" : "\x1b[", nums, 2, "$y");
}

/* Each row's kind and number, in the order of modes.def. */
static const struct {
    uint8_t dec;
    uint16_t number;
} mode_ids[] = {
#define MODE(kind, number, ...) {KIND_##kind, number},
#include "modes.def"
#undef MODE
};

/* DECTSR's data (DEC STD 070 leaves its form to the terminal): the modes
 * set now as DECRQM numbers them, ANSI ones bare and then DEC ones after
 * '?', each kind in ascending order, ';' between them ("4;?7;?25"). */
int term_mode_state(const tsr_term *t, tsr_buf *out)
{
    int rc = TSR_OK, first = 1;
    for (unsigned dec = 0; dec < 2; dec++) {
        for (int last = -1;;) {
            int next = -1; /* the smallest number of this kind after last */
            for (size_t i = 0; i < sizeof mode_ids / sizeof mode_ids[0]; i++)
                if (mode_ids[i].dec == dec && mode_ids[i].number > last &&
                    (next < 0 || mode_ids[i].number < next))
                    next = mode_ids[i].number;
            if (next < 0)
                break;
            last = next;
            int value = 0;
            if (term_mode_value(t, next, (int)dec, &value) != TSR_OK || !value)
                continue;
            if (!first)
                rc = rc ? rc : buf_putc(out, ';');
            if (dec)
                rc = rc ? rc : buf_putc(out, '?');
            rc = rc ? rc : buf_put_uint(out, (unsigned long)next);
            first = 0;
        }
    }
    return rc;
}

/* DECSTR (DEC STD 070; xterm ctlseqs) */
void term_soft_reset(tsr_term *t)
{
    for (size_t i = 0; i < sizeof mode_rows / sizeof mode_rows[0]; i++)
        if (mode_rows[i].store == ST_BIT && mode_rows[i].decstr)
            mode_put(t, mode_rows[i].value, mode_rows[i].def);
    term_reset_margins(t); /* DECLRMM is reset with the table's modes */
    memset(t->cs, CS_ASCII, sizeof t->cs);
    t->gl = 0;
    t->single_shift = 0;
    term_update_charset_fast(t);
    memset(&t->pen, 0, sizeof t->pen);
    t->pen_dirty = PEN_CHANGED;
    t->protect = 0;
    memset(t->saved, 0, sizeof t->saved);
    term_reset_wrap(t);
}
