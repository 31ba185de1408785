/* The terminal's life: creation, feeding, reset, and the shared helpers
 * (interned pen ids, the unhandled list, hyperlink ids). The parser's sink
 * lands here and is routed to the files that own each kind of action. */
#include "term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unicode.h"

const char *tsr_status_str(int status)
{
    switch (status) {
    case TSR_OK:
        return "ok";
    case TSR_ERR_NOMEM:
        return "out of memory";
    case TSR_ERR_INVALID:
        return "invalid argument";
    case TSR_ERR_RANGE:
        return "out of range";
    case TSR_ERR_EVICTED:
        return "revision evicted from the history";
    case TSR_ERR_AGAIN:
        return "incomplete frame: more bytes needed";
    case TSR_ERR_FORMAT:
        return "not a valid frame or recording";
    case TSR_ERR_MODE:
        return "input the program has not enabled";
    default:
        return "unknown error";
    }
}

void tsr_options_default(tsr_options *o)
{
    o->rows = 24;
    o->cols = 80;
    o->scrollback = TSR_DEFAULT_SCROLLBACK;
    o->reflow = 0;
    o->history.max_revisions = 0; /* the defaults */
    o->history.max_raw_bytes = 0;
    o->history.max_decoded_bytes = 0;
}

/* ------------------------------------------------------------ sink */

static void on_print_ascii(void *u, const uint8_t *s, size_t n)
{
    term_print_ascii(u, s, n);
}
static void on_print(void *u, uint32_t cp)
{
    term_print_cp(u, cp);
}
static void on_print_run(void *u, const uint32_t *cps, size_t n)
{
    term_print_cps(u, cps, n);
}
static void on_execute(void *u, uint8_t c)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_execute(t, c);
}
static void on_esc(void *u, const parser_seq *seq, uint8_t final)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_esc(t, seq, final);
}
static void on_csi(void *u, const parser_seq *seq, uint8_t final)
{
    tsr_term *t = u;
    /* REP needs the last character, so only it keeps the print state */
    if (final != 'b' || seq->marker || seq->ninter)
        t->gc_valid = 0;
    if (seq->clamped)
        term_note_seq(t, "CSI", seq, final, "parameters clamped");
    term_csi(t, seq, final);
}
static void on_osc(void *u, const uint8_t *d, size_t n, int truncated, uint8_t tb)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_osc(t, d, n, truncated, tb);
}
static void on_dcs(void *u, const parser_seq *seq, uint8_t final, const uint8_t *d, size_t n,
                   int truncated)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_dcs(t, seq, final, d, n, truncated);
}
static void on_ignored_string(void *u, uint8_t kind)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_note(t, kind == 'X' ? "SOS" : kind == '^' ? "PM" : "APC", "string ignored");
}
static void on_malformed(void *u, const parser_seq *seq, uint8_t final, char kind)
{
    tsr_term *t = u;
    t->gc_valid = 0;
    term_note_seq(t, kind == 'P' ? "DCS" : "CSI", seq, final, "malformed, ignored");
}

static const parser_sink sink = {
    .print_ascii = on_print_ascii,
    .print = on_print,
    .print_run = on_print_run,
    .execute = on_execute,
    .esc = on_esc,
    .csi = on_csi,
    .osc = on_osc,
    .dcs = on_dcs,
    .ignored_string = on_ignored_string,
    .malformed = on_malformed,
};

/* ------------------------------------------------------------ lifecycle */

void term_palette_defaults(uint32_t *palette)
{
    static const uint32_t base16[16] = {
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    };
    for (int i = 0; i < 16; i++)
        palette[i] = base16[i];
    static const uint8_t steps[6] = {0, 95, 135, 175, 215, 255};
    for (int i = 0; i < 216; i++)
        palette[16 + i] =
            (uint32_t)steps[i / 36] << 16 | (uint32_t)steps[(i / 6) % 6] << 8 | steps[i % 6];
    for (int i = 0; i < 24; i++) {
        uint32_t v = (uint32_t)(8 + i * 10);
        palette[232 + i] = v << 16 | v << 8 | v;
    }
}

/* Tab stops are kept for every column a resize could reach, as xterm
 * does, so growing the screen never invents stops a program cleared. */
static void reset_tabs(tsr_term *t)
{
    for (int x = 0; x < TSR_MAX_COLS; x++)
        t->tabs[x] = x % 8 == 0 && x > 0;
}

void term_update_charset_fast(tsr_term *t)
{
    t->ascii_fast = t->cs[t->gl] == CS_ASCII && !t->single_shift;
}

static void free_titles(tsr_term *t)
{
    free(t->title);
    free(t->icon);
    t->title = t->icon = NULL;
    t->title_len = t->icon_len = 0;
    for (int i = 0; i < t->title_depth; i++) {
        free(t->title_stack[i].title);
        free(t->title_stack[i].icon);
    }
    t->title_depth = 0;
}

static void free_links(tsr_term *t)
{
    for (uint32_t i = 0; i < t->nlinks; i++)
        free(t->links[i]);
    free(t->links);
    t->links = NULL;
    t->nlinks = t->links_cap = 0;
    t->current_link = 0;
}

/* The state a fresh terminal (and RIS) starts from, grids aside. */
static void reset_state(tsr_term *t)
{
    t->x = t->y = 0;
    t->pending_wrap = 0;
    t->cursor_shape = TSR_CURSOR_DEFAULT;
    t->cursor_blink = 0;
    memset(&t->pen, 0, sizeof t->pen);
    t->pen_id = t->erase_id = 0;
    t->pen_dirty = 0;
    t->protect = 0;
    memset(t->saved, 0, sizeof t->saved);
    t->top = 0;
    t->bottom = t->rows - 1;
    reset_tabs(t);
    t->modes = 0;
    mode_put(t, M_DECAWM, 1);
    mode_put(t, M_DECTCEM, 1);
    t->mouse_tracking = TSR_MOUSE_OFF;
    t->mouse_encoding = TSR_MOUSE_ENC_DEFAULT;
    memset(t->cs, CS_ASCII, sizeof t->cs);
    t->gl = 0;
    t->single_shift = 0;
    term_update_charset_fast(t);
    t->gc_valid = 0;
    t->last_cp = 0;
    term_palette_defaults(t->palette);
    t->default_fg = TSR_DEFAULT_FG;
    t->default_bg = TSR_DEFAULT_BG;
    t->cursor_color = TSR_DEFAULT_CURSOR;
}

int tsr_term_new(const tsr_options *opts, tsr_term **out)
{
    tsr_options def;
    if (!out)
        return TSR_ERR_INVALID;
    if (!opts) {
        tsr_options_default(&def);
        opts = &def;
    }
    if (opts->rows < 1 || opts->rows > TSR_MAX_ROWS || opts->cols < 1 ||
        opts->cols > TSR_MAX_COLS || opts->scrollback < 0 ||
        opts->scrollback > TSR_MAX_SCROLLBACK)
        return TSR_ERR_INVALID;
    tsr_term *t = calloc(1, sizeof *t);
    if (!t)
        return TSR_ERR_NOMEM;
    t->rows = opts->rows;
    t->cols = opts->cols;
    t->sb_limit = opts->scrollback;
    t->reflow = opts->reflow != 0;
    parser_init(&t->parser, &sink, t);
    t->tabs = calloc(TSR_MAX_COLS, 1);
    t->scratch = row_new(TSR_MAX_COLS, 0);
    if (!t->tabs || !t->scratch || style_table_init(&t->styles) ||
        history_init(&t->hist, &opts->history) ||
        grid_init(&t->primary, t->rows, t->cols, t->sb_limit) ||
        grid_init(&t->alt, t->rows, t->cols, 0)) {
        tsr_term_free(t);
        return TSR_ERR_NOMEM;
    }
    t->g = &t->primary;
    reset_state(t);
    int made;
    if (history_record(t, 0, 0, &made)) { /* revision 0: the blank screen */
        tsr_term_free(t);
        return TSR_ERR_NOMEM;
    }
    *out = t;
    return TSR_OK;
}

void tsr_term_free(tsr_term *t)
{
    if (!t)
        return;
    parser_free(&t->parser);
    history_free(&t->hist);
    grid_free(&t->primary);
    grid_free(&t->alt);
    style_table_free(&t->styles);
    free(t->tabs);
    row_free(t->scratch);
    free_titles(t);
    free_links(t);
    free(t->clipboard);
    free(t->clip_sel);
    tsr_buf_free(&t->replies);
    free(t);
}

static void clear_grid(tsr_term *t, grid *g)
{
    grid_clear_scrollback(g);
    for (int y = 0; y < g->rows; y++)
        term_fail(t, grid_clear_row(g, y, 0));
}

void term_full_reset(tsr_term *t)
{
    parser_reset(&t->parser);
    clear_grid(t, &t->primary);
    clear_grid(t, &t->alt);
    t->g = &t->primary;
    /* Styles and hyperlink ids stay: kept revisions still use them (the
     * style collector frees what nothing uses). */
    free_titles(t);
    free(t->clipboard);
    free(t->clip_sel);
    t->clipboard = t->clip_sel = NULL;
    t->bells = 0;
    reset_state(t);
}

int tsr_term_reset(tsr_term *t)
{
    if (!t)
        return TSR_ERR_INVALID;
    term_full_reset(t);
    t->nunhandled = 0;
    t->unhandled_total = 0;
    tsr_buf_clear(&t->replies);
    return TSR_OK;
}

int tsr_term_feed(tsr_term *t, const void *bytes, size_t len)
{
    if (!t || (!bytes && len))
        return TSR_ERR_INVALID;
    t->error = TSR_OK;
    parser_feed(&t->parser, bytes, len);
    return t->error;
}

int tsr_term_resize(tsr_term *t, int rows, int cols)
{
    if (!t || rows < 1 || rows > TSR_MAX_ROWS || cols < 1 || cols > TSR_MAX_COLS)
        return TSR_ERR_INVALID;
    if (rows == t->rows && cols == t->cols)
        return TSR_OK;
    t->gc_valid = 0;
    return term_resize(t, rows, cols);
}

int tsr_term_rows(const tsr_term *t)
{
    return t ? t->rows : 0;
}
int tsr_term_cols(const tsr_term *t)
{
    return t ? t->cols : 0;
}
int tsr_term_reflow(const tsr_term *t)
{
    return t ? t->reflow : 0;
}

/* ------------------------------------------------------------ helpers */

row *term_row_w_slow(tsr_term *t, int y)
{
    row *r = grid_row_mut(t->g, y);
    if (r)
        return r;
    term_fail(t, TSR_ERR_NOMEM);
    row_clear(t->scratch, 0);
    return t->scratch;
}

void term_fail(tsr_term *t, int rc)
{
    if (rc < 0 && t->error == TSR_OK)
        t->error = rc;
}

static void mark_grid(style_table *st, const grid *g)
{
    for (uint32_t i = 0; i < g->cap; i++) {
        const row *r = g->ring[i];
        if (!r)
            continue;
        for (int x = 0; x < r->cols; x++)
            style_gc_mark(st, r->cells[x].style);
    }
}

static void collect_styles(tsr_term *t)
{
    style_gc_begin(&t->styles);
    mark_grid(&t->styles, &t->primary);
    mark_grid(&t->styles, &t->alt);
    history_mark_styles(&t->hist, &t->styles);
    style_gc_mark(&t->styles, t->pen_id);
    style_gc_mark(&t->styles, t->erase_id);
    style_gc_end(&t->styles);
}

int term_intern(tsr_term *t, const tsr_style *s, uint32_t *id)
{
    for (int attempt = 0; attempt < 3; attempt++) {
        int rc = style_intern(&t->styles, s, id);
        if (rc == TSR_OK)
            return TSR_OK;
        if (rc != STYLE_FULL) {
            term_fail(t, rc);
            *id = 0;
            return rc;
        }
        collect_styles(t);
    }
    *id = 0;
    term_fail(t, TSR_ERR_NOMEM);
    return TSR_ERR_NOMEM;
}

uint32_t term_pen_id_slow(tsr_term *t)
{
    term_intern(t, &t->pen, &t->pen_id);
    t->pen_dirty &= ~PEN_DIRTY;
    return t->pen_id;
}

uint32_t term_erase_id(tsr_term *t)
{
    if (t->pen_dirty & ERASE_DIRTY) {
        /* Erasure paints the background colour only (xterm's BCE). */
        tsr_style e = {0};
        e.bg = t->pen.bg;
        if (e.bg == TSR_COLOR_DEFAULT)
            t->erase_id = 0;
        else
            term_intern(t, &e, &t->erase_id);
        t->pen_dirty &= ~ERASE_DIRTY;
    }
    return t->erase_id;
}

void term_note(tsr_term *t, const char *kind, const char *detail)
{
    t->unhandled_total++;
    if (t->nunhandled >= TSR_MAX_UNHANDLED)
        return;
    /* "kind detail", cut to the entry size: a debug aid, not a record */
    char *e = t->unhandled[t->nunhandled++];
    size_t n = 0;
    for (const char *p = kind; *p && n < UNHANDLED_ENTRY - 1; p++)
        e[n++] = *p;
    if (n < UNHANDLED_ENTRY - 1)
        e[n++] = ' ';
    for (const char *p = detail; *p && n < UNHANDLED_ENTRY - 1; p++)
        e[n++] = *p;
    e[n] = '\0';
}

void term_note_seq(tsr_term *t, const char *intro, const parser_seq *seq, uint8_t final,
                   const char *why)
{
    char desc[UNHANDLED_ENTRY];
    size_t n = 0;
#define PUT(c)                          \
    do {                                \
        if (n + 1 < sizeof desc - 1)    \
            desc[n++] = (char)(c);      \
    } while (0)
    if (seq->marker)
        PUT(seq->marker);
    for (int i = 0; i < seq->nparams; i++) {
        if (i)
            PUT((seq->sub_mask >> i) & 1u ? ':' : ';');
        if (seq->params[i] >= 0) {
            char num[12];
            int k = snprintf(num, sizeof num, "%d", (int)seq->params[i]);
            for (int j = 0; j < k; j++)
                PUT(num[j]);
        }
    }
    for (int i = 0; i < seq->ninter; i++)
        PUT(seq->inter[i]);
    if (final >= 0x20 && final < 0x7f)
        PUT(final);
    else {
        char hex[8];
        snprintf(hex, sizeof hex, "<%02x>", final);
        for (int j = 0; hex[j]; j++)
            PUT(hex[j]);
    }
#undef PUT
    desc[n] = '\0';
    char line[UNHANDLED_ENTRY * 2];
    size_t k = 0;
    for (const char *p = desc; *p && k < sizeof line - 4; p++)
        line[k++] = *p;
    line[k++] = ' ';
    line[k++] = '(';
    for (const char *p = why; *p && k < sizeof line - 2; p++)
        line[k++] = *p;
    line[k++] = ')';
    line[k] = '\0';
    term_note(t, intro, line);
}

int term_link_id(tsr_term *t, const char *uri, size_t len, uint32_t *id)
{
    for (uint32_t i = 0; i < t->nlinks; i++) {
        if (strlen(t->links[i]) == len && memcmp(t->links[i], uri, len) == 0) {
            *id = i + 1;
            return TSR_OK;
        }
    }
    /* Bounded: past the cap a new link gets no id (the caller notes it). */
    if (t->nlinks >= 4096) {
        *id = 0;
        return TSR_ERR_RANGE;
    }
    if (t->nlinks == t->links_cap) {
        uint32_t cap = t->links_cap ? t->links_cap * 2 : 8;
        char **n = realloc(t->links, sizeof *n * cap);
        if (!n)
            return TSR_ERR_NOMEM;
        t->links = n;
        t->links_cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return TSR_ERR_NOMEM;
    memcpy(copy, uri, len);
    copy[len] = '\0';
    t->links[t->nlinks++] = copy;
    *id = t->nlinks;
    return TSR_OK;
}
