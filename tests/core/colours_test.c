/* The colours a program sets (OSC 4/104, OSC 10/11/12 and 110/111/112):
 * read back through the ABI, live and as a revision had them; the styled
 * rendering's palette line (absent when nothing was set); a revision made
 * by a colour change alone; the SVG and tsr_*_paint drawing with them. */
#include <stdio.h>
#include <string.h>

#include "tessera/svg.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

#include "check.h"

static tsr_term *term_of(int rows, int cols)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = rows;
    o.cols = cols;
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    return t;
}

static void feed(tsr_term *t, const char *s)
{
    CHECK(tsr_term_feed(t, s, strlen(s)) == TSR_OK);
}

/* An output frame of s; returns whether it made a revision. */
static int frame(tsr_term *t, const char *s, uint64_t ns)
{
    tsr_frame f = {.type = TSR_FRAME_OUTPUT, .time_ns = ns, .data = (const uint8_t *)s,
                   .len = strlen(s)};
    int made = -1;
    CHECK(tsr_term_apply_frame(t, &f, &made) == TSR_OK);
    return made;
}

typedef int (*render_fn)(const tsr_term *, tsr_buf *);

/* Whether rendering t contains (or, want 0, lacks) needle. */
static void check_has(const tsr_term *t, render_fn fn, const char *needle, int want)
{
    tsr_buf b = {0};
    CHECK(fn(t, &b) == TSR_OK);
    CHECK(tsr_buf_putc(&b, '\0') == TSR_OK);
    int has = b.data && strstr(b.data, needle) != NULL;
    CHECK_MSG(has == want, "%s \"%s\" in:\n%s", want ? "no" : "unexpected", needle,
              b.data ? b.data : "");
    tsr_buf_free(&b);
}

static void test_reads(void)
{
    tsr_term *t = term_of(2, 8);
    CHECK(tsr_term_palette(t, 1) == 0xcd0000 && tsr_term_palette(t, 255) == 0xeeeeee);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_FG) == 0xe5e5e5);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_BG) == 0x000000);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_CURSOR) == 0xe5e5e5);
    feed(t, "\x1b]4;1;#123456;255;rgb:ff/80/00\x07\x1b]10;#aabbcc;#010203;#00ff00\x1b\\");
    CHECK(tsr_term_palette(t, 1) == 0x123456 && tsr_term_palette(t, 255) == 0xff8000);
    CHECK(tsr_term_palette(t, 2) == tsr_palette_default(2));
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_FG) == 0xaabbcc);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_BG) == 0x010203);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_CURSOR) == 0x00ff00);
    /* bad input reads as 0, never as a neighbour */
    CHECK(tsr_term_palette(t, -1) == 0 && tsr_term_palette(t, 256) == 0);
    CHECK(tsr_term_dynamic_color(t, 13) == 0 && tsr_term_dynamic_color(NULL, 10) == 0);
    CHECK(tsr_term_palette(NULL, 1) == 0 && tsr_snapshot_palette(NULL, 1) == 0);
    CHECK(tsr_dynamic_color_default(TSR_DYNAMIC_BG) == 0 && tsr_dynamic_color_default(9) == 0);
    /* resets: one entry, one dynamic colour, then RIS for everything */
    feed(t, "\x1b]104;1\x07\x1b]111\x07");
    CHECK(tsr_term_palette(t, 1) == 0xcd0000 && tsr_term_palette(t, 255) == 0xff8000);
    CHECK(tsr_term_dynamic_color(t, TSR_DYNAMIC_BG) == 0 &&
          tsr_term_dynamic_color(t, TSR_DYNAMIC_FG) == 0xaabbcc);
    feed(t, "\x1b" "c");
    CHECK(tsr_term_palette(t, 255) == 0xeeeeee && tsr_term_dynamic_color(t, 10) == 0xe5e5e5);
    tsr_term_free(t);
}

static void test_styled(void)
{
    tsr_term *t = term_of(2, 8);
    feed(t, "\x1b[31mX");
    check_has(t, tsr_render_styled, "{palette", 0);
    feed(t, "\x1b]4;1;#123456\x07\x1b]4;200;#000001\x07\x1b]12;#ff0000\x07");
    tsr_buf b = {0};
    CHECK(tsr_render_styled(t, &b) == TSR_OK);
    const char *want = "{fg=1}X\n\n{palette 1=#123456 200=#000001 cursor=#ff0000}";
    CHECK_MSG(b.len == strlen(want) && !memcmp(b.data, want, b.len), "styled: %.*s",
              (int)b.len, b.data);
    tsr_buf_free(&b);
    /* set back to the defaults: the line goes, the bytes are as before */
    feed(t, "\x1b]4;1;#cd0000\x07\x1b]104;200\x07\x1b]112\x07");
    check_has(t, tsr_render_styled, "{palette", 0);
    tsr_term_free(t);
}

static void test_revisions(void)
{
    tsr_term *t = term_of(2, 8);
    CHECK(frame(t, "\x1b[31mX", 1) == 1);
    CHECK(frame(t, "\x1b]4;1;#123456\x07", 2) == 1); /* X turns #123456: a person sees it */
    CHECK(frame(t, "\x1b]4;1;#123456\x07", 3) == 0); /* the same again: nothing new */
    CHECK(frame(t, "\x1b]4;1;?\x07", 4) == 0);
    CHECK(frame(t, "\x1b]11;#202020\x07", 5) == 1);
    CHECK(frame(t, "\x1b]104\x07\x1b]111\x07", 6) == 1);
    const tsr_snapshot *s1 = NULL, *s2 = NULL, *s3 = NULL, *s4 = NULL;
    CHECK(tsr_term_history_get(t, 1, &s1) == TSR_OK && tsr_term_history_get(t, 2, &s2) == TSR_OK);
    CHECK(tsr_term_history_get(t, 3, &s3) == TSR_OK && tsr_term_history_get(t, 4, &s4) == TSR_OK);
    if (s1 && s2 && s3 && s4) {
        CHECK(tsr_snapshot_palette(s1, 1) == 0xcd0000 && tsr_snapshot_palette(s2, 1) == 0x123456);
        CHECK(tsr_snapshot_palette(s3, 1) == 0x123456 && tsr_snapshot_palette(s4, 1) == 0xcd0000);
        CHECK(tsr_snapshot_dynamic_color(s2, TSR_DYNAMIC_BG) == 0);
        CHECK(tsr_snapshot_dynamic_color(s3, TSR_DYNAMIC_BG) == 0x202020);
        CHECK(tsr_snapshot_hash(s1) == tsr_snapshot_hash(s4)); /* all reset: the same screen */
        tsr_buf b = {0};
        CHECK(tsr_snapshot_render_styled(s2, &b) == TSR_OK);
        CHECK(b.len > 0 && strstr(b.data, "\n{palette 1=#123456}") != NULL);
        tsr_buf_clear(&b);
        CHECK(tsr_snapshot_render_svg(s3, &b) == TSR_OK && tsr_buf_putc(&b, '\0') == TSR_OK);
        CHECK(strstr(b.data, "fill=\"#123456\">X</text>") && strstr(b.data, "fill=\"#202020\""));
        CHECK(tsr_snapshot_cursor_rgb(s3) == TSR_THEME_FG && tsr_snapshot_cursor_rgb(NULL) == TSR_THEME_FG);
        tsr_buf_free(&b);
    }
    tsr_term_free(t);
}

static void test_paint(void)
{
    tsr_term *t = term_of(2, 8);
    feed(t, "\x1b]4;1;#123456\x07\x1b]4;2;#654321\x07\x1b[31;42mA\x1b[7mB\x1b[0;2;31mC");
    tsr_cell_info a, b, c;
    CHECK(tsr_term_cell(t, 0, 0, &a) == TSR_OK && tsr_term_cell(t, 0, 1, &b) == TSR_OK &&
          tsr_term_cell(t, 0, 2, &c) == TSR_OK);
    tsr_paint p;
    CHECK(tsr_term_paint(t, &a.style, &p) == TSR_OK && p.fg == 0x123456 && p.bg == 0x654321 &&
          p.underline == 0x123456);
    CHECK(tsr_term_paint(t, &b.style, &p) == TSR_OK && p.fg == 0x654321 && p.bg == 0x123456);
    /* dim fades toward the theme's background while the program set none */
    CHECK(tsr_term_paint(t, &c.style, &p) == TSR_OK && p.bg == TSR_THEME_BG &&
          p.fg == ((0x12 + 0x1e) / 2 << 16 | (0x34 + 0x1e) / 2 << 8 | (0x56 + 0x1e) / 2));
    /* the theme-only readers keep the xterm palette, as before */
    CHECK(tsr_style_fg_rgb(&a.style) == 0xcd0000);
    CHECK(tsr_term_paint(NULL, &a.style, &p) == TSR_ERR_INVALID);
    CHECK(tsr_term_paint(t, NULL, &p) == TSR_ERR_INVALID);
    CHECK(tsr_snapshot_paint(NULL, &a.style, &p) == TSR_ERR_INVALID);
    tsr_term_free(t);
}

static void test_svg(void)
{
    tsr_term *t = term_of(2, 8);
    feed(t, "\x1b[31mX\x1b[0m");
    check_has(t, tsr_render_svg, "fill=\"#cd0000\">X</text>", 1);
    CHECK(tsr_term_cursor_rgb(t) == TSR_THEME_FG && tsr_term_cursor_rgb(NULL) == TSR_THEME_FG);
    check_has(t, tsr_render_svg, "<rect x=\"0\" y=\"0\" width=\"72\" height=\"36\" fill=\"#1e1e1e\"/>", 1);
    feed(t, "\x1b]4;1;#123456\x07\x1b]10;#fafafa\x07\x1b]11;#102030\x07\x1b]12;#00ff00\x07Y");
    check_has(t, tsr_render_svg, "fill=\"#123456\">X</text>", 1);
    check_has(t, tsr_render_svg, "fill=\"#fafafa\">Y</text>", 1);
    check_has(t, tsr_render_svg, "<rect x=\"0\" y=\"0\" width=\"72\" height=\"36\" fill=\"#102030\"/>", 1);
    check_has(t, tsr_render_svg, "fill=\"#00ff00\" fill-opacity=\"0.6\" class=\"cursor\"", 1);
    CHECK(tsr_term_cursor_rgb(t) == 0x00ff00);
    /* an inverse cell in default colours shows the program's fg as its background */
    feed(t, "\x1b[7mZ");
    check_has(t, tsr_render_svg, "<rect x=\"18\" y=\"0\" width=\"9\" height=\"18\" fill=\"#fafafa\"/>", 1);
    check_has(t, tsr_render_svg, "fill=\"#102030\">Z</text>", 1);
    tsr_term_free(t);
}

int main(void)
{
    test_reads();
    test_styled();
    test_revisions();
    test_paint();
    test_svg();
    return check_report();
}
