/* CSI dispatch: a table sorted by {final, private marker, intermediate},
 * searched by binary search, as tmux's input_csi_table is. Each row names
 * its handler, mnemonic and the spec section that defines it; each handler
 * is a few lines calling the file that owns the behaviour. Parameters are
 * read through param() (a value with a default) and count() ("0 or omitted
 * means 1"). */
#include <stddef.h>

#include "dispatch.h"

typedef void csi_fn(tsr_term *t, const parser_seq *s, uint8_t f);

typedef struct csi_entry {
    uint32_t key; /* CSI_KEY(final, marker, intermediate) */
    csi_fn *fn;
    const char *name; /* mnemonic */
    const char *spec; /* where it is defined */
} csi_entry;

#define CSI_KEY(final, marker, inter) \
    ((uint32_t)(uint8_t)(final) << 16 | (uint32_t)(uint8_t)(marker) << 8 | (uint8_t)(inter))

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

/* ICH - ECMA-48 8.3.64 */
static void csi_ich(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_insert_chars(t, count(s, 0));
}
/* CUU - ECMA-48 8.3.22 */
static void csi_cuu(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_vertical(t, t->x, -count(s, 0));
}
/* CUD - ECMA-48 8.3.19 */
static void csi_cud(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_vertical(t, t->x, count(s, 0));
}
/* VPR, VPB and HPR move as CUP does (xterm's CursorSet), not as CUD, CUU
 * and CUF: to the screen's edge, or within the margins only under DECOM. */
static void move_relative(tsr_term *t, int dx, int dy)
{
    term_move_to_origin(t, term_origin_col(t) + dx, term_origin_row(t) + dy);
}
/* VPR - ECMA-48 8.3.160 */
static void csi_vpr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_relative(t, 0, count(s, 0));
}
/* VPB - ECMA-48 8.3.159 */
static void csi_vpb(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_relative(t, 0, -count(s, 0));
}
/* CUF - ECMA-48 8.3.20 (stops at the right margin from left of it) */
static void csi_cuf(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_cursor_forward(t, count(s, 0));
}
/* HPR - ECMA-48 8.3.59 */
static void csi_hpr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_relative(t, count(s, 0), 0);
}
/* CUB - ECMA-48 8.3.18; HPB - ECMA-48 8.3.58 (stop at the left margin from
 * right of it) */
static void csi_cub(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_cursor_back(t, count(s, 0));
}
/* CNL - ECMA-48 8.3.12: down, then as CR (to the left margin) */
static void csi_cnl(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_vertical(t, t->x, count(s, 0));
    term_carriage_return(t);
}
/* CPL - ECMA-48 8.3.13: up, then as CR */
static void csi_cpl(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    move_vertical(t, t->x, -count(s, 0));
    term_carriage_return(t);
}
/* CHA - ECMA-48 8.3.9; HPA - ECMA-48 8.3.57 (from the left margin under
 * DECOM, as xterm's CursorSet) */
static void csi_cha(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_move_to_origin(t, count(s, 0) - 1, term_origin_row(t));
}
/* CUP - ECMA-48 8.3.21; HVP - ECMA-48 8.3.63 */
static void csi_cup(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_move_to_origin(t, count(s, 1) - 1, count(s, 0) - 1);
}
/* CHT - ECMA-48 8.3.10 */
static void csi_cht(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_tab(t, count(s, 0));
}
/* ED - ECMA-48 8.3.39 */
static void csi_ed(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_display(t, param(s, 0, 0), 0);
}
/* DECSED - DEC STD 070 (selective: protected cells stay) */
static void csi_decsed(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_display(t, param(s, 0, 0), 1);
}
/* EL - ECMA-48 8.3.41 */
static void csi_el(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_line(t, param(s, 0, 0), 0);
}
/* DECSEL - DEC STD 070 */
static void csi_decsel(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_line(t, param(s, 0, 0), 1);
}
/* IL - ECMA-48 8.3.67 */
static void csi_il(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_insert_lines(t, count(s, 0));
}
/* DL - ECMA-48 8.3.32 */
static void csi_dl(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_delete_lines(t, count(s, 0));
}
/* DCH - ECMA-48 8.3.26 */
static void csi_dch(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_delete_chars(t, count(s, 0));
}
/* SU - ECMA-48 8.3.147 */
static void csi_su(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_scroll_up(t, count(s, 0));
}
/* SD - ECMA-48 8.3.113; with more parameters xterm's mouse highlight
 * tracking, not supported */
static void csi_sd(tsr_term *t, const parser_seq *s, uint8_t f)
{
    if (s->nparams > 1)
        unhandled(t, s, f);
    else
        term_scroll_down(t, count(s, 0));
}
/* ECH - ECMA-48 8.3.38 */
static void csi_ech(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_chars(t, count(s, 0));
}
/* CBT - ECMA-48 8.3.7 */
static void csi_cbt(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_tab(t, -count(s, 0));
}
/* REP - ECMA-48 8.3.103 */
static void csi_rep(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_repeat_last(t, count(s, 0));
}
/* DA - ECMA-48 8.3.24 (DA1); with '>' DA2 - xterm ctlseqs */
static void csi_da(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_device_attributes(t, s);
}
/* VPA - ECMA-48 8.3.158 */
static void csi_vpa(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_move_to_origin(t, term_origin_col(t), count(s, 0) - 1);
}
/* TBC - ECMA-48 8.3.154 */
static void csi_tbc(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    int how = param(s, 0, 0);
    if (how == 0) {
        t->tabs[t->x] = 0;
    } else if (how == 3 || how == 5) {
        for (int x = 0; x < TSR_MAX_COLS; x++)
            t->tabs[x] = 0;
    }
}
/* SM - ECMA-48 8.3.125; DECSET - xterm ctlseqs */
static void csi_sm(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_set_modes(t, s, 1);
}
/* RM - ECMA-48 8.3.106; DECRST - xterm ctlseqs */
static void csi_rm(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_set_modes(t, s, 0);
}
/* SGR - ECMA-48 8.3.117 */
static void csi_sgr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_sgr(t, s);
}
/* DSR - ECMA-48 8.3.35; with '?' DECDSR - DEC STD 070 */
static void csi_dsr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_device_status(t, s);
}
/* DECREQTPARM - VT100 (xterm ctlseqs): Ps 0 or 1 */
static void csi_decreqtparm(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_terminal_parameters(t, s);
}
/* DECRQPSR - DEC STD 070: Ps 1 DECCIR, Ps 2 DECTABSR */
static void csi_decrqpsr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_presentation_report(t, s);
}
/* DECRQTSR - DEC STD 070: Ps 1 DECTSR, Ps 2 DECCTR */
static void csi_decrqtsr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_terminal_state_report(t, s);
}
/* DECIC - DEC STD 070 (xterm ctlseqs) */
static void csi_decic(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_insert_columns(t, count(s, 0));
}
/* DECDC - DEC STD 070 (xterm ctlseqs) */
static void csi_decdc(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_delete_columns(t, count(s, 0));
}
/* SL - ECMA-48 8.3.121 */
static void csi_sl(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_scroll_left(t, count(s, 0));
}
/* SR - ECMA-48 8.3.135 */
static void csi_sr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_scroll_right(t, count(s, 0));
}
/* DECFRA - DEC STD 070: Pch ; Pt ; Pl ; Pb ; Pr $ x */
static void csi_decfra(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_fill_rect(t, s);
}
/* DECERA - DEC STD 070: Pt ; Pl ; Pb ; Pr $ z */
static void csi_decera(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_rect(t, s, 0);
}
/* DECSERA - DEC STD 070: Pt ; Pl ; Pb ; Pr $ { (protected cells stay) */
static void csi_decsera(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_erase_rect(t, s, 1);
}
/* DECCRA - DEC STD 070: Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v */
static void csi_deccra(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_copy_rect(t, s);
}
/* DECCARA - DEC STD 070: Pt ; Pl ; Pb ; Pr ; Ps... $ r */
static void csi_deccara(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_change_rect_attrs(t, s, 0);
}
/* DECRARA - DEC STD 070: Pt ; Pl ; Pb ; Pr ; Ps... $ t */
static void csi_decrara(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_change_rect_attrs(t, s, 1);
}
/* DECRQCRA - DEC STD 070: Pid ; Pp ; Pt ; Pl ; Pb ; Pr */
static void csi_decrqcra(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_checksum_rect(t, s);
}

/* DECSACE - DEC STD 070: Ps 2 rectangles, 0 or 1 streams */
static void csi_decsace(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    int p = param(s, 0, 0);
    if (p <= 2)
        t->rect_extent = p == 2;
}
/* XTVERSION - xterm ctlseqs; only Ps 0 (or none) asks, as in xterm */
static void csi_xtversion(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    if (param(s, 0, 0) == 0)
        term_version_report(t);
}
/* DECSTBM - DEC STD 070; invalid regions are ignored, as in xterm */
static void csi_decstbm(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_set_tb_margins(t, param(s, 0, 1), param(s, 1, 0));
}
/* SCOSC - xterm ctlseqs (saves as DECSC does); while DECLRMM is set,
 * DECSLRM - DEC STD 070 5.5.1: Pl ; Pr s */
static void csi_scosc(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    if (mode_get(t, M_DECLRMM))
        term_set_lr_margins(t, param(s, 0, 1), param(s, 1, 0));
    else
        term_save_cursor(t);
}
/* SCORC - xterm ctlseqs */
static void csi_scorc(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)s;
    (void)f;
    term_restore_cursor(t);
}
/* XTWINOPS - xterm ctlseqs */
static void csi_xtwinops(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_window_ops(t, s);
}
/* DECSCUSR - xterm ctlseqs (VT520) */
static void csi_decscusr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    int v = param(s, 0, 0);
    if (v > 6)
        return;
    static const int shapes[7] = {TSR_CURSOR_DEFAULT, TSR_CURSOR_BLOCK,     TSR_CURSOR_BLOCK,
                                  TSR_CURSOR_UNDERLINE, TSR_CURSOR_UNDERLINE, TSR_CURSOR_BAR,
                                  TSR_CURSOR_BAR};
    t->cursor_shape = shapes[v];
    t->cursor_blink = v == 0 || (v & 1);
    mode_put(t, M_BLINK12, t->cursor_blink);
}
/* DECSCA - DEC STD 070 */
static void csi_decsca(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    t->protect = param(s, 0, 0) == 1;
    t->protect_iso = 0; /* DEC protection: only the selective erasures spare cells */
}
/* DECSTR - DEC STD 070 */
static void csi_decstr(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)s;
    (void)f;
    term_soft_reset(t);
}
/* DECRQM - DEC STD 070 (ANSI and DEC modes) */
static void csi_decrqm(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_report_mode(t, s);
}
/* kitty keyboard protocol, "Progressive enhancement": CSI > flags u pushes,
 * CSI < n u pops n (0 or omitted: 1), CSI = flags ; mode u sets, CSI ? u
 * asks. Only the plain CSI u is SCORC. */
static void csi_kitty_push(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_kitty_push(t, param(s, 0, 0));
}
static void csi_kitty_pop(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_kitty_pop(t, count(s, 0));
}
static void csi_kitty_set(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_kitty_set(t, param(s, 0, 0), param(s, 1, 1));
}
static void csi_kitty_query(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)s;
    (void)f;
    term_kitty_report(t);
}
/* XTMODKEYS - xterm ctlseqs (only Pp 4, modifyOtherKeys) */
static void csi_xtmodkeys(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_modify_keys(t, s);
}
/* XTQMODKEYS - xterm ctlseqs (only Pp 4) */
static void csi_xtqmodkeys(tsr_term *t, const parser_seq *s, uint8_t f)
{
    (void)f;
    term_modify_keys_report(t, s);
}

/* The table, sorted by key: final byte, then private marker, then
 * intermediate. PLAIN rows have neither marker nor intermediate. */
#define CSI_ROWS(PLAIN, SEQ) \
    PLAIN('@', csi_ich, "ICH", "ECMA-48 8.3.64")                  \
    SEQ('@', 0, ' ', csi_sl, "SL", "ECMA-48 8.3.121")             \
    PLAIN('A', csi_cuu, "CUU", "ECMA-48 8.3.22")                  \
    SEQ('A', 0, ' ', csi_sr, "SR", "ECMA-48 8.3.135")             \
    PLAIN('B', csi_cud, "CUD", "ECMA-48 8.3.19")                  \
    PLAIN('C', csi_cuf, "CUF", "ECMA-48 8.3.20")                  \
    PLAIN('D', csi_cub, "CUB", "ECMA-48 8.3.18")                  \
    PLAIN('E', csi_cnl, "CNL", "ECMA-48 8.3.12")                  \
    PLAIN('F', csi_cpl, "CPL", "ECMA-48 8.3.13")                  \
    PLAIN('G', csi_cha, "CHA", "ECMA-48 8.3.9")                   \
    PLAIN('H', csi_cup, "CUP", "ECMA-48 8.3.21")                  \
    PLAIN('I', csi_cht, "CHT", "ECMA-48 8.3.10")                  \
    PLAIN('J', csi_ed, "ED", "ECMA-48 8.3.39")                    \
    SEQ('J', '?', 0, csi_decsed, "DECSED", "DEC STD 070")         \
    PLAIN('K', csi_el, "EL", "ECMA-48 8.3.41")                    \
    SEQ('K', '?', 0, csi_decsel, "DECSEL", "DEC STD 070")         \
    PLAIN('L', csi_il, "IL", "ECMA-48 8.3.67")                    \
    PLAIN('M', csi_dl, "DL", "ECMA-48 8.3.32")                    \
    PLAIN('P', csi_dch, "DCH", "ECMA-48 8.3.26")                  \
    PLAIN('S', csi_su, "SU", "ECMA-48 8.3.147")                   \
    PLAIN('T', csi_sd, "SD", "ECMA-48 8.3.113")                   \
    PLAIN('X', csi_ech, "ECH", "ECMA-48 8.3.38")                  \
    PLAIN('Z', csi_cbt, "CBT", "ECMA-48 8.3.7")                   \
    PLAIN('`', csi_cha, "HPA", "ECMA-48 8.3.57")                  \
    PLAIN('a', csi_hpr, "HPR", "ECMA-48 8.3.59")                  \
    PLAIN('b', csi_rep, "REP", "ECMA-48 8.3.103")                 \
    PLAIN('c', csi_da, "DA", "ECMA-48 8.3.24")                    \
    SEQ('c', '=', 0, csi_da, "DA3", "DEC STD 070")                \
    SEQ('c', '>', 0, csi_da, "DA2", "xterm ctlseqs")              \
    PLAIN('d', csi_vpa, "VPA", "ECMA-48 8.3.158")                 \
    PLAIN('e', csi_vpr, "VPR", "ECMA-48 8.3.160")                 \
    PLAIN('f', csi_cup, "HVP", "ECMA-48 8.3.63")                  \
    PLAIN('g', csi_tbc, "TBC", "ECMA-48 8.3.154")                 \
    PLAIN('h', csi_sm, "SM", "ECMA-48 8.3.125")                   \
    SEQ('h', '?', 0, csi_sm, "DECSET", "xterm ctlseqs")           \
    PLAIN('j', csi_cub, "HPB", "ECMA-48 8.3.58")                  \
    PLAIN('k', csi_vpb, "VPB", "ECMA-48 8.3.159")                 \
    PLAIN('l', csi_rm, "RM", "ECMA-48 8.3.106")                   \
    SEQ('l', '?', 0, csi_rm, "DECRST", "xterm ctlseqs")           \
    PLAIN('m', csi_sgr, "SGR", "ECMA-48 8.3.117")                 \
    SEQ('m', '>', 0, csi_xtmodkeys, "XTMODKEYS", "xterm ctlseqs")  \
    SEQ('m', '?', 0, csi_xtqmodkeys, "XTQMODKEYS", "xterm ctlseqs") \
    PLAIN('n', csi_dsr, "DSR", "ECMA-48 8.3.35")                  \
    SEQ('n', '?', 0, csi_dsr, "DECDSR", "DEC STD 070")            \
    SEQ('p', 0, '!', csi_decstr, "DECSTR", "DEC STD 070")         \
    SEQ('p', 0, '$', csi_decrqm, "DECRQM", "DEC STD 070")         \
    SEQ('p', '?', '$', csi_decrqm, "DECRQM", "DEC STD 070")       \
    SEQ('q', 0, ' ', csi_decscusr, "DECSCUSR", "xterm ctlseqs")   \
    SEQ('q', 0, '"', csi_decsca, "DECSCA", "DEC STD 070")         \
    SEQ('q', '>', 0, csi_xtversion, "XTVERSION", "xterm ctlseqs") \
    PLAIN('r', csi_decstbm, "DECSTBM", "DEC STD 070")             \
    SEQ('r', 0, '$', csi_deccara, "DECCARA", "DEC STD 070")       \
    PLAIN('s', csi_scosc, "SCOSC/DECSLRM", "DEC STD 070 5.5.1")   \
    PLAIN('t', csi_xtwinops, "XTWINOPS", "xterm ctlseqs")         \
    SEQ('t', 0, '$', csi_decrara, "DECRARA", "DEC STD 070")       \
    PLAIN('u', csi_scorc, "SCORC", "xterm ctlseqs")               \
    SEQ('u', 0, '$', csi_decrqtsr, "DECRQTSR", "DEC STD 070")     \
    SEQ('u', '<', 0, csi_kitty_pop, "kitty pop", "kitty keyboard protocol") \
    SEQ('u', '=', 0, csi_kitty_set, "kitty set", "kitty keyboard protocol") \
    SEQ('u', '>', 0, csi_kitty_push, "kitty push", "kitty keyboard protocol") \
    SEQ('u', '?', 0, csi_kitty_query, "kitty query", "kitty keyboard protocol") \
    SEQ('v', 0, '$', csi_deccra, "DECCRA", "DEC STD 070")         \
    SEQ('w', 0, '$', csi_decrqpsr, "DECRQPSR", "DEC STD 070")     \
    PLAIN('x', csi_decreqtparm, "DECREQTPARM", "xterm ctlseqs")   \
    SEQ('x', 0, '$', csi_decfra, "DECFRA", "DEC STD 070")         \
    SEQ('x', 0, '*', csi_decsace, "DECSACE", "DEC STD 070")       \
    SEQ('y', 0, '*', csi_decrqcra, "DECRQCRA", "DEC STD 070")     \
    SEQ('z', 0, '$', csi_decera, "DECERA", "DEC STD 070")         \
    SEQ('{', 0, '$', csi_decsera, "DECSERA", "DEC STD 070")       \
    SEQ('}', 0, '\'', csi_decic, "DECIC", "DEC STD 070")          \
    SEQ('~', 0, '\'', csi_decdc, "DECDC", "DEC STD 070")

#define TABLE_PLAIN(f, fn, name, spec) {CSI_KEY(f, 0, 0), fn, name, spec},
#define TABLE_SEQ(f, m, i, fn, name, spec) {CSI_KEY(f, m, i), fn, name, spec},
static const csi_entry csi_table[] = {CSI_ROWS(TABLE_PLAIN, TABLE_SEQ)};
#define CSI_TABLE_LEN (sizeof csi_table / sizeof csi_table[0])

/* The PLAIN rows again, indexed by final byte: the commonest sequences
 * skip the search. */
#define INDEX_PLAIN(f, fn, name, spec) [(f) - 0x40] = {CSI_KEY(f, 0, 0), fn, name, spec},
#define INDEX_SEQ(f, m, i, fn, name, spec)
static const csi_entry csi_plain[0x3f] = {CSI_ROWS(INDEX_PLAIN, INDEX_SEQ)};

/* Branch-free binary search: the same few steps for every key. */
static const csi_entry *csi_find(uint32_t key)
{
    const csi_entry *base = csi_table;
    size_t n = CSI_TABLE_LEN;
    while (n > 1) {
        size_t half = n / 2;
        base = base[half].key <= key ? base + half : base;
        n -= half;
    }
    return base->key == key ? base : NULL;
}

int csi_table_sorted(void)
{
    for (size_t i = 1; i < CSI_TABLE_LEN; i++)
        if (csi_table[i - 1].key >= csi_table[i].key)
            return 0;
    return 1;
}

int csi_index_agrees(void)
{
    for (int f = 0x40; f < 0x7f; f++) {
        const csi_entry *e = csi_find(CSI_KEY(f, 0, 0));
        const csi_entry *d = &csi_plain[f - 0x40];
        if (e ? d->fn != e->fn || d->key != e->key : d->fn != NULL)
            return 0;
    }
    return 1;
}

void term_csi(tsr_term *t, const parser_seq *s, uint8_t f)
{
    const csi_entry *e;
    if (!s->marker && !s->ninter && f >= 0x40 && f < 0x7f)
        e = csi_plain[f - 0x40].fn ? &csi_plain[f - 0x40] : NULL;
    else if (s->ninter > 1)
        e = NULL;
    else
        e = csi_find(CSI_KEY(f, s->marker, s->ninter ? s->inter[0] : 0));
    if (e)
        e->fn(t, s, f);
    else
        unhandled(t, s, f);
}
