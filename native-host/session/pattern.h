/* Regular expressions for waits and expectations (`wait /ready \d+/`, a
 * spec's {"regex": ...}): POSIX extended syntax, plus \d \w \s and their
 * capitals, which every test writer reaches for (translated to bracket
 * classes, so glibc and musl read them alike). Matched one row at a time,
 * as text is. */
#ifndef TSR_CLI_PATTERN_H
#define TSR_CLI_PATTERN_H

#include <regex.h>
#include <stddef.h>

/* A longer pattern is refused (the compiled form must stay small). */
#define PATTERN_MAX_BYTES 4096

typedef struct pattern {
    regex_t re;
    int compiled;
} pattern;

/* Compiles src[0..len). Returns 0, or -1 with why (cap bytes): an empty
 * pattern, a NUL, an escape it does not know (\b, \<), a syntax error. */
int pattern_compile(pattern *p, const char *src, size_t len, char *why, size_t cap);
void pattern_free(pattern *p);

/* The first match in the NUL-terminated text at or after byte from: its
 * byte range in *start, *end. Returns 1, or 0 when there is none. */
int pattern_find(const pattern *p, const char *text, size_t from, size_t *start, size_t *end);

#endif
