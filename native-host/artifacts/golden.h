/* Golden files: comparing a rendered screen with a file, the unified diff
 * when they differ, and (re)writing the file. `tessera snapshot --golden`,
 * `tessera test` and `tessera golden` (the JS package's toMatchSnapshot)
 * all compare here. */
#ifndef TSR_CLI_GOLDEN_H
#define TSR_CLI_GOLDEN_H

#include <stddef.h>

#include "tessera/text.h"

typedef enum golden_status {
    GOLDEN_SAME = 0,
    GOLDEN_DIFFERENT = 1, /* the diff is in the caller's buffer */
    GOLDEN_IO = -1,       /* the file could not be read or written (reported) */
    GOLDEN_NOMEM = -2,
} golden_status;

/* Compares text (the screen plus its final '\n') with the golden text, as
 * editors leave files: trailing spaces of a row and blank rows at the end
 * do not count. A difference appends a unified diff to diff (golden_name
 * (-) before "screen" (+)) and, when only spacing differs, a line saying
 * so. */
int golden_compare_text(const char *golden_name, const char *golden, size_t glen,
                        const char *text, size_t len, tsr_buf *diff);

/* The same with the golden file at path (a missing one: GOLDEN_IO, reported
 * on stderr with how to write it). */
int golden_compare(const char *path, const char *text, size_t len, tsr_buf *diff);

/* Writes the diff and its first line ("tessera: the screen differs from
 * PATH") to stderr, escaped for a terminal. */
void golden_print_diff(const char *path, const tsr_buf *diff);

/* The file's bytes (malloc'd; *len), or NULL when it cannot be read
 * (errno says why). */
char *golden_read(const char *path, size_t *len);

/* Writes text to path (through a temporary file and a rename), making the
 * folders it needs. Returns GOLDEN_SAME or GOLDEN_IO (reported). */
int golden_write(const char *path, const char *text, size_t len);

/* Appends a unified diff of a -> b (lines, 3 lines of context) to out;
 * lines that differ only in trailing spaces count as the same. 0 or -1. */
int unified_diff(tsr_buf *out, const char *a_name, const char *a, size_t alen, const char *b_name,
                 const char *b, size_t blen);

#endif
