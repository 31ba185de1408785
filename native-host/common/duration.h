/* Parsing time spans as the CLI and tapes write them: a number and a unit,
 * "500ms", "1.8s", "1m". No unit, a sign, an exponent or a value finer than
 * a nanosecond is an error. */
#ifndef TSR_CLI_DURATION_H
#define TSR_CLI_DURATION_H

#include <stddef.h>
#include <stdint.h>

/* Longest span accepted: one day, so deadlines never overflow. */
#define DURATION_MAX_NS (86400ull * 1000000000ull)

/* Parses text[0..len) into nanoseconds. Returns 0 on success, -1 with a
 * reason ("needs a unit: ms, s or m", ...) otherwise. */
int duration_parse(const char *text, size_t len, uint64_t *ns, const char **reason);

#endif
