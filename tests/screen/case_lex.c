/* Word and string splitting for case files; see case_lex.h. */
#include "case_lex.h"

#include "tessera/tessera.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static int sb_put(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 32;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            return -1;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
    return 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes one escape after a backslash at s; advances *i. */
static int decode_escape(const char *s, size_t *i, sbuf *b, char *err, size_t errlen)
{
    char c = s[*i];
    char one;
    switch (c) {
    case 'e':
        one = 0x1b;
        break;
    case 'a':
        one = 0x07;
        break;
    case 'b':
        one = 0x08;
        break;
    case 'f':
        one = 0x0c;
        break;
    case 'n':
        one = 0x0a;
        break;
    case 'r':
        one = 0x0d;
        break;
    case 't':
        one = 0x09;
        break;
    case 'v':
        one = 0x0b;
        break;
    case '0':
        one = 0x00;
        break;
    case '\\':
        one = '\\';
        break;
    case '"':
        one = '"';
        break;
    case 'x': {
        int h = hexval(s[*i + 1]), l = h < 0 ? -1 : hexval(s[*i + 2]);
        if (h < 0 || l < 0) {
            snprintf(err, errlen, "\\x needs two hex digits");
            return -1;
        }
        one = (char)(h * 16 + l);
        *i += 2;
        break;
    }
    case 'u': {
        if (s[*i + 1] != '{') {
            snprintf(err, errlen, "\\u must be written \\u{HEX}");
            return -1;
        }
        size_t j = *i + 2;
        uint32_t cp = 0;
        int digits = 0;
        while (hexval(s[j]) >= 0 && digits < 7) {
            cp = cp * 16 + (uint32_t)hexval(s[j]);
            j++;
            digits++;
        }
        if (s[j] != '}' || digits == 0) {
            snprintf(err, errlen, "\\u{...} needs 1-6 hex digits and a closing brace");
            return -1;
        }
        /* Malformed UTF-8 is written with \xNN so every \u is a real scalar. */
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            snprintf(err, errlen, "\\u{%X} is not a Unicode scalar value (use \\xNN bytes)", cp);
            return -1;
        }
        char o[4];
        *i = j;
        return sb_put(b, o, (size_t)tsr_utf8_encode(cp, o));
    }
    default:
        snprintf(err, errlen, "unknown escape \\%c", c ? c : '0');
        return -1;
    }
    return sb_put(b, &one, 1);
}

int lex_split(const char *s, lex_line *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    size_t i = 0;
    for (;;) {
        while (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')
            i++;
        if (s[i] == '\0')
            return 0;
        /* '#' opens a comment as a line's first word or as a word of its
         * own, so colours such as #ff0010 stay words. */
        if (s[i] == '#' && (out->ntok == 0 || s[i + 1] == '\0' || s[i + 1] == ' ' ||
                            s[i + 1] == '\t' || s[i + 1] == '\r'))
            return 0;
        if (out->ntok == LEX_MAX_TOKENS) {
            snprintf(err, errlen, "more than %d words on one line", LEX_MAX_TOKENS);
            lex_line_free(out);
            return -1;
        }
        sbuf b = {0};
        int quoted = s[i] == '"';
        if (sb_put(&b, "", 0) != 0)
            goto nomem;
        if (quoted) {
            i++;
            for (;;) {
                char c = s[i];
                if (c == '\0') {
                    snprintf(err, errlen, "unterminated string");
                    free(b.p);
                    lex_line_free(out);
                    return -1;
                }
                if (c == '"') {
                    i++;
                    break;
                }
                if (c == '\\') {
                    i++;
                    if (decode_escape(s, &i, &b, err, errlen) != 0) {
                        free(b.p);
                        lex_line_free(out);
                        return -1;
                    }
                    i++;
                    continue;
                }
                if (sb_put(&b, &s[i], 1) != 0)
                    goto nomem;
                i++;
            }
            if (s[i] != '\0' && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
                snprintf(err, errlen, "text directly after a closing quote");
                free(b.p);
                lex_line_free(out);
                return -1;
            }
        } else {
            size_t st = i;
            while (s[i] && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '"')
                i++;
            if (sb_put(&b, s + st, i - st) != 0)
                goto nomem;
        }
        out->tok[out->ntok].text = b.p;
        out->tok[out->ntok].len = b.len;
        out->tok[out->ntok].quoted = quoted;
        out->ntok++;
        continue;
    nomem:
        free(b.p);
        snprintf(err, errlen, "out of memory");
        lex_line_free(out);
        return -1;
    }
}

void lex_line_free(lex_line *l)
{
    for (int i = 0; i < l->ntok; i++)
        free(l->tok[i].text);
    l->ntok = 0;
}

char *lex_visible(const char *bytes, size_t len)
{
    sbuf b = {0};
    if (sb_put(&b, "", 0) != 0)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        char tmp[8];
        if (c == 0x1b)
            sb_put(&b, "\\e", 2);
        else if (c == '\n')
            sb_put(&b, "\\n", 2);
        else if (c == '\\')
            sb_put(&b, "\\\\", 2);
        else if (c < 0x20 || c == 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02X", c);
            sb_put(&b, tmp, 4);
        } else if (c < 0x80) {
            sb_put(&b, (const char *)&c, 1);
        } else {
            /* Keep well-formed UTF-8 readable, escape stray bytes. */
            size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
            int ok = n > 0 && c < 0xF5 && i + n <= len;
            for (size_t k = 1; ok && k < n; k++)
                ok = ((unsigned char)bytes[i + k] & 0xC0) == 0x80;
            if (ok) {
                sb_put(&b, bytes + i, n);
                i += n - 1;
            } else {
                snprintf(tmp, sizeof tmp, "\\x%02X", c);
                sb_put(&b, tmp, 4);
            }
        }
    }
    return b.p;
}

int lex_int(const lex_token *t, long lo, long hi, long *out)
{
    if (t->quoted || t->len == 0 || t->len > 12)
        return -1;
    char *end = NULL;
    long v = strtol(t->text, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}
