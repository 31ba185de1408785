/* Growable byte buffers (tsr_buf) and the appenders every renderer uses. */
#ifndef TSR_BUF_H
#define TSR_BUF_H

#include "tessera/tessera.h"

void buf_free(tsr_buf *b);
/* Empties b, keeping its memory. */
void buf_clear(tsr_buf *b);
/* Makes room for extra more bytes plus a NUL; TSR_ERR_NOMEM on failure. */
int buf_reserve(tsr_buf *b, size_t extra);
int buf_append(tsr_buf *b, const void *data, size_t len);
int buf_putc(tsr_buf *b, char c);
int buf_puts(tsr_buf *b, const char *s);
int buf_put_utf8(tsr_buf *b, uint32_t cp);
int buf_put_uint(tsr_buf *b, unsigned long v);
/* Writes cp as UTF-8 into out (4 bytes room); returns the length. */
int utf8_encode(uint32_t cp, char *out);

/* The value of a hex digit, or -1. */
static inline int hex_digit(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

#endif
