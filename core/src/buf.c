/* tsr_buf: the one way the core hands bytes to its callers. Every append
 * keeps data NUL-terminated so C callers can print it directly. */
#include "buf.h"

#include <stdlib.h>
#include <string.h>

void buf_free(tsr_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void buf_clear(tsr_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

void tsr_buf_free(tsr_buf *b)
{
    if (b)
        buf_free(b);
}

void tsr_buf_clear(tsr_buf *b)
{
    if (b)
        buf_clear(b);
}

int buf_reserve(tsr_buf *b, size_t extra)
{
    if (extra > SIZE_MAX / 2 - b->len)
        return TSR_ERR_NOMEM;
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return TSR_OK;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p)
        return TSR_ERR_NOMEM;
    b->data = p;
    b->cap = cap;
    b->data[b->len] = '\0'; /* NUL-terminated even if nothing is appended */
    return TSR_OK;
}

int buf_append(tsr_buf *b, const void *data, size_t len)
{
    int rc = buf_reserve(b, len);
    if (rc)
        return rc;
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return TSR_OK;
}

int buf_putc(tsr_buf *b, char c)
{
    return buf_append(b, &c, 1);
}

int buf_puts(tsr_buf *b, const char *s)
{
    return buf_append(b, s, strlen(s));
}

int utf8_encode(uint32_t cp, char *out)
{
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

int tsr_utf8_encode(uint32_t cp, char *out)
{
    return out ? utf8_encode(cp, out) : 0;
}

int buf_put_utf8(tsr_buf *b, uint32_t cp)
{
    char tmp[4];
    return buf_append(b, tmp, (size_t)utf8_encode(cp, tmp));
}

int buf_put_uint(tsr_buf *b, unsigned long v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return buf_append(b, tmp + sizeof tmp - n, (size_t)n);
}
