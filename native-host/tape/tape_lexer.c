/* Tape lines: words, quoted strings with the escapes of tsr_unescape
 * (\n \t \r \e \a \b \f \v \0 \" \\, \xHH, \u{H..HHHHHH}) and comments. */
#include "tape_lexer.h"

#include "tessera/tessera.h"
#include "tessera/text.h"

#include <stdlib.h>
#include <string.h>

static const char *unescape_reason(int code)
{
    switch (code) {
    case TSR_UNESCAPE_HEX: return "\\x needs exactly two hex digits";
    case TSR_UNESCAPE_BRACE: return "\\u needs braces: \\u{2713}";
    case TSR_UNESCAPE_DIGITS: return "\\u{...} needs 1 to 6 hex digits and a closing brace";
    case TSR_UNESCAPE_NOT_SCALAR: return "\\u{...} is not a Unicode scalar value";
    default: return "unknown escape (use \\n \\t \\r \\e \\0 \\\" \\\\ \\xHH or \\u{HEX})";
    }
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
        size_t n;
        int took = tsr_unescape(s + at + 1, len - at - 1, out + o, &n);
        if (took < 0) {
            *err_col = (long)at + 1;
            *reason = unescape_reason(took);
            return -1;
        }
        o += n;
        *i = at + 1 + (size_t)took;
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

/* A /pattern/ from s[*i] (at the opening slash): its text with \/ as /,
 * other backslashes kept for the pattern. */
static int lex_pattern(const char *s, size_t len, size_t *i, char *out, size_t *olen,
                       const char **reason)
{
    size_t o = 0;
    for ((*i)++; *i < len; (*i)++) {
        char c = s[*i];
        if (c == '/') {
            (*i)++;
            *olen = o;
            return 0;
        }
        if (c == '\\' && *i + 1 < len && s[*i + 1] == '/') {
            out[o++] = '/';
            (*i)++;
            continue;
        }
        if (c == '\\' && *i + 1 < len) {
            out[o++] = c;
            out[o++] = s[++*i];
            continue;
        }
        out[o++] = c;
    }
    *reason = "unterminated pattern: a closing / is missing";
    return -1;
}

int tape_lex_line(const char *s, size_t len, tape_line *l, long *err_col, const char **reason,
                  int (*pattern_after)(const char *directive))
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
        if (c == '/' && l->count == 1 && pattern_after && !l->tokens[0].quoted &&
            pattern_after(l->tokens[0].text)) {
            tok.text = malloc(len - i + 1);
            tok.regex = 1;
            *err_col = tok.column;
            int bad = !tok.text;
            if (bad)
                *reason = "out of memory";
            else if (lex_pattern(s, len, &i, tok.text, &tok.len, reason) != 0)
                bad = 1;
            else if (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#') {
                *err_col = (long)i + 1;
                *reason = "a pattern must be followed by a space";
                bad = 1;
            }
            if (bad) {
                free(tok.text);
                tape_line_free(l);
                return -1;
            }
            tok.text[tok.len] = '\0';
            if (push(l, &cap, tok) != 0) {
                free(tok.text);
                tape_line_free(l);
                *reason = "out of memory";
                return -1;
            }
            continue;
        }
        /* The token's extent first, so its copy is its own size: copying the
         * rest of the line for every token made lexing quadratic. */
        size_t end = i + (c == '"');
        if (c == '"') {
            while (end < len && s[end] != '"')
                end += s[end] == '\\' ? 2 : 1;
            end = end < len ? end + 1 : len;
        } else { /* as in a shell, # starts a comment only where a word would start */
            while (end < len && s[end] != ' ' && s[end] != '\t' && s[end] != '\r')
                end++;
        }
        /* \u{10FFFF} is 10 bytes for 4: decoded text never outgrows its source */
        tok.text = malloc(end - i + 1);
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
            if (lex_string(s, end, &i, tok.text, &tok.len, err_col, reason) != 0) {
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
            while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
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
