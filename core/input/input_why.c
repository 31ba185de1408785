/* Failure reasons for the input encoders: short, one line, printable. */
#include "input_why.h"

#include "tessera/text.h"

/* a quoted name, marks and "..." included, with its NUL */
#define WHY_QUOTE_MAX 80

void why_put(tsr_buf *why, const char *s)
{
    if (why)
        (void)tsr_buf_puts(why, s); /* a reason that cannot be stored is dropped */
}

void why_int(tsr_buf *why, long v)
{
    if (!why)
        return;
    if (v < 0) {
        (void)tsr_buf_putc(why, '-');
        (void)tsr_buf_put_uint(why, (unsigned long)-(v + 1) + 1);
    } else {
        (void)tsr_buf_put_uint(why, (unsigned long)v);
    }
}

void why_quote(tsr_buf *why, const char *text, size_t len)
{
    char quoted[WHY_QUOTE_MAX];
    if (why)
        (void)tsr_buf_append(why, quoted,
                             tsr_quote(quoted, sizeof quoted, text, len,
                                       TSR_QUOTE_SINGLE | TSR_QUOTE_KEEP_UTF8));
}

int input_mode_on(const tsr_term *t, int mode, int private_)
{
    int v = 0;
    return tsr_term_mode(t, mode, private_, &v) == TSR_OK && v;
}
