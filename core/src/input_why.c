/* Failure reasons for the input encoders: short, one line, printable. */
#include "input_why.h"

#include "buf.h"

#define WHY_QUOTE_MAX 64

void why_put(tsr_buf *why, const char *s)
{
    if (why)
        (void)buf_puts(why, s); /* a reason that cannot be stored is dropped */
}

void why_int(tsr_buf *why, long v)
{
    if (!why)
        return;
    if (v < 0) {
        (void)buf_putc(why, '-');
        (void)buf_put_uint(why, (unsigned long)-(v + 1) + 1);
    } else {
        (void)buf_put_uint(why, (unsigned long)v);
    }
}

void why_quote(tsr_buf *why, const char *text, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    if (!why)
        return;
    (void)buf_putc(why, '\'');
    size_t n = len < WHY_QUOTE_MAX ? len : WHY_QUOTE_MAX;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            (void)buf_putc(why, (char)c);
        } else if (c == '\\') {
            (void)buf_puts(why, "\\\\");
        } else {
            /* UTF-8 is kept as is when it is a whole, valid sequence */
            uint32_t cp;
            size_t used = input_utf8_next(text + i, n - i, &cp);
            if (used > 1) {
                (void)buf_append(why, text + i, used);
                i += used - 1;
                continue;
            }
            char esc[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            (void)buf_append(why, esc, 4);
        }
    }
    (void)buf_putc(why, '\'');
    if (len > n)
        (void)buf_puts(why, "...");
}

size_t input_utf8_next(const char *s, size_t len, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    if (len == 0)
        return 0;
    if (p[0] < 0x80) {
        *cp = p[0];
        return 1;
    }
    size_t need;
    uint32_t v, min;
    if (p[0] >= 0xc2 && p[0] <= 0xdf) {
        need = 1, v = p[0] & 0x1fu, min = 0x80;
    } else if (p[0] >= 0xe0 && p[0] <= 0xef) {
        need = 2, v = p[0] & 0x0fu, min = 0x800;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        need = 3, v = p[0] & 0x07u, min = 0x10000;
    } else {
        return 0;
    }
    if (len < need + 1)
        return 0;
    for (size_t k = 1; k <= need; k++) {
        if ((p[k] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (p[k] & 0x3fu);
    }
    /* overlong forms, surrogates and values past U+10FFFF are not UTF-8 */
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return need + 1;
}

int input_mode_on(const tsr_term *t, int mode, int private_)
{
    int v = 0;
    return tsr_term_mode(t, mode, private_, &v) == TSR_OK && v;
}
