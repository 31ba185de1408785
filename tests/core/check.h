/* The checks the core unit tests share: each one is counted, a failure is
 * reported as FILE:LINE with the condition (or a message), and a test ends
 * with check_report(), which prints "N passed, N failed". */
#ifndef TSR_TEST_CHECK_H
#define TSR_TEST_CHECK_H

#include <stdio.h>

static int check_count, check_failures;

/* Counts one check; returns whether it held. */
static inline int check_record(int ok)
{
    check_count++;
    if (!ok)
        check_failures++;
    return ok;
}

#define CHECK_MSG(cond, ...)                                  \
    do {                                                      \
        if (!check_record((cond) != 0)) {                     \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);   \
            fprintf(stderr, __VA_ARGS__);                     \
            fputc('\n', stderr);                              \
        }                                                     \
    } while (0)

#define CHECK(cond) CHECK_MSG(cond, "check failed: %s", #cond)

/* Prints "  LABEL: " and the bytes quoted on stderr, ESC as \e and other
 * controls as \xHH, for failure messages. */
static inline void check_show_bytes(const char *label, const char *s, size_t n)
{
    fprintf(stderr, "  %s: \"", label);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1b)
            fputs("\\e", stderr);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fputc(c, stderr);
    }
    fputs("\"\n", stderr);
}

/* The closing line; the exit status for main. */
static inline int check_report(void)
{
    printf("%d passed, %d failed\n", check_count - check_failures, check_failures);
    return check_failures != 0;
}

#endif
