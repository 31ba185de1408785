/* Quoting untrusted bytes for one-line diagnostics. */
#ifndef TSR_CLI_QUOTE_H
#define TSR_CLI_QUOTE_H

#include <stddef.h>

/* Writes s[0..len) into out (capacity cap >= 16) as a double-quoted,
 * printable-ASCII string: quotes, backslashes and control bytes are escaped
 * (\", \\, \n, \xHH), and long input is cut short with "...". Always
 * NUL-terminates. */
void quote_for_message(char *out, size_t cap, const char *s, size_t len);

#endif
