/* The terminal: the state every part of the core shares, and the internal
 * calls between its files. Only core/src includes this. */
#ifndef TSR_TERM_H
#define TSR_TERM_H

#include "buf.h"
#include "grid.h"
#include "history.h"
#include "link.h"
#include "modes.h"
#include "parser.h"
#include "style.h"
#include "view.h"

enum charset { CS_ASCII = 0, CS_DEC_GRAPHICS, CS_UK };

/* What DECSC saves (and DECRC restores). */
typedef struct saved_cursor {
    int x, y;
    int pending_wrap;
    tsr_style pen;
    int protect;
    int origin;
    uint8_t g[4];
    uint8_t gl;
    int valid;
} saved_cursor;

typedef struct title_entry {
    char *title;
    char *icon;
} title_entry;

#define UNHANDLED_ENTRY 64

struct tsr_term {
    parser parser;
    grid primary, alt;
    grid *g; /* the active grid */
    int rows, cols;
    int reflow;
    int sb_limit;

    /* cursor */
    int x, y;
    int pending_wrap;
    int cursor_shape, cursor_blink;

    /* the pen: current rendition and its interned ids, made on demand */
    tsr_style pen;
    uint32_t pen_id, erase_id;
    int pen_dirty; /* PEN_DIRTY | ERASE_DIRTY: the ids need interning again */
    int protect; /* DECSCA, or SPA..EPA: what is written now is protected */
    int protect_iso; /* SPA came last (not DECSCA): ED, EL and ECH spare protected cells */
    int rect_extent; /* DECSACE 2: attribute changes take rectangles, not streams */
    style_table styles;

    saved_cursor saved[2]; /* by buffer: 0 primary, 1 alternate */
    int top, bottom;       /* scroll margins, inclusive */
    int left, right;       /* left/right margins, inclusive: the whole width unless DECLRMM */
    int lr_margins;        /* left/right margins narrower than the screen */
    int full_margins;      /* all four margins at the screen's edges */
    int sized_lines;       /* a line may be double size (DECDWL, DECDHL) since the last RIS */
    uint8_t *tabs;         /* one flag per column */

    uint32_t modes;
    int mouse_tracking, mouse_encoding;

    /* The kitty keyboard protocol's flag stacks, one per buffer (0 primary,
     * 1 alternate), oldest first; depth 0 means flags 0. */
    uint8_t kitty_stack[2][TSR_KITTY_STACK_DEPTH];
    int kitty_depth[2];
    int modify_other_keys; /* xterm's XTMODKEYS level for modifyOtherKeys: 0, 1 or 2 */

    uint8_t cs[4]; /* designated charsets G0..G3 */
    uint8_t gl;   /* which G set is in GL */
    uint8_t single_shift; /* 2 or 3 for SS2/SS3, else 0 */
    int ascii_fast; /* GL maps ASCII to itself and no single shift pending */
    int ascii_isa;  /* the form of the printable-ASCII loops, for this CPU (ascii.h) */

    /* the last printed cell, for joining grapheme clusters and REP;
     * gc_y < 0: the cursor moved since (term_reset_wrap) */
    int gc_valid;
    int gc_x, gc_y;
    uint32_t gc_last;
    int gc_bc; /* grapheme boundary class of gc_last */
    int32_t gc_state;
    uint32_t last_cp; /* for REP */

    char *title, *icon;
    size_t title_len, icon_len;
    title_entry title_stack[TSR_TITLE_STACK_DEPTH];
    int title_depth;
    uint64_t bells;

    link_table links; /* OSC 8 URIs, by the id a style holds */

    char *clipboard, *clip_sel;

    /* palette and default colours for OSC 4 / 10 / 11 / 12 (0xRRGGBB) */
    screen_colours colours;
    int colours_set; /* some differ from the defaults: views carry them */

    char unhandled[TSR_MAX_UNHANDLED][UNHANDLED_ENTRY];
    int nunhandled;
    uint64_t unhandled_total;

    row *scratch; /* where writes go when a shared row cannot be copied */
    history hist;
    int exited, exit_code, exit_signal;
    uint64_t last_ack;
    tsr_buf replies;
    int error; /* a failed allocation during feed, reported by tsr_term_feed */
};

static inline int mode_get(const tsr_term *t, enum mode m)
{
    return (t->modes >> m) & 1u;
}
static inline void mode_put(tsr_term *t, enum mode m, int on)
{
    if (on)
        t->modes |= 1u << m;
    else
        t->modes &= ~(1u << m);
}

/* Ends a pending wrap, as cursor motion, erasure and editing do. Like
 * xterm's ResetWrap it also forgets the cell written last, so a lone
 * combining mark then joins the cell under the cursor. */
static inline void term_reset_wrap(tsr_term *t)
{
    t->pending_wrap = 0;
    t->gc_y = -1;
}

/* The cursor's column lies within the left/right margins (DEC STD 070 5.5.1:
 * what scrolls, inserts and deletes only from inside them). */
static inline int term_in_lr(const tsr_term *t)
{
    return t->x >= t->left && t->x <= t->right;
}

/* Visible row y for reading. */
static inline row *term_row(const tsr_term *t, int y)
{
    return grid_row(t->g, y);
}

/* The columns the cursor's line holds: the screen's width, or its first
 * half on a double-size line (DEC STD 070 5.8). */
static inline int term_line_cols(const tsr_term *t)
{
    return t->sized_lines ? row_size_cols(term_row(t, t->y)->size, t->cols) : t->cols;
}

/* x1, or row r's half if it is a double-size line and that comes first:
 * a double-size line's hidden cells stay blank, whatever writes there. */
static inline int term_row_end(const tsr_term *t, const row *r, int x1)
{
    int n = row_size_cols(r->size, t->cols);
    return x1 < n ? x1 : n;
}

/* Keeps the cursor on its line's columns: after it lands on a double-size
 * line, or one moves under it (DECDWL, scrolling). A pending wrap left at
 * a double-size line's last column ends when a single line takes its place. */
static inline void term_fit_line(tsr_term *t)
{
    if (t->sized_lines) {
        int n = term_line_cols(t);
        if (t->x >= n)
            t->x = n - 1;
        if (t->pending_wrap && t->x != n - 1 && t->x != t->right && t->x != t->cols - 1)
            t->pending_wrap = 0;
    }
}

/* The column after the last one text may fill from the cursor: the right
 * margin's neighbour, or the screen's edge once the cursor is right of the
 * margin (xterm's dotext: "the right-margin is ineffective"); never past
 * a double-size line's half. */
static inline int term_text_end(const tsr_term *t)
{
    int end = t->x <= t->right ? t->right + 1 : t->cols;
    int line = term_line_cols(t);
    return end < line ? end : line;
}

row *term_row_w_slow(tsr_term *t, int y);
/* Visible row y for writing: unshared from any snapshot first. If that
 * copy cannot be made, the error is recorded and the write lands in a
 * scratch row, so no caller needs a NULL check and no snapshot changes. */
static inline row *term_row_w(tsr_term *t, int y)
{
    row *r = grid_row(t->g, y);
    if (r->refs > 1)
        return term_row_w_slow(t, y);
    r->flags &= (uint8_t)~ROW_HASH_VALID;
    return r;
}

#define PEN_DIRTY 1
#define ERASE_DIRTY 2
#define PEN_CHANGED (PEN_DIRTY | ERASE_DIRTY)

/* Colours reported for OSC 10/11/12 until the program sets them. */
#define TSR_DEFAULT_FG 0xe5e5e5u
#define TSR_DEFAULT_BG 0x000000u
#define TSR_DEFAULT_CURSOR 0xe5e5e5u

/* term.c: the public top, as internal calls for frame.c */
int term_feed(tsr_term *t, const void *bytes, size_t len);
int term_set_size(tsr_term *t, int rows, int cols); /* validated */
void term_reset_all(tsr_term *t); /* RIS, the parser and the reply queue too */
/* Makes a revision of the screen if it changed since the newest one. */
int term_record(tsr_term *t, uint64_t time_ns, uint64_t raw_bytes, int *made);

/* screen.c */
int term_state_init(tsr_term *t); /* after rows, cols, sb_limit are set */
void term_state_free(tsr_term *t);
void term_view(const tsr_term *t, view *v);
void term_palette_defaults(uint32_t *palette);
void term_note(tsr_term *t, const char *fmt_kind, const char *detail);
void term_note_seq(tsr_term *t, const char *intro, const parser_seq *seq, uint8_t final,
                   const char *why);
void term_fail(tsr_term *t, int rc);
uint32_t term_pen_id_slow(tsr_term *t);
static inline uint32_t term_pen_id(tsr_term *t)
{
    return t->pen_dirty & PEN_DIRTY ? term_pen_id_slow(t) : t->pen_id;
}
uint32_t term_erase_id_slow(tsr_term *t);
/* The style id erasure paints with; inline, as a scroll asks for it once
 * per line. */
static inline uint32_t term_erase_id(tsr_term *t)
{
    return t->pen_dirty & ERASE_DIRTY ? term_erase_id_slow(t) : t->erase_id;
}
int term_intern(tsr_term *t, const tsr_style *s, uint32_t *id);
void term_full_reset(tsr_term *t);
/* RIS: term_full_reset, and xterm's 132 to 80 columns, mode 40 kept. */
void term_ris(tsr_term *t);
void term_soft_reset(tsr_term *t);
void term_update_charset_fast(tsr_term *t);
int term_link_id(tsr_term *t, const char *uri, size_t len, uint32_t *id);

/* print.c */
void term_print_ascii(tsr_term *t, const uint8_t *s, size_t n);
void term_print_cp(tsr_term *t, uint32_t cp);
/* print_text.c: ground-state text (printable ASCII and UTF-8); returns the
 * bytes it took, stopping at the first that is neither (the parser's). */
size_t term_print_text(tsr_term *t, const uint8_t *s, size_t n);
void term_repeat_last(tsr_term *t, int n);

/* edit.c: cursor motion, line feeds, erasure, insertion and deletion */
void term_move_to(tsr_term *t, int x, int y); /* clamps; clears pending wrap */
void term_move_to_origin(tsr_term *t, int x, int y); /* honours DECOM */
void term_index(tsr_term *t);         /* LF/IND: down, scrolling at the margin */
void term_reverse_index(tsr_term *t); /* RI */
void term_carriage_return(tsr_term *t);
/* CUB, BS: n columns left, stopping at the left margin when not already left
 * of it; CUF: n right, stopping at the right margin when not right of it. */
void term_cursor_back(tsr_term *t, int n);
void term_cursor_forward(tsr_term *t, int n);
/* The cursor's column (row) as DECOM counts it: from the left (top) margin. */
int term_origin_col(const tsr_term *t);
int term_origin_row(const tsr_term *t);
/* Both pairs of margins back to the whole screen (DECSTR, DECALN, resize),
 * or the left/right pair only (DECLRMM reset). Margins change only through
 * these and DECSTBM/DECSLRM, which keep lr_margins and full_margins. */
void term_reset_margins(tsr_term *t);
void term_reset_lr_margins(tsr_term *t);
/* DECSTBM, DECSLRM: 1-based (0: the default); ignored unless the first is
 * less than the second; a valid pair homes the cursor. */
void term_set_tb_margins(tsr_term *t, int top, int bottom);
void term_set_lr_margins(tsr_term *t, int left, int right);
void term_tab(tsr_term *t, int n);    /* n > 0 forward, n < 0 back */
void term_scroll_up(tsr_term *t, int n);
/* DECSWL, DECDWL, DECDHL: the cursor's line at another size (ROW_SIZE_*). */
void term_set_line_size(tsr_term *t, int size);
void term_scroll_down(tsr_term *t, int n);
void term_erase_display(tsr_term *t, int how, int selective);
void term_erase_line(tsr_term *t, int how, int selective);
void term_erase_chars(tsr_term *t, int n);
void term_insert_chars(tsr_term *t, int n);
/* Shifts the cells of row r from x up to end (exclusive) right by n, blanks
 * entering (print.c). */
void term_shift_right(row *r, int x, int end, int n, uint32_t blank);
/* Blanks cells x0..x1-1 of row y, sparing protected cells when selective. */
void term_erase_cells(tsr_term *t, int y, int x0, int x1, int selective);
/* DECFRA, DECERA / DECSERA, DECCRA (rect.c): the rectangle in the parameters. */
void term_fill_rect(tsr_term *t, const parser_seq *seq);
void term_erase_rect(tsr_term *t, const parser_seq *seq, int selective);
void term_copy_rect(tsr_term *t, const parser_seq *seq);
/* DECCARA (reverse 0) and DECRARA (reverse 1). */
void term_change_rect_attrs(tsr_term *t, const parser_seq *seq, int reverse);
/* DECRQCRA: answers DCS Pid ! ~ checksum ST (xterm's default form). */
void term_checksum_rect(tsr_term *t, const parser_seq *seq);
/* DECIC, DECDC: n columns at the cursor's, in every line of the scroll
 * region up to the right margin (nothing when the cursor is outside the
 * margins); the cursor stays. */
void term_insert_columns(tsr_term *t, int n);
void term_delete_columns(tsr_term *t, int n);
/* SL, SR: n columns of the region from the left margin (DECDC, DECIC there). */
void term_scroll_left(tsr_term *t, int n);
void term_scroll_right(tsr_term *t, int n);
/* DECBI, DECFI: the cursor one column left (right), or at that margin the region's
 * columns one to the right (left). */
void term_back_index(tsr_term *t);
void term_forward_index(tsr_term *t);
void term_delete_chars(tsr_term *t, int n);
void term_insert_lines(tsr_term *t, int n);
void term_delete_lines(tsr_term *t, int n);
void term_fill_alignment(tsr_term *t); /* DECALN */
/* Before overwriting cells x0..x1-1 of row r: a wide character cut in
 * half loses its other half (inline: it runs for every character). */
static inline void term_split_wide(row *r, int x0, int x1)
{
    if (x0 > 0 && x0 < r->cols && (r->cells[x0].flags & CELL_TAIL))
        row_blank_cells(r, x0 - 1, x0, r->cells[x0 - 1].style);
    if (x1 > 0 && x1 < r->cols && (r->cells[x1].flags & CELL_TAIL))
        row_blank_cells(r, x1, x1 + 1, r->cells[x1].style);
}

/* sgr.c */
void term_sgr(tsr_term *t, const parser_seq *seq);
/* Appends the pen as SGR parameters, for DECRQSS and keyframes (no final
 * 'm'). TSR_OK, or TSR_ERR_NOMEM. */
int term_sgr_describe(const tsr_style *pen, tsr_buf *out);

/* modes.c */
uint32_t modes_defaults(void); /* the mode bits after RIS */
int term_mode_state(const tsr_term *t, tsr_buf *out); /* DECTSR's data */
void term_set_modes(tsr_term *t, const parser_seq *seq, int on);
void term_report_mode(tsr_term *t, const parser_seq *seq);
int term_mode_value(const tsr_term *t, int mode, int private_, int *value);
void term_save_cursor(tsr_term *t);
void term_restore_cursor(tsr_term *t);

/* replies.c */
void term_reply(tsr_term *t, const char *s);
void term_replyf_csi(tsr_term *t, const char *prefix, const int *nums, int n, const char *suffix);
void term_device_status(tsr_term *t, const parser_seq *seq);
void term_device_attributes(tsr_term *t, const parser_seq *seq);
void term_window_ops(tsr_term *t, const parser_seq *seq);
void term_version_report(tsr_term *t);

/* keyboard.c: the kitty keyboard protocol's stacks and xterm's
 * modifyOtherKeys, the state the key encoder reads. */
void term_kitty_push(tsr_term *t, int flags);
void term_kitty_pop(tsr_term *t, int n);
void term_kitty_set(tsr_term *t, int flags, int how);
void term_kitty_report(tsr_term *t);
int term_kitty_flags(const tsr_term *t);
void term_modify_keys(tsr_term *t, const parser_seq *seq);
void term_modify_keys_report(tsr_term *t, const parser_seq *seq);
void term_keyboard_reset(tsr_term *t);
/* DECREQTPARM (CSI Ps x) and DECRQPSR (CSI Ps $ w: DECCIR, DECTABSR). */
void term_terminal_parameters(tsr_term *t, const parser_seq *seq);
void term_presentation_report(tsr_term *t, const parser_seq *seq);
void term_terminal_state_report(tsr_term *t, const parser_seq *seq);
void term_color_report(tsr_term *t, int osc, int index, uint32_t rgb, uint8_t term_byte);

/* resize.c */
int term_resize(tsr_term *t, int rows, int cols);
/* DECCOLM set (132 columns) or reset (80), when mode 40 allows it. */
void term_column_mode(tsr_term *t, int on);

/* charset mapping (esc.c) */
uint32_t charset_map(uint8_t set, uint8_t byte);

#endif
