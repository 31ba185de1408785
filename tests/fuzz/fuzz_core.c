/* libFuzzer target over the core: feed, resize, reset and every rendering
 * and query, checking the invariants the ABI promises on every input.
 *
 * Input layout (chosen so small mutations stay meaningful):
 *   byte 0  rows - 1        (mod 40: 1..40 rows)
 *   byte 1  cols - 1        (mod 40: 1..40 cols)
 *   byte 2  scrollback      (mod 64: small, so eviction happens)
 *   byte 3  bit 0 reflow
 *   then ops, each an op byte (mod 16) and its arguments:
 *     0-7  feed N bytes, N = next byte          (most bytes are terminal bytes)
 *     8    feed N bytes, N = next two bytes (little endian)
 *     9    resize to (next byte mod 40 + 1) x (next byte mod 40 + 1)
 *     10   render everything: text, each row, exact, styled, json, scrollback
 *     11   read every cell (and its hyperlink), and some out of range
 *     12   find_all: flags byte, needle length byte, needle, region bytes
 *     13   take replies
 *     14   reset
 *     15   queries: cursor, modes, title, icon, bell, clipboard, unhandled
 * After the ops, everything is rendered and every cell read once more. */
#include <string.h>

#include "fuzz_check.h"
#include "tessera/tessera.h"

#define FUZZ_MAX_SIDE 40

typedef struct input {
    const uint8_t *data;
    size_t len, pos;
} input;

static int take_byte(input *in)
{
    return in->pos < in->len ? in->data[in->pos++] : 0;
}

static size_t count_byte(const tsr_buf *b, char c)
{
    size_t n = 0;
    for (size_t i = 0; i < b->len; i++)
        n += b->data[i] == c;
    return n;
}

/* A render succeeded and left a NUL-terminated buffer. */
static void check_buf(int rc, const tsr_buf *b)
{
    FUZZ_CHECK(rc == TSR_OK);
    FUZZ_CHECK(b->len == 0 || b->data != NULL);
    if (b->data)
        FUZZ_CHECK(b->data[b->len] == '\0' && b->len < b->cap);
}

static void render_all(tsr_term *t, int scrollback_limit)
{
    int rows = tsr_term_rows(t), cols = tsr_term_cols(t);
    tsr_buf b = {0};

    check_buf(tsr_render_text(t, &b), &b);
    FUZZ_CHECK(count_byte(&b, '\n') <= (size_t)(rows - 1));
    tsr_buf_clear(&b);

    for (int r = 0; r < rows; r++) {
        check_buf(tsr_render_row(t, r, &b), &b);
        FUZZ_CHECK(count_byte(&b, '\n') == 0);
        tsr_buf_clear(&b);
    }
    FUZZ_CHECK(tsr_render_row(t, rows, &b) != TSR_OK);
    FUZZ_CHECK(tsr_render_row(t, -1, &b) != TSR_OK);
    tsr_buf_clear(&b);

    check_buf(tsr_render_exact(t, &b), &b);
    FUZZ_CHECK(count_byte(&b, '\n') == (size_t)(rows - 1));
    FUZZ_CHECK(b.len >= (size_t)rows * (size_t)cols); /* every cell at least one byte */
    tsr_buf_clear(&b);

    check_buf(tsr_render_styled(t, &b), &b);
    FUZZ_CHECK(count_byte(&b, '\n') <= (size_t)(rows - 1));
    tsr_buf_clear(&b);

    check_buf(tsr_render_json(t, &b), &b);
    FUZZ_CHECK(b.len >= 2 && b.data[0] == '{' && b.data[b.len - 1] == '}');
    tsr_buf_clear(&b);

    int lines = tsr_term_scrollback_lines(t);
    FUZZ_CHECK(lines >= 0 && lines <= scrollback_limit);
    check_buf(tsr_render_scrollback(t, &b), &b);
    FUZZ_CHECK(lines == 0 ? b.len == 0 : count_byte(&b, '\n') == (size_t)(lines - 1));
    tsr_buf_free(&b);
}

static void read_cells(tsr_term *t)
{
    int rows = tsr_term_rows(t), cols = tsr_term_cols(t);
    tsr_cell_info cell;
    tsr_buf link = {0};
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            FUZZ_CHECK(tsr_term_cell(t, r, c, &cell) == TSR_OK);
            FUZZ_CHECK(cell.ncps >= 0 && cell.ncps <= TSR_MAX_CLUSTER_CPS);
            FUZZ_CHECK(cell.width >= 0 && cell.width <= 2);
            FUZZ_CHECK(cell.width != 2 || c + 1 < cols); /* a wide head has its tail */
            for (int k = 0; k < cell.ncps; k++)
                FUZZ_CHECK(cell.cps[k] <= 0x10ffff);
            if (cell.style.link) {
                FUZZ_CHECK(tsr_term_hyperlink(t, cell.style.link, &link) == TSR_OK);
                tsr_buf_clear(&link);
            }
        }
    }
    FUZZ_CHECK(tsr_term_cell(t, rows, 0, &cell) != TSR_OK);
    FUZZ_CHECK(tsr_term_cell(t, 0, cols, &cell) != TSR_OK);
    FUZZ_CHECK(tsr_term_cell(t, -1, 0, &cell) != TSR_OK);
    FUZZ_CHECK(tsr_term_cell(t, 0, -1, &cell) != TSR_OK);
    tsr_buf_free(&link);
}

static void find(tsr_term *t, input *in)
{
    int flags = take_byte(in);
    size_t n = (size_t)(take_byte(in) % 8) + 1;
    char needle[8];
    for (size_t i = 0; i < n; i++)
        needle[i] = (char)take_byte(in);
    tsr_region region = {take_byte(in) % 48, take_byte(in) % 48, take_byte(in) % 48,
                         take_byte(in) % 48};
    tsr_region *rp = (flags & 2) ? &region : NULL;
    tsr_match out[4];
    size_t count = 0;
    int rc = tsr_term_find_all(t, needle, n, flags & 1, rp, out, 4, &count);
    if (rc != TSR_OK)
        return; /* e.g. a region outside the screen */
    int rows = tsr_term_rows(t), cols = tsr_term_cols(t);
    for (size_t i = 0; i < count && i < 4; i++) {
        FUZZ_CHECK(out[i].row >= 0 && out[i].row < rows);
        FUZZ_CHECK(out[i].col >= 0 && out[i].col < cols);
        FUZZ_CHECK(out[i].cells >= 1 && out[i].col + out[i].cells <= cols);
        if (rp) {
            int bottom = rp->height ? rp->row + rp->height : rows;
            int right = rp->width ? rp->col + rp->width : cols;
            FUZZ_CHECK(out[i].row >= rp->row && out[i].row < bottom);
            FUZZ_CHECK(out[i].col >= rp->col && out[i].col + out[i].cells <= right);
        }
    }
}

static void queries(tsr_term *t)
{
    tsr_cursor cur;
    tsr_term_cursor(t, &cur);
    FUZZ_CHECK(cur.row >= 0 && cur.row < tsr_term_rows(t));
    FUZZ_CHECK(cur.col >= 0 && cur.col < tsr_term_cols(t));
    static const int dec_modes[] = {1, 6, 7, 9, 12, 25, 47, 1000, 1002, 1003, 1004, 1005,
                                    1006, 1015, 1047, 1048, 1049, 2004, 2026};
    for (size_t i = 0; i < sizeof dec_modes / sizeof dec_modes[0]; i++) {
        int v = -1;
        if (tsr_term_mode(t, dec_modes[i], 1, &v) == TSR_OK)
            FUZZ_CHECK(v == 0 || v == 1);
    }
    int v = -1;
    if (tsr_term_mode(t, 4, 0, &v) == TSR_OK)
        FUZZ_CHECK(v == 0 || v == 1);
    FUZZ_CHECK(tsr_term_mouse_tracking(t) >= TSR_MOUSE_OFF && tsr_term_mouse_tracking(t) <= TSR_MOUSE_ANY);
    FUZZ_CHECK(tsr_term_mouse_encoding(t) >= TSR_MOUSE_ENC_DEFAULT &&
               tsr_term_mouse_encoding(t) <= TSR_MOUSE_ENC_URXVT);
    (void)tsr_term_alt_screen(t);
    (void)tsr_term_keypad_app(t);
    (void)tsr_term_bell_count(t);
    size_t len = 0;
    const char *title = tsr_term_title(t, &len);
    FUZZ_CHECK(title != NULL && len <= TSR_MAX_TITLE_BYTES && strlen(title) <= len);
    const char *icon = tsr_term_icon_name(t, &len);
    FUZZ_CHECK(icon != NULL && len <= TSR_MAX_TITLE_BYTES);
    const char *selection = NULL;
    (void)tsr_term_clipboard(t, &selection);
    int n = tsr_term_unhandled_count(t);
    FUZZ_CHECK(n >= 0 && n <= TSR_MAX_UNHANDLED);
    for (int i = 0; i < n; i++)
        FUZZ_CHECK(tsr_term_unhandled(t, i) != NULL);
}

static void take_replies(tsr_term *t)
{
    tsr_buf b = {0};
    size_t pending = tsr_term_pending_replies(t);
    check_buf(tsr_term_take_replies(t, &b), &b);
    FUZZ_CHECK(b.len == pending);
    FUZZ_CHECK(tsr_term_pending_replies(t) == 0);
    tsr_buf_free(&b);
}

static void feed(tsr_term *t, input *in, size_t n)
{
    if (n > in->len - in->pos)
        n = in->len - in->pos;
    FUZZ_CHECK(tsr_term_feed(t, in->data + in->pos, n) == TSR_OK);
    in->pos += n;
    /* Drop replies now and then so they never pile up across a long run. */
    if (tsr_term_pending_replies(t) > 65536)
        take_replies(t);
}

/* One revision watched across later frames: its exact rendering must never
 * change while the history keeps it (rows are shared copy-on-write). */
typedef struct watch {
    uint64_t seq;
    tsr_buf exact;
    int active;
} watch;

static void check_watch(tsr_term *t, watch *w)
{
    const tsr_snapshot *s;
    if (!w->active)
        return;
    int rc = tsr_term_history_get(t, w->seq, &s);
    if (rc == TSR_ERR_EVICTED) {
        FUZZ_CHECK(tsr_term_oldest_revision(t) > w->seq);
        w->active = 0;
        return;
    }
    FUZZ_CHECK(rc == TSR_OK);
    tsr_buf b = {0};
    check_buf(tsr_snapshot_render_exact(s, &b), &b);
    FUZZ_CHECK(b.len == w->exact.len && memcmp(b.data, w->exact.data, b.len) == 0);
    tsr_buf_free(&b);
}

/* Applies n input bytes as one OUTPUT frame; a new revision becomes the
 * watched one, and every kept revision must render. */
static void apply_output(tsr_term *t, input *in, size_t n, uint64_t *now, watch *w)
{
    if (n > in->len - in->pos)
        n = in->len - in->pos;
    tsr_frame f = {.type = TSR_FRAME_OUTPUT, .time_ns = ++*now, .data = in->data + in->pos,
                   .len = n};
    int made = -1;
    FUZZ_CHECK(tsr_term_apply_frame(t, &f, &made) == TSR_OK && (made == 0 || made == 1));
    in->pos += n;
    check_watch(t, w);
    if (made) {
        const tsr_snapshot *s;
        FUZZ_CHECK(tsr_term_history_get(t, tsr_term_revision(t), &s) == TSR_OK);
        FUZZ_CHECK(tsr_snapshot_time_ns(s) == *now);
        w->seq = tsr_term_revision(t);
        tsr_buf_clear(&w->exact);
        check_buf(tsr_snapshot_render_exact(s, &w->exact), &w->exact);
        w->active = 1;
    }
    for (uint64_t seq = tsr_term_oldest_revision(t); seq <= tsr_term_revision(t); seq++) {
        const tsr_snapshot *s;
        FUZZ_CHECK(tsr_term_history_get(t, seq, &s) == TSR_OK);
        tsr_buf b = {0};
        check_buf(tsr_snapshot_render_styled(s, &b), &b);
        tsr_buf_free(&b);
    }
    if (tsr_term_pending_replies(t) > 65536)
        take_replies(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    tsr_options opts;
    tsr_options_default(&opts);
    opts.rows = data[0] % FUZZ_MAX_SIDE + 1;
    opts.cols = data[1] % FUZZ_MAX_SIDE + 1;
    opts.scrollback = data[2] % 64;
    opts.reflow = data[3] & 1;
    opts.history.max_revisions = (uint32_t)(data[3] >> 1) % 8 + 1; /* evict often */
    tsr_term *t = NULL;
    FUZZ_CHECK(tsr_term_new(&opts, &t) == TSR_OK && t != NULL);
    FUZZ_CHECK(tsr_term_rows(t) == opts.rows && tsr_term_cols(t) == opts.cols);
    FUZZ_CHECK(!tsr_term_reflow(t) == !opts.reflow);

    input in = {data, size, 4};
    uint64_t now = 0;
    watch w = {0};
    while (in.pos < in.len) {
        int op = take_byte(&in) % 16;
        if (op <= 3) {
            feed(t, &in, (size_t)take_byte(&in));
        } else if (op <= 7) {
            apply_output(t, &in, (size_t)take_byte(&in), &now, &w);
        } else if (op == 8) {
            size_t n = (size_t)take_byte(&in);
            n |= (size_t)take_byte(&in) << 8;
            feed(t, &in, n);
        } else if (op == 9) {
            int rows = take_byte(&in) % FUZZ_MAX_SIDE + 1;
            int cols = take_byte(&in) % FUZZ_MAX_SIDE + 1;
            FUZZ_CHECK(tsr_term_resize(t, rows, cols) == TSR_OK);
            FUZZ_CHECK(tsr_term_rows(t) == rows && tsr_term_cols(t) == cols);
        } else if (op == 10) {
            render_all(t, opts.scrollback);
        } else if (op == 11) {
            read_cells(t);
        } else if (op == 12) {
            find(t, &in);
        } else if (op == 13) {
            take_replies(t);
        } else if (op == 14) {
            int rows = tsr_term_rows(t), cols = tsr_term_cols(t);
            FUZZ_CHECK(tsr_term_reset(t) == TSR_OK);
            FUZZ_CHECK(tsr_term_rows(t) == rows && tsr_term_cols(t) == cols);
        } else {
            queries(t);
        }
    }
    render_all(t, opts.scrollback);
    read_cells(t);
    queries(t);
    take_replies(t);
    check_watch(t, &w);
    tsr_buf_free(&w.exact);
    tsr_term_free(t);
    return 0;
}
