/* The structured expectations: one cell, the cursor, find matches. */
#include "case_checks.h"

#include "case_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ATTR_NAMES[] = {"bold",    "dim",    "italic", "blink",
                                         "inverse", "hidden", "strike", "overline"};
static const char *const UL_NAMES[] = {"none", "single", "double", "curly", "dotted", "dashed"};
static const char *const SHAPES[] = {"default", "block", "underline", "bar"};

static int parse_color(const char *s, uint32_t *out)
{
    if (strcmp(s, "default") == 0) {
        *out = TSR_COLOR_DEFAULT;
        return 0;
    }
    if (s[0] == '#' && strlen(s) == 7) {
        char *end;
        unsigned long v = strtoul(s + 1, &end, 16);
        if (*end)
            return -1;
        *out = TSR_COLOR_RGB((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
        return 0;
    }
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end || v < 0 || v > 255)
        return -1;
    *out = TSR_COLOR_INDEXED(v);
    return 0;
}

static void color_str(uint32_t col, char *out, size_t n)
{
    if (TSR_COLOR_KIND(col) == TSR_COLOR_KIND_INDEXED)
        snprintf(out, n, "%u", col & 0xff);
    else if (TSR_COLOR_KIND(col) == TSR_COLOR_KIND_RGB)
        snprintf(out, n, "#%06x", col & 0xffffff);
    else if (col == TSR_COLOR_DEFAULT)
        snprintf(out, n, "default");
    else
        snprintf(out, n, "bad(0x%08x)", col);
}

static size_t cluster_utf8(const tsr_cell_info *ci, char *out, size_t cap)
{
    size_t n = 0;
    for (int i = 0; i < ci->ncps && i < TSR_MAX_CLUSTER_CPS; i++) {
        uint32_t cp = ci->cps[i];
        char o[4];
        size_t k = (size_t)tsr_utf8_encode(cp, o);
        if (n + k >= cap)
            break;
        memcpy(out + n, o, k);
        n += k;
    }
    out[n] = '\0';
    return n;
}

void case_expect_cell(case_ctx *c, const lex_line *l)
{
    long r, col;
    if (l->ntok < 4) {
        malformedf(c, "expect-cell takes ROW COL \"cluster\" [properties]");
        return;
    }
    if (need_int(c, &l->tok[1], 0, TSR_MAX_ROWS, "row", &r) ||
        need_int(c, &l->tok[2], 0, TSR_MAX_COLS, "col", &col) ||
        need_string(c, &l->tok[3], "cluster"))
        return;
    tsr_cell_info ci;
    memset(&ci, 0, sizeof ci);
    int st = tsr_term_cell(c->term, (int)r, (int)col, &ci);
    if (st != TSR_OK) {
        fail_head(c, "expect-cell");
        fprintf(stderr, "  tsr_term_cell(%ld, %ld) failed: %s\n", r, col, tsr_status_str(st));
        return;
    }
    char got[TSR_MAX_CLUSTER_CPS * 4 + 1];
    size_t glen = cluster_utf8(&ci, got, sizeof got);
    const lex_token *want = &l->tok[3];
    /* A blank cell and a written space both read as " " or "". */
    int blank_ok = (want->len == 0 || (want->len == 1 && want->text[0] == ' ')) &&
                   (glen == 0 || (glen == 1 && got[0] == ' '));
    if (!blank_ok && (glen != want->len || memcmp(got, want->text, glen) != 0))
        fail_bytes(c, "expect-cell cluster", want->text, want->len, got, glen);
    for (int i = 4; i < l->ntok; i++) {
        const char *k = l->tok[i].text;
        const char *v = i + 1 < l->ntok ? l->tok[i + 1].text : NULL;
        char eb[32], ab[32];
        if (strcmp(k, "protected") == 0 || strcmp(k, "unprotected") == 0) {
            int want_p = k[0] == 'p';
            if ((ci.protected_ != 0) != want_p) {
                fail_head(c, "expect-cell protection");
                fprintf(stderr, "  expected: %s\n  actual:   %s\n", k,
                        ci.protected_ ? "protected" : "unprotected");
            }
            continue;
        }
        if (strcmp(k, "nolink") == 0) {
            if (ci.style.link != 0) {
                tsr_buf b = {0};
                tsr_term_hyperlink(c->term, ci.style.link, &b);
                fail_head(c, "expect-cell link");
                fprintf(stderr, "  expected: no link\n  actual:   \"%s\"\n", b.data ? b.data : "");
                tsr_buf_free(&b);
            }
            continue;
        }
        if (!v) {
            malformedf(c, "expect-cell property %s needs a value", k);
            return;
        }
        i++;
        if (strcmp(k, "width") == 0) {
            long w;
            if (need_int(c, &l->tok[i], 0, 2, "width", &w))
                return;
            if (ci.width != w) {
                fail_head(c, "expect-cell width");
                fprintf(stderr, "  expected: %ld\n  actual:   %d\n", w, ci.width);
            }
        } else if (!strcmp(k, "fg") || !strcmp(k, "bg") || !strcmp(k, "ul-color")) {
            uint32_t want_c, have = k[0] == 'f'   ? ci.style.fg
                                    : k[0] == 'b' ? ci.style.bg
                                                  : ci.style.ul_color;
            if (parse_color(v, &want_c) != 0) {
                malformedf(c, "bad colour '%s' (default, 0..255 or #rrggbb)", v);
                return;
            }
            if (want_c != have) {
                color_str(want_c, eb, sizeof eb);
                color_str(have, ab, sizeof ab);
                fprintf(stderr,
                        "%s:%d: FAIL case %s: expect-cell %s\n  expected: %s\n  actual:   %s\n",
                        c->file, c->line, c->name, k, eb, ab);
                c->failed = 1;
            }
        } else if (strcmp(k, "attrs") == 0) {
            unsigned want_a = 0;
            if (strcmp(v, "none") != 0) {
                char tmp[128];
                snprintf(tmp, sizeof tmp, "%s", v);
                for (char *w = tmp; *w;) {
                    char *comma = strchr(w, ',');
                    if (comma)
                        *comma = '\0';
                    size_t a;
                    for (a = 0; a < 8 && strcmp(ATTR_NAMES[a], w) != 0; a++)
                        ;
                    if (a == 8) {
                        malformedf(c, "unknown attribute '%s'", w);
                        return;
                    }
                    want_a |= 1u << a;
                    w = comma ? comma + 1 : w + strlen(w);
                }
            }
            if (want_a != ci.style.attrs) {
                fail_head(c, "expect-cell attrs");
                fprintf(stderr, "  expected:");
                for (int a = 0; a < 8; a++)
                    if (want_a & (1u << a))
                        fprintf(stderr, " %s", ATTR_NAMES[a]);
                fprintf(stderr, "\n  actual:  ");
                for (int a = 0; a < 16; a++)
                    if (ci.style.attrs & (1u << a))
                        fprintf(stderr, " %s", a < 8 ? ATTR_NAMES[a] : "(unknown bit)");
                fprintf(stderr, "\n");
            }
        } else if (strcmp(k, "underline") == 0) {
            int u;
            for (u = 0; u < 6 && strcmp(UL_NAMES[u], v) != 0; u++)
                ;
            if (u == 6) {
                malformedf(c, "unknown underline '%s'", v);
                return;
            }
            if (ci.style.underline != u) {
                fail_head(c, "expect-cell underline");
                fprintf(stderr, "  expected: %s\n  actual:   %s\n", v,
                        ci.style.underline < 6 ? UL_NAMES[ci.style.underline] : "?");
            }
        } else if (strcmp(k, "link") == 0) {
            if (need_string(c, &l->tok[i], "link"))
                return;
            tsr_buf b = {0};
            int hs = ci.style.link ? tsr_term_hyperlink(c->term, ci.style.link, &b) : TSR_OK;
            const char *u = b.data ? b.data : "";
            if (hs != TSR_OK || ci.style.link == 0 || b.len != l->tok[i].len ||
                memcmp(u, l->tok[i].text, b.len) != 0)
                fail_bytes(c, "expect-cell link", l->tok[i].text, l->tok[i].len,
                           ci.style.link ? u : "(no link)", ci.style.link ? b.len : 9);
            tsr_buf_free(&b);
        } else {
            malformedf(c, "unknown expect-cell property '%s'", k);
            return;
        }
    }
}

void case_expect_cursor(case_ctx *c, const lex_line *l)
{
    long r, col;
    if (l->ntok < 3) {
        malformedf(c, "expect-cursor takes ROW COL [visible|hidden] [wrap|nowrap] "
                      "[shape NAME] [blink|steady]");
        return;
    }
    if (need_int(c, &l->tok[1], 0, TSR_MAX_ROWS, "row", &r) ||
        need_int(c, &l->tok[2], 0, TSR_MAX_COLS, "col", &col))
        return;
    tsr_cursor cur;
    memset(&cur, 0, sizeof cur);
    tsr_term_cursor(c->term, &cur);
    if (cur.row != r || cur.col != col) {
        fail_head(c, "expect-cursor position");
        fprintf(stderr, "  expected: %ld %ld\n  actual:   %d %d\n", r, col, cur.row, cur.col);
    }
    for (int i = 3; i < l->ntok; i++) {
        const char *k = l->tok[i].text;
        int exp, act;
        const char *what;
        if (!strcmp(k, "visible") || !strcmp(k, "hidden")) {
            exp = k[0] == 'v', act = cur.visible != 0, what = "visibility (1 visible)";
        } else if (!strcmp(k, "wrap") || !strcmp(k, "nowrap")) {
            exp = k[0] == 'w', act = cur.pending_wrap != 0, what = "pending wrap";
        } else if (!strcmp(k, "blink") || !strcmp(k, "steady")) {
            exp = k[0] == 'b', act = cur.blink != 0, what = "blink";
        } else if (!strcmp(k, "shape") && i + 1 < l->ntok) {
            const char *v = l->tok[++i].text;
            for (exp = 0; exp < 4 && strcmp(SHAPES[exp], v) != 0; exp++)
                ;
            if (exp == 4) {
                malformedf(c, "unknown cursor shape '%s'", v);
                return;
            }
            act = cur.shape, what = "shape (0 default 1 block 2 underline 3 bar)";
        } else {
            malformedf(c, "unknown expect-cursor word '%s'", k);
            return;
        }
        if (exp != act) {
            fail_head(c, "expect-cursor");
            fprintf(stderr, "  %s: expected %d, actual %d\n", what, exp, act);
        }
    }
}

void case_expect_find(case_ctx *c, const lex_line *l)
{
    /* expect-find "needle" [exact] [in R C H W] matches (R C N)... | none */
    if (l->ntok < 3) {
        malformedf(c, "expect-find needs a needle and matches");
        return;
    }
    if (need_string(c, &l->tok[1], "needle"))
        return;
    int i = 2, exact = 0, have_region = 0;
    tsr_region reg = {0, 0, 0, 0};
    if (i < l->ntok && !strcmp(l->tok[i].text, "exact"))
        exact = 1, i++;
    if (i < l->ntok && !strcmp(l->tok[i].text, "in")) {
        long v[4];
        if (i + 4 >= l->ntok) {
            malformedf(c, "expect-find: 'in' takes ROW COL HEIGHT WIDTH");
            return;
        }
        for (int k = 0; k < 4; k++)
            if (need_int(c, &l->tok[i + 1 + k], 0, TSR_MAX_COLS, "region value", &v[k]))
                return;
        reg.row = (int)v[0], reg.col = (int)v[1], reg.height = (int)v[2], reg.width = (int)v[3];
        have_region = 1;
        i += 5;
    }
    if (i >= l->ntok || strcmp(l->tok[i].text, "matches") != 0) {
        malformedf(c, "expect-find: expected 'matches' then ROW COL CELLS triples or 'none'");
        return;
    }
    i++;
    tsr_match want[32];
    size_t nwant = 0;
    if (i < l->ntok && !strcmp(l->tok[i].text, "none") && i + 1 == l->ntok) {
        i++;
    } else if ((l->ntok - i) % 3 != 0 || l->ntok == i || (l->ntok - i) / 3 > 32) {
        malformedf(c, "expect-find: matches must be 1..32 ROW COL CELLS triples or 'none'");
        return;
    }
    for (; i < l->ntok; i += 3) {
        long v[3];
        for (int k = 0; k < 3; k++)
            if (need_int(c, &l->tok[i + k], 0, TSR_MAX_COLS, "match value", &v[k]))
                return;
        want[nwant].row = (int)v[0], want[nwant].col = (int)v[1], want[nwant].cells = (int)v[2];
        nwant++;
    }
    tsr_match got[64];
    size_t count = 0;
    int st = tsr_term_find_all(c->term, l->tok[1].text, l->tok[1].len, exact,
                               have_region ? &reg : NULL, got, 64, &count);
    int ok = st == TSR_OK && count == nwant;
    for (size_t k = 0; ok && k < nwant; k++)
        ok =
            got[k].row == want[k].row && got[k].col == want[k].col && got[k].cells == want[k].cells;
    if (!ok) {
        fail_head(c, "expect-find");
        fprintf(stderr, "  expected:");
        for (size_t k = 0; k < nwant; k++)
            fprintf(stderr, " (%d %d %d)", want[k].row, want[k].col, want[k].cells);
        if (st != TSR_OK)
            fprintf(stderr, "\n  actual:   error %s\n", tsr_status_str(st));
        else {
            fprintf(stderr, "%s\n  actual:  ", nwant ? "" : " none");
            for (size_t k = 0; k < count && k < 64; k++)
                fprintf(stderr, " (%d %d %d)", got[k].row, got[k].col, got[k].cells);
            fprintf(stderr, "%s\n", count ? "" : " none");
        }
    }
}
