/* The text fast path (core/src/print_text.c) and the grapheme rules it
 * leans on (core/src/unicode.h, unicode.c):
 *
 *   - the table: a simple character takes cells and its class is both
 *     right- and left-simple; every printable ASCII byte is simple, narrow,
 *     of class Other (the fast loop writes ASCII without a lookup);
 *   - the break rules decided without utf8proc give utf8proc's own answer
 *     for every sequence of up to four characters from every class;
 *   - real bytes at the fast path's boundaries show the cells they should:
 *     a run followed by a combining mark, a ZWJ, a variation selector, a
 *     regional indicator pair, Hangul jamo, a wide character at the last
 *     column, malformed or cut-off UTF-8 inside a run, a run split across
 *     two feeds, charsets, insert mode, no autowrap, REP;
 *   - any input fed whole (through the fast path) leaves the same screen,
 *     cursor, scrollback and later behaviour as the same bytes fed one at
 *     a time (which only the general path sees: no feed holds a whole
 *     multi-byte character). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "tessera/tessera.h"
#include "unicode.h"

#include "check.h"

/* ------------------------------------------------------------ the table */

static void check_table(void)
{
    for (int bc = 0; bc < 32; bc++)
        CHECK_MSG(!uni_right_simple(bc) || uni_left_simple(bc),
                  "class %d is right-simple but not left-simple", bc);
    long simple = 0;
    for (uint32_t cp = 0; cp <= 0x10ffff; cp++) {
        unsigned v = uni_value(cp);
        int bc = (int)(v & UNI_BC_MASK);
        int w = uni_value_width(v);
        int want = w != 0 && uni_right_simple(bc);
        if (!check_record(((v & UNI_SIMPLE) != 0) == want))
            fprintf(stderr, "U+%04X: simple flag %d, width %d, class %d\n", (unsigned)cp,
                    (v & UNI_SIMPLE) != 0, w, bc);
        if (!check_record(bc == utf8proc_get_property((utf8proc_int32_t)cp)->boundclass))
            fprintf(stderr, "U+%04X: class %d, utf8proc says %d\n", (unsigned)cp, bc,
                    utf8proc_get_property((utf8proc_int32_t)cp)->boundclass);
        simple += want;
    }
    /* most of Unicode's assigned text is simple: CJK alone is 90000 */
    CHECK_MSG(simple > 200000, "only %ld simple code points", simple);
    for (uint32_t b = 0x20; b < 0x7f; b++)
        CHECK_MSG(uni_value(b) == (UNI_SIMPLE | 1u << UNI_BC_BITS | UNI_BC_OTHER),
                  "printable ASCII 0x%02X is not simple, narrow, Other", (unsigned)b);
    CHECK(uni_value(0x110000) == (UNI_SIMPLE | 1u << UNI_BC_BITS | UNI_BC_OTHER));
}

/* ------------------------------------------------------------ the break rules */

/* One or two characters of every boundary class, and the ones the rules
 * single out: VS16, skin tones, a virama and a consonant (Indic conjuncts). */
static const uint32_t samples[] = {
    'a',     0x4e00,  0x0d,    0x0a,    0x01,    0x200b,  0x00ad,  0x0301, 0xfe0f,
    0x1f3fd, 0x094d,  0x0915,  0x1100,  0x1161,  0x11a8,  0xac00,  0xac01, 0x1f1e6,
    0x1f1eb, 0x0903,  0x0600,  0x200d,  0x1f600, 0x2764,  0x0e33,
};
#define NSAMPLES (sizeof samples / sizeof samples[0])

/* Every sequence of up to four samples: uni_is_break, carrying its own
 * state, breaks where utf8proc_grapheme_break_stateful does. */
static void check_rules(void)
{
    size_t n = NSAMPLES;
    for (size_t a = 0; a < n; a++)
        for (size_t b = 0; b < n; b++)
            for (size_t c = 0; c <= n; c++)
                for (size_t d = 0; d <= n; d++) {
                    if (c == n && d != n)
                        continue; /* shorter sequences end with n */
                    uint32_t seq[4] = {samples[a], samples[b], c < n ? samples[c] : 0,
                                       d < n ? samples[d] : 0};
                    int len = c == n ? 2 : d == n ? 3 : 4;
                    int32_t ours = 0, theirs = 0;
                    int pbc;
                    uni_lookup(seq[0], &pbc);
                    for (int k = 1; k < len; k++) {
                        int bc;
                        uni_lookup(seq[k], &bc);
                        int got = uni_is_break(seq[k - 1], pbc, seq[k], bc, &ours);
                        int want = utf8proc_grapheme_break_stateful(
                                       (utf8proc_int32_t)seq[k - 1], (utf8proc_int32_t)seq[k],
                                       &theirs) != 0;
                        if (!check_record(got == want)) {
                            fprintf(stderr, "break before character %d of", k);
                            for (int j = 0; j < len; j++)
                                fprintf(stderr, " U+%04X", (unsigned)seq[j]);
                            fprintf(stderr, ": %d, utf8proc says %d\n", got, want);
                            break;
                        }
                        pbc = bc;
                    }
                }
}

/* ------------------------------------------------------------ screens */

static tsr_term *term_of(int rows, int cols)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = rows;
    o.cols = cols;
    o.scrollback = 20;
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    return t;
}

static void feed(tsr_term *t, const char *s)
{
    CHECK(tsr_term_feed(t, s, strlen(s)) == TSR_OK);
}

/* Cell (row, col) holds exactly the code points in want (0-terminated;
 * none for a blank) and is width cells wide (0: a wide tail). */
static void check_cell_at(int line, tsr_term *t, int row, int col, const uint32_t *want, int width)
{
    tsr_cell_info c;
    memset(&c, 0, sizeof c);
    CHECK(tsr_term_cell(t, row, col, &c) == TSR_OK);
    int n = 0;
    while (want[n])
        n++;
    int same = c.ncps == n && c.width == width;
    for (int i = 0; same && i < n; i++)
        same = c.cps[i] == want[i];
    if (!check_record(same)) {
        fprintf(stderr, "%s:%d: cell %d,%d holds", __FILE__, line, row, col);
        for (int i = 0; i < c.ncps; i++)
            fprintf(stderr, " U+%04X", (unsigned)c.cps[i]);
        fprintf(stderr, " (width %d), want", c.width);
        for (int i = 0; i < n; i++)
            fprintf(stderr, " U+%04X", (unsigned)want[i]);
        fprintf(stderr, " (width %d)\n", width);
    }
}

#define CELL(t, row, col, width, ...) \
    check_cell_at(__LINE__, t, row, col, (const uint32_t[]){__VA_ARGS__, 0}, width)
#define BLANK(t, row, col) check_cell_at(__LINE__, t, row, col, (const uint32_t[]){0}, 1)

static void check_cursor_at(int line, tsr_term *t, int row, int col, int pending)
{
    tsr_cursor c;
    tsr_term_cursor(t, &c);
    if (!check_record(c.row == row && c.col == col && c.pending_wrap == pending))
        fprintf(stderr, "%s:%d: cursor %d,%d (pending wrap %d), want %d,%d (%d)\n", __FILE__,
                line, c.row, c.col, c.pending_wrap, row, col, pending);
}
#define CURSOR(t, row, col, pending) check_cursor_at(__LINE__, t, row, col, pending)

static void check_marks(void)
{
    tsr_term *t = term_of(3, 20);
    /* a run, then a combining mark on its last character, then the run goes on */
    feed(t, "ab\xe4\xb8\xad" "e\xcc\x81\xcc\xa3x \xc3\xa9");
    CELL(t, 0, 0, 1, 'a');
    CELL(t, 0, 2, 2, 0x4e2d);
    CELL(t, 0, 3, 0, 0);
    CELL(t, 0, 4, 1, 'e', 0x301, 0x323);
    CELL(t, 0, 5, 1, 'x');
    CELL(t, 0, 7, 1, 0xe9);
    CURSOR(t, 0, 8, 0);
    /* a mark on a wide character, and a spacing mark */
    feed(t, "\r\n\xe4\xb8\xad\xcc\x81\xe0\xa4\x95\xe0\xa4\x83");
    CELL(t, 1, 0, 2, 0x4e2d, 0x301);
    CELL(t, 1, 2, 1, 0x915, 0x903);
    CURSOR(t, 1, 3, 0);
    /* a mark after a control joins nothing there: the cell under the cursor */
    feed(t, "\r\xcc\x81");
    CELL(t, 1, 0, 2, 0x4e2d, 0x301, 0x301);
    tsr_term_free(t);
}

static void check_emoji(void)
{
    tsr_term *t = term_of(3, 20);
    /* ZWJ sequence: one wide cluster (UAX #29 GB11) */
    feed(t, "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7z");
    CELL(t, 0, 0, 2, 0x1f468, 0x200d, 0x1f469, 0x200d, 0x1f467);
    CELL(t, 0, 2, 1, 'z');
    /* a skin tone (Extend) on an emoji keeps GB11 open for the ZWJ after it */
    feed(t, "\r\n\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\xe2\x80\x8d\xf0\x9f\x94\xa5y");
    CELL(t, 1, 0, 2, 0x1f44d, 0x1f3fd, 0x200d, 0x1f525);
    CELL(t, 1, 2, 1, 'y');
    /* after a letter a ZWJ joins, but the emoji after it starts a cell */
    feed(t, "\r\na\xcc\x81\xe2\x80\x8d\xf0\x9f\x98\x80");
    CELL(t, 2, 0, 1, 'a', 0x301, 0x200d);
    CELL(t, 2, 1, 2, 0x1f600);
    tsr_term_free(t);

    t = term_of(2, 20);
    /* VS16 widens a text-default emoji; on a letter it only joins */
    feed(t, "x\xe2\x9d\xa4\xef\xb8\x8f" "b a\xef\xb8\x8f" "c");
    CELL(t, 0, 0, 1, 'x');
    CELL(t, 0, 1, 2, 0x2764, 0xfe0f);
    CELL(t, 0, 3, 1, 'b');
    CELL(t, 0, 5, 1, 'a', 0xfe0f);
    CELL(t, 0, 6, 1, 'c');
    /* regional indicators pair into flags, the odd one stays alone */
    feed(t, "\r\n\xf0\x9f\x87\xab\xf0\x9f\x87\xb7\xf0\x9f\x87\xa9q");
    CELL(t, 1, 0, 2, 0x1f1eb, 0x1f1f7);
    CELL(t, 1, 2, 1, 0x1f1e9);
    CELL(t, 1, 3, 1, 'q');
    tsr_term_free(t);
}

static void check_hangul(void)
{
    tsr_term *t = term_of(2, 20);
    /* syllables are simple; jamo join by GB6-GB8 */
    feed(t, "\xea\xb0\x80\xea\xb0\x81\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8\xea\xb0\x80\xe1\x86\xa8"
            "\xea\xb0\x80" "a");
    CELL(t, 0, 0, 2, 0xac00);
    CELL(t, 0, 2, 2, 0xac01);
    CELL(t, 0, 4, 2, 0x1100, 0x1161, 0x11a8);
    CELL(t, 0, 6, 2, 0xac00, 0x11a8);
    CELL(t, 0, 8, 2, 0xac00);
    CELL(t, 0, 10, 1, 'a');
    /* a leading jamo joins the syllable after it */
    feed(t, "\r\n\xe1\x84\x80\xea\xb0\x80" "b");
    CELL(t, 1, 0, 2, 0x1100, 0xac00);
    CELL(t, 1, 2, 1, 'b');
    tsr_term_free(t);
}

static void check_edges(void)
{
    tsr_term *t = term_of(3, 5);
    /* a wide character ending at the last column leaves a pending wrap */
    feed(t, "ab\xc3\xa9\xe4\xb8\xad");
    CELL(t, 0, 3, 2, 0x4e2d);
    CURSOR(t, 0, 4, 1);
    feed(t, "\xc3\xa9");
    CELL(t, 1, 0, 1, 0xe9);
    /* one that does not fit wraps and leaves the last column blank */
    feed(t, "\r\nabcd\xe4\xb8\xad" "e");
    CELL(t, 1, 3, 1, 'd');
    BLANK(t, 1, 4);
    CELL(t, 2, 0, 2, 0x4e2d);
    CELL(t, 2, 2, 1, 'e');
    tsr_term_free(t);

    /* no autowrap: the last column is overwritten in turn */
    t = term_of(2, 5);
    feed(t, "\x1b[?7l\xc3\xa0\xc3\xa1\xc3\xa2\xc3\xa3\xc3\xa4\xc3\xa5");
    CELL(t, 0, 3, 1, 0xe3);
    CELL(t, 0, 4, 1, 0xe5);
    CURSOR(t, 0, 4, 0);
    /* a wide one there moves back a column; the next cuts it */
    feed(t, "\xe4\xb8\xad");
    CELL(t, 0, 3, 2, 0x4e2d);
    CURSOR(t, 0, 4, 0);
    feed(t, "\xc3\xa6");
    BLANK(t, 0, 3);
    CELL(t, 0, 4, 1, 0xe6);
    tsr_term_free(t);

    /* a run that starts on a wide tail and ends on a wide head cuts both */
    t = term_of(1, 10);
    feed(t, "\xe4\xb8\xad\xe6\x96\x87\r\x1b[2G\xc3\xa9" "b");
    BLANK(t, 0, 0);
    CELL(t, 0, 1, 1, 0xe9);
    CELL(t, 0, 2, 1, 'b');
    BLANK(t, 0, 3);
    tsr_term_free(t);
}

static void check_malformed(void)
{
    tsr_term *t = term_of(2, 20);
    /* a cut-off sequence, a stray continuation byte, a surrogate, a C1
     * control (NEL) inside the text: dropped, as decoded C1 controls are */
    feed(t, "\xe4\xb8\xad\xe6\x96" "a\x80\xc3\xa9\xed\xa0\x80z\xc2\x85\xc3\xb1");
    CELL(t, 0, 0, 2, 0x4e2d);
    CELL(t, 0, 2, 1, 0xfffd);
    CELL(t, 0, 3, 1, 'a');
    CELL(t, 0, 4, 1, 0xfffd);
    CELL(t, 0, 5, 1, 0xe9);
    CELL(t, 0, 6, 1, 0xfffd);
    CELL(t, 0, 7, 1, 0xfffd);
    CELL(t, 0, 8, 1, 0xfffd);
    CELL(t, 0, 9, 1, 'z');
    CELL(t, 0, 10, 1, 0xf1);
    BLANK(t, 1, 0);
    tsr_term_free(t);
}

static void check_split_feeds(void)
{
    tsr_term *t = term_of(2, 20);
    /* a character cut between two feeds, then a mark in a feed of its own */
    feed(t, "\xe4\xb8\xad\xe6");
    feed(t, "\x96\x87" "e");
    feed(t, "\xcc\x81");
    feed(t, "\xcc");
    feed(t, "\xa3" "f");
    CELL(t, 0, 0, 2, 0x4e2d);
    CELL(t, 0, 2, 2, 0x6587);
    CELL(t, 0, 4, 1, 'e', 0x301, 0x323);
    CELL(t, 0, 5, 1, 'f');
    CURSOR(t, 0, 6, 0);
    tsr_term_free(t);
}

static void check_modes(void)
{
    tsr_term *t = term_of(2, 10);
    /* DEC graphics in GL maps the ASCII inside UTF-8 text, nothing else */
    feed(t, "\x1b(0\xc3\xa9q\xe4\xb8\xadx\x1b(B");
    CELL(t, 0, 0, 1, 0xe9);
    CELL(t, 0, 1, 1, 0x2500);
    CELL(t, 0, 2, 2, 0x4e2d);
    CELL(t, 0, 4, 1, 0x2502);
    /* insert mode shifts what is there */
    feed(t, "\r\nabc\r\x1b[4h\xc3\xa9\xe4\xb8\xad\x1b[4l");
    CELL(t, 1, 0, 1, 0xe9);
    CELL(t, 1, 1, 2, 0x4e2d);
    CELL(t, 1, 3, 1, 'a');
    CELL(t, 1, 5, 1, 'c');
    tsr_term_free(t);

    /* REP repeats the last character written, without its marks; DECSCA
     * protects what the fast path writes */
    t = term_of(1, 10);
    feed(t, "\x1b[1\"q\xc3\xa9" "e\xcc\x81\x1b[2b\x1b[0\"q");
    CELL(t, 0, 1, 1, 'e', 0x301);
    CELL(t, 0, 2, 1, 'e');
    CELL(t, 0, 3, 1, 'e');
    tsr_cell_info c;
    CHECK(tsr_term_cell(t, 0, 0, &c) == TSR_OK && c.protected_);
    CHECK(tsr_term_cell(t, 0, 1, &c) == TSR_OK && c.protected_);
    tsr_term_free(t);
}

/* ------------------------------------------------------------ whole against bytewise */

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 32);
}

/* Pieces a stream is made of: text of every kind, marks, joiners,
 * malformed bytes, controls, and the sequences that change how text is
 * written (insert mode, autowrap, charsets, REP, cursor moves, DECSCA). */
static const char *const pieces[] = {
    "a",
    "word ",
    "\xe4\xb8\xad\xe6\x96\x87",
    "\xea\xb0\x80\xea\xb0\x81",
    "\xe1\x84\x80",
    "\xe1\x85\xa1",
    "\xe1\x86\xa8",
    "\xcc\x81",
    "\xcc\xa3\xcc\x8a",
    "\xe0\xa4\x83",
    "\xe0\xa4\x95\xe0\xa5\x8d",
    "\xd8\x80",
    "\xef\xb8\x8f",
    "\xe2\x80\x8d",
    "\xe2\x9d\xa4",
    "\xf0\x9f\x98\x80",
    "\xf0\x9f\x8f\xbd",
    "\xf0\x9f\x87\xab",
    "\xc3\xa9\xc3\xb1",
    "\xe2\x94\x80\xe2\x94\x82",
    "\xe2\x80\x8b",
    "\xc2\xad",
    "\xe2\x80\xa8",
    "\xc3",
    "\xe6\x96",
    "\xf0\x9f\x98",
    "\x80",
    "\xff",
    "\xed\xa0\x80",
    "\xc2\x85",
    "\r\n",
    "\r",
    "\b",
    "\t",
    "\x1b[4h",
    "\x1b[4l",
    "\x1b[?7l",
    "\x1b[?7h",
    "\x1b(0",
    "\x1b(B",
    "\x0e",
    "\x0f",
    "\x1b)0",
    "\x1bN",
    "\x1b[3b",
    "\x1b[2;7H",
    "\x1b[3G",
    "\x1b[1\"q",
    "\x1b[0\"q",
    "\x1b[31m",
    "\x1b[m",
    "\x1b[2@",
    "\x1b[P",
    "\x1b[K",
};
#define NPIECES (sizeof pieces / sizeof pieces[0])

/* Everything a person sees, and the scrollback, as one string. */
static char *state_of(tsr_term *t)
{
    tsr_buf b = {0};
    CHECK(tsr_render_styled(t, &b) == TSR_OK);
    CHECK(tsr_render_scrollback(t, &b) == TSR_OK);
    tsr_cursor c;
    tsr_term_cursor(t, &c);
    char tail[256];
    int n = snprintf(tail, sizeof tail, "|%d,%d,%d|", c.row, c.col, c.pending_wrap);
    for (int row = 0; row < tsr_term_rows(t); row++)
        for (int col = 0; col < tsr_term_cols(t); col++) {
            tsr_cell_info ci;
            memset(&ci, 0, sizeof ci);
            tsr_term_cell(t, row, col, &ci);
            /* widths and protection are not in the styled rendering */
            if (ci.width != 1 || ci.protected_) {
                char one[32];
                int k = snprintf(one, sizeof one, "%d,%d:%d%d ", row, col, ci.width,
                                 ci.protected_);
                if (n + k < (int)sizeof tail) {
                    memcpy(tail + n, one, (size_t)k + 1);
                    n += k;
                }
            }
        }
    char *s = malloc(b.len + (size_t)n + 1);
    if (s) {
        memcpy(s, b.data, b.len);
        memcpy(s + b.len, tail, (size_t)n + 1);
    }
    tsr_buf_free(&b);
    return s;
}

static void check_against_bytewise(int round, int cols)
{
    char in[1200];
    size_t len = 0;
    while (len < sizeof in - 32) {
        const char *p = pieces[next() % NPIECES];
        size_t k = strlen(p);
        memcpy(in + len, p, k);
        len += k;
    }
    /* what comes after tells whether the hidden print state agrees too */
    const char *probe = "\xcc\x81\xe2\x80\x8d\xf0\x9f\x98\x80\x1b[2bz";
    tsr_term *whole = term_of(4, cols), *bytewise = term_of(4, cols);
    CHECK(tsr_term_feed(whole, in, len) == TSR_OK);
    for (size_t i = 0; i < len; i++)
        CHECK(tsr_term_feed(bytewise, in + i, 1) == TSR_OK);
    for (int stage = 0; stage < 2; stage++) {
        char *a = state_of(whole), *b = state_of(bytewise);
        if (!check_record(a && b && strcmp(a, b) == 0)) {
            fprintf(stderr, "round %d (%d columns), %s: fed whole and byte by byte differ\n",
                    round, cols, stage ? "after the probe" : "after the stream");
            check_show_bytes("input", in, len);
            fprintf(stderr, "  whole:    %s\n  bytewise: %s\n", a ? a : "?", b ? b : "?");
        }
        free(a);
        free(b);
        feed(whole, probe);
        feed(bytewise, probe);
    }
    tsr_term_free(whole);
    tsr_term_free(bytewise);
}

int main(void)
{
    check_table();
    check_rules();
    check_marks();
    check_emoji();
    check_hangul();
    check_edges();
    check_malformed();
    check_split_feeds();
    check_modes();
    for (int round = 0; round < 400; round++)
        check_against_bytewise(round, round % 3 == 0 ? 1 : round % 3 == 1 ? 7 : 23);
    return check_report();
}
