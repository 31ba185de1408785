#define _POSIX_C_SOURCE 200809L
#include "terminal_safe.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <utf8proc.h>

/* Whether a code point must not reach a terminal as it is. */
static int hazardous(utf8proc_int32_t cp)
{
    if (cp == '\n' || cp == '\t')
        return 0;
    if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f))
        return 1;
    return utf8proc_category(cp) == UTF8PROC_CATEGORY_CF && cp != 0x200C && cp != 0x200D;
}

static int escape(FILE *fp, utf8proc_int32_t cp, int byte, terminal_escape how)
{
    if (byte >= 0) /* a byte that is not UTF-8 */
        return fprintf(fp, "\\x%02x", (unsigned)byte) < 0 ? -1 : 0;
    if (how == TERMINAL_ESCAPE_JSON)
        return fprintf(fp, "\\u%04x", (unsigned)cp) < 0 ? -1 : 0;
    if (cp < 0x20 || cp == 0x7f)
        return fprintf(fp, "\\x%02x", (unsigned)cp) < 0 ? -1 : 0;
    return fprintf(fp, "<U+%04X>", (unsigned)cp) < 0 ? -1 : 0;
}

int terminal_safe_write(FILE *fp, const char *s, size_t len, terminal_escape how)
{
    if (!isatty(fileno(fp)))
        return len == 0 || fwrite(s, 1, len, fp) == len ? 0 : -1;
    const uint8_t *p = (const uint8_t *)s;
    size_t plain = 0; /* start of the bytes not yet written */
    for (size_t i = 0; i < len;) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i), &cp);
        int bad = n <= 0;
        if (!bad && !hazardous(cp)) {
            i += (size_t)n;
            continue;
        }
        if (i > plain && fwrite(p + plain, 1, i - plain, fp) != i - plain)
            return -1;
        if (escape(fp, cp, bad ? p[i] : -1, how) != 0)
            return -1;
        i += bad ? 1 : (size_t)n;
        plain = i;
    }
    return len > plain && fwrite(p + plain, 1, len - plain, fp) != len - plain ? -1 : 0;
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
