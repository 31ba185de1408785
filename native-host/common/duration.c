/* Whole numbers only: a span in a test is a deadline, never a measurement. */
#include "duration.h"

#include <string.h>

int duration_parse(const char *text, size_t len, uint64_t *ns, const char **reason)
{
    size_t i = 0;
    uint64_t n = 0;
    while (i < len && text[i] >= '0' && text[i] <= '9') {
        n = n * 10 + (uint64_t)(text[i] - '0');
        if (n > 86400000u) {
            *reason = "is too long (at most 1 day)";
            return -1;
        }
        i++;
    }
    if (i == 0) {
        *reason = "must be a whole number with a unit (500ms, 5s, 1m)";
        return -1;
    }
    const char *unit = text + i;
    size_t ulen = len - i;
    uint64_t scale;
    if (ulen == 2 && memcmp(unit, "ms", 2) == 0)
        scale = 1000000u;
    else if (ulen == 1 && unit[0] == 's')
        scale = 1000000000u;
    else if (ulen == 1 && unit[0] == 'm')
        scale = 60ull * 1000000000u;
    else {
        *reason = ulen == 0 ? "needs a unit: ms, s or m" : "has an unknown unit (use ms, s or m)";
        return -1;
    }
    if (n * scale > DURATION_MAX_NS) {
        *reason = "is too long (at most 1 day)";
        return -1;
    }
    *ns = n * scale;
    return 0;
}
