/* Word and string splitting for case lines, and visible bytes; see case_lex.h. */
#include "case_lex.h"

#include "tessera/tessera.h"
#include "tessera/text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decodes one escape after a backslash at s (tsr_unescape); advances *i to
 * its last byte. */
static int decode_escape(const char *s, size_t *i, tsr_buf *b, char *err, size_t errlen)
{
    char out[4];
    size_t n;
    int took = tsr_unescape(s + *i, strlen(s + *i), out, &n);
    switch (took) {
    case TSR_UNESCAPE_HEX:
        snprintf(err, errlen, "\\x needs two hex digits");
        return -1;
    case TSR_UNESCAPE_BRACE:
        snprintf(err, errlen, "\\u must be written \\u{HEX}");
        return -1;
    case TSR_UNESCAPE_DIGITS:
        snprintf(err, errlen, "\\u{...} needs 1-6 hex digits and a closing brace");
        return -1;
    case TSR_UNESCAPE_NOT_SCALAR:
        /* Malformed UTF-8 is written with \xNN so every \u is a real scalar. */
        snprintf(err, errlen, "\\u{%lX} is not a Unicode scalar value (use \\xNN bytes)",
                 strtoul(s + *i + 2, NULL, 16));
        return -1;
    case TSR_UNESCAPE_UNKNOWN:
        snprintf(err, errlen, "unknown escape \\%c", s[*i] ? s[*i] : '0');
        return -1;
    }
    *i += (size_t)took - 1;
    return tsr_buf_append(b, out, n);
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
        tsr_buf b = {0};
        int quoted = s[i] == '"';
        if (tsr_buf_append(&b, "", 0) != 0)
            goto nomem;
        if (quoted) {
            i++;
            for (;;) {
                char c = s[i];
                if (c == '\0') {
                    snprintf(err, errlen, "unterminated string");
                    free(b.data);
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
                        free(b.data);
                        lex_line_free(out);
                        return -1;
                    }
                    i++;
                    continue;
                }
                if (tsr_buf_append(&b, &s[i], 1) != 0)
                    goto nomem;
                i++;
            }
            if (s[i] != '\0' && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
                snprintf(err, errlen, "text directly after a closing quote");
                free(b.data);
                lex_line_free(out);
                return -1;
            }
        } else {
            size_t st = i;
            while (s[i] && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '"')
                i++;
            if (tsr_buf_append(&b, s + st, i - st) != 0)
                goto nomem;
        }
        out->tok[out->ntok].text = b.data;
        out->tok[out->ntok].len = b.len;
        out->tok[out->ntok].quoted = quoted;
        out->ntok++;
        continue;
    nomem:
        free(b.data);
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
    tsr_buf b = {0};
    if (tsr_buf_append(&b, "", 0) != 0)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        char tmp[8];
        if (c == 0x1b)
            tsr_buf_append(&b, "\\e", 2);
        else if (c == '\n')
            tsr_buf_append(&b, "\\n", 2);
        else if (c == '\\')
            tsr_buf_append(&b, "\\\\", 2);
        else if (c < 0x20 || c == 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02X", c);
            tsr_buf_append(&b, tmp, 4);
        } else if (c < 0x80) {
            tsr_buf_append(&b, (const char *)&c, 1);
        } else {
            /* Keep well-formed UTF-8 readable, escape stray bytes. */
            uint32_t cp;
            size_t n;
            if (tsr_utf8_decode((const char *)bytes + i, len - i, &cp, &n) == TSR_UTF8_SCALAR) {
                tsr_buf_append(&b, bytes + i, n);
                i += n - 1;
            } else {
                snprintf(tmp, sizeof tmp, "\\x%02X", c);
                tsr_buf_append(&b, tmp, 4);
            }
        }
    }
    return b.data;
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
