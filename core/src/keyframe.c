/* Keyframes: the bytes that, fed to a freshly reset terminal of the same
 * size, rebuild what this one shows, so a trace can drop its oldest frames
 * and still replay (core/README.md, "Keyframes").
 *
 * Written in an order that keeps every step independent of the next:
 * colours, titles and the clipboard; then each buffer (the primary, then
 * the alternate when it is shown or holds anything): for the primary its
 * scrollback first (each line drawn on the top row and scrolled off), then
 * its soft-wrap flags (made by printing past the last column), its saved
 * cursor (DECSC from a state set for it), its cells row by row; last the
 * active buffer's tab stops, margins, cursor, pen, charsets and modes,
 * which the drawing above must not see. The bell count, the unhandled
 * list and the grapheme state of the last printed character are not
 * kept; scrollback only as far as the caller's byte budget goes, newest
 * lines first. */
#include <stdio.h>
#include <string.h>

#include "term.h"
#include "unicode.h"

/* What the bytes written so far have made of the target terminal. */
typedef struct kf {
    tsr_buf *out;
    const tsr_term *t;
    int rc;          /* the first failed append */
    tsr_style pen;   /* the target's pen */
    int protect;     /* the target's DECSCA */
    int x;           /* the target's cursor column, -1 when unknown */
    size_t sb_bytes; /* the most the scrollback's lines may take */
    int join_prev;   /* boundary class of the last printed codepoint, 0: none can join */
} kf;

/* A character two cells wide on every table: drawn, then cut in half, it
 * leaves a blank cell in any style (term_split_wide). */
#define WIDE_FILLER 0x4e00u

static void put(kf *k, const char *s)
{
    if (!k->rc)
        k->rc = buf_puts(k->out, s);
}

/* fmt with up to two conversions, %d or %c, taking a then b, appended as
 * it is read: a keyframe writes thousands of these, snprintf was its main
 * cost. */
static void putf(kf *k, const char *fmt, int a, int b)
{
    int args[2] = {a, b}, next = 0;
    for (const char *f = fmt; *f && !k->rc; f++) {
        if (f[0] != '%' || (f[1] != 'd' && f[1] != 'c') || next > 1) {
            k->rc = buf_putc(k->out, *f);
            continue;
        }
        int arg = args[next++];
        if (*++f == 'c') {
            k->rc = buf_putc(k->out, (char)arg);
            continue;
        }
        if (arg < 0)
            k->rc = buf_putc(k->out, '-');
        if (!k->rc)
            k->rc = buf_put_uint(k->out, arg < 0 ? 0u - (unsigned)arg : (unsigned)arg);
    }
}

static void put_bytes(kf *k, const char *s, size_t n)
{
    if (!k->rc)
        k->rc = buf_append(k->out, s, n);
}

static void put_cp(kf *k, uint32_t cp)
{
    if (!k->rc)
        k->rc = buf_put_utf8(k->out, cp);
}

/* An OSC with a number and a text, ended by ST. */
static void osc(kf *k, int num, const char *text, size_t n)
{
    putf(k, "\x1b]%d;", num, 0);
    put_bytes(k, text, n);
    put(k, "\x1b\\");
}

static void cup(kf *k, int y, int x)
{
    putf(k, "\x1b[%d;%dH", y + 1, x + 1);
    k->x = x;
    k->join_prev = 0;
}

static void cha(kf *k, int x)
{
    putf(k, "\x1b[%dG", x + 1, 0);
    k->x = x;
    k->join_prev = 0;
}

static void set_link(kf *k, uint32_t link)
{
    if (link == k->pen.link)
        return;
    size_t n = 0;
    const char *uri = link ? link_uri(&k->t->links, link, &n) : NULL;
    put(k, "\x1b]8;;");
    if (uri)
        put_bytes(k, uri, n);
    put(k, "\x1b\\");
    k->pen.link = link;
}

static void set_pen(kf *k, const tsr_style *s, int protect)
{
    tsr_style a = *s, b = k->pen;
    a.link = b.link = 0;
    if (!style_equal(&a, &b)) {
        put(k, "\x1b[");
        if (!k->rc)
            k->rc = term_sgr_describe(s, k->out);
        put(k, "m");
        uint32_t link = k->pen.link;
        k->pen = *s;
        k->pen.link = link;
    }
    set_link(k, s->link);
    if (protect != k->protect) {
        put(k, protect ? "\x1b[1\"q" : "\x1b[0\"q");
        k->protect = protect;
    }
}

static void default_pen(kf *k)
{
    static const tsr_style plain = {0};
    set_pen(k, &plain, 0);
}

/* Designates G0..G3 and shifts one of them into GL (esc.c), from a state
 * of ASCII everywhere and G0 in GL. */
static void charsets(kf *k, const uint8_t g[4], uint8_t gl)
{
    static const char finals[] = {'B', '0', 'A'};
    for (int i = 0; i < 4; i++) {
        if (g[i] == CS_ASCII)
            continue;
        char s[4] = {'\x1b', (char)('(' + i), finals[g[i] <= CS_UK ? g[i] : 0], '\0'};
        put(k, s);
    }
    static const char *const shifts[] = {"", "\x0e", "\x1bn", "\x1bo"};
    put(k, shifts[gl & 3]);
}

/* Back to that state after charsets(g, gl). */
static void charsets_back(kf *k, const uint8_t g[4], uint8_t gl)
{
    for (int i = 0; i < 4; i++) {
        if (g[i] == CS_ASCII)
            continue;
        char s[4] = {'\x1b', (char)('(' + i), 'B', '\0'};
        put(k, s);
    }
    if (gl)
        put(k, "\x0f");
}

/* Erasure paints the background only (screen.c), so a blank in such a
 * style can be made by ECH. */
static int erase_style(const tsr_style *s)
{
    return !(s->fg | s->ul_color | s->attrs | s->underline | s->link);
}

static int blank(const cell *c)
{
    return c->cp == 0 && !(c->flags & (CELL_CLUSTER | CELL_TAIL));
}

/* A blank that ECH cannot make: only cutting a wide character in half
 * leaves it (print.c's term_split_wide). */
static int odd_blank(const kf *k, const cell *c)
{
    return blank(c) && !erase_style(style_get(&k->t->styles, c->style));
}

/* Prints cell x of r (not blank, not a tail) at column at. */
static void print_cell_at(kf *k, const row *r, int x, int at)
{
    const cell *c = &r->cells[x];
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(r, c, &n, &one);
    int bc;
    uni_lookup(cps[0], &bc);
    /* a grapheme rule could join it to the cell before: a CSI ends the
     * cluster (dispatch.c), as the cursor motion that separated them did */
    if (k->x != at || (k->join_prev && !(uni_left_simple(k->join_prev) && uni_right_simple(bc))))
        cha(k, at);
    set_pen(k, style_get(&k->t->styles, c->style), (c->flags & CELL_PROTECTED) != 0);
    for (int i = 0; i < n; i++)
        put_cp(k, cps[i]);
    uni_lookup(cps[n - 1], &bc);
    k->join_prev = bc;
    k->x = at + (c->flags & CELL_WIDE ? 2 : 1);
    if (k->x >= k->t->cols)
        k->x = -1; /* a pending wrap: position again before anything else */
}

static void print_cell(kf *k, const row *r, int x)
{
    print_cell_at(k, r, x, x);
}

/* A wide filler at column x in style s: its later cut leaves the blank. */
static void filler(kf *k, int x, const tsr_style *s)
{
    if (k->x != x)
        cha(k, x);
    set_pen(k, s, 0);
    put_cp(k, WIDE_FILLER);
    k->x = x + 2 < k->t->cols ? x + 2 : -1;
    k->join_prev = 0;
}

/* The odd blanks at the end of a row, x0..cols-1, right to left: each
 * one the tail of a filler one column before it, cut by erasing the
 * filler's head, which the next step (or the row's own drawing) covers. */
static void odd_tail(kf *k, const row *r, int x0, int cols)
{
    for (int p = cols - 1; p >= x0 && p >= 1; p--) {
        filler(k, p - 1, style_get(&k->t->styles, r->cells[p].style));
        cha(k, p - 1);
        default_pen(k);
        put(k, "\x1b[X");
    }
}

/* A narrow cluster that printing would widen (VS16 after a pictograph,
 * a flag): it stayed narrow at the last column, and DCH moved it since. */
static int stays_narrow(const row *r, int x, int cols)
{
    const cell *c = &r->cells[x];
    if (!(c->flags & CELL_CLUSTER) || (c->flags & CELL_WIDE) || x + 1 >= cols)
        return 0;
    int n;
    uint32_t one;
    const uint32_t *cps = row_cell_cps(r, c, &n, &one);
    for (int i = 1; i < n; i++)
        if ((cps[i] == 0xfe0f && uni_is_pictographic(cps[0])) ||
            (uni_is_regional_indicator(cps[i]) && uni_is_regional_indicator(cps[0])))
            return 1;
    return 0;
}

/* Such a cluster narrow_clusters places: left of the row's last run of odd
 * blanks and of the column before it. */
static int placed_narrow(const row *r, int x, int cols, int tail)
{
    return x < tail - 1 && stays_narrow(r, x, cols);
}

static void wrap_flag(kf *k, int y)
{
    cup(k, y, k->t->cols - 1);
    put(k, "xx");
    k->x = -1;
}

/* Places such clusters the way they came: printed at the last column,
 * moved left by DCH, left to right so each move keeps the ones before.
 * One with an odd blank before it gets that blank's filler first, whose
 * tail the DCH then deletes, leaving the head blank in its style.
 * DCH drops a soft wrap: a wrapped row gets its flag again after them,
 * except the last row, whose flag comes from the row above. Returns how many. */
static int narrow_clusters(kf *k, const row *r, int y, int cols, int tail)
{
    int wrapped = (r->flags & ROW_WRAPPED) && k->t->rows >= 2;
    if ((wrapped && y == k->t->rows - 1) || r->cols != k->t->cols)
        return 0;
    int placed = 0;
    for (int x = 0; x < tail - 1; x++) {
        if (!placed_narrow(r, x, cols, tail))
            continue;
        if (x > 0 && odd_blank(k, &r->cells[x - 1]))
            filler(k, x - 1, style_get(&k->t->styles, r->cells[x - 1].style));
        print_cell_at(k, r, x, cols - 1);
        cup(k, y, x);
        putf(k, "\x1b[%dP", cols - 1 - x, 0);
        k->x = -1;
        placed++;
    }
    if (placed && wrapped) {
        wrap_flag(k, y); /* its x is drawn over next, and the row below's after */
        cup(k, y, 0);    /* back from the row below, where the flag left the cursor */
    }
    return placed;
}

/* The cursor's line at a size (ROW_SIZE_*): DECSWL, DECDWL, DECDHL. */
static void line_size(kf *k, int size)
{
    static const char final[] = {'5', '6', '3', '4'}; /* by ROW_SIZE_* */
    const char seq[] = {'\x1b', '#', final[size & 3], 0};
    put(k, seq);
}

/* One row at screen row y: blanks by ECH where erasure can make them,
 * other blanks by cutting a wide filler, characters printed. A scrollback
 * row may be narrower or wider than the screen: what fits is drawn. A
 * double-size row gets its size first (ESC # 3, 4 or 6), then its half. */
static void draw_row(kf *k, const row *r, int y)
{
    const tsr_term *t = k->t;
    int cols = r->cols < t->cols ? r->cols : t->cols;
    cup(k, y, 0);
    if (r->size != ROW_SIZE_SINGLE) {
        line_size(k, r->size);
        cols = row_size_cols(r->size, cols);
    }
    int tail = cols; /* where the row's last run of odd blanks starts */
    while (tail > 0 && odd_blank(k, &r->cells[tail - 1]))
        tail--;
    int placed = narrow_clusters(k, r, y, cols, tail);
    if (tail < cols)
        odd_tail(k, r, tail, cols);
    for (int x = 0; x < cols;) {
        const cell *c = &r->cells[x];
        if (c->flags & CELL_TAIL) {
            x++; /* its head drew it */
            continue;
        }
        if (x >= tail && x > 0)
            break; /* made above */
        if (placed && (placed_narrow(r, x, cols, tail) ||
                       (odd_blank(k, c) && placed_narrow(r, x + 1, cols, tail)))) {
            x++; /* placed above, or the blank made before such a cluster */
            k->x = -1;
            continue;
        }
        if (!blank(c) && !((c->flags & CELL_WIDE) && x + 1 >= cols)) {
            print_cell(k, r, x);
            x += c->flags & CELL_WIDE ? 2 : 1;
            continue;
        }
        const tsr_style *s = style_get(&t->styles, c->style);
        if (blank(c) && erase_style(s)) {
            int end = x + 1;
            while (end < cols && blank(&r->cells[end]) && r->cells[end].style == c->style)
                end++;
            if (k->x != x)
                cha(k, x);
            set_pen(k, s, k->protect);
            putf(k, "\x1b[%dX", end - x, 0);
            x = end;
            continue;
        }
        if (blank(c) && x + 1 < tail) {
            filler(k, x, s); /* cut when column x + 1 is written next */
            x++;
            continue;
        }
        /* no room for a filler (a row of nothing but such blanks, or a head
         * with no room for its tail): a space in the cell's style, the
         * nearest the bytes can come */
        if (k->x != x)
            cha(k, x);
        set_pen(k, s, 0);
        put(k, " ");
        k->x = -1;
        k->join_prev = 0;
        x++;
    }
}

static void wrap_flags(kf *k, const grid *g)
{
    const tsr_term *t = k->t;
    if (t->rows < 2)
        return; /* the wrap would scroll the one row away */
    /* the last row's first, made on the row above and scrolled down (SD),
     * which moves the rows above too */
    if (grid_row(g, t->rows - 1)->flags & ROW_WRAPPED) {
        wrap_flag(k, t->rows - 2);
        put(k, "\x1b[T");
    }
    for (int y = 0; y < t->rows - 1; y++)
        if (grid_row(g, y)->flags & ROW_WRAPPED)
            wrap_flag(k, y);
}

/* A scrollback line: drawn on the top row, which a line feed at the
 * bottom then scrolls into the scrollback. Starts and ends in the default
 * pen, so its bytes do not depend on the line before. */
static void scrollback_line(kf *k, const row *r)
{
    if ((r->flags & ROW_WRAPPED) && k->t->rows >= 2)
        wrap_flag(k, 0); /* row 1 gets an x, which the next line covers */
    draw_row(k, r, 0);
    default_pen(k);
    cup(k, k->t->rows - 1, 0);
    put(k, "\n");
}

/* The newest lines whose bytes fit the budget, oldest first. */
static void scrollback(kf *k)
{
    const grid *g = &k->t->primary;
    tsr_buf scratch = {0};
    size_t total = 0;
    int first = g->sb_count;
    while (first > 0 && !k->rc) {
        kf m = {&scratch, k->t, 0, {0}, 0, -1, 0, 0};
        buf_clear(&scratch);
        scrollback_line(&m, grid_sb_row(g, first - 1));
        k->rc = m.rc;
        total += scratch.len;
        if (total > k->sb_bytes)
            break;
        first--;
    }
    buf_free(&scratch);
    for (int i = first; i < g->sb_count; i++)
        scrollback_line(k, grid_sb_row(g, i));
}

/* The buffer's saved cursor (DECSC), from a state made for it. Runs before
 * the cells: the character a pending wrap needs is drawn over later. */
static void saved_cursor_of(kf *k, const grid *g, const saved_cursor *s)
{
    if (!s->valid)
        return;
    /* a pending wrap at a double-size line's last column: the line gets its
     * size first (draw_row gives it again, which changes nothing) */
    const row *line = grid_row(g, s->y < g->rows ? s->y : g->rows - 1);
    int sized_wrap = s->pending_wrap && line->size != ROW_SIZE_SINGLE &&
                     s->x == row_size_cols(line->size, k->t->cols) - 1;
    if (sized_wrap) {
        cup(k, s->y, 0);
        line_size(k, line->size);
    }
    /* a pending wrap left of the last column was at a right margin: one is
     * made for it here, and gone before the live margins are set */
    int at_margin = !sized_wrap && s->pending_wrap && s->x > 0 && s->x < k->t->cols - 1;
    if (at_margin)
        putf(k, "\x1b[?69h\x1b[1;%ds", s->x + 1, 0);
    if (s->origin)
        put(k, "\x1b[?6h"); /* the top and bottom margins are the whole screen here */
    cup(k, s->y, s->x);
    if (s->pending_wrap && (s->x == k->t->cols - 1 || at_margin || sized_wrap)) {
        default_pen(k);
        put(k, "x");
    }
    set_pen(k, &s->pen, s->protect);
    charsets(k, s->g, s->gl);
    put(k, "\x1b" "7");
    if (s->origin)
        put(k, "\x1b[?6l");
    if (at_margin)
        put(k, "\x1b[?69l");
    default_pen(k);
    charsets_back(k, s->g, s->gl);
    k->x = -1;
}

static int grid_blank(const grid *g)
{
    for (int y = 0; y < g->rows; y++) {
        const row *r = grid_row(g, y);
        if ((r->flags & ROW_WRAPPED) || r->size != ROW_SIZE_SINGLE)
            return 0;
        for (int x = 0; x < r->cols; x++)
            if (r->cells[x].cp || r->cells[x].style || r->cells[x].flags)
                return 0;
    }
    return 1;
}

static void buffer(kf *k, const grid *g, const saved_cursor *s)
{
    if (g->sb_count)
        scrollback(k);
    wrap_flags(k, g);
    saved_cursor_of(k, g, s);
    for (int y = 0; y < k->t->rows; y++)
        draw_row(k, grid_row(g, y), y);
}

static void colours(kf *k)
{
    const tsr_term *t = k->t;
    uint32_t def[256];
    term_palette_defaults(def);
    char s[64];
    for (int i = 0; i < 256; i++) {
        uint32_t c = t->colours.palette[i];
        if (c == def[i])
            continue;
        snprintf(s, sizeof s, "\x1b]4;%d;#%06x\x1b\\", i, (unsigned)c);
        put(k, s);
    }
    const uint32_t now[3] = {t->colours.fg, t->colours.bg, t->colours.cursor};
    const uint32_t was[3] = {TSR_DEFAULT_FG, TSR_DEFAULT_BG, TSR_DEFAULT_CURSOR};
    for (int i = 0; i < 3; i++) {
        if (now[i] == was[i])
            continue;
        snprintf(s, sizeof s, "\x1b]%d;#%06x\x1b\\", 10 + i, (unsigned)now[i]);
        put(k, s);
    }
}

static void title_pair(kf *k, const char *title, size_t tl, const char *icon, size_t il)
{
    osc(k, 2, title ? title : "", title ? tl : 0);
    osc(k, 1, icon ? icon : "", icon ? il : 0);
}

/* The title stack (XTWINOPS 22 pushes both), then the title and icon. */
static void titles(kf *k)
{
    const tsr_term *t = k->t;
    for (int i = 0; i < t->title_depth; i++) {
        const title_entry *e = &t->title_stack[i];
        title_pair(k, e->title, e->title ? strlen(e->title) : 0, e->icon,
                   e->icon ? strlen(e->icon) : 0);
        put(k, "\x1b[22t");
    }
    if (t->title_depth || t->title_len || t->icon_len)
        title_pair(k, t->title, t->title_len, t->icon, t->icon_len);
    if (t->clipboard) {
        put(k, "\x1b]52;");
        put(k, t->clip_sel ? t->clip_sel : "");
        put(k, ";");
        put(k, t->clipboard);
        put(k, "\x1b\\");
    }
}

static void tab_stops(kf *k)
{
    const tsr_term *t = k->t;
    int plain = 1;
    for (int x = 0; x < t->cols && plain; x++)
        plain = t->tabs[x] == (x % 8 == 0 && x > 0);
    if (plain)
        return;
    put(k, "\x1b[3g");
    for (int x = 0; x < t->cols; x++) {
        if (!t->tabs[x])
            continue;
        cha(k, x);
        put(k, "\x1bH");
    }
}

/* Whether the buffer's saved cursor is the cursor as it is (just saved or
 * restored): DECRC then puts it back exactly, a pending wrap and a place
 * outside the margins in origin mode included. */
static int saved_is_live(const tsr_term *t)
{
    const saved_cursor *s = &t->saved[t->g == &t->alt];
    return s->valid && s->x == t->x && s->y == t->y && s->pending_wrap == t->pending_wrap &&
           style_equal(&s->pen, &t->pen) && s->protect == t->protect &&
           s->origin == mode_get(t, M_DECOM) && !memcmp(s->g, t->cs, sizeof s->g) &&
           s->gl == t->gl;
}

/* The cursor: margins (DECLRMM before DECSLRM) and origin first (they home
 * it), then the place; a pending wrap is made by printing the character at
 * the last column (or the right margin) again.
 * In origin mode a cursor outside the margins (only DECRC puts it there)
 * comes back at the nearest row inside them, unless DECRC can do it. */
static void cursor(kf *k)
{
    const tsr_term *t = k->t;
    if (t->top != 0 || t->bottom != t->rows - 1)
        putf(k, "\x1b[%d;%dr", t->top + 1, t->bottom + 1);
    if (mode_get(t, M_DECLRMM))
        put(k, "\x1b[?69h");
    if (t->left != 0 || t->right != t->cols - 1)
        putf(k, "\x1b[%d;%ds", t->left + 1, t->right + 1);
    if (saved_is_live(t)) {
        put(k, "\x1b" "8");
        k->x = -1;
        return;
    }
    /* a pending wrap at a right margin that resetting DECLRMM took away:
     * the margin is made again for it, and taken away after */
    const int line_last = row_size_cols(term_row(t, t->y)->size, t->cols) - 1;
    int lost_margin = t->pending_wrap && t->x > 0 && t->x != t->cols - 1 && t->x != t->right &&
                      t->x != line_last && !mode_get(t, M_DECLRMM);
    if (lost_margin)
        putf(k, "\x1b[?69h\x1b[1;%ds", t->x + 1, 0);
    int origin = mode_get(t, M_DECOM);
    if (origin)
        put(k, "\x1b[?6h");
    int y = origin ? t->y - t->top : t->y;
    int limit = origin ? t->bottom - t->top : t->rows - 1;
    int col = origin ? t->x - t->left : t->x;
    cup(k, y < 0 ? 0 : y > limit ? limit : y, col < 0 ? 0 : col);
    if (!t->pending_wrap ||
        (t->x != t->cols - 1 && t->x != t->right && t->x != line_last && !lost_margin))
        return;
    const row *r = term_row(t, t->y);
    int x = t->x;
    if ((r->cells[x].flags & CELL_TAIL) && x > 0)
        x--;
    const cell *c = &r->cells[x];
    if (blank(c) || ((c->flags & CELL_WIDE) && x + 1 > line_last)) {
        set_pen(k, style_get(&t->styles, c->style), 0);
        put(k, " ");
    } else {
        print_cell(k, r, x);
    }
    if (lost_margin)
        put(k, "\x1b[?69l");
}

static void bit_mode(kf *k, enum mode m, int dec, int number)
{
    int on = mode_get(k->t, m);
    if (on == modes_bit(modes_defaults(), m))
        return;
    putf(k, dec ? "\x1b[?%d%c" : "\x1b[%d%c", number, on ? 'h' : 'l');
}

static void modes(kf *k)
{
    const tsr_term *t = k->t;
    bit_mode(k, M_IRM, 0, 4);
    bit_mode(k, M_LNM, 0, 20);
    bit_mode(k, M_DECCKM, 1, 1);
    bit_mode(k, M_DECSCNM, 1, 5);
    bit_mode(k, M_DECAWM, 1, 7);
    bit_mode(k, M_DECTCEM, 1, 25);
    bit_mode(k, M_DECKPAM, 1, 66);
    bit_mode(k, M_FOCUS, 1, 1004);
    bit_mode(k, M_PASTE, 1, 2004);
    bit_mode(k, M_SYNC, 1, 2026);
    bit_mode(k, M_C132, 1, 40);
    bit_mode(k, M_DECNCSM, 1, 95);
    static const int tracking[] = {0, 9, 1000, 1002, 1003};
    static const int encoding[] = {0, 1005, 1006, 1015};
    if (t->modify_other_keys)
        putf(k, "\x1b[>4;%dm", t->modify_other_keys, 0);
    if (t->mouse_tracking > 0 && t->mouse_tracking < 5)
        putf(k, "\x1b[?%dh", tracking[t->mouse_tracking], 0);
    if (t->mouse_encoding > 0 && t->mouse_encoding < 4)
        putf(k, "\x1b[?%dh", encoding[t->mouse_encoding], 0);
    if (t->rect_extent)
        put(k, "\x1b[2*x"); /* DECSACE: DECCARA and DECRARA take rectangles */
    /* DECSCUSR sets the shape and the blink (and mode 12 with it) */
    if (t->cursor_shape != TSR_CURSOR_DEFAULT)
        putf(k, "\x1b[%d q", t->cursor_shape * 2 - (t->cursor_blink ? 1 : 0), 0);
    else if (t->cursor_blink)
        put(k, "\x1b[0 q");
}

/* The kitty keyboard stack of the buffer now active, oldest first: a set
 * makes the bottom entry on the fresh terminal's empty stack, pushes the
 * rest. */
static void kitty_stack(kf *k, int screen)
{
    const tsr_term *t = k->t;
    for (int i = 0; i < t->kitty_depth[screen]; i++)
        putf(k, i ? "\x1b[>%du" : "\x1b[=%d;1u", t->kitty_stack[screen][i], 0);
}

int tsr_term_keyframe(const tsr_term *t, size_t scrollback_bytes, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    size_t start = out->len;
    kf k = {out, t, buf_reserve(out, 0), {0}, 0, 0, scrollback_bytes, 0};
    /* DECCOLM set: the screen is already 132 columns wide, so with modes 40 and
     * 95 set for a moment the mode sets nothing else (modes() restores them) */
    if (mode_get(t, M_DECCOLM))
        put(&k, "\x1b[?40h\x1b[?95h\x1b[?3h\x1b[?95l\x1b[?40l");
    colours(&k);
    titles(&k);
    tab_stops(&k); /* first, while every line is single size: CHA reaches every column */
    /* a line was double size since the last reset: the copy keeps the rules that follow
     * from it (term_fit_line) even where no such line is left */
    if (t->sized_lines)
        put(&k, "\x1b#6\x1b#5");
    int alt = t->g == &t->alt;
    buffer(&k, &t->primary, &t->saved[0]);
    kitty_stack(&k, 0);
    if (alt || t->saved[1].valid || !grid_blank(&t->alt) || t->kitty_depth[1]) {
        put(&k, "\x1b[?47h");
        buffer(&k, &t->alt, &t->saved[1]);
        kitty_stack(&k, 1);
        if (!alt)
            put(&k, "\x1b[?47l");
    }
    cursor(&k);
    set_pen(&k, &t->pen, t->protect);
    if (t->protect_iso) /* SPA (then EPA when the pen is not protected) after DECSCA */
        put(&k, t->protect ? "\x1bV" : "\x1bV\x1bW");
    charsets(&k, t->cs, t->gl);
    modes(&k);
    if (k.rc) {
        out->len = start;
        if (out->data)
            out->data[start] = '\0';
    }
    return k.rc;
}
