/* Backslash escapes as tapes and screen case files write them. Unknown
 * escapes are errors, so a typo never turns silently into other bytes. */
#include "tessera/text.h"

#include <string.h>

int tsr_unescape(const char *s, size_t len, char out[4], size_t *out_len)
{
    static const char from[] = "ntreabfv0\"\\";
    static const char to[] = "\n\t\r\x1b\a\b\f\v\0\"\\";
    *out_len = 0;
    if (len == 0 || s[0] == '\0')
        return TSR_UNESCAPE_UNKNOWN;
    const char *hit = memchr(from, s[0], sizeof from - 1);
    if (hit) {
        out[0] = to[hit - from];
        *out_len = 1;
        return 1;
    }
    if (s[0] == 'x') {
        int h = len > 1 ? tsr_hex_digit(s[1]) : -1;
        int l = len > 2 ? tsr_hex_digit(s[2]) : -1;
        if (h < 0 || l < 0)
            return TSR_UNESCAPE_HEX;
        out[0] = (char)(h * 16 + l);
        *out_len = 1;
        return 3;
    }
    if (s[0] != 'u')
        return TSR_UNESCAPE_UNKNOWN;
    if (len < 2 || s[1] != '{')
        return TSR_UNESCAPE_BRACE;
    size_t j = 2;
    uint32_t cp = 0;
    int digits = 0;
    /* a seventh digit is read only to reject it */
    while (j < len && digits < 7 && tsr_hex_digit(s[j]) >= 0) {
        cp = cp * 16 + (uint32_t)tsr_hex_digit(s[j]);
        j++;
        digits++;
    }
    if (j >= len || s[j] != '}' || digits == 0 || digits > 6)
        return TSR_UNESCAPE_DIGITS;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return TSR_UNESCAPE_NOT_SCALAR;
    *out_len = (size_t)tsr_utf8_encode(cp, out);
    return (int)(j + 1);
}
