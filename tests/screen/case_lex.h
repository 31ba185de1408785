/* Lexing of case lines in the old text format, which the parser's cases
 * still use (tests/parser/cases.txt): words and double-quoted strings with
 * C-style escapes. And lex_visible, the printable form of bytes in which
 * the screen harness reports expected and actual values. */
#ifndef CASE_LEX_H
#define CASE_LEX_H

#include <stddef.h>

#define LEX_MAX_TOKENS 64

typedef struct lex_token {
    char *text; /* decoded bytes, NUL-terminated (may also contain NULs) */
    size_t len;
    int quoted; /* came from a "..." string */
} lex_token;

typedef struct lex_line {
    lex_token tok[LEX_MAX_TOKENS];
    int ntok;
} lex_line;

/* Splits one line. On error returns -1 and writes a reason to err (the
 * caller prints FILE:LINE). Tokens point into heap memory freed by
 * lex_line_free. A '#' outside a string starts a comment. */
int lex_split(const char *line, lex_line *out, char *err, size_t errlen);
void lex_line_free(lex_line *l);

/* Appends the printable form of bytes (escapes for controls and for
 * invalid UTF-8) to a malloc'd NUL-terminated string; used in failure
 * reports so a diff never prints raw control bytes. */
char *lex_visible(const char *bytes, size_t len);

/* Parses a decimal integer token; returns 0 on success. */
int lex_int(const lex_token *t, long lo, long hi, long *out);

#endif
