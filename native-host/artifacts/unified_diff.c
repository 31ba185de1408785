/* A small unified diff for golden mismatches: the common first and last
 * lines are set aside, a longest-common-subsequence table aligns the rest
 * (or, when that would be too big, every remaining line is shown removed
 * then added: still a correct diff), then hunks with three lines of
 * context, in the format `diff -u` and `patch` use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"

typedef struct line {
    const char *s;
    size_t len;
} line;

/* Splits text into lines (without '\n'); a final '\n' ends the last line. */
static line *split(const char *t, size_t len, size_t *count)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (t[i] == '\n')
            n++;
    line *out = malloc((n + 2) * sizeof *out);
    if (!out)
        return NULL;
    size_t k = 0, start = 0;
    for (size_t i = 0; i < len; i++)
        if (t[i] == '\n') {
            out[k].s = t + start;
            out[k++].len = i - start;
            start = i + 1;
        }
    if (start < len) {
        out[k].s = t + start;
        out[k++].len = len - start;
    }
    *count = k;
    return out;
}

/* Lines that differ only in trailing spaces are the same row: editors trim
 * them from golden files. */
static size_t visible_len(const line *l)
{
    size_t n = l->len;
    while (n > 0 && l->s[n - 1] == ' ')
        n--;
    return n;
}

static int same(const line *a, const line *b)
{
    size_t n = visible_len(a);
    return n == visible_len(b) && memcmp(a->s, b->s, n) == 0;
}

/* The LCS table's cells: 4 Mi (16 MiB) at most. */
#define LCS_MAX_CELLS (4u * 1024 * 1024)

/* Writes the ops for a[0..n) against b[0..m) into ops (room for n + m). */
static int align(const line *a, size_t n, const line *b, size_t m, char *ops, size_t *nops)
{
    if ((n + 1) > LCS_MAX_CELLS / (m + 1)) {
        memset(ops, '-', n);
        memset(ops + n, '+', m);
        *nops = n + m;
        return 0;
    }
    unsigned *t = calloc((n + 1) * (m + 1), sizeof *t);
    if (!t)
        return -1;
#define T(i, j) t[(i) * (m + 1) + (j)]
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            T(i, j) = same(&a[i], &b[j]) ? T(i + 1, j + 1) + 1
                                          : (T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) : T(i, j + 1));
    size_t i = 0, j = 0, k = 0;
    while (i < n || j < m) {
        if (i < n && j < m && same(&a[i], &b[j])) {
            ops[k++] = ' ';
            i++;
            j++;
        } else if (i < n && (j == m || T(i + 1, j) >= T(i, j + 1))) {
            ops[k++] = '-'; /* the golden line before the screen's, as diff -u does */
            i++;
        } else {
            ops[k++] = '+';
            j++;
        }
    }
#undef T
    free(t);
    *nops = k;
    return 0;
}

/* ops: ' ' keep, '-' from a, '+' from b. */
static char *edit_script(const line *a, size_t n, const line *b, size_t m, size_t *nops)
{
    size_t head = 0, tail = 0, mid;
    while (head < n && head < m && same(&a[head], &b[head]))
        head++;
    while (tail < n - head && tail < m - head && same(&a[n - 1 - tail], &b[m - 1 - tail]))
        tail++;
    char *ops = malloc(n + m + 1);
    if (!ops)
        return NULL;
    memset(ops, ' ', head);
    if (align(a + head, n - head - tail, b + head, m - head - tail, ops + head, &mid) != 0) {
        free(ops);
        return NULL;
    }
    memset(ops + head + mid, ' ', tail);
    *nops = head + mid + tail;
    return ops;
}

static void put_line(tsr_buf *out, char mark, const line *l, int *bad)
{
    *bad |= tsr_buf_putc(out, mark) != TSR_OK || tsr_buf_append(out, l->s, l->len) != TSR_OK ||
            tsr_buf_putc(out, '\n') != TSR_OK;
}

int unified_diff(tsr_buf *out, const char *a_name, const char *a, size_t alen, const char *b_name,
                 const char *b, size_t blen)
{
    char head[160];
    int bad = 0;
    size_t n, m, nops;
    line *la = split(a, alen, &n);
    line *lb = split(b, blen, &m);
    char *ops = la && lb ? edit_script(la, n, lb, m, &nops) : NULL;
    if (!ops) {
        free(la);
        free(lb);
        return -1;
    }
    bad |= tsr_buf_puts(out, "--- ") != TSR_OK || tsr_buf_puts(out, a_name) != TSR_OK ||
           tsr_buf_puts(out, "\n+++ ") != TSR_OK || tsr_buf_puts(out, b_name) != TSR_OK ||
           tsr_buf_putc(out, '\n') != TSR_OK;
    const size_t ctx = 3;
    size_t k = 0;
    while (k < nops) {
        /* find the next change */
        size_t c = k;
        while (c < nops && ops[c] == ' ')
            c++;
        if (c == nops)
            break;
        size_t start = c >= ctx ? c - ctx : 0;
        if (start < k)
            start = k;
        /* extend the hunk while changes are within 2*ctx of each other */
        size_t end = c, quiet = 0;
        while (end < nops && quiet <= 2 * ctx) {
            quiet = ops[end] == ' ' ? quiet + 1 : 0;
            end++;
        }
        if (quiet > ctx)
            end -= quiet - ctx;
        /* line numbers at start */
        size_t ai = 0, bi = 0;
        for (size_t x = 0; x < start; x++) {
            if (ops[x] != '+')
                ai++;
            if (ops[x] != '-')
                bi++;
        }
        size_t acount = 0, bcount = 0;
        for (size_t x = start; x < end; x++) {
            if (ops[x] != '+')
                acount++;
            if (ops[x] != '-')
                bcount++;
        }
        snprintf(head, sizeof head, "@@ -%zu,%zu +%zu,%zu @@\n", acount ? ai + 1 : ai, acount,
                 bcount ? bi + 1 : bi, bcount);
        bad |= tsr_buf_puts(out, head) != TSR_OK;
        for (size_t x = start; x < end; x++) {
            if (ops[x] == ' ')
                put_line(out, ' ', &la[ai++], &bad), bi++;
            else if (ops[x] == '-')
                put_line(out, '-', &la[ai++], &bad);
            else
                put_line(out, '+', &lb[bi++], &bad);
        }
        k = end;
    }
    free(ops);
    free(la);
    free(lb);
    return bad ? -1 : 0;
}
