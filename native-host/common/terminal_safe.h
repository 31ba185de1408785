/* Screen text written where a person reads it. On a terminal, invisible
 * format characters (bidi overrides and isolates, soft hyphens, ...) would
 * reorder or hide what is shown, so each is written escaped; to a file or
 * a pipe the bytes stay exact. */
#ifndef TSR_CLI_TERMINAL_SAFE_H
#define TSR_CLI_TERMINAL_SAFE_H

#include <stddef.h>
#include <stdio.h>

typedef enum terminal_escape {
    TERMINAL_ESCAPE_TEXT, /* <U+202E> */
    TERMINAL_ESCAPE_JSON, /* \u202e: the same string to a JSON reader */
} terminal_escape;

/* Writes len bytes to fp, escaping invisible format characters (Unicode
 * category Cf, except the joiners U+200C and U+200D that scripts and emoji
 * need) when fp is a terminal. Returns 0, or -1 when a write failed. */
int terminal_safe_write(FILE *fp, const char *s, size_t len, terminal_escape how);

#endif
