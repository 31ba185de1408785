/* JSON string escaping for every JSON the project writes: renderings, the
 * host's replies and asciicast events. Runs that need no escape are copied
 * whole, since renderings escape every row. */
#include "tessera/text.h"

/* The escaped form of the control, quote or backslash c. */
static int put_escape(tsr_buf *out, unsigned char c)
{
    char e[6] = {'\\', (char)c};
    if (c == '"' || c == '\\')
        return tsr_buf_append(out, e, 2);
    if (c == '\n' || c == '\r') {
        e[1] = c == '\n' ? 'n' : 'r';
        return tsr_buf_append(out, e, 2);
    }
    e[1] = 'u';
    e[2] = e[3] = '0';
    tsr_hex_byte(c, e + 4);
    return tsr_buf_append(out, e, 6);
}

int tsr_json_escape(tsr_buf *out, const char *s, size_t len, size_t *cut)
{
    if (cut)
        *cut = 0;
    size_t start = 0, i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            i++;
            continue;
        }
        uint32_t cp;
        size_t used = 1;
        int kind = c < 0x80 ? TSR_UTF8_SCALAR : tsr_utf8_decode(s + i, len - i, &cp, &used);
        if (c >= 0x80 && kind == TSR_UTF8_SCALAR) {
            i += used;
            continue;
        }
        int rc = tsr_buf_append(out, s + start, i - start);
        if (rc)
            return rc;
        if (kind == TSR_UTF8_CUT && cut) {
            *cut = used;
            return TSR_OK;
        }
        rc = c < 0x80 ? put_escape(out, c) : tsr_buf_put_utf8(out, 0xfffd);
        if (rc)
            return rc;
        i += used;
        start = i;
    }
    return tsr_buf_append(out, s + start, i - start);
}
