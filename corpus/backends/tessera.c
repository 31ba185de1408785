/* Backend adapter: tessera behind the contract of README.md, through its
 * public API alone (tessera/tessera.h, tessera/text.h), so it shows what any
 * embedder of the core can see. It reports everything tessera knows,
 * the optional dump lines and cell tokens included, and answers `styled`,
 * `find` and `mode` (the core's own DECRQM reply). Built twice from this one
 * file: natively (build/bin/backend_tessera) and as a WASI command
 * (build/wasm/tessera-adapter.wasm, run by wasi_adapter.mjs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

typedef struct adapter {
    proto_reader in;
    tsr_term *term;
    tsr_buf replies; /* owed to the program since the last dump */
    tsr_buf text;    /* scratch for renderings */
} adapter;

/* An API call that failed ends the run, naming the call and the line. */
static void check(adapter *a, int rc, const char *call)
{
    if (rc != TSR_OK)
        proto_fail_status(&a->in, call, tsr_status_str(rc));
}

static void open_term(adapter *a, const proto_command *cmd)
{
    tsr_options opts;
    tsr_options_default(&opts);
    opts.rows = cmd->rows;
    opts.cols = cmd->cols;
    opts.scrollback = cmd->scrollback;
    opts.reflow = cmd->reflow;
    if (cmd->rows > TSR_MAX_ROWS || cmd->cols > TSR_MAX_COLS || cmd->scrollback > TSR_MAX_SCROLLBACK)
        proto_fail(&a->in, "open: tessera takes up to 1000 rows and columns and 1000000 "
                           "scrollback lines");
    tsr_term *term = NULL;
    check(a, tsr_term_new(&opts, &term), "tsr_term_new");
    tsr_term_free(a->term);
    a->term = term;
    tsr_buf_clear(&a->replies);
}

/* The replies tessera queued go to the adapter's own list, so a mode probe
 * can take exactly its answer afterwards. */
static void keep_replies(adapter *a)
{
    check(a, tsr_term_take_replies(a->term, &a->replies), "tsr_term_take_replies");
}

/* DECRQM fed to tessera; the answer CSI [?] N ; V $ y is read and dropped
 * from the replies. 0 when it did not answer in that form. */
static void query_mode(adapter *a, const proto_command *cmd)
{
    keep_replies(a);
    char req[32], want[32];
    const char *q = cmd->private_mode ? "?" : "";
    int n = snprintf(req, sizeof req, "\x1b[%s%d$p", q, cmd->mode);
    check(a, tsr_term_feed(a->term, req, (size_t)n), "tsr_term_feed");
    tsr_buf probe = {0};
    check(a, tsr_term_take_replies(a->term, &probe), "tsr_term_take_replies");
    int value = 0, head = snprintf(want, sizeof want, "\x1b[%s%d;", q, cmd->mode);
    if (probe.len == (size_t)head + 3 && !memcmp(probe.data, want, (size_t)head)) {
        const char *v = probe.data + head;
        if (v[0] >= '0' && v[0] <= '9' && !memcmp(v + 1, "$y", 2))
            value = v[0] - '0';
    }
    tsr_buf_free(&probe);
    printf("mode %s%d %d\n", q, cmd->mode, value);
}

/* The bytes keypad 0 sends: "0" in numeric mode, ESC O p in application mode. */
static const char *keypad_state(adapter *a)
{
    tsr_key key = {TSR_KEY_KP0, 0, 0};
    tsr_buf_clear(&a->text);
    check(a, tsr_encode_key(a->term, &key, &a->text), "tsr_encode_key");
    if (a->text.len == 1 && a->text.data[0] == '0')
        return "normal";
    if (a->text.len == 3 && !memcmp(a->text.data, "\x1bOp", 3))
        return "app";
    return "unknown";
}

static void put_color(uint32_t c)
{
    if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_INDEXED)
        printf("%u", c & 0xffu);
    else if (TSR_COLOR_KIND(c) == TSR_COLOR_KIND_RGB)
        printf("#%06x", c & 0xffffffu);
    else
        fputs("default", stdout);
}

static const char *const attr_names[] = {"bold",    "dim",    "italic", "blink",
                                         "inverse", "hidden", "strike", "overline"};
static const char *const underline_names[] = {"none",   "single", "double",
                                              "curly",  "dotted", "dashed"};

static void put_cell(adapter *a, int row, int col, const tsr_cell_info *c)
{
    char chars[4 * TSR_MAX_CLUSTER_CPS];
    size_t n = 0;
    for (int i = 0; i < c->ncps; i++)
        n += (size_t)tsr_utf8_encode(c->cps[i], chars + n);
    printf("cell %d %d ", row, col);
    proto_put_quoted(chars, n);
    printf(" width %d fg ", c->width);
    put_color(c->style.fg);
    fputs(" bg ", stdout);
    put_color(c->style.bg);
    fputs(" attrs ", stdout);
    int any = 0;
    for (int i = 0; i < 8; i++) {
        if (c->style.attrs & (1u << i)) {
            printf("%s%s", any ? "," : "", attr_names[i]);
            any = 1;
        }
    }
    printf("%s underline %s ul-color ", any ? "" : "none",
           c->style.underline < 6 ? underline_names[c->style.underline] : "none");
    put_color(c->style.ul_color);
    fputs(c->protected_ ? " protected" : " unprotected", stdout);
    if (c->style.link) {
        tsr_buf_clear(&a->text);
        check(a, tsr_term_hyperlink(a->term, c->style.link, &a->text), "tsr_term_hyperlink");
        fputs(" link ", stdout);
        proto_put_quoted(a->text.data, a->text.len);
    } else {
        fputs(" nolink", stdout);
    }
    putchar('\n');
}

static int is_plain_blank(const tsr_cell_info *c)
{
    const tsr_style *s = &c->style;
    return c->ncps == 0 && c->width == 1 && !c->protected_ && !s->fg && !s->bg && !s->ul_color &&
           !s->attrs && !s->underline && !s->link;
}

/* A row's text (a blank is a space, a wide character's tail adds nothing),
 * then a cell line for every cell that is not a plain blank. */
static void dump_row(adapter *a, int row, int cols)
{
    tsr_buf line = {0};
    tsr_cell_info c;
    for (int x = 0; x < cols; x++) {
        check(a, tsr_term_cell(a->term, row, x, &c), "tsr_term_cell");
        if (c.width == 0)
            continue;
        if (c.ncps == 0)
            check(a, tsr_buf_putc(&line, ' '), "tsr_buf_putc");
        for (int i = 0; i < c.ncps; i++)
            check(a, tsr_buf_put_utf8(&line, c.cps[i]), "tsr_buf_put_utf8");
    }
    printf("row %d ", row);
    proto_put_quoted(line.data ? line.data : "", line.len);
    putchar('\n');
    tsr_buf_free(&line);
    for (int x = 0; x < cols; x++) {
        check(a, tsr_term_cell(a->term, row, x, &c), "tsr_term_cell");
        if (!is_plain_blank(&c))
            put_cell(a, row, x, &c);
    }
}

/* Prints each '\n'-separated piece of a->text as `TAG I "piece"`; pieces
 * missing up to at_least print as empty. */
static void put_lines(adapter *a, const char *tag, int at_least)
{
    const char *s = a->text.data ? a->text.data : "", *end = s + a->text.len;
    int i = 0;
    while (s < end || i < at_least) {
        const char *nl = s < end ? memchr(s, '\n', (size_t)(end - s)) : NULL;
        const char *stop = nl ? nl : end;
        printf("%s %d ", tag, i++);
        proto_put_quoted(s, (size_t)(stop - s));
        putchar('\n');
        s = nl ? nl + 1 : end;
    }
}

static void put_quoted_line(const char *tag, const char *s, size_t len)
{
    printf("%s ", tag);
    proto_put_quoted(s, len);
    putchar('\n');
}

static const char *const shape_names[] = {"default", "block", "underline", "bar"};
static const char *const tracking_names[] = {"off", "x10", "normal", "button", "any"};
static const char *const encoding_names[] = {"default", "utf8", "sgr", "urxvt"};

static const char *name_of(const char *const *names, int n, int i)
{
    return i >= 0 && i < n ? names[i] : "unknown";
}

static void dump(adapter *a)
{
    tsr_term *t = a->term;
    int rows = tsr_term_rows(t), cols = tsr_term_cols(t), reverse = 0;
    tsr_cursor cur;
    tsr_term_cursor(t, &cur);
    check(a, tsr_term_mode(t, 5, 1, &reverse), "tsr_term_mode ?5");
    printf("size %d %d\n", rows, cols);
    printf("cursor %d %d %s %s shape %s\n", cur.row, cur.col, cur.visible ? "visible" : "hidden",
           cur.blink ? "blink" : "steady", name_of(shape_names, 4, cur.shape));
    printf("pending-wrap %d\nalt-screen %d\nreverse-video %d\n", cur.pending_wrap ? 1 : 0,
           tsr_term_alt_screen(t) ? 1 : 0, reverse ? 1 : 0);
    printf("mouse %s %s\n", name_of(tracking_names, 5, tsr_term_mouse_tracking(t)),
           name_of(encoding_names, 4, tsr_term_mouse_encoding(t)));
    printf("keypad %s\n", tsr_term_keypad_app(t) ? "app" : "normal");
    printf("bell %llu\n", (unsigned long long)tsr_term_bell_count(t));
    size_t len;
    const char *s = tsr_term_title(t, &len);
    put_quoted_line("title", s, len);
    s = tsr_term_icon_name(t, &len);
    put_quoted_line("icon", s, len);
    keep_replies(a);
    put_quoted_line("replies", a->replies.data ? a->replies.data : "", a->replies.len);
    tsr_buf_clear(&a->replies);
    const char *sel;
    const char *payload = tsr_term_clipboard(t, &sel);
    fputs("clipboard ", stdout);
    proto_put_quoted(sel, strlen(sel));
    putchar(' ');
    proto_put_quoted(payload, strlen(payload));
    printf("\nunhandled %d\n", tsr_term_unhandled_count(t));
    puts("known tokens ul-color,protected,link");
    /* The public API gives scrollback lines as text with trailing blanks trimmed. */
    int sb = tsr_term_scrollback_lines(t);
    if (sb > 0) {
        tsr_buf_clear(&a->text);
        check(a, tsr_render_scrollback(t, &a->text), "tsr_render_scrollback");
        put_lines(a, "scrollback", sb);
    }
    for (int y = 0; y < rows; y++)
        dump_row(a, y, cols);
    puts("end");
}

static void styled(adapter *a)
{
    tsr_buf_clear(&a->text);
    check(a, tsr_render_styled(a->term, &a->text), "tsr_render_styled");
    /* rows only: the line of colours a program changed is no row */
    int rows = tsr_term_rows(a->term), ends = 0;
    size_t len = 0;
    while (len < a->text.len && !(a->text.data[len] == '\n' && ++ends == rows))
        len++;
    a->text.len = len;
    put_lines(a, "styled", rows);
    puts("end");
}

static void find(adapter *a, const proto_command *cmd)
{
    tsr_region area = {cmd->area_row, cmd->area_col, cmd->area_height, cmd->area_width};
    const tsr_region *region = cmd->has_area ? &area : NULL;
    const char *needle = (const char *)cmd->bytes;
    size_t count = 0;
    check(a, tsr_term_find_all(a->term, needle, cmd->len, cmd->exact, region, NULL, 0, &count),
          "tsr_term_find_all");
    tsr_match *m = count ? calloc(count, sizeof *m) : NULL;
    if (count && !m)
        proto_fail(&a->in, "out of memory");
    size_t got = 0;
    if (count)
        check(a, tsr_term_find_all(a->term, needle, cmd->len, cmd->exact, region, m, count, &got),
              "tsr_term_find_all");
    for (size_t i = 0; i < got && i < count; i++)
        printf("match %d %d %d\n", m[i].row, m[i].col, m[i].cells);
    free(m);
    puts("end");
}

static void run(adapter *a, const proto_command *cmd)
{
    switch (cmd->kind) {
    case PROTO_OPEN: open_term(a, cmd); break;
    case PROTO_FEED: check(a, tsr_term_feed(a->term, cmd->bytes, cmd->len), "tsr_term_feed"); break;
    case PROTO_RESIZE:
        if (cmd->rows > TSR_MAX_ROWS || cmd->cols > TSR_MAX_COLS)
            proto_fail(&a->in, "resize: tessera takes up to 1000 rows and columns");
        check(a, tsr_term_resize(a->term, cmd->rows, cmd->cols), "tsr_term_resize");
        break;
    case PROTO_RESET: check(a, tsr_term_reset(a->term), "tsr_term_reset"); break;
    case PROTO_MODE: query_mode(a, cmd); break;
    case PROTO_KEYPAD: printf("keypad %s\n", keypad_state(a)); break;
    case PROTO_DUMP: dump(a); break;
    case PROTO_STYLED: styled(a); break;
    case PROTO_FIND: find(a, cmd); break;
    }
}

int main(void)
{
    adapter a = {.in = {.adapter = "tessera"}};
    proto_command cmd;
    while (proto_read(&a.in, &cmd)) {
        run(&a, &cmd);
        proto_flush(&a.in);
    }
    tsr_term_free(a.term);
    tsr_buf_free(&a.replies);
    tsr_buf_free(&a.text);
    proto_reader_free(&a.in);
    proto_flush(&a.in);
    return 0;
}
