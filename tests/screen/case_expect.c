/* The expectations on renders, modes and state, in a table by field name;
 * cells, cursor and find are in case_checks.c. Each handler checks its
 * value first and touches the terminal only when there is one. */
#include "case_expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_checks.h"
#include "case_json.h"
#include "case_modes.h"
#include "case_report.h"
#include "tessera/text.h"

#define MAX_INT 2147483647L

/* An array of rows (no row holds a newline), joined by '\n' into out when
 * out is given. */
static int rows_value(case_ctx *c, const char *field, const tsr_json_value *v, tsr_buf *out)
{
    if (json_array(c, field, v))
        return -1;
    char path[256];
    int bad = 0;
    for (size_t i = 0; i < v->u.array.count; i++) {
        const tsr_json_value *r = &v->u.array.items[i];
        path_index(path, sizeof path, field, i);
        if (json_string(c, path, r)) {
            bad = -1;
        } else if (memchr(r->u.string.bytes, '\n', r->u.string.len)) {
            bad = case_bad(c, r->offset, path, "a row holds no newline (one string per row)");
        } else if (out && !bad) {
            if ((i > 0 && tsr_buf_putc(out, '\n') != TSR_OK) ||
                tsr_buf_append(out, r->u.string.bytes, r->u.string.len) != TSR_OK)
                bad = case_bad(c, r->offset, path, "out of memory");
        }
    }
    return bad;
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

static int count_rows(const char *s, size_t len)
{
    int n = len ? 1 : 0;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n';
    return n;
}

/* The listed rows must match; rows after them must render empty, so a case
 * need not spell out a tall screen's blank bottom. */
static int styled_match(const tsr_buf *exp, const tsr_buf *act, size_t nrows)
{
    const char *e0 = exp->data ? exp->data : "", *a0 = act->data ? act->data : "";
    int nact = count_rows(a0, act->len);
    for (int r = 0; (size_t)r < nrows || r < nact; r++) {
        size_t el = 0, al = 0;
        const char *e = nth_row(e0, exp->len, r, &el), *a = nth_row(a0, act->len, r, &al);
        if (el != al || (el && memcmp(e, a, el) != 0))
            return 0;
    }
    return 1;
}

/* expectedScreen, expectedExact, expectedStyled and expectedScrollback:
 * the rows joined by '\n' against one of the core's renders. */
static int grid(case_ctx *c, const char *field, const tsr_json_value *v,
                int (*render)(const tsr_term *, tsr_buf *), int styled)
{
    tsr_buf exp = {0}, act = {0};
    int rc = rows_value(c, field, v, c->term ? &exp : NULL);
    if (rc || !c->term) {
        tsr_buf_free(&exp);
        return rc;
    }
    int st = render(c->term, &act);
    const char *e = exp.data ? exp.data : "", *a = act.data ? act.data : "";
    int ok = st == TSR_OK && (styled ? styled_match(&exp, &act, v->u.array.count)
                                     : act.len == exp.len && memcmp(a, e, exp.len) == 0);
    if (!ok) {
        fail_head(c, v->offset, field);
        if (st != TSR_OK)
            fprintf(stderr, "  the render call failed: %s\n", tsr_status_str(st));
        case_print_rows("expected", e, exp.len);
        case_print_rows("actual", a, act.len);
    }
    tsr_buf_free(&exp);
    tsr_buf_free(&act);
    return 0;
}

static int screen(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return grid(c, f, v, tsr_render_text, 0);
}
static int exact(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return grid(c, f, v, tsr_render_exact, 0);
}
static int styled(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return grid(c, f, v, tsr_render_styled, 1);
}
static int scrollback(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return grid(c, f, v, tsr_render_scrollback, 0);
}

/* expectedRows: {"ROW": "text"}, ROW a decimal without leading zeros. */
static int rows(case_ctx *c, const char *field, const tsr_json_value *v)
{
    if (json_object(c, field, v, NULL, NULL))
        return -1;
    char path[256];
    int bad = 0;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        path_key(path, sizeof path, field, m->key);
        size_t n = strspn(m->key, "0123456789");
        if (n == 0 || n > 4 || n != m->key_len || (m->key[0] == '0' && n > 1)) {
            bad = case_bad(c, m->key_offset, path, "a row is a decimal number 0..9999");
            continue;
        }
        if (json_string(c, path, &m->value)) {
            bad = -1;
            continue;
        }
        if (!c->term || bad)
            continue;
        tsr_buf b = {0};
        int st = tsr_render_row(c->term, atoi(m->key), &b);
        if (st != TSR_OK) {
            fail_head(c, m->key_offset, path);
            fprintf(stderr, "  the render call failed: %s\n", tsr_status_str(st));
        } else if (b.len != m->value.u.string.len ||
                   memcmp(b.data ? b.data : "", m->value.u.string.bytes, b.len) != 0) {
            fail_bytes(c, m->key_offset, path, m->value.u.string.bytes, m->value.u.string.len,
                       b.data ? b.data : "", b.len);
        }
        tsr_buf_free(&b);
    }
    return bad;
}

static int scrollback_lines(case_ctx *c, const char *field, const tsr_json_value *v)
{
    long n;
    if (json_int(c, field, v, 0, MAX_INT, &n))
        return -1;
    if (c->term && n != tsr_term_scrollback_lines(c->term))
        fail_ints(c, v->offset, field, n, tsr_term_scrollback_lines(c->term));
    return 0;
}

/* expectedModes: {"NAME": bool} by the names of corpus/modes.json. */
static int modes(case_ctx *c, const char *field, const tsr_json_value *v)
{
    if (json_object(c, field, v, NULL, NULL))
        return -1;
    char path[256];
    int bad = 0;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        path_key(path, sizeof path, field, m->key);
        const case_mode *mode = case_modes_find(c->modes, m->key);
        int want;
        if (!mode) {
            bad = case_bad(c, m->key_offset, path, "no such mode name in corpus/modes.json");
            continue;
        }
        if (json_bool(c, path, &m->value, &want)) {
            bad = -1;
            continue;
        }
        if (!c->term || bad)
            continue;
        int val = -1, st = tsr_term_mode(c->term, mode->number, mode->priv, &val);
        if (st != TSR_OK) {
            fail_head(c, m->key_offset, path);
            fprintf(stderr, "  tsr_term_mode(%s%d) failed: %s\n", mode->priv ? "?" : "",
                    mode->number, tsr_status_str(st));
        } else if (val != want) {
            char act[24];
            snprintf(act, sizeof act, "%s", val == 0 ? "false" : val == 1 ? "true" : "?");
            if (act[0] == '?')
                snprintf(act, sizeof act, "%d", val);
            fail_words(c, m->key_offset, path, want ? "true" : "false", act);
        }
    }
    return bad;
}

static const char *const MOUSE_TRACKING[] = {"off", "x10", "normal", "button", "any", NULL};
static const char *const MOUSE_ENCODING[] = {"default", "utf8", "sgr", "urxvt", NULL};

static int mouse(case_ctx *c, const char *field, const tsr_json_value *v)
{
    static const char *const keys[] = {"tracking", "encoding", NULL};
    int t, e;
    char pt[256], pe[256];
    path_key(pt, sizeof pt, field, "tracking");
    path_key(pe, sizeof pe, field, "encoding");
    if (json_object(c, field, v, keys, keys) ||
        json_enum(c, pt, tsr_json_object_get(v, "tracking", NULL), MOUSE_TRACKING, &t) ||
        json_enum(c, pe, tsr_json_object_get(v, "encoding", NULL), MOUSE_ENCODING, &e))
        return -1;
    if (!c->term)
        return 0;
    int at = tsr_term_mouse_tracking(c->term), ae = tsr_term_mouse_encoding(c->term);
    if (t != at)
        fail_words(c, v->offset, pt, MOUSE_TRACKING[t], name_of(MOUSE_TRACKING, at));
    if (e != ae)
        fail_words(c, v->offset, pe, MOUSE_ENCODING[e], name_of(MOUSE_ENCODING, ae));
    return 0;
}

static int alt_screen(case_ctx *c, const char *field, const tsr_json_value *v)
{
    int want;
    if (json_bool(c, field, v, &want))
        return -1;
    int act = c->term ? tsr_term_alt_screen(c->term) != 0 : want;
    if (want != act)
        fail_words(c, v->offset, field, want ? "true" : "false", act ? "true" : "false");
    return 0;
}

static int keypad(case_ctx *c, const char *field, const tsr_json_value *v)
{
    static const char *const names[] = {"normal", "application", NULL};
    int want;
    if (json_enum(c, field, v, names, &want))
        return -1;
    int act = c->term ? tsr_term_keypad_app(c->term) != 0 : want;
    if (want != act)
        fail_words(c, v->offset, field, names[want], names[act]);
    return 0;
}

static int string_state(case_ctx *c, const char *field, const tsr_json_value *v,
                        const char *(*get)(const tsr_term *, size_t *))
{
    if (json_string(c, field, v))
        return -1;
    if (!c->term)
        return 0;
    size_t n = 0;
    const char *s = get(c->term, &n);
    if (!s)
        s = "", n = 0;
    if (n != v->u.string.len || memcmp(s, v->u.string.bytes, n) != 0)
        fail_bytes(c, v->offset, field, v->u.string.bytes, v->u.string.len, s, n);
    return 0;
}

static int title(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return string_state(c, f, v, tsr_term_title);
}
static int icon(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return string_state(c, f, v, tsr_term_icon_name);
}

static int bell(case_ctx *c, const char *field, const tsr_json_value *v)
{
    long n;
    if (json_int(c, field, v, 0, MAX_INT, &n))
        return -1;
    if (c->term && (uint64_t)n != tsr_term_bell_count(c->term))
        fail_ints(c, v->offset, field, n, (long)tsr_term_bell_count(c->term));
    return 0;
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

/* expectedReplies and expectedRepliesLike: takes the replies. */
static int replies_check(case_ctx *c, const char *field, const tsr_json_value *v, int like)
{
    if (json_string(c, field, v))
        return -1;
    if (!c->term)
        return 0;
    tsr_buf b = {0};
    int st = tsr_term_take_replies(c->term, &b);
    const char *a = b.data ? b.data : "", *e = v->u.string.bytes;
    size_t elen = v->u.string.len;
    int ok = st == TSR_OK &&
             (like ? glob_match(e, elen, a, b.len) : b.len == elen && memcmp(a, e, elen) == 0);
    if (!ok)
        fail_bytes(c, v->offset, field, e, elen, a, b.len);
    tsr_buf_free(&b);
    return 0;
}

static int replies(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return replies_check(c, f, v, 0);
}
static int replies_like(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return replies_check(c, f, v, 1);
}

static int clipboard(case_ctx *c, const char *field, const tsr_json_value *v)
{
    static const char *const keys[] = {"selection", "payload", NULL};
    char ps[256], pp[256];
    path_key(ps, sizeof ps, field, "selection");
    path_key(pp, sizeof pp, field, "payload");
    if (json_object(c, field, v, keys, keys))
        return -1;
    const tsr_json_value *sel = tsr_json_object_get(v, "selection", NULL),
                         *pay = tsr_json_object_get(v, "payload", NULL);
    if (json_string(c, ps, sel) | json_string(c, pp, pay))
        return -1;
    if (!c->term)
        return 0;
    const char *asel = NULL, *adata = tsr_term_clipboard(c->term, &asel);
    if (!asel || !adata || strcmp(asel, sel->u.string.bytes) ||
        strcmp(adata, pay->u.string.bytes)) {
        fail_head(c, v->offset, field);
        fprintf(stderr, "  expected: \"%s\" \"%s\"\n  actual:   \"%s\" \"%s\"\n",
                sel->u.string.bytes, pay->u.string.bytes, asel ? asel : "(null)",
                adata ? adata : "(null)");
    }
    return 0;
}

static int unhandled_check(case_ctx *c, const char *field, const tsr_json_value *v, int atleast)
{
    long want;
    if (json_int(c, field, v, 0, MAX_INT, &want))
        return -1;
    if (!c->term)
        return 0;
    long n = tsr_term_unhandled_count(c->term);
    if (atleast ? n < want : n != want) {
        fail_head(c, v->offset, field);
        fprintf(stderr, "  expected: %s%ld\n  actual:   %ld\n", atleast ? ">=" : "", want, n);
        for (int k = 0; k < n && k < 10; k++)
            fprintf(stderr, "    [%d] %s\n", k, tsr_term_unhandled(c->term, k));
    }
    return 0;
}

static int unhandled_count(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return unhandled_check(c, f, v, 0);
}
static int unhandled_at_least(case_ctx *c, const char *f, const tsr_json_value *v)
{
    return unhandled_check(c, f, v, 1);
}

static const struct {
    const char *key;
    int (*run)(case_ctx *c, const char *field, const tsr_json_value *v);
} EXPECTATIONS[] = {
    {"expectedScreen", screen},
    {"expectedRows", rows},
    {"expectedExact", exact},
    {"expectedStyled", styled},
    {"expectedScrollback", scrollback},
    {"expectedScrollbackLines", scrollback_lines},
    {"expectedCursor", case_expect_cursor},
    {"expectedCells", case_expect_cells},
    {"expectedModes", modes},
    {"expectedMouse", mouse},
    {"expectedAltScreen", alt_screen},
    {"expectedKeypad", keypad},
    {"expectedTitle", title},
    {"expectedIcon", icon},
    {"expectedBell", bell},
    {"expectedReplies", replies},
    {"expectedRepliesLike", replies_like},
    {"expectedClipboard", clipboard},
    {"expectedFind", case_expect_find},
    {"expectedUnhandledCount", unhandled_count},
    {"expectedUnhandledAtLeast", unhandled_at_least},
};
#define N_EXPECTATIONS (sizeof EXPECTATIONS / sizeof EXPECTATIONS[0])

int case_is_expectation(const char *key)
{
    for (size_t i = 0; i < N_EXPECTATIONS; i++)
        if (strcmp(EXPECTATIONS[i].key, key) == 0)
            return 1;
    return 0;
}

int case_expectation(case_ctx *c, const char *field, const char *key, const tsr_json_value *v)
{
    for (size_t i = 0; i < N_EXPECTATIONS; i++)
        if (strcmp(EXPECTATIONS[i].key, key) == 0)
            return EXPECTATIONS[i].run(c, field, v);
    return case_bad(c, v->offset, field, "unknown expectation");
}
