/* tsr_buf: the one way the core hands bytes to its callers. Every append
 * keeps data NUL-terminated so C callers can print it directly. */
#include "tessera/text.h"

#include <stdlib.h>
#include <string.h>

void tsr_buf_free(tsr_buf *b)
{
    if (!b)
        return;
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void tsr_buf_clear(tsr_buf *b)
{
    if (!b)
        return;
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

int tsr_buf_reserve(tsr_buf *b, size_t extra)
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

int tsr_buf_append(tsr_buf *b, const void *data, size_t len)
{
    int rc = tsr_buf_reserve(b, len);
    if (rc)
        return rc;
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return TSR_OK;
}

int tsr_buf_putc(tsr_buf *b, char c)
{
    return tsr_buf_append(b, &c, 1);
}

int tsr_buf_puts(tsr_buf *b, const char *s)
{
    return tsr_buf_append(b, s, strlen(s));
}

int tsr_buf_put_utf8(tsr_buf *b, uint32_t cp)
{
    char tmp[4];
    return tsr_buf_append(b, tmp, (size_t)tsr_utf8_encode(cp, tmp));
}

int tsr_buf_put_uint(tsr_buf *b, unsigned long v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return tsr_buf_append(b, tmp + sizeof tmp - n, (size_t)n);
}
