/* Failure and malformed-file reports, and argument checks shared by the
 * directive runners; see case_report.h. */
#include "case_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void case_malformed(case_ctx *c, const char *reason)
{
    fprintf(stderr, "%s:%d: %s (case %s)\n", c->file, c->line, reason, c->name);
    c->failed = 1;
    c->skip = 1;
}

void malformedf(case_ctx *c, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    case_malformed(c, msg);
}

void fail_head(case_ctx *c, const char *what)
{
    fprintf(stderr, "%s:%d: FAIL case %s: %s\n", c->file, c->line, c->name, what);
    c->failed = 1;
}

/* Prints expected/actual byte strings with escapes visible. */
void fail_bytes(case_ctx *c, const char *what, const char *exp, size_t elen, const char *act,
                size_t alen)
{
    fail_head(c, what);
    char *e = lex_visible(exp, elen), *a = lex_visible(act, alen);
    fprintf(stderr, "  expected: \"%s\"\n  actual:   \"%s\"\n", e ? e : "?", a ? a : "?");
    free(e);
    free(a);
}

/* Prints multi-line values one row per line between bars. */
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

int need_args(case_ctx *c, const lex_line *l, int lo, int hi)
{
    if (l->ntok - 1 < lo || l->ntok - 1 > hi) {
        if (lo == hi)
            malformedf(c, "%s takes %d argument(s), got %d", l->tok[0].text, lo, l->ntok - 1);
        else
            malformedf(c, "%s takes %d to %d arguments, got %d", l->tok[0].text, lo, hi,
                       l->ntok - 1);
        return -1;
    }
    return 0;
}

int need_string(case_ctx *c, const lex_token *t, const char *what)
{
    if (!t->quoted) {
        malformedf(c, "%s must be a \"quoted string\", got %s", what, t->text);
        return -1;
    }
    return 0;
}

int need_int(case_ctx *c, const lex_token *t, long lo, long hi, const char *what, long *v)
{
    if (lex_int(t, lo, hi, v) != 0) {
        malformedf(c, "%s must be an integer in %ld..%ld, got '%s'", what, lo, hi, t->text);
        return -1;
    }
    return 0;
}

/* Collects the |...| lines after the directive into one '\n'-joined
 * string; advances c->idx past them. */
