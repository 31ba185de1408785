/* Tape strings use Crystal-style escapes: \n \t \r \e \a \b \f \v \0 \" \\,
 * \xHH (two hex digits, one byte) and \u{H..HHHHHH} (a Unicode scalar value
 * written as UTF-8). Anything else after a backslash is an error, so a typo
 * never turns silently into different bytes. */
#include "tape_lexer.h"

#include "tessera/tessera.h"

#include <stdlib.h>
#include <string.h>

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

/* Decodes the string starting after the opening quote at s[*i]; the
 * decoded bytes never outnumber the source bytes. */
static int lex_string(const char *s, size_t len, size_t *i, char *out, size_t *olen,
                      long *err_col, const char **reason)
{
    size_t o = 0;
    while (*i < len) {
        char c = s[*i];
        if (c == '"') {
            (*i)++;
            *olen = o;
            return 0;
        }
        if (c != '\\') {
            out[o++] = c;
            (*i)++;
            continue;
        }
        size_t at = *i;
        if (*i + 1 >= len)
            break;
        char e = s[*i + 1];
        *i += 2;
        static const char simple_from[] = "ntre\"\\abfv0";
        static const char simple_to[] = "\n\t\r\x1b\"\\\a\b\f\v";
        const char *hit = e ? strchr(simple_from, e) : NULL;
        if (hit) {
            out[o++] = e == '0' ? '\0' : simple_to[hit - simple_from];
        } else if (e == 'x') {
            int h1 = *i < len ? hexval(s[*i]) : -1;
            int h2 = *i + 1 < len ? hexval(s[*i + 1]) : -1;
            if (h1 < 0 || h2 < 0) {
                *err_col = (long)at + 1;
                *reason = "\\x needs exactly two hex digits";
                return -1;
            }
            out[o++] = (char)(h1 * 16 + h2);
            *i += 2;
        } else if (e == 'u') {
            unsigned long cp = 0;
            size_t digits = 0;
            if (*i >= len || s[*i] != '{') {
                *err_col = (long)at + 1;
                *reason = "\\u needs braces: \\u{2713}";
                return -1;
            }
            (*i)++;
            while (*i < len && hexval(s[*i]) >= 0 && digits < 7) {
                cp = cp * 16 + (unsigned long)hexval(s[*i]);
                digits++;
                (*i)++;
            }
            if (*i >= len || s[*i] != '}' || digits == 0 || digits > 6) {
                *err_col = (long)at + 1;
                *reason = "\\u{...} needs 1 to 6 hex digits and a closing brace";
                return -1;
            }
            (*i)++;
            if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
                *err_col = (long)at + 1;
                *reason = "\\u{...} is not a Unicode scalar value";
                return -1;
            }
            o += (size_t)tsr_utf8_encode((uint32_t)cp, out + o);
        } else {
            *err_col = (long)at + 1;
            *reason = "unknown escape (use \\n \\t \\r \\e \\0 \\\" \\\\ \\xHH or \\u{HEX})";
            return -1;
        }
    }
    *reason = "unterminated string: a closing \" is missing";
    return -1;
}

static int push(tape_line *l, size_t *cap, tape_token tok)
{
    if (l->count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        tape_token *grown = realloc(l->tokens, ncap * sizeof *grown);
        if (!grown)
            return -1;
        l->tokens = grown;
        *cap = ncap;
    }
    l->tokens[l->count++] = tok;
    return 0;
}

int tape_lex_line(const char *s, size_t len, tape_line *l, long *err_col, const char **reason)
{
    memset(l, 0, sizeof *l);
    size_t cap = 0, i = 0;
    while (i < len) {
        char c = s[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
            continue;
        }
        if (c == '#')
            break;
        tape_token tok = {0};
        tok.column = (long)i + 1;
        /* \u{10FFFF} is 10 bytes for 4: decoded text never outgrows the line */
        tok.text = malloc(len - i + 1);
        if (!tok.text) {
            *err_col = tok.column;
            *reason = "out of memory";
            tape_line_free(l);
            return -1;
        }
        if (c == '"') {
            tok.quoted = 1;
            i++;
            *err_col = tok.column;
            if (lex_string(s, len, &i, tok.text, &tok.len, err_col, reason) != 0) {
                free(tok.text);
                tape_line_free(l);
                return -1;
            }
            if (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#') {
                free(tok.text);
                tape_line_free(l);
                *err_col = (long)i + 1;
                *reason = "a string must be followed by a space";
                return -1;
            }
        } else {
            while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#') {
                if (s[i] == '"') {
                    free(tok.text);
                    tape_line_free(l);
                    *err_col = (long)i + 1;
                    *reason = "a quote inside a word: put a space before the string";
                    return -1;
                }
                tok.text[tok.len++] = s[i++];
            }
        }
        tok.text[tok.len] = '\0';
        if (push(l, &cap, tok) != 0) {
            free(tok.text);
            tape_line_free(l);
            *err_col = tok.column;
            *reason = "out of memory";
            return -1;
        }
    }
    return 0;
}

void tape_line_free(tape_line *l)
{
    for (size_t i = 0; i < l->count; i++)
        free(l->tokens[i].text);
    free(l->tokens);
    l->tokens = NULL;
    l->count = 0;
}
