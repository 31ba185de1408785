/* The screen state's shared helpers: making, resetting and freeing the
 * state, interned pen ids (with the style collector), the unhandled list,
 * hyperlink ids, and the read-only view the renderings and the history
 * take. Everything here works on the state alone: nothing calls up into
 * the parser, the dispatch or the public API. */
#include "term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xterm's palette, made by the compiler: the 16 colours, the 6x6x6 cube
 * (levels 0, 95, 135, 175, 215, 255) and the 24 greys from 8 in steps of
 * 10. A table, not a loop, because every new terminal, reset and painted
 * cell reads it. */
#define PAL_RGB(r, g, b) ((uint32_t)(r) << 16 | (uint32_t)(g) << 8 | (uint32_t)(b))
#define PAL_LEVEL(v) ((v) ? (v) * 40 + 55 : 0)
#define PAL_CUBE(i) PAL_RGB(PAL_LEVEL((i) / 36), PAL_LEVEL((i) / 6 % 6), PAL_LEVEL((i) % 6))
#define PAL_CUBE6(i) PAL_CUBE(i), PAL_CUBE((i) + 1), PAL_CUBE((i) + 2), PAL_CUBE((i) + 3), \
    PAL_CUBE((i) + 4), PAL_CUBE((i) + 5)
#define PAL_CUBE36(i) PAL_CUBE6(i), PAL_CUBE6((i) + 6), PAL_CUBE6((i) + 12), PAL_CUBE6((i) + 18), \
    PAL_CUBE6((i) + 24), PAL_CUBE6((i) + 30)
#define PAL_GREY(i) PAL_RGB(8 + (i) * 10, 8 + (i) * 10, 8 + (i) * 10)
#define PAL_GREY6(i) PAL_GREY(i), PAL_GREY((i) + 1), PAL_GREY((i) + 2), PAL_GREY((i) + 3), \
    PAL_GREY((i) + 4), PAL_GREY((i) + 5)
static const uint32_t default_palette[256] = {
    0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
    0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    PAL_CUBE36(0), PAL_CUBE36(36), PAL_CUBE36(72), PAL_CUBE36(108), PAL_CUBE36(144),
    PAL_CUBE36(180), PAL_GREY6(0), PAL_GREY6(6), PAL_GREY6(12), PAL_GREY6(18),
};
_Static_assert(PAL_CUBE(215) == 0xffffff && PAL_GREY(23) == 0xeeeeee, "the palette's last entries");

void term_palette_defaults(uint32_t *palette)
{
    memcpy(palette, default_palette, sizeof default_palette);
}

uint32_t tsr_palette_default(int index)
{
    return index >= 0 && index <= 255 ? default_palette[index] : 0;
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

/* The state a fresh terminal (and RIS) starts from, grids aside. */
static void reset_state(tsr_term *t)
{
    t->x = t->y = 0;
    term_reset_wrap(t);
    t->cursor_shape = TSR_CURSOR_DEFAULT;
    t->cursor_blink = 0;
    memset(&t->pen, 0, sizeof t->pen);
    t->pen_id = t->erase_id = 0;
    t->pen_dirty = 0;
    t->protect = 0;
    t->protect_iso = 0;
    t->rect_extent = 0;
    memset(t->saved, 0, sizeof t->saved);
    term_reset_margins(t);
    t->sized_lines = 0; /* the grids were cleared: every line is single size */
    reset_tabs(t);
    t->modes = modes_defaults();
    t->mouse_tracking = TSR_MOUSE_OFF;
    t->mouse_encoding = TSR_MOUSE_ENC_DEFAULT;
    term_keyboard_reset(t);
    memset(t->cs, CS_ASCII, sizeof t->cs);
    t->gl = 0;
    t->single_shift = 0;
    term_update_charset_fast(t);
    t->gc_valid = 0;
    t->last_cp = 0;
    colours_defaults(&t->colours);
    t->colours_set = 0;
}

int term_state_init(tsr_term *t)
{
    t->tabs = calloc(TSR_MAX_COLS, 1);
    t->scratch = row_new(TSR_MAX_COLS, 0);
    if (!t->tabs || !t->scratch || style_table_init(&t->styles) ||
        grid_init(&t->primary, t->rows, t->cols, t->sb_limit) ||
        grid_init(&t->alt, t->rows, t->cols, 0))
        return TSR_ERR_NOMEM;
    link_table_init(&t->links);
    t->g = &t->primary;
    reset_state(t);
    return TSR_OK;
}

void term_state_free(tsr_term *t)
{
    grid_free(&t->primary);
    grid_free(&t->alt);
    style_table_free(&t->styles);
    free(t->tabs);
    row_free(t->scratch);
    free_titles(t);
    link_table_free(&t->links);
    free(t->clipboard);
    free(t->clip_sel);
    buf_free(&t->replies);
}

static void clear_grid(tsr_term *t, grid *g)
{
    grid_clear_scrollback(g);
    for (int y = 0; y < g->rows; y++)
        term_fail(t, grid_clear_row(g, y, 0));
}

void term_full_reset(tsr_term *t)
{
    clear_grid(t, &t->primary);
    clear_grid(t, &t->alt);
    t->g = &t->primary;
    /* Styles and hyperlink ids stay: kept revisions still use them (the
     * collectors free what nothing uses; for links, as soon as the table
     * is next full). */
    link_table_after_reset(&t->links);
    free_titles(t);
    free(t->clipboard);
    free(t->clip_sel);
    t->clipboard = t->clip_sel = NULL;
    t->bells = 0;
    reset_state(t);
}

/* RIS as xterm does it: 132 columns that DECCOLM set go back to 80, and mode
 * 40 (xterm's c132 setting) stays. A reset through the API, or a keyframe's,
 * is the fresh terminal's state exactly. */
void term_ris(tsr_term *t)
{
    int allow_132 = mode_get(t, M_C132);
    if (mode_get(t, M_DECCOLM)) /* set only while the 132 columns last */
        term_fail(t, term_set_size(t, t->rows, 80));
    term_full_reset(t);
    mode_put(t, M_C132, allow_132);
}

void term_view(const tsr_term *t, view *v)
{
    v->ring = t->g->ring;
    v->head = t->g->head;
    v->mask = t->g->cap - 1;
    v->rows = t->rows;
    v->cols = t->cols;
    v->styles = &t->styles;
    v->meta.cursor.row = t->y;
    v->meta.cursor.col = t->x;
    v->meta.cursor.visible = mode_get(t, M_DECTCEM);
    v->meta.cursor.shape = t->cursor_shape;
    v->meta.cursor.blink = t->cursor_blink;
    v->meta.cursor.pending_wrap = t->pending_wrap;
    v->meta.modes = t->modes;
    v->meta.mouse_tracking = t->mouse_tracking;
    v->meta.mouse_encoding = t->mouse_encoding;
    v->meta.alt = t->g == &t->alt;
    v->meta.title = t->title ? t->title : "";
    v->meta.title_len = t->title ? t->title_len : 0;
    v->meta.icon = t->icon ? t->icon : "";
    v->meta.icon_len = t->icon ? t->icon_len : 0;
    v->meta.colours = t->colours_set ? &t->colours : NULL;
}

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

/* style_intern said the table is full or could not grow (rc): collects
 * and tries again, twice at most. Out of line, so term_intern stays a
 * frame-free tail call on the common path. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, cold))
#endif
static int intern_after(tsr_term *t, const tsr_style *s, uint32_t *id, int rc)
{
    /* the same three attempts, each followed by a collection, as before
     * the first one moved into term_intern */
    for (int attempt = 1;; attempt++) {
        if (rc != STYLE_FULL) {
            term_fail(t, rc);
            *id = 0;
            return rc;
        }
        collect_styles(t);
        if (attempt == 3)
            break;
        rc = style_intern(&t->styles, s, id);
        if (rc == TSR_OK)
            return TSR_OK;
    }
    *id = 0;
    term_fail(t, TSR_ERR_NOMEM);
    return TSR_ERR_NOMEM;
}

int term_intern(tsr_term *t, const tsr_style *s, uint32_t *id)
{
    int rc = style_intern(&t->styles, s, id);
    return rc == TSR_OK ? TSR_OK : intern_after(t, s, id, rc);
}

uint32_t term_pen_id_slow(tsr_term *t)
{
    term_intern(t, &t->pen, &t->pen_id);
    t->pen_dirty &= ~PEN_DIRTY;
    return t->pen_id;
}

uint32_t term_erase_id_slow(tsr_term *t)
{
    /* Erasure paints the background colour only (xterm's BCE). */
    tsr_style e = {0};
    e.bg = t->pen.bg;
    if (e.bg == TSR_COLOR_DEFAULT)
        t->erase_id = 0;
    else
        term_intern(t, &e, &t->erase_id);
    t->pen_dirty &= ~ERASE_DIRTY;
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

/* Frees the link ids no style in use holds. Styles hold the links, so the
 * styles are collected first: what survives is exactly what a live row, a
 * kept revision or the pen uses; the saved cursors keep a pen each. */
static void collect_links(tsr_term *t)
{
    collect_styles(t);
    link_table *lt = &t->links;
    const style_table *st = &t->styles;
    link_gc_begin(lt);
    for (uint32_t id = 0; id < st->count; id++)
        if (st->used[id])
            link_gc_mark(lt, st->styles[id].link);
    link_gc_mark(lt, t->pen.link);
    for (int i = 0; i < 2; i++)
        link_gc_mark(lt, t->saved[i].pen.link);
    link_gc_end(lt);
}

int term_link_id(tsr_term *t, const char *uri, size_t len, uint32_t *id)
{
    int rc = link_intern(&t->links, uri, len, id);
    if (rc == LINK_FULL) {
        collect_links(t);
        rc = link_intern(&t->links, uri, len, id);
    }
    /* Still full: the caller writes the text without a link, noted. */
    return rc == LINK_FULL ? TSR_ERR_RANGE : rc;
}
