/* UTF-8 both ways. Decoding follows the parser's rule for ill-formed input
 * (one U+FFFD per maximal subpart), so a recording, a JSON rendering and a
 * quoted message treat bad bytes as the screen does. */
#include "tessera/text.h"

int tsr_utf8_encode(uint32_t cp, char *out)
{
    if (!out)
        return 0;
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        cp = 0xfffd;
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

int tsr_utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *used)
{
    const unsigned char *p = (const unsigned char *)s;
    *cp = 0xfffd;
    *used = len ? 1 : 0;
    if (len == 0)
        return TSR_UTF8_CUT;
    unsigned char b = p[0];
    if (b < 0x80) {
        *cp = b;
        return TSR_UTF8_SCALAR;
    }
    /* The second byte's range excludes overlong forms, surrogates and values
     * above U+10FFFF, so a bad sequence is found at its first wrong byte. */
    size_t need;
    uint32_t v;
    unsigned char lo = 0x80, hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
        need = 1, v = b & 0x1fu;
    } else if (b >= 0xe0 && b <= 0xef) {
        need = 2, v = b & 0x0fu;
        lo = b == 0xe0 ? 0xa0 : 0x80;
        hi = b == 0xed ? 0x9f : 0xbf;
    } else if (b >= 0xf0 && b <= 0xf4) {
        need = 3, v = b & 0x07u;
        lo = b == 0xf0 ? 0x90 : 0x80;
        hi = b == 0xf4 ? 0x8f : 0xbf;
    } else {
        return TSR_UTF8_ILL;
    }
    for (size_t k = 1; k <= need; k++) {
        if (k == len) {
            *used = len;
            return TSR_UTF8_CUT;
        }
        if (p[k] < lo || p[k] > hi) {
            *used = k;
            return TSR_UTF8_ILL;
        }
        v = v << 6 | (p[k] & 0x3fu);
        lo = 0x80, hi = 0xbf;
    }
    *used = need + 1;
    *cp = v;
    return TSR_UTF8_SCALAR;
}
