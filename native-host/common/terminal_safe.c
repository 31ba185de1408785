#define _POSIX_C_SOURCE 200809L
#include "terminal_safe.h"

#include <stdint.h>
#include <unistd.h>
#include <utf8proc.h>

static int invisible(utf8proc_int32_t cp)
{
    return utf8proc_category(cp) == UTF8PROC_CATEGORY_CF && cp != 0x200C && cp != 0x200D;
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
        if (n <= 0) { /* not UTF-8: passed on as it is */
            i++;
            continue;
        }
        if (invisible(cp)) {
            if (i > plain && fwrite(p + plain, 1, i - plain, fp) != i - plain)
                return -1;
            if (fprintf(fp, how == TERMINAL_ESCAPE_JSON ? "\\u%04x" : "<U+%04X>", (unsigned)cp) < 0)
                return -1;
            plain = i + (size_t)n;
        }
        i += (size_t)n;
    }
    return len > plain && fwrite(p + plain, 1, len - plain, fp) != len - plain ? -1 : 0;
}
