/* Text written where a person reads it. On a terminal, control characters
 * (C0 but newline and tab, DEL, C1), bytes that are not UTF-8 and invisible
 * format characters (bidi overrides and isolates, soft hyphens, ...) would
 * act, reorder or hide what is shown: a golden file or a file name from a
 * cloned repository could set the title, write the clipboard (OSC 52) or
 * clear the screen of whoever runs the tests. So each is written escaped
 * there; to a file or a pipe the bytes stay exact. */
#ifndef TSR_CLI_TERMINAL_SAFE_H
#define TSR_CLI_TERMINAL_SAFE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "tessera/tessera.h"

typedef enum terminal_escape {
    TERMINAL_ESCAPE_TEXT, /* <U+202E>, \x1b */
    TERMINAL_ESCAPE_JSON, /* \u202e, \u001b: the same string to a JSON reader */
} terminal_escape;

/* Appends s[0..len) to out with every such character escaped, whatever
 * the destination (screen text an agent reads, `tessera mcp`). Returns
 * TSR_OK or TSR_ERR_NOMEM. */
int terminal_safe_escape(tsr_buf *out, const char *s, size_t len, terminal_escape how);

/* Writes len bytes to fp, escaped as above when fp is a terminal. Returns 0,
 * or -1 when a write failed. */
int terminal_safe_write(FILE *fp, const char *s, size_t len, terminal_escape how);

/* printf through terminal_safe_write: every message that can carry a file
 * name or a file's text (diagnostics, reports) is written so. Returns 0 or -1. */
int safe_fprintf(FILE *fp, const char *fmt, ...) TSR_PRINTF(2, 3);
int safe_vfprintf(FILE *fp, const char *fmt, va_list ap);

#endif
