/* Backend adapter: libvterm behind the contract of corpus/backends/README.md.
 * Reads commands on stdin (protocol.c checks them), drives one libvterm
 * terminal, and writes normalized state dumps on stdout, so a test runner
 * compares libvterm with an expectation without knowing its API. libvterm
 * has no reflow (open's `reflow` is accepted and ignored), no styled
 * rendering and no search (`unsupported`). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vterm.h>

#include "protocol.h"

#define TEXT_MAX 1024
/* Bounds of this adapter (libvterm allocates the whole grid up front). */
#define MAX_SIZE 1000
#define MAX_SCROLLBACK 1000000

typedef struct sb_line {
    int cols;
    VTermScreenCell *cells;
} sb_line;

typedef struct backend {
    VTerm *vt;
    VTermScreen *screen;
    int rows, cols;
    /* Properties libvterm reports only through callbacks. */
    int cursor_visible, cursor_blink, cursor_shape, altscreen, reverse, mouse;
    char title[TEXT_MAX], icon[TEXT_MAX];
    long bells;
    /* Replies since the last dump; a mode probe's answer is kept apart. */
    char *replies;
    size_t nreplies, capreplies;
    int probing;
    char probe[64];
    size_t nprobe;
    /* Scrollback, oldest first, at most sb_max lines. */
    sb_line *sb;
    int nsb, sb_max;
} backend;

static void die(const char *what)
{
    fprintf(stderr, "libvterm adapter: %s\n", what);
    exit(2);
}

static void on_output(const char *s, size_t len, void *user)
{
    backend *b = user;
    if (b->probing) {
        size_t n = len < sizeof b->probe - 1 - b->nprobe ? len : sizeof b->probe - 1 - b->nprobe;
        memcpy(b->probe + b->nprobe, s, n);
        b->nprobe += n;
        return;
    }
    if (b->nreplies + len > b->capreplies) {
        size_t cap = (b->nreplies + len) * 2 + 64;
        char *p = realloc(b->replies, cap);
        if (!p)
            die("out of memory");
        b->replies = p;
        b->capreplies = cap;
    }
    memcpy(b->replies + b->nreplies, s, len);
    b->nreplies += len;
}

static void copy_text(char *dst, const char *src)
{
    snprintf(dst, TEXT_MAX, "%s", src ? src : "");
}

static int on_prop(VTermProp prop, VTermValue *val, void *user)
{
    backend *b = user;
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE: b->cursor_visible = val->boolean; break;
    case VTERM_PROP_CURSORBLINK: b->cursor_blink = val->boolean; break;
    case VTERM_PROP_CURSORSHAPE: b->cursor_shape = val->number; break;
    case VTERM_PROP_ALTSCREEN: b->altscreen = val->boolean; break;
    case VTERM_PROP_REVERSE: b->reverse = val->boolean; break;
    case VTERM_PROP_MOUSE: b->mouse = val->number; break;
    case VTERM_PROP_TITLE: copy_text(b->title, val->string); break;
    case VTERM_PROP_ICONNAME: copy_text(b->icon, val->string); break;
    default: return 0;
    }
    return 1;
}

static int on_bell(void *user)
{
    ((backend *)user)->bells++;
    return 1;
}

static int on_pushline(int cols, const VTermScreenCell *cells, void *user)
{
    backend *b = user;
    if (b->sb_max <= 0)
        return 1;
    if (b->nsb == b->sb_max) {
        free(b->sb[0].cells);
        memmove(b->sb, b->sb + 1, sizeof *b->sb * (size_t)(b->nsb - 1));
        b->nsb--;
    }
    VTermScreenCell *copy = malloc(sizeof *copy * (size_t)cols);
    if (!copy)
        die("out of memory");
    memcpy(copy, cells, sizeof *copy * (size_t)cols);
    b->sb[b->nsb++] = (sb_line){cols, copy};
    return 1;
}

/* libvterm pulls lines back from the scrollback when the screen grows. */
static int on_popline(int cols, VTermScreenCell *cells, void *user)
{
    backend *b = user;
    if (b->nsb == 0)
        return 0;
    sb_line *l = &b->sb[--b->nsb];
    for (int x = 0; x < cols; x++) {
        if (x < l->cols) {
            cells[x] = l->cells[x];
        } else {
            memset(&cells[x], 0, sizeof cells[x]);
            cells[x].width = 1;
            cells[x].fg = l->cells[l->cols - 1].fg;
            cells[x].bg = l->cells[l->cols - 1].bg;
        }
    }
    free(l->cells);
    return 1;
}

static const VTermScreenCallbacks screen_cbs = {
    .settermprop = on_prop,
    .bell = on_bell,
    .sb_pushline = on_pushline,
    .sb_popline = on_popline,
};

static void close_backend(backend *b)
{
    if (b->vt)
        vterm_free(b->vt);
    for (int i = 0; i < b->nsb; i++)
        free(b->sb[i].cells);
    free(b->sb);
    free(b->replies);
    memset(b, 0, sizeof *b);
}

static void open_backend(backend *b, int rows, int cols, int scrollback)
{
    close_backend(b);
    b->vt = vterm_new(rows, cols);
    if (!b->vt)
        die("vterm_new failed");
    b->rows = rows;
    b->cols = cols;
    b->sb_max = scrollback;
    b->sb = calloc((size_t)(scrollback > 0 ? scrollback : 1), sizeof *b->sb);
    if (!b->sb)
        die("out of memory");
    b->cursor_visible = 1;
    vterm_set_utf8(b->vt, 1);
    vterm_output_set_callback(b->vt, on_output, b);
    b->screen = vterm_obtain_screen(b->vt);
    vterm_screen_set_callbacks(b->screen, &screen_cbs, b);
    vterm_screen_enable_altscreen(b->screen, 1);
    vterm_screen_reset(b->screen, 1);
}

static size_t put_utf8(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* The cluster of a cell as UTF-8; "" for a blank. */
static size_t cell_chars(const VTermScreenCell *c, char *out)
{
    size_t n = 0;
    for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && c->chars[i]; i++)
        n += put_utf8(out + n, c->chars[i]);
    return n;
}

static void put_color(const VTermColor *col, int fg)
{
    if (fg ? VTERM_COLOR_IS_DEFAULT_FG(col) : VTERM_COLOR_IS_DEFAULT_BG(col))
        fputs("default", stdout);
    else if (VTERM_COLOR_IS_INDEXED(col))
        printf("%d", col->indexed.idx);
    else
        printf("#%02x%02x%02x", col->rgb.red, col->rgb.green, col->rgb.blue);
}

static int cell_is_plain(const VTermScreenCell *c)
{
    VTermScreenCellAttrs a = c->attrs;
    return !a.bold && !a.underline && !a.italic && !a.blink && !a.reverse && !a.strike &&
           VTERM_COLOR_IS_DEFAULT_FG(&c->fg) && VTERM_COLOR_IS_DEFAULT_BG(&c->bg);
}

static const char *const underline_names[] = {"none", "single", "double", "curly"};

static void put_cell_attrs(const VTermScreenCell *c)
{
    fputs(" fg ", stdout);
    put_color(&c->fg, 1);
    fputs(" bg ", stdout);
    put_color(&c->bg, 0);
    const char *names[] = {"bold", "italic", "blink", "inverse", "strike"};
    int on[] = {c->attrs.bold, c->attrs.italic, c->attrs.blink, c->attrs.reverse, c->attrs.strike};
    fputs(" attrs ", stdout);
    int any = 0;
    for (int i = 0; i < 5; i++) {
        if (on[i]) {
            printf("%s%s", any ? "," : "", names[i]);
            any = 1;
        }
    }
    if (!any)
        fputs("none", stdout);
    printf(" underline %s", underline_names[c->attrs.underline & 3]);
}

/* A row of cells: its text (a wide character's second cell adds nothing, a
 * blank adds a space) and every cell that is not a plain blank. */
static void dump_cells(const char *tag, int row, const VTermScreenCell *cells, int cols)
{
    char *text = calloc((size_t)cols * 4 * VTERM_MAX_CHARS_PER_CELL + 1, 1);
    if (!text)
        die("out of memory");
    size_t n = 0;
    for (int x = 0; x < cols; x++) {
        if (cells[x].chars[0] == (uint32_t)-1)
            continue;
        size_t k = cell_chars(&cells[x], text + n);
        if (k == 0)
            text[n++] = ' ';
        n += k;
    }
    printf("%s %d ", tag, row);
    proto_put_quoted(text, n);
    putchar('\n');
    for (int x = 0; tag[0] == 'r' && x < cols; x++) {
        const VTermScreenCell *c = &cells[x];
        int spacer = c->chars[0] == (uint32_t)-1; /* right half of a wide character */
        if (!spacer && c->chars[0] == 0 && cell_is_plain(c))
            continue;
        char buf[4 * VTERM_MAX_CHARS_PER_CELL];
        printf("cell %d %d ", row, x);
        proto_put_quoted(buf, spacer ? 0 : cell_chars(c, buf));
        printf(" width %d", spacer ? 0 : c->width);
        put_cell_attrs(c);
        putchar('\n');
    }
    free(text);
}

/* The bytes libvterm sends back while fn runs, kept apart from the replies. */
static const char *probe(backend *b, void (*fn)(backend *, const void *), const void *arg)
{
    b->probing = 1;
    b->nprobe = 0;
    fn(b, arg);
    b->probing = 0;
    b->probe[b->nprobe] = 0;
    return b->probe;
}

static void write_query(backend *b, const void *req)
{
    vterm_input_write(b->vt, req, strlen(req));
}

/* DECRQM, answered by libvterm itself; 0 when it does not know the mode. */
static int mode_value(backend *b, int mode, int private_mode)
{
    char req[32];
    snprintf(req, sizeof req, "\x1b[%s%d$p", private_mode ? "?" : "", mode);
    const char *answer = probe(b, write_query, req);
    const char *semi = strchr(answer, ';');
    return semi && strstr(answer, "$y") ? atoi(semi + 1) : 0;
}

/* libvterm's mouse property is only the tracking; it tells the encoding
 * through DECRQM of ?1005, ?1006 and ?1015, NULL when it does not answer.
 * Asked only while tracking is on: the queries are bytes fed between
 * commands, and a dump must not finish a sequence the input left open. */
static const char *mouse_encoding(backend *b)
{
    if (b->mouse == 0)
        return NULL;
    int utf8 = mode_value(b, 1005, 1), sgr = mode_value(b, 1006, 1), urxvt = mode_value(b, 1015, 1);
    if (!utf8 || !sgr || !urxvt)
        return NULL;
    if (sgr == 1 || sgr == 3)
        return "sgr";
    if (urxvt == 1 || urxvt == 3)
        return "urxvt";
    return utf8 == 1 || utf8 == 3 ? "utf8" : "default";
}

static void press_keypad_0(backend *b, const void *unused)
{
    (void)unused;
    vterm_keyboard_key(b->vt, VTERM_KEY_KP_0, VTERM_MOD_NONE);
}

/* DECKPAM is not a mode libvterm reports, but a keypad key shows it: "0"
 * in numeric mode, ESC O p in application mode. */
static const char *keypad_state(backend *b)
{
    const char *sent = probe(b, press_keypad_0, NULL);
    return !strcmp(sent, "0") ? "normal" : !strcmp(sent, "\x1bOp") ? "app" : "unknown";
}

static void dump(backend *b)
{
    vterm_screen_flush_damage(b->screen);
    VTermPos pos;
    vterm_state_get_cursorpos(vterm_obtain_state(b->vt), &pos);
    static const char *const shapes[] = {"default", "block", "underline", "bar"};
    static const char *const mice[] = {"off", "click", "drag", "move"};
    printf("size %d %d\n", b->rows, b->cols);
    printf("cursor %d %d %s %s shape %s\n", pos.row, pos.col, b->cursor_visible ? "visible" : "hidden",
           b->cursor_blink ? "blink" : "steady",
           shapes[b->cursor_shape >= 0 && b->cursor_shape <= 3 ? b->cursor_shape : 0]);
    const char *encoding = mouse_encoding(b), *keypad = keypad_state(b);
    printf("alt-screen %d\nreverse-video %d\nmouse %s%s%s\n", b->altscreen, b->reverse,
           mice[b->mouse >= 0 && b->mouse <= 3 ? b->mouse : 0], encoding ? " " : "",
           encoding ? encoding : "");
    if (strcmp(keypad, "unknown"))
        printf("keypad %s\n", keypad);
    printf("bell %ld\n", b->bells);
    fputs("title ", stdout);
    proto_put_quoted(b->title, strlen(b->title));
    fputs("\nicon ", stdout);
    proto_put_quoted(b->icon, strlen(b->icon));
    fputs("\nreplies ", stdout);
    proto_put_quoted(b->replies ? b->replies : "", b->nreplies);
    putchar('\n');
    b->nreplies = 0;
    for (int i = 0; i < b->nsb; i++)
        dump_cells("scrollback", i, b->sb[i].cells, b->sb[i].cols);
    VTermScreenCell *row = malloc(sizeof *row * (size_t)b->cols);
    if (!row)
        die("out of memory");
    for (int y = 0; y < b->rows; y++) {
        for (int x = 0; x < b->cols; x++)
            vterm_screen_get_cell(b->screen, (VTermPos){y, x}, &row[x]);
        dump_cells("row", y, row, b->cols);
    }
    free(row);
    /* What libvterm keeps of each (README.md, "known"): an expectation of any other value
     * is unreported for libvterm, not a mismatch. */
    puts("known attrs bold,italic,blink,inverse,strike\n"
         "known underline none,single,double,curly\n"
         "known shape block,underline,bar");
    puts("end");
}

static void run(backend *b, const proto_reader *in, const proto_command *cmd)
{
    switch (cmd->kind) {
    case PROTO_OPEN:
        if (cmd->rows > MAX_SIZE || cmd->cols > MAX_SIZE || cmd->scrollback > MAX_SCROLLBACK)
            proto_fail(in, "open: this adapter takes up to 1000 rows and columns and 1000000 "
                           "scrollback lines");
        open_backend(b, cmd->rows, cmd->cols, cmd->scrollback);
        break;
    case PROTO_FEED: vterm_input_write(b->vt, (const char *)cmd->bytes, cmd->len); break;
    case PROTO_RESIZE:
        if (cmd->rows > MAX_SIZE || cmd->cols > MAX_SIZE)
            proto_fail(in, "resize: this adapter takes up to 1000 rows and columns");
        b->rows = cmd->rows;
        b->cols = cmd->cols;
        vterm_set_size(b->vt, cmd->rows, cmd->cols);
        break;
    case PROTO_RESET: vterm_screen_reset(b->screen, 1); break;
    case PROTO_MODE:
        printf("mode %s%d %d\n", cmd->private_mode ? "?" : "", cmd->mode,
               mode_value(b, cmd->mode, cmd->private_mode));
        break;
    case PROTO_KEYPAD: printf("keypad %s\n", keypad_state(b)); break;
    case PROTO_DUMP: dump(b); break;
    case PROTO_STYLED:
    case PROTO_FIND: proto_put_unsupported(cmd); break;
    }
}

int main(void)
{
    proto_reader in = {.adapter = "libvterm"};
    proto_command cmd;
    backend b = {0};
    while (proto_read(&in, &cmd)) {
        run(&b, &in, &cmd);
        proto_flush(&in);
    }
    close_backend(&b);
    proto_reader_free(&in);
    proto_flush(&in);
    return 0;
}
