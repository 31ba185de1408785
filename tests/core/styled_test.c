/* The styled rendering is unambiguous: a brace of the screen's text is
 * written twice, so distinct screens never render to the same bytes, and
 * the rendering reads back to exactly the text and attributes of every
 * cell (checked here with a small reader over random screens). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"

#define ROWS 1
#define COLS 12

static tsr_term *screen_of(const char *bytes)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = ROWS;
    o.cols = COLS;
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    CHECK(tsr_term_feed(t, bytes, strlen(bytes)) == TSR_OK);
    return t;
}

/* The styled rendering of what bytes draw (caller frees). */
static char *styled(const char *bytes)
{
    tsr_term *t = screen_of(bytes);
    tsr_buf b = {0};
    CHECK(tsr_render_styled(t, &b) == TSR_OK);
    tsr_term_free(t);
    char *s = malloc(b.len + 1);
    CHECK(s != NULL);
    if (s) {
        if (b.len)
            memcpy(s, b.data, b.len);
        s[b.len] = '\0';
    }
    tsr_buf_free(&b);
    return s;
}

static void check_distinct(const char *a, const char *b)
{
    char *ra = styled(a), *rb = styled(b);
    CHECK_MSG(strcmp(ra, rb) != 0, "two screens both render as \"%s\"", ra);
    free(ra);
    free(rb);
}

static void check_renders(const char *bytes, const char *want)
{
    char *got = styled(bytes);
    CHECK_MSG(strcmp(got, want) == 0, "\"%s\" renders as \"%s\", not \"%s\"", bytes, got, want);
    free(got);
}

static void test_distinct_screens(void)
{
    /* text that looks like attributes, against the attributes */
    check_distinct("a{bold}x", "a\x1b[1mx");
    check_distinct("a{}b", "a\x1b[1mb\x1b[m");
    check_distinct("x{fg=1}y", "x\x1b[31my");
    /* a lone brace at either end of a run */
    check_distinct("{", "{{");
    check_distinct("}", "}}");
    check_distinct("\x1b[1m{\x1b[m}", "\x1b[1m{}");
    check_renders("a{bold}x", "{}a{{bold}}x");
    check_renders("\x1b[1m{\x1b[m}", "{bold}{{{}}}");
    /* the escape is its own: nothing else changes */
    check_renders("\\{", "{}\\{{");
    /* a brace carrying a combining mark is still doubled */
    check_renders("{\xcc\x81}", "{}{{\xcc\x81}}");
}

/* Reads one styled row back: the text of each cell and whether it is bold,
 * one entry per character. Returns the count, or -1 if the row is not
 * well formed (an attribute block not closed, a lone closing brace). */
static int read_row(const char *s, size_t n, char *text, int *bold, int max)
{
    int k = 0, cur_bold = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] == '{' && i + 1 < n && s[i + 1] == '{') {
            if (k == max)
                return -1;
            text[k] = '{';
            bold[k++] = cur_bold;
            i += 2;
        } else if (s[i] == '}' && i + 1 < n && s[i + 1] == '}') {
            if (k == max)
                return -1;
            text[k] = '}';
            bold[k++] = cur_bold;
            i += 2;
        } else if (s[i] == '{') {
            const char *end = memchr(s + i, '}', n - i);
            if (!end)
                return -1;
            cur_bold = (size_t)(end - (s + i)) >= 5 && memcmp(s + i + 1, "bold", 4) == 0;
            i = (size_t)(end - s) + 1;
        } else if (s[i] == '}') {
            return -1;
        } else {
            if (k == max)
                return -1;
            text[k] = s[i++];
            bold[k++] = cur_bold;
        }
    }
    return k;
}

/* Random rows of braces, letters and spaces, some bold: the rendering
 * reads back to exactly the cells. */
static void test_reads_back(void)
{
    const char alphabet[] = "{}{}ab ";
    unsigned seed = 12345;
    for (int round = 0; round < 2000; round++) {
        char bytes[COLS * 8] = "", expect_text[COLS];
        int expect_bold[COLS], len = 0;
        size_t at = 0;
        for (int x = 0; x < COLS; x++) {
            seed = seed * 1103515245u + 12345u;
            int bold = (seed >> 20) & 1;
            char c = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
            at += (size_t)snprintf(bytes + at, sizeof bytes - at, "\x1b[%dm%c", bold ? 1 : 0, c);
            expect_text[x] = c;
            expect_bold[x] = bold;
        }
        /* trailing default-style spaces are left out of the rendering */
        len = COLS;
        while (len > 0 && expect_text[len - 1] == ' ' && !expect_bold[len - 1])
            len--;
        char *out = styled(bytes);
        const char *nl = strchr(out, '\n');
        size_t n = nl ? (size_t)(nl - out) : strlen(out);
        char text[COLS];
        int bold[COLS];
        int k = read_row(out, n, text, bold, COLS);
        int same = k == len && memcmp(text, expect_text, (size_t)len) == 0;
        for (int x = 0; same && x < len; x++)
            same = bold[x] == expect_bold[x];
        CHECK_MSG(same, "row \"%.*s\" does not read back to its cells", (int)n, out);
        free(out);
    }
}

int main(void)
{
    test_distinct_screens();
    test_reads_back();
    return check_report();
}
