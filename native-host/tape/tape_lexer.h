/* Splitting one tape line into words and double-quoted strings. */
#ifndef TSR_CLI_TAPE_LEXER_H
#define TSR_CLI_TAPE_LEXER_H

#include <stddef.h>

typedef struct tape_token {
    int quoted;   /* a "string" (escapes decoded) rather than a bare word */
    int regex;    /* a /regular expression/ (its text between the slashes, \/ as /) */
    char *text;   /* owned, NUL-terminated; len may count embedded NULs */
    size_t len;
    long column;  /* 1-based byte column where it starts */
} tape_token;

typedef struct tape_line {
    tape_token *tokens;
    size_t count;
} tape_line;

/* Tokenises line[0..len). '#' outside a string starts a comment. The
 * second token is a /regular expression/ when it starts with '/' and
 * pattern_after(first token's text) says the directive takes one (NULL:
 * none does): elsewhere a word like /usr/bin/vim stays a word. Returns 0,
 * or -1 with *err_column and reason set (an unterminated string or
 * pattern, a bad escape, a quote inside a word, out of memory). */
int tape_lex_line(const char *line, size_t len, tape_line *out, long *err_column,
                  const char **reason, int (*pattern_after)(const char *directive));
void tape_line_free(tape_line *l);

#endif
