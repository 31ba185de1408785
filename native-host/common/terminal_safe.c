#define _POSIX_C_SOURCE 200809L
#include "terminal_safe.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <utf8proc.h>

#include "tessera/text.h"

/* Whether a code point must not reach a terminal as it is. */
static int hazardous(utf8proc_int32_t cp)
{
    if (cp == '\n' || cp == '\t')
        return 0;
    if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
        return 1;
    return utf8proc_category(cp) == UTF8PROC_CATEGORY_CF && cp != 0x200C && cp != 0x200D;
}

static int escape(tsr_buf *out, utf8proc_int32_t cp, int byte, terminal_escape how)
{
    char e[16];
    if (byte >= 0) /* a byte that is not UTF-8 */
        snprintf(e, sizeof e, "\\x%02x", (unsigned)byte);
    else if (how == TERMINAL_ESCAPE_JSON)
        snprintf(e, sizeof e, "\\u%04x", (unsigned)cp);
    else if (cp < 0x20 || cp == 0x7f)
        snprintf(e, sizeof e, "\\x%02x", (unsigned)cp);
    else
        snprintf(e, sizeof e, "<U+%04X>", (unsigned)cp);
    return tsr_buf_puts(out, e);
}

int terminal_safe_escape(tsr_buf *out, const char *s, size_t len, terminal_escape how)
{
    const uint8_t *p = (const uint8_t *)s;
    size_t plain = 0; /* start of the bytes not yet copied */
    int rc = TSR_OK;
    for (size_t i = 0; i < len && rc == TSR_OK;) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
        int bad = n <= 0;
        if (!bad && !hazardous(cp)) {
            i += (size_t)n;
            continue;
        }
        rc = tsr_buf_append(out, p + plain, i - plain);
        if (rc == TSR_OK)
            rc = escape(out, cp, bad ? p[i] : -1, how);
        i += bad ? 1 : (size_t)n;
        plain = i;
    }
    return rc == TSR_OK ? tsr_buf_append(out, p + plain, len - plain) : rc;
}

int terminal_safe_write(FILE *fp, const char *s, size_t len, terminal_escape how)
{
    if (!isatty(fileno(fp)))
        return len == 0 || fwrite(s, 1, len, fp) == len ? 0 : -1;
    tsr_buf out = {0};
    int failed = terminal_safe_escape(&out, s, len, how) != TSR_OK ||
                 (out.len > 0 && fwrite(out.data, 1, out.len, fp) != out.len);
    tsr_buf_free(&out);
    return failed ? -1 : 0;
}

int safe_vfprintf(FILE *fp, const char *fmt, va_list ap)
{
    char small[1024];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(copy);
        return -1;
    }
    char *text = small;
    if ((size_t)n >= sizeof small) {
        text = malloc((size_t)n + 1);
        if (text)
            vsnprintf(text, (size_t)n + 1, fmt, copy);
    }
    va_end(copy);
    int rc = text ? terminal_safe_write(fp, text, (size_t)n, TERMINAL_ESCAPE_TEXT) : -1;
    if (text != small)
        free(text);
    return rc;
}

int safe_fprintf(FILE *fp, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = safe_vfprintf(fp, fmt, ap);
    va_end(ap);
    return rc;
}
