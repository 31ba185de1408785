/* Directives of a screen case: the actions (feed, resize, reset) and the
 * expectations on renders, modes and state; syntax in README.md. */
#include "case_expect.h"

#include "case_checks.h"
#include "case_dump.h"
#include "case_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ensure_term(case_ctx *c)
{
    if (c->term)
        return 0;
    int st = tsr_term_new(&c->opts, &c->term);
    if (st != TSR_OK) {
        malformedf(c, "tsr_term_new(rows %d, cols %d, scrollback %d) failed: %s", c->opts.rows,
                   c->opts.cols, c->opts.scrollback, tsr_status_str(st));
        c->term = NULL;
        return -1;
    }
    case_dump_term(c);
    return 0;
}
static char *read_block(case_ctx *c, size_t *len, int *nrows)
{
    size_t cap = 256, n = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    out[0] = '\0';
    *nrows = 0;
    while (c->idx + 1 < c->nlines) {
        const char *s = c->lines[c->idx + 1];
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s != '|')
            break;
        size_t sl = strlen(s);
        while (sl > 0 && s[sl - 1] == '\r')
            sl--;
        c->idx++;
        c->line = c->idx + 1;
        if (sl < 2 || s[sl - 1] != '|') {
            free(out);
            malformedf(c, "a block row must start and end with '|'");
            return NULL;
        }
        size_t need = n + sl + 2;
        if (need > cap) {
            while (cap < need)
                cap *= 2;
            char *q = realloc(out, cap);
            if (!q) {
                free(out);
                return NULL;
            }
            out = q;
        }
        if (*nrows > 0)
            out[n++] = '\n';
        memcpy(out + n, s + 1, sl - 2);
        n += sl - 2;
        out[n] = '\0';
        (*nrows)++;
    }
    *len = n;
    return out;
}

/* '*' matches any run of bytes; everything else is literal. */
static int glob_match(const char *p, size_t plen, const char *s, size_t slen)
{
    size_t pi = 0, si = 0, star = (size_t)-1, mark = 0;
    while (si < slen) {
        if (pi < plen && p[pi] == '*') {
            star = pi++;
            mark = si;
        } else if (pi < plen && p[pi] == s[si]) {
            pi++;
            si++;
        } else if (star != (size_t)-1) {
            pi = star + 1;
            si = ++mark;
        } else {
            return 0;
        }
    }
    while (pi < plen && p[pi] == '*')
        pi++;
    return pi == plen;
}

static void check_render(case_ctx *c, const char *what, int st, const tsr_buf *b, const char *exp,
                         size_t elen)
{
    if (st != TSR_OK) {
        fail_head(c, what);
        fprintf(stderr, "  the render call failed: %s\n", tsr_status_str(st));
        return;
    }
    if (b->len != elen || memcmp(b->data ? b->data : "", exp, elen) != 0)
        fail_bytes(c, what, exp, elen, b->data ? b->data : "", b->len);
}

static int count_rows(const char *s, size_t len)
{
    int n = len ? 1 : 0;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n';
    return n;
}

/* The r-th '\n'-separated row of s, or "" past the end. */
static const char *nth_row(const char *s, size_t len, int r, size_t *rl)
{
    size_t st = 0;
    for (int k = 0; k < r; k++) {
        const char *nl = memchr(s + st, '\n', len - st);
        if (!nl) {
            *rl = 0;
            return "";
        }
        st = (size_t)(nl - s) + 1;
    }
    const char *nl = memchr(s + st, '\n', len - st);
    *rl = nl ? (size_t)(nl - (s + st)) : len - st;
    return s + st;
}

static void do_block_compare(case_ctx *c, const char *what, int styled)
{
    int start_line = c->line, nrows = 0;
    size_t elen = 0;
    char *exp = read_block(c, &elen, &nrows);
    if (!exp) {
        if (!c->skip)
            malformedf(c, "out of memory reading a block");
        return;
    }
    int end_line = c->line;
    c->line = start_line;
    if (nrows == 0) {
        malformedf(c, "%s must be followed by |...| rows", what);
        free(exp);
        return;
    }
    tsr_buf b = {0};
    int st;
    if (strcmp(what, "expect-exact") == 0)
        st = tsr_render_exact(c->term, &b);
    else if (styled)
        st = tsr_render_styled(c->term, &b);
    else
        st = tsr_render_scrollback(c->term, &b);
    const char *act = b.data ? b.data : "";
    int ok = st == TSR_OK;
    if (ok && styled) {
        /* The listed rows must match; any rows after them must be empty, so
         * a case need not spell out a tall screen's blank bottom. */
        int nact = count_rows(act, b.len);
        for (int r = 0; ok && (r < nrows || r < nact); r++) {
            size_t el = 0, al = 0;
            const char *e = nth_row(exp, elen, r, &el), *a = nth_row(act, b.len, r, &al);
            ok = el == al && (el == 0 || memcmp(e, a, el) == 0);
        }
    } else if (ok) {
        ok = b.len == elen && memcmp(act, exp, elen) == 0;
    }
    if (!ok) {
        fail_head(c, what);
        if (st != TSR_OK)
            fprintf(stderr, "  the render call failed: %s\n", tsr_status_str(st));
        case_print_rows("expected", exp, elen);
        case_print_rows("actual", act, b.len);
    }
    c->line = end_line;
    tsr_buf_free(&b);
    free(exp);
}
static void expect_int(case_ctx *c, const char *what, long exp, long act)
{
    if (exp != act) {
        fail_head(c, what);
        fprintf(stderr, "  expected: %ld\n  actual:   %ld\n", exp, act);
    }
}

static void feed(case_ctx *c, const lex_line *l, int bytewise)
{
    if (l->ntok < 2) {
        malformedf(c, "%s needs at least one \"string\"", l->tok[0].text);
        return;
    }
    for (int i = 1; i < l->ntok; i++) {
        if (need_string(c, &l->tok[i], "feed data"))
            return;
        const lex_token *t = &l->tok[i];
        size_t step = bytewise ? 1 : t->len;
        for (size_t o = 0; o < t->len || (o == 0 && t->len == 0); o += step) {
            size_t n = t->len - o < step ? t->len - o : step;
            case_dump_feed(c, t->text + o, n);
            int st = tsr_term_feed(c->term, t->text + o, n);
            if (st != TSR_OK) {
                fail_head(c, "feed");
                fprintf(stderr, "  tsr_term_feed failed: %s\n", tsr_status_str(st));
                return;
            }
            if (t->len == 0)
                break;
        }
    }
}

static const char *const MOUSE_T[] = {"off", "x10", "normal", "button", "any"};
static const char *const MOUSE_E[] = {"default", "utf8", "sgr", "urxvt"};

static int word_index(const char *w, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(w, names[i]))
            return i;
    return -1;
}

static void setup(case_ctx *c, const lex_line *l)
{
    long v;
    if (c->term) {
        malformedf(c, "size must come before the first action of a case");
        return;
    }
    if (l->ntok < 3) {
        malformedf(c, "size takes ROWS COLS [scrollback N] [reflow]");
        return;
    }
    if (need_int(c, &l->tok[1], 1, TSR_MAX_ROWS, "rows", &v))
        return;
    c->opts.rows = (int)v;
    if (need_int(c, &l->tok[2], 1, TSR_MAX_COLS, "cols", &v))
        return;
    c->opts.cols = (int)v;
    for (int i = 3; i < l->ntok; i++) {
        if (!strcmp(l->tok[i].text, "reflow")) {
            c->opts.reflow = 1;
        } else if (!strcmp(l->tok[i].text, "scrollback") && i + 1 < l->ntok) {
            if (need_int(c, &l->tok[++i], 0, TSR_MAX_SCROLLBACK, "scrollback", &v))
                return;
            c->opts.scrollback = (int)v;
        } else {
            malformedf(c, "unknown size option '%s'", l->tok[i].text);
            return;
        }
    }
}

static void expect_string(case_ctx *c, const lex_line *l, const char *what, const char *act,
                          size_t alen)
{
    if (need_args(c, l, 1, 1) || need_string(c, &l->tok[1], what))
        return;
    if (alen != l->tok[1].len || memcmp(act, l->tok[1].text, alen) != 0)
        fail_bytes(c, l->tok[0].text, l->tok[1].text, l->tok[1].len, act, alen);
}

/* Checks that are about the screen's state (everything else is an action). */
static void expectation(case_ctx *c, const lex_line *l, const char *d)
{
    long v, v2;
    c->expectations++;
    if (!strcmp(d, "expect-text") || !strcmp(d, "expect-row")) {
        int is_row = d[7] == 'r';
        if (need_args(c, l, 1 + is_row, 1 + is_row) ||
            (is_row && need_int(c, &l->tok[1], 0, TSR_MAX_ROWS, "row", &v)) ||
            need_string(c, &l->tok[1 + is_row], "text"))
            return;
        tsr_buf b = {0};
        int st = is_row ? tsr_render_row(c->term, (int)v, &b) : tsr_render_text(c->term, &b);
        check_render(c, d, st, &b, l->tok[1 + is_row].text, l->tok[1 + is_row].len);
        tsr_buf_free(&b);
    } else if (!strcmp(d, "expect-exact") || !strcmp(d, "expect-scrollback")) {
        if (need_args(c, l, 0, 0) == 0)
            do_block_compare(c, d, 0);
    } else if (!strcmp(d, "expect-styled")) {
        if (need_args(c, l, 0, 0) == 0)
            do_block_compare(c, d, 1);
    } else if (!strcmp(d, "expect-scrollback-lines")) {
        if (!need_args(c, l, 1, 1) &&
            !need_int(c, &l->tok[1], 0, TSR_MAX_SCROLLBACK, "line count", &v))
            expect_int(c, d, v, tsr_term_scrollback_lines(c->term));
    } else if (!strcmp(d, "expect-cursor")) {
        case_expect_cursor(c, l);
    } else if (!strcmp(d, "expect-cell")) {
        case_expect_cell(c, l);
    } else if (!strcmp(d, "expect-mode")) {
        if (need_args(c, l, 2, 2))
            return;
        const lex_token *m = &l->tok[1];
        int priv = m->text[0] == '?';
        lex_token num = *m;
        num.text += priv, num.len -= (size_t)priv;
        if (need_int(c, &num, 0, 99999, "mode", &v) ||
            need_int(c, &l->tok[2], 0, 1, "mode value", &v2))
            return;
        int val = -1, st = tsr_term_mode(c->term, (int)v, priv, &val);
        if (st != TSR_OK) {
            fail_head(c, d);
            fprintf(stderr, "  tsr_term_mode(%s) failed: %s\n", m->text, tsr_status_str(st));
        } else {
            expect_int(c, d, v2, val);
        }
    } else if (!strcmp(d, "expect-mouse")) {
        if (need_args(c, l, 2, 2))
            return;
        int t = word_index(l->tok[1].text, MOUSE_T, 5), e = word_index(l->tok[2].text, MOUSE_E, 4);
        if (t < 0 || e < 0) {
            malformedf(c, "expect-mouse takes off|x10|normal|button|any and "
                          "default|utf8|sgr|urxvt");
            return;
        }
        expect_int(c, "expect-mouse tracking (0 off 1 x10 2 normal 3 button 4 any)", t,
                   tsr_term_mouse_tracking(c->term));
        expect_int(c, "expect-mouse encoding (0 default 1 utf8 2 sgr 3 urxvt)", e,
                   tsr_term_mouse_encoding(c->term));
    } else if (!strcmp(d, "expect-alt-screen")) {
        if (!need_args(c, l, 1, 1) && !need_int(c, &l->tok[1], 0, 1, "0 or 1", &v))
            expect_int(c, d, v, tsr_term_alt_screen(c->term) != 0);
    } else if (!strcmp(d, "expect-keypad")) {
        int w = l->ntok == 2 ? word_index(l->tok[1].text, (const char *const[]){"normal", "app"}, 2)
                             : -1;
        if (w < 0) {
            malformedf(c, "expect-keypad takes normal or app");
            return;
        }
        expect_int(c, "expect-keypad (1 app)", w, tsr_term_keypad_app(c->term) != 0);
    } else if (!strcmp(d, "expect-title") || !strcmp(d, "expect-icon")) {
        size_t n = 0;
        const char *s = d[7] == 't' ? tsr_term_title(c->term, &n) : tsr_term_icon_name(c->term, &n);
        expect_string(c, l, "title", s ? s : "", s ? n : 0);
    } else if (!strcmp(d, "expect-bell")) {
        if (!need_args(c, l, 1, 1) && !need_int(c, &l->tok[1], 0, 1000000, "bell count", &v))
            expect_int(c, d, v, (long)tsr_term_bell_count(c->term));
    } else if (!strcmp(d, "expect-unhandled-count")) {
        if (need_args(c, l, 1, 1))
            return;
        lex_token t = l->tok[1];
        int atleast = t.len > 2 && !strncmp(t.text, ">=", 2);
        t.text += atleast ? 2 : 0, t.len -= atleast ? 2 : 0;
        if (need_int(c, &t, 0, TSR_MAX_UNHANDLED, "count (N or >=N)", &v))
            return;
        long n = tsr_term_unhandled_count(c->term);
        if (atleast ? n < v : n != v) {
            fail_head(c, d);
            fprintf(stderr, "  expected: %s%ld\n  actual:   %ld\n", atleast ? ">=" : "", v, n);
            for (int k = 0; k < n && k < 10; k++)
                fprintf(stderr, "    [%d] %s\n", k, tsr_term_unhandled(c->term, k));
        }
    } else if (!strcmp(d, "expect-replies") || !strcmp(d, "expect-replies-like")) {
        if (need_args(c, l, 1, 1) || need_string(c, &l->tok[1], "replies"))
            return;
        tsr_buf b = {0};
        int st = tsr_term_take_replies(c->term, &b);
        const char *a = b.data ? b.data : "";
        int ok = st == TSR_OK &&
                 (d[14] == '-' ? glob_match(l->tok[1].text, l->tok[1].len, a, b.len)
                               : b.len == l->tok[1].len && !memcmp(a, l->tok[1].text, b.len));
        if (!ok)
            fail_bytes(c, d, l->tok[1].text, l->tok[1].len, a, b.len);
        tsr_buf_free(&b);
    } else if (!strcmp(d, "expect-clipboard")) {
        if (need_args(c, l, 2, 2) || need_string(c, &l->tok[1], "selection") ||
            need_string(c, &l->tok[2], "payload"))
            return;
        const char *sel = NULL, *data = tsr_term_clipboard(c->term, &sel);
        if (!sel || !data || strcmp(sel, l->tok[1].text) || strcmp(data, l->tok[2].text)) {
            fail_head(c, d);
            fprintf(stderr, "  expected: \"%s\" \"%s\"\n  actual:   \"%s\" \"%s\"\n",
                    l->tok[1].text, l->tok[2].text, sel ? sel : "(null)", data ? data : "(null)");
        }
    } else if (!strcmp(d, "expect-find")) {
        case_expect_find(c, l);
    } else {
        c->expectations--;
        malformedf(c, "unknown directive '%s'", d);
    }
}

void case_directive(case_ctx *c, const lex_line *l)
{
    const char *d = l->tok[0].text;
    if (l->tok[0].quoted) {
        malformedf(c, "a line must start with a directive, not a string");
        return;
    }
    if (!strcmp(d, "size")) {
        setup(c, l);
        return;
    }
    if (!strcmp(d, "xterm-differs") || !strcmp(d, "libvterm-differs")) {
        /* Read by the witnesses (check_xterm.mjs, check_libvterm.mjs) only;
         * the reason must be written down. */
        if (need_args(c, l, 1, 1) == 0)
            need_string(c, &l->tok[1], "reason");
        return;
    }
    if (ensure_term(c) != 0)
        return;
    if (!strcmp(d, "feed") || !strcmp(d, "feed-bytewise")) {
        feed(c, l, d[4] == '-');
    } else if (!strcmp(d, "feed-repeat")) {
        /* feed-repeat N "s": long inputs (bounds tests) without long lines. */
        long n;
        if (need_args(c, l, 2, 2) || need_int(c, &l->tok[1], 1, 10000000, "count", &n) ||
            need_string(c, &l->tok[2], "feed data"))
            return;
        case_dump_feed_repeat(c, n, l->tok[2].text, l->tok[2].len);
        for (long k = 0; k < n; k++) {
            if (tsr_term_feed(c->term, l->tok[2].text, l->tok[2].len) != TSR_OK) {
                fail_head(c, "feed-repeat: tsr_term_feed failed");
                return;
            }
        }
    } else if (!strcmp(d, "resize")) {
        long r, col;
        if (need_args(c, l, 2, 2) || need_int(c, &l->tok[1], 1, TSR_MAX_ROWS, "rows", &r) ||
            need_int(c, &l->tok[2], 1, TSR_MAX_COLS, "cols", &col))
            return;
        case_dump_resize(c, (int)r, (int)col);
        int st = tsr_term_resize(c->term, (int)r, (int)col);
        if (st != TSR_OK) {
            fail_head(c, "resize");
            fprintf(stderr, "  tsr_term_resize failed: %s\n", tsr_status_str(st));
        }
    } else if (!strcmp(d, "reset")) {
        if (need_args(c, l, 0, 0) != 0)
            return;
        case_dump_reset(c);
        if (tsr_term_reset(c->term) != TSR_OK)
            fail_head(c, "reset failed");
    } else if (!strncmp(d, "expect-", 7)) {
        expectation(c, l, d);
    } else {
        malformedf(c, "unknown directive '%s'", d);
    }
}
