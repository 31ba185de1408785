/* Malformed-field and failed-expectation reports; see case_report.h. */
#include "case_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "case_lex.h"
#include "tessera/json.h"

static void where(case_ctx *c, size_t offset)
{
    size_t line, col;
    tsr_json_locate(c->text, c->len, offset, &line, &col);
    fprintf(stderr, "%s:%zu:%zu: ", c->file, line, col);
}

int case_bad(case_ctx *c, size_t offset, const char *field, const char *fmt, ...)
{
    where(c, offset);
    if (c->name[0])
        fprintf(stderr, "case %s: ", c->name);
    if (field && field[0])
        fprintf(stderr, "%s: ", field);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    c->failed = 1;
    return -1;
}

void fail_head(case_ctx *c, size_t offset, const char *field)
{
    where(c, offset);
    fprintf(stderr, "FAIL case %s: %s\n", c->name, field);
    c->failed = 1;
}

void fail_bytes(case_ctx *c, size_t offset, const char *field, const char *exp, size_t elen,
                const char *act, size_t alen)
{
    fail_head(c, offset, field);
    char *e = lex_visible(exp, elen), *a = lex_visible(act, alen);
    fprintf(stderr, "  expected: \"%s\"\n  actual:   \"%s\"\n", e ? e : "?", a ? a : "?");
    free(e);
    free(a);
}

void fail_ints(case_ctx *c, size_t offset, const char *field, long exp, long act)
{
    fail_head(c, offset, field);
    fprintf(stderr, "  expected: %ld\n  actual:   %ld\n", exp, act);
}

void fail_words(case_ctx *c, size_t offset, const char *field, const char *exp, const char *act)
{
    fail_head(c, offset, field);
    fprintf(stderr, "  expected: %s\n  actual:   %s\n", exp, act);
}

const char *name_of(const char *const *names, int n)
{
    for (int i = 0; names[i]; i++)
        if (i == n)
            return names[i];
    return "?";
}

void case_print_rows(const char *label, const char *s, size_t len)
{
    fprintf(stderr, "  %s:\n", label);
    size_t st = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || s[i] == '\n') {
            char *v = lex_visible(s + st, i - st);
            fprintf(stderr, "    |%s|\n", v ? v : "?");
            free(v);
            st = i + 1;
        }
    }
}

void path_key(char *out, size_t cap, const char *base, const char *key)
{
    snprintf(out, cap, "%s%s%s", base, base[0] ? "." : "", key);
}

void path_index(char *out, size_t cap, const char *base, size_t index)
{
    snprintf(out, cap, "%s[%zu]", base, index);
}
