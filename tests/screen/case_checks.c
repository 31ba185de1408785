/* The structured expectations: cells, the cursor, find matches. */
#include "case_checks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_json.h"
#include "case_report.h"
#include "tessera/text.h"

#define MAX_FIND_MATCHES 32

static const char *const ATTR_NAMES[] = {"bold",   "dim",    "italic",   "blink", "inverse",
                                         "hidden", "strike", "overline", NULL};
static const char *const UL_NAMES[] = {"none",   "single", "double", "curly",
                                       "dotted", "dashed", NULL};
static const char *const SHAPES[] = {"default", "block", "underline", "bar", NULL};

/* default, 0..255 (no leading zero) or #rrggbb in lower case. */
static int parse_color(const char *s, size_t len, uint32_t *out)
{
    if (len == 7 && strcmp(s, "default") == 0) {
        *out = TSR_COLOR_DEFAULT;
        return 0;
    }
    if (len == 7 && s[0] == '#' && strspn(s + 1, "0123456789abcdef") == 6) {
        unsigned long v = strtoul(s + 1, NULL, 16);
        *out = TSR_COLOR_RGB((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff);
        return 0;
    }
    if (len < 1 || len > 3 || strspn(s, "0123456789") != len || (s[0] == '0' && len > 1))
        return -1;
    long v = strtol(s, NULL, 10);
    if (v > 255)
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
        char o[4];
        size_t k = (size_t)tsr_utf8_encode(ci->cps[i], o);
        if (n + k >= cap)
            break;
        memcpy(out + n, o, k);
        n += k;
    }
    out[n] = '\0';
    return n;
}

/* What one expectedCells item asks; has_* say which properties it names. */
typedef struct cell_want {
    long row, col;
    const tsr_json_value *text;
    long width;
    uint32_t color[3]; /* fg, bg, underlineColor */
    unsigned attrs;
    int underline, protected_;
    const tsr_json_value *link; /* a string, or null: no link */
    int has_width, has_color[3], has_attrs, has_underline, has_protected;
} cell_want;

static const char *const CELL_KEYS[] = {"row",       "col",       "text",           "width",
                                        "fg",        "bg",        "underlineColor", "attrs",
                                        "underline", "protected", "link",           NULL};
static const char *const CELL_REQUIRED[] = {"row", "col", "text", NULL};

static int read_attrs(case_ctx *c, const char *field, const tsr_json_value *v, unsigned *out)
{
    if (json_array(c, field, v))
        return -1;
    char path[256];
    *out = 0;
    for (size_t i = 0; i < v->u.array.count; i++) {
        int a;
        path_index(path, sizeof path, field, i);
        if (json_enum(c, path, &v->u.array.items[i], ATTR_NAMES, &a))
            return -1;
        if (*out & (1u << a))
            return case_bad(c, v->u.array.items[i].offset, path, "attribute named twice");
        *out |= 1u << a;
    }
    return 0;
}

static int read_cell(case_ctx *c, const char *field, const tsr_json_value *v, cell_want *w)
{
    memset(w, 0, sizeof *w);
    if (json_object(c, field, v, CELL_KEYS, CELL_REQUIRED))
        return -1;
    int bad = 0;
    char path[256];
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        const tsr_json_value *x = &m->value;
        path_key(path, sizeof path, field, m->key);
        int k = names_index(CELL_KEYS, m->key), rc = 0;
        if (k == 0 || k == 1) {
            rc = json_int(c, path, x, 0, k == 0 ? TSR_MAX_ROWS : TSR_MAX_COLS,
                          k ? &w->col : &w->row);
        } else if (k == 2) {
            rc = json_string(c, path, x);
            w->text = x;
        } else if (k == 3) {
            rc = json_int(c, path, x, 0, 2, &w->width);
            w->has_width = 1;
        } else if (k >= 4 && k <= 6) {
            rc = json_string(c, path, x);
            if (!rc && parse_color(x->u.string.bytes, x->u.string.len, &w->color[k - 4]) != 0)
                rc =
                    case_bad(c, x->offset, path,
                             "a colour is \"default\", \"0\"..\"255\" or \"#rrggbb\" (lower case)");
            w->has_color[k - 4] = 1;
        } else if (k == 7) {
            rc = read_attrs(c, path, x, &w->attrs);
            w->has_attrs = 1;
        } else if (k == 8) {
            rc = json_enum(c, path, x, UL_NAMES, &w->underline);
            w->has_underline = 1;
        } else if (k == 9) {
            rc = json_bool(c, path, x, &w->protected_);
            w->has_protected = 1;
        } else if (x->type != TSR_JSON_NULL && x->type != TSR_JSON_STRING) {
            rc = case_bad(c, x->offset, path, "must be a string (the URI) or null (no link)");
        } else {
            w->link = x;
        }
        bad |= rc;
    }
    return bad ? -1 : 0;
}

static void check_link(case_ctx *c, size_t at, const char *field, const tsr_cell_info *ci,
                       const tsr_json_value *link)
{
    tsr_buf b = {0};
    int hs = ci->style.link ? tsr_term_hyperlink(c->term, ci->style.link, &b) : TSR_OK;
    const char *u = b.data ? b.data : "";
    if (link->type == TSR_JSON_NULL) {
        if (ci->style.link != 0) {
            fail_head(c, at, field);
            fprintf(stderr, "  expected: no link\n  actual:   \"%s\"\n", u);
        }
    } else if (hs != TSR_OK || ci->style.link == 0 || b.len != link->u.string.len ||
               memcmp(u, link->u.string.bytes, b.len) != 0) {
        fail_bytes(c, at, field, link->u.string.bytes, link->u.string.len,
                   ci->style.link ? u : "(no link)", ci->style.link ? b.len : 9);
    }
    tsr_buf_free(&b);
}

static void check_cell(case_ctx *c, const char *field, const tsr_json_value *v, const cell_want *w)
{
    char path[256];
    tsr_cell_info ci;
    memset(&ci, 0, sizeof ci);
    int st = tsr_term_cell(c->term, (int)w->row, (int)w->col, &ci);
    if (st != TSR_OK) {
        fail_head(c, v->offset, field);
        fprintf(stderr, "  tsr_term_cell(%ld, %ld) failed: %s\n", w->row, w->col,
                tsr_status_str(st));
        return;
    }
    char got[TSR_MAX_CLUSTER_CPS * 4 + 1];
    size_t glen = cluster_utf8(&ci, got, sizeof got);
    const char *want = w->text->u.string.bytes;
    size_t wlen = w->text->u.string.len;
    /* A blank cell and a written space both read as " " or "". */
    int blank_ok =
        (wlen == 0 || (wlen == 1 && want[0] == ' ')) && (glen == 0 || (glen == 1 && got[0] == ' '));
    path_key(path, sizeof path, field, "text");
    if (!blank_ok && (glen != wlen || memcmp(got, want, glen) != 0))
        fail_bytes(c, w->text->offset, path, want, wlen, got, glen);
    if (w->has_width && ci.width != w->width) {
        path_key(path, sizeof path, field, "width");
        fail_ints(c, v->offset, path, w->width, ci.width);
    }
    static const char *const color_keys[] = {"fg", "bg", "underlineColor"};
    const uint32_t have[3] = {ci.style.fg, ci.style.bg, ci.style.ul_color};
    for (int k = 0; k < 3; k++) {
        if (!w->has_color[k] || w->color[k] == have[k])
            continue;
        char eb[32], ab[32];
        color_str(w->color[k], eb, sizeof eb);
        color_str(have[k], ab, sizeof ab);
        path_key(path, sizeof path, field, color_keys[k]);
        fail_words(c, v->offset, path, eb, ab);
    }
    if (w->has_attrs && w->attrs != ci.style.attrs) {
        path_key(path, sizeof path, field, "attrs");
        fail_head(c, v->offset, path);
        fprintf(stderr, "  expected:");
        for (int a = 0; a < 8; a++)
            if (w->attrs & (1u << a))
                fprintf(stderr, " %s", ATTR_NAMES[a]);
        fprintf(stderr, "\n  actual:  ");
        for (int a = 0; a < 16; a++)
            if (ci.style.attrs & (1u << a))
                fprintf(stderr, " %s", a < 8 ? ATTR_NAMES[a] : "(unknown bit)");
        fprintf(stderr, "\n");
    }
    if (w->has_underline && ci.style.underline != w->underline) {
        path_key(path, sizeof path, field, "underline");
        fail_words(c, v->offset, path, UL_NAMES[w->underline],
                   name_of(UL_NAMES, ci.style.underline));
    }
    if (w->has_protected && (ci.protected_ != 0) != w->protected_) {
        path_key(path, sizeof path, field, "protected");
        fail_words(c, v->offset, path, w->protected_ ? "true" : "false",
                   ci.protected_ ? "true" : "false");
    }
    if (w->link) {
        path_key(path, sizeof path, field, "link");
        check_link(c, v->offset, path, &ci, w->link);
    }
}

int case_expect_cells(case_ctx *c, const char *field, const tsr_json_value *v)
{
    if (json_array(c, field, v))
        return -1;
    if (v->u.array.count == 0)
        return case_bad(c, v->offset, field, "names at least one cell");
    int bad = 0;
    char path[256];
    for (size_t i = 0; i < v->u.array.count; i++) {
        cell_want w;
        path_index(path, sizeof path, field, i);
        if (read_cell(c, path, &v->u.array.items[i], &w))
            bad = -1;
        else if (c->term && !bad)
            check_cell(c, path, &v->u.array.items[i], &w);
    }
    return bad;
}

int case_expect_cursor(case_ctx *c, const char *field, const tsr_json_value *v)
{
    static const char *const keys[] = {"row",   "col",   "visible", "pendingWrap",
                                       "shape", "blink", NULL};
    static const char *const required[] = {"row", "col", NULL};
    if (json_object(c, field, v, keys, required))
        return -1;
    long row = 0, col = 0;
    int want[4], has[4] = {0, 0, 0, 0}; /* visible, pendingWrap, shape, blink */
    char path[256];
    int bad = 0;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        int k = names_index(keys, m->key);
        path_key(path, sizeof path, field, m->key);
        if (k < 2)
            bad |=
                json_int(c, path, &m->value, 0, k ? TSR_MAX_COLS : TSR_MAX_ROWS, k ? &col : &row);
        else if (k == 4)
            bad |= json_enum(c, path, &m->value, SHAPES, &want[2]);
        else
            bad |= json_bool(c, path, &m->value, &want[k == 5 ? 3 : k - 2]);
        if (k >= 2)
            has[k == 5 ? 3 : k - 2] = 1;
    }
    if (bad || !c->term)
        return bad ? -1 : 0;
    tsr_cursor cur;
    memset(&cur, 0, sizeof cur);
    tsr_term_cursor(c->term, &cur);
    if (cur.row != row || cur.col != col) {
        path_key(path, sizeof path, field, "row, col");
        fail_head(c, v->offset, path);
        fprintf(stderr, "  expected: %ld %ld\n  actual:   %d %d\n", row, col, cur.row, cur.col);
    }
    static const char *const what[] = {"visible", "pendingWrap", "shape", "blink"};
    static const char *const bools[] = {"false", "true", NULL};
    const int act[4] = {cur.visible != 0, cur.pending_wrap != 0, cur.shape, cur.blink != 0};
    for (int k = 0; k < 4; k++) {
        if (has[k] && want[k] != act[k]) {
            const char *const *names = k == 2 ? SHAPES : bools;
            path_key(path, sizeof path, field, what[k]);
            fail_words(c, v->offset, path, name_of(names, want[k]), name_of(names, act[k]));
        }
    }
    return 0;
}

/* Reads {row, col, cells} or, with area set, {row, col, rows, cols}. */
static int read_quad(case_ctx *c, const char *field, const tsr_json_value *v, int area, long out[4])
{
    static const char *const match_keys[] = {"row", "col", "cells", NULL};
    static const char *const area_keys[] = {"row", "col", "rows", "cols", NULL};
    const char *const *keys = area ? area_keys : match_keys;
    if (json_object(c, field, v, keys, keys))
        return -1;
    char path[256];
    for (int k = 0; keys[k]; k++) {
        path_key(path, sizeof path, field, keys[k]);
        if (json_int(c, path, tsr_json_object_get(v, keys[k], NULL), 0, TSR_MAX_COLS, &out[k]))
            return -1;
    }
    return 0;
}

int case_expect_find(case_ctx *c, const char *field, const tsr_json_value *v)
{
    static const char *const keys[] = {"needle", "exact", "area", "matches", NULL};
    static const char *const required[] = {"needle", "matches", NULL};
    if (json_object(c, field, v, keys, required))
        return -1;
    char path[256];
    const tsr_json_value *needle = tsr_json_object_get(v, "needle", NULL),
                         *ex = tsr_json_object_get(v, "exact", NULL),
                         *area = tsr_json_object_get(v, "area", NULL),
                         *matches = tsr_json_object_get(v, "matches", NULL);
    int exact = 0;
    long q[4];
    tsr_region reg = {0, 0, 0, 0};
    path_key(path, sizeof path, field, "needle");
    if (json_string(c, path, needle))
        return -1;
    path_key(path, sizeof path, field, "exact");
    if (ex && json_bool(c, path, ex, &exact))
        return -1;
    path_key(path, sizeof path, field, "area");
    if (area && read_quad(c, path, area, 1, q))
        return -1;
    if (area)
        reg.row = (int)q[0], reg.col = (int)q[1], reg.height = (int)q[2], reg.width = (int)q[3];
    path_key(path, sizeof path, field, "matches");
    if (json_array(c, path, matches))
        return -1;
    if (matches->u.array.count > MAX_FIND_MATCHES)
        return case_bad(c, matches->offset, path, "at most %d matches", MAX_FIND_MATCHES);
    tsr_match want[MAX_FIND_MATCHES];
    size_t nwant = matches->u.array.count;
    for (size_t i = 0; i < nwant; i++) {
        char mp[256];
        path_index(mp, sizeof mp, path, i);
        if (read_quad(c, mp, &matches->u.array.items[i], 0, q))
            return -1;
        want[i].row = (int)q[0], want[i].col = (int)q[1], want[i].cells = (int)q[2];
    }
    if (!c->term)
        return 0;
    tsr_match got[2 * MAX_FIND_MATCHES];
    size_t count = 0;
    int st = tsr_term_find_all(c->term, needle->u.string.bytes, needle->u.string.len, exact,
                               area ? &reg : NULL, got, 2 * MAX_FIND_MATCHES, &count);
    int ok = st == TSR_OK && count == nwant;
    for (size_t k = 0; ok && k < nwant; k++)
        ok =
            got[k].row == want[k].row && got[k].col == want[k].col && got[k].cells == want[k].cells;
    if (!ok) {
        fail_head(c, v->offset, field);
        fprintf(stderr, "  expected:");
        for (size_t k = 0; k < nwant; k++)
            fprintf(stderr, " (%d %d %d)", want[k].row, want[k].col, want[k].cells);
        if (st != TSR_OK) {
            fprintf(stderr, "\n  actual:   error %s\n", tsr_status_str(st));
        } else {
            fprintf(stderr, "%s\n  actual:  ", nwant ? "" : " none");
            for (size_t k = 0; k < count && k < 2 * MAX_FIND_MATCHES; k++)
                fprintf(stderr, " (%d %d %d)", got[k].row, got[k].col, got[k].cells);
            fprintf(stderr, "%s\n", count ? "" : " none");
        }
    }
    return 0;
}
