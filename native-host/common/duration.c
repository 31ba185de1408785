/* A whole number or a decimal (1.8s, 0.25m) with a unit; parsed exactly
 * in integers, to the nanosecond, so 1.8s is 1800000000 ns, never
 * 1799999999. Digits past the nanosecond are an error, not rounded away. */
#include "duration.h"

#include <string.h>

/* The unit's nanoseconds, or 0 for an unknown unit. */
static uint64_t unit_of(const char *unit, size_t ulen)
{
    if (ulen == 2 && memcmp(unit, "ms", 2) == 0)
        return 1000000u;
    if (ulen == 1 && unit[0] == 's')
        return 1000000000u;
    if (ulen == 1 && unit[0] == 'm')
        return 60ull * 1000000000u;
    return 0;
}

int duration_parse(const char *text, size_t len, uint64_t *ns, const char **reason)
{
    size_t i = 0, whole_digits = 0, frac_digits = 0;
    uint64_t whole = 0, frac = 0, frac_scale = 1;
    for (; i < len && text[i] >= '0' && text[i] <= '9'; i++, whole_digits++) {
        whole = whole * 10 + (uint64_t)(text[i] - '0');
        if (whole > 86400000u) {
            *reason = "is too long (at most 1 day)";
            return -1;
        }
    }
    if (i < len && text[i] == '.') {
        for (i++; i < len && text[i] >= '0' && text[i] <= '9'; i++, frac_digits++) {
            if (frac_digits == 12) {
                *reason = "has more decimals than a nanosecond needs";
                return -1;
            }
            frac = frac * 10 + (uint64_t)(text[i] - '0');
            frac_scale *= 10;
        }
        if (frac_digits == 0) {
            *reason = "needs digits after its decimal point (1.5s)";
            return -1;
        }
    }
    if (whole_digits == 0) {
        *reason = "must be a number with a unit (500ms, 1.5s, 1m)";
        return -1;
    }
    uint64_t scale = unit_of(text + i, len - i);
    if (!scale) {
        *reason = len == i ? "needs a unit: ms, s or m" : "has an unknown unit (use ms, s or m)";
        return -1;
    }
    /* frac / frac_scale of a unit, in whole nanoseconds: exact or refused
     * (trailing zeros first dropped; then frac < frac_scale, so no overflow) */
    while (frac && frac % 10 == 0) {
        frac /= 10;
        frac_scale /= 10;
    }
    if (frac && scale % frac_scale != 0) {
        *reason = "is finer than a nanosecond";
        return -1;
    }
    uint64_t total = whole * scale + (frac ? frac * (scale / frac_scale) : 0);
    if (total > DURATION_MAX_NS) {
        *reason = "is too long (at most 1 day)";
        return -1;
    }
    *ns = total;
    return 0;
}
