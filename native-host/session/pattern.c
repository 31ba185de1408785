#include "pattern.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bracket-class form of \d \w \s (in a bracket expression: without the
 * outer brackets), or NULL. */
static const char *class_of(char c, int negated_outside, int inside)
{
    switch (c) {
    case 'd': return inside ? "0-9" : "[0-9]";
    case 'w': return inside ? "[:alnum:]_" : "[[:alnum:]_]";
    case 's': return inside ? "[:space:]" : "[[:space:]]";
    case 'D': return inside ? NULL : "[^0-9]";
    case 'W': return inside ? NULL : "[^[:alnum:]_]";
    case 'S': return inside ? NULL : "[^[:space:]]";
    default: (void)negated_outside; return NULL;
    }
}

/* src in POSIX ERE: \d \w \s (and capitals) as classes, \/ as /, \X of a
 * punctuation character kept; other escapes refused. */
static int translate(const char *src, size_t len, char *out, size_t cap, char *why, size_t wcap)
{
    size_t o = 0;
    int bracket = 0; /* inside [...] */
    for (size_t i = 0; i < len; i++) {
        char c = src[i];
        const char *put = NULL;
        char one[4] = {c, 0, 0, 0};
        if (c == '\\' && i + 1 < len) {
            char e = src[++i];
            put = class_of(e, 0, bracket);
            if (!put && e == '/') {
                one[0] = '/';
                put = one;
            } else if (!put && !((e >= 'a' && e <= 'z') || (e >= 'A' && e <= 'Z') ||
                                 (e >= '0' && e <= '9'))) {
                one[0] = bracket ? e : '\\'; /* inside brackets a backslash is itself */
                one[1] = bracket ? 0 : e;
                put = one;
            } else if (!put) {
                snprintf(why, wcap, "\\%c is not supported%s (\\d \\w \\s and their capitals are)", e,
                         bracket && (e == 'D' || e == 'W' || e == 'S') ? " in brackets" : "");
                return -1;
            }
        } else if (c == '\\') {
            snprintf(why, wcap, "a pattern cannot end with a lone backslash");
            return -1;
        } else {
            if (c == '[' && !bracket) {
                bracket = 1;
                /* ']' first (or after '^') is a member, not the end */
                if (i + 1 < len && src[i + 1] == '^')
                    one[1] = src[++i];
                if (i + 1 < len && src[i + 1] == ']') {
                    size_t k = strlen(one);
                    one[k] = src[++i];
                }
            } else if (c == ']' && bracket) {
                bracket = 0;
            }
            put = one;
        }
        size_t n = strlen(put);
        if (o + n + 1 > cap) {
            snprintf(why, wcap, "the pattern is too long");
            return -1;
        }
        memcpy(out + o, put, n);
        o += n;
    }
    out[o] = '\0';
    return 0;
}

int pattern_compile(pattern *p, const char *src, size_t len, char *why, size_t cap)
{
    memset(p, 0, sizeof *p);
    if (len == 0) {
        snprintf(why, cap, "the pattern is empty: it would match any screen");
        return -1;
    }
    if (len > PATTERN_MAX_BYTES || memchr(src, 0, len)) {
        snprintf(why, cap, len > PATTERN_MAX_BYTES ? "the pattern is longer than %d bytes"
                                                   : "the pattern holds a NUL byte",
                 PATTERN_MAX_BYTES);
        return -1;
    }
    size_t ocap = len * 14 + 1; /* \w is 13 bytes at most */
    char *ere = malloc(ocap);
    if (!ere) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    int rc = translate(src, len, ere, ocap, why, cap);
    if (rc == 0) {
        int err = regcomp(&p->re, ere, REG_EXTENDED);
        if (err != 0) {
            char msg[160];
            regerror(err, &p->re, msg, sizeof msg);
            snprintf(why, cap, "not a regular expression: %s", msg);
            rc = -1;
        } else {
            p->compiled = 1;
        }
    }
    free(ere);
    return rc;
}

void pattern_free(pattern *p)
{
    if (p->compiled)
        regfree(&p->re);
    p->compiled = 0;
}

int pattern_find(const pattern *p, const char *text, size_t from, size_t *start, size_t *end)
{
    regmatch_t m;
    /* not at the start of the row: ^ must not match there */
    if (regexec(&p->re, text + from, 1, &m, from ? REG_NOTBOL : 0) != 0)
        return 0;
    *start = from + (size_t)m.rm_so;
    *end = from + (size_t)m.rm_eo;
    return 1;
}
