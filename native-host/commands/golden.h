/* Golden files: comparing a rendered screen with a file, showing a
 * unified diff when they differ, or (re)writing the file. */
#ifndef TSR_CLI_GOLDEN_H
#define TSR_CLI_GOLDEN_H

#include <stddef.h>

typedef enum golden_status {
    GOLDEN_SAME = 0,
    GOLDEN_DIFFERENT = 1, /* the diff went to stderr */
    GOLDEN_IO = -1,       /* the file could not be read or written (reported) */
    GOLDEN_NOMEM = -2,
} golden_status;

/* Compares text (the screen plus its final '\n') with the file, as editors
 * leave files: trailing spaces of a row and blank rows at the end do not
 * count. A difference is shown as a unified diff, golden (-) before screen
 * (+), with a note when only spacing differs. */
int golden_compare(const char *path, const char *text, size_t len);

/* The file's bytes (malloc'd; *len), or NULL when it cannot be read
 * (errno says why). */
char *golden_read(const char *path, size_t *len);

/* Writes text to path (through a temporary file and a rename). */
int golden_write(const char *path, const char *text, size_t len);

/* Writes a unified diff of a -> b (lines, 3 lines of context) to stderr;
 * lines that differ only in trailing spaces count as the same. */
int unified_diff(const char *a_name, const char *a, size_t alen, const char *b_name,
                 const char *b, size_t blen);

#endif
