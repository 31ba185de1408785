/* The adapters' line protocol (README.md), read strictly: one command a
 * line, words separated by exactly one space, numbers as plain decimal
 * digits, hex as pairs of digits, the find needle quoted the way dumps
 * quote. Anything else is refused with the line's number, never guessed. */
#include "protocol.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/text.h"

/* A feed of 16 MiB is 32 MiB of hex; far past that a line is a runaway. */
#define PROTO_MAX_LINE (256u * 1024 * 1024)
#define MAX_ARGS 8

typedef struct span {
    const char *s;
    size_t n;
} span;

static void fail_message(const proto_reader *r, const char *what, const char *detail)
{
    /* The line quoted and cut short: a hostile line stays one line. */
    char shown[96];
    tsr_quote(shown, sizeof shown, r->line ? r->line : "", r->line ? r->len : 0, 0);
    fprintf(stderr, "%s adapter: line %ld: %s%s%s: %s\n", r->adapter, r->number, what,
            detail ? ": " : "", detail ? detail : "", shown);
    exit(2);
}

void proto_fail(const proto_reader *r, const char *what)
{
    fail_message(r, what, NULL);
}

void proto_fail_status(const proto_reader *r, const char *call, const char *status)
{
    fail_message(r, call, status);
}

static int grow(void **p, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap : 256;
    while (cap2 < need)
        cap2 *= 2;
    void *q = realloc(*p, cap2);
    if (!q)
        return -1;
    *p = q;
    *cap = cap2;
    return 0;
}

/* The next line, without its newline, NUL bytes and all: 0 at the end of input. */
static int read_line(proto_reader *r)
{
    r->len = 0;
    r->number++;
    int c, any = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (r->len + 2 > PROTO_MAX_LINE)
            proto_fail(r, "line too long");
        if (grow((void **)&r->line, &r->cap, r->len + 2))
            proto_fail(r, "out of memory");
        r->line[r->len++] = (char)c;
    }
    if (ferror(stdin)) {
        fprintf(stderr, "%s adapter: reading stdin: %s\n", r->adapter, strerror(errno));
        exit(2);
    }
    if (r->line)
        r->line[r->len] = 0;
    return any;
}

/* The words after the command's own, each non-empty: -1 for an empty one
 * (two spaces, a trailing space) or more than max. */
static int split_words(const char *s, const char *end, span *out, int max)
{
    int n = 0;
    while (s < end) {
        if (*s != ' ' || n == max)
            return -1;
        const char *w = ++s;
        while (s < end && *s != ' ')
            s++;
        if (s == w)
            return -1;
        out[n++] = (span){w, (size_t)(s - w)};
    }
    return n;
}

static int word_is(span w, const char *text)
{
    return w.n == strlen(text) && memcmp(w.s, text, w.n) == 0;
}

/* Plain decimal digits, at most nine, within [min, max]; -1 otherwise. */
static long number(span w, long min, long max)
{
    if (w.n == 0 || w.n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < w.n; i++) {
        if (w.s[i] < '0' || w.s[i] > '9')
            return -1;
        v = v * 10 + (w.s[i] - '0');
    }
    return v >= min && v <= max ? v : -1;
}

static unsigned char *byte_room(proto_reader *r, size_t n)
{
    if (grow((void **)&r->bytes, &r->bytes_cap, n + 1))
        proto_fail(r, "out of memory");
    return r->bytes;
}

static void parse_feed(proto_reader *r, const char *s, const char *end, proto_command *cmd)
{
    /* `feed` alone and `feed ` with no digits are both zero bytes. */
    if (s < end && *s++ != ' ')
        proto_fail(r, "unknown command");
    size_t n = (size_t)(end - s);
    if (n % 2)
        proto_fail(r, "feed takes HEX: an odd number of hex digits");
    unsigned char *b = byte_room(r, n / 2);
    for (size_t i = 0; i < n / 2; i++) {
        int hi = tsr_hex_digit((unsigned char)s[2 * i]);
        int lo = tsr_hex_digit((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            proto_fail(r, "feed takes HEX: not a hex digit");
        b[i] = (unsigned char)(hi * 16 + lo);
    }
    cmd->bytes = b;
    cmd->len = n / 2;
}

/* "..." with \xNN escapes; bytes below 0x20 and 0x7f only escaped. Returns
 * the position after the closing mark. */
static const char *parse_quoted(proto_reader *r, const char *s, const char *end,
                                proto_command *cmd)
{
    const char *usage = "find takes \"NEEDLE\" [exact] [in R C H W]";
    if (s == end || *s != '"')
        proto_fail(r, usage);
    unsigned char *b = byte_room(r, (size_t)(end - s));
    size_t n = 0;
    for (s++; s < end && *s != '"'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f)
            proto_fail(r, "find: a control byte in the needle must be written \\xNN");
        if (c == '\\') {
            int hi = end - s > 3 && s[1] == 'x' ? tsr_hex_digit((unsigned char)s[2]) : -1;
            int lo = hi >= 0 ? tsr_hex_digit((unsigned char)s[3]) : -1;
            if (lo < 0)
                proto_fail(r, "find: a backslash in the needle starts \\xNN");
            c = (unsigned char)(hi * 16 + lo);
            s += 3;
        }
        b[n++] = c;
    }
    if (s == end)
        proto_fail(r, "find: the needle has no closing quote");
    if (n == 0)
        proto_fail(r, "find: the needle is empty");
    cmd->bytes = b;
    cmd->len = n;
    return s + 1;
}

static void parse_find(proto_reader *r, const char *s, const char *end, proto_command *cmd)
{
    const char *usage = "find takes \"NEEDLE\" [exact] [in R C H W]";
    if (s == end || *s != ' ')
        proto_fail(r, usage);
    s = parse_quoted(r, s + 1, end, cmd);
    span w[MAX_ARGS];
    int n = split_words(s, end, w, 6), i = 0;
    if (n < 0)
        proto_fail(r, usage);
    if (i < n && word_is(w[i], "exact")) {
        cmd->exact = 1;
        i++;
    }
    if (i < n && word_is(w[i], "in")) {
        if (n - i != 5)
            proto_fail(r, usage);
        long v[4];
        for (int k = 0; k < 4; k++)
            if ((v[k] = number(w[i + 1 + k], 0, PROTO_MAX_SIZE)) < 0)
                proto_fail(r, "find: R C H W are numbers from 0 to 100000");
        cmd->has_area = 1;
        cmd->area_row = (int)v[0];
        cmd->area_col = (int)v[1];
        cmd->area_height = (int)v[2];
        cmd->area_width = (int)v[3];
        i += 5;
    }
    if (i != n)
        proto_fail(r, usage);
}

static void parse_open(proto_reader *r, const span *w, int n, proto_command *cmd)
{
    if (n != 3 && !(n == 4 && word_is(w[3], "reflow")))
        proto_fail(r, "open takes ROWS COLS SCROLLBACK [reflow]");
    long rows = number(w[0], 1, PROTO_MAX_SIZE), cols = number(w[1], 1, PROTO_MAX_SIZE);
    long sb = number(w[2], 0, PROTO_MAX_SCROLLBACK);
    if (rows < 0 || cols < 0 || sb < 0)
        proto_fail(r, "open takes ROWS COLS SCROLLBACK [reflow]: ROWS and COLS from 1, "
                      "SCROLLBACK from 0");
    cmd->rows = (int)rows;
    cmd->cols = (int)cols;
    cmd->scrollback = (int)sb;
    cmd->reflow = n == 4;
}

static void parse_mode(proto_reader *r, const span *w, int n, proto_command *cmd)
{
    span m = n == 1 ? w[0] : (span){"", 0};
    cmd->private_mode = m.n > 0 && m.s[0] == '?';
    if (cmd->private_mode) {
        m.s++;
        m.n--;
    }
    long v = number(m, 0, PROTO_MAX_MODE);
    if (n != 1 || v < 0)
        proto_fail(r, "mode takes ?N or N (N from 0 to 99999)");
    cmd->mode = (int)v;
}

static const struct {
    const char *name;
    proto_kind kind;
} commands[] = {
    {"open", PROTO_OPEN},     {"feed", PROTO_FEED},     {"resize", PROTO_RESIZE},
    {"reset", PROTO_RESET},   {"mode", PROTO_MODE},     {"keypad", PROTO_KEYPAD},
    {"dump", PROTO_DUMP},     {"styled", PROTO_STYLED}, {"find", PROTO_FIND},
};

int proto_read(proto_reader *r, proto_command *cmd)
{
    if (!read_line(r))
        return 0;
    memset(cmd, 0, sizeof *cmd);
    const char *s = r->line ? r->line : "", *end = s + r->len;
    const char *args = memchr(s, ' ', r->len);
    if (!args)
        args = end;
    span name = {s, (size_t)(args - s)};
    if (r->len == 0)
        proto_fail(r, "an empty line is not a command");
    if (word_is(name, "quit")) {
        if (args != end)
            proto_fail(r, "quit takes no arguments");
        return 0;
    }
    int found = -1;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (word_is(name, commands[i].name))
            found = (int)i;
    if (found < 0)
        proto_fail(r, "unknown command");
    cmd->kind = commands[found].kind;
    cmd->name = commands[found].name;
    if (cmd->kind != PROTO_OPEN && !r->opened)
        proto_fail(r, "the first command must be open");
    if (cmd->kind == PROTO_FEED) {
        parse_feed(r, args, end, cmd);
        return 1;
    }
    if (cmd->kind == PROTO_FIND) {
        parse_find(r, args, end, cmd);
        return 1;
    }
    span w[MAX_ARGS];
    int n = split_words(args, end, w, MAX_ARGS);
    switch (cmd->kind) {
    case PROTO_OPEN:
        parse_open(r, w, n, cmd);
        r->opened = 1;
        break;
    case PROTO_RESIZE: {
        long rows = n == 2 ? number(w[0], 1, PROTO_MAX_SIZE) : -1;
        long cols = n == 2 ? number(w[1], 1, PROTO_MAX_SIZE) : -1;
        if (rows < 0 || cols < 0)
            proto_fail(r, "resize takes ROWS COLS (each from 1)");
        cmd->rows = (int)rows;
        cmd->cols = (int)cols;
        break;
    }
    case PROTO_MODE:
        parse_mode(r, w, n, cmd);
        break;
    default:
        if (n != 0) {
            char what[64];
            snprintf(what, sizeof what, "%s takes no arguments", cmd->name);
            proto_fail(r, what);
        }
        break;
    }
    return 1;
}

void proto_reader_free(proto_reader *r)
{
    free(r->line);
    free(r->bytes);
    r->line = NULL;
    r->bytes = NULL;
    r->len = r->cap = r->bytes_cap = 0;
}

void proto_put_quoted(const void *s, size_t len)
{
    const unsigned char *p = s;
    putchar('"');
    for (size_t i = 0; i < len; i++) {
        if (p[i] < 0x20 || p[i] == 0x7f || p[i] == '"' || p[i] == '\\')
            printf("\\x%02x", p[i]);
        else
            putchar(p[i]);
    }
    putchar('"');
}

void proto_put_unsupported(const proto_command *cmd)
{
    printf("unsupported %s\n", cmd->name);
}

void proto_flush(const proto_reader *r)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s adapter: writing stdout: %s\n", r->adapter, strerror(errno));
        exit(2);
    }
}
