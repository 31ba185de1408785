/* The emulator's short names for the tsr_buf appenders and UTF-8 and hex
 * helpers of tessera/text.h, which its clients use under their public names. */
#ifndef TSR_BUF_H
#define TSR_BUF_H

#include "tessera/tessera.h"
#include "tessera/text.h"

static inline void buf_free(tsr_buf *b)
{
    tsr_buf_free(b);
}
/* Empties b, keeping its memory. */
static inline void buf_clear(tsr_buf *b)
{
    tsr_buf_clear(b);
}
static inline int buf_reserve(tsr_buf *b, size_t extra)
{
    return tsr_buf_reserve(b, extra);
}
static inline int buf_append(tsr_buf *b, const void *data, size_t len)
{
    return tsr_buf_append(b, data, len);
}
static inline int buf_putc(tsr_buf *b, char c)
{
    return tsr_buf_putc(b, c);
}
static inline int buf_puts(tsr_buf *b, const char *s)
{
    return tsr_buf_puts(b, s);
}
static inline int buf_put_utf8(tsr_buf *b, uint32_t cp)
{
    return tsr_buf_put_utf8(b, cp);
}
static inline int buf_put_uint(tsr_buf *b, unsigned long v)
{
    return tsr_buf_put_uint(b, v);
}
/* The value of a hex digit, or -1. */
static inline int hex_digit(unsigned char c)
{
    return tsr_hex_digit(c);
}
/* Writes the two lower-case hex digits of byte into out. */
static inline void hex_byte(unsigned char byte, char out[2])
{
    tsr_hex_byte(byte, out);
}

#endif
