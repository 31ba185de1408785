/* Keyframes (tsr_term_keyframe, the KEYFRAME frame): a terminal after some
 * input and a fresh one given its keyframe show the same thing (every
 * rendering, every cell, the cursor, modes, title, the palette and the
 * default colours) and keep the same hidden state, seen through what comes
 * next: saved cursors, the other buffer, the title stack, tab stops,
 * margins, the pen, the palette, DECSACE, a resize.
 * Inputs: handwritten ones, every case of the tessera screen suite (the
 * files given on the command line), and random streams from a fixed seed.
 *
 *   keyframe_test [CASE.json ...] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast_reader.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

#include "check.h"

/* What a case feeds: steps of bytes, resizes and resets. */
typedef struct step {
    const char *bytes;
    size_t len;
    int rows, cols; /* a resize when rows > 0 */
    int reset;
} step;

typedef struct input {
    const char *name;
    int rows, cols, scrollback, reflow;
    const step *steps;
    size_t nsteps;
} input;

static tsr_term *fresh(const input *in)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = in->rows;
    o.cols = in->cols;
    o.scrollback = in->scrollback;
    o.reflow = in->reflow;
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    return t;
}

static tsr_term *run(const input *in)
{
    tsr_term *t = fresh(in);
    for (size_t i = 0; t && i < in->nsteps; i++) {
        const step *s = &in->steps[i];
        if (s->reset)
            tsr_term_reset(t);
        else if (s->rows > 0)
            tsr_term_resize(t, s->rows, s->cols);
        else
            tsr_term_feed(t, s->bytes, s->len);
    }
    tsr_buf drop = {0};
    if (t)
        tsr_term_take_replies(t, &drop);
    tsr_buf_free(&drop);
    return t;
}

/* The keyframe of t as a frame, encoded, decoded and applied to a terminal
 * that held something else at another size, as a trace's replay does. */
static tsr_term *copy_of(const input *in, const tsr_term *t)
{
    tsr_buf kf = {0}, enc = {0};
    CHECK(tsr_term_keyframe(t, SIZE_MAX, &kf) == TSR_OK);
    tsr_frame f = {.type = TSR_FRAME_KEYFRAME, .time_ns = 9, .data = (const uint8_t *)kf.data,
                   .len = kf.len, .rows = tsr_term_rows(t), .cols = tsr_term_cols(t)};
    CHECK(tsr_frame_encode(&f, &enc) == TSR_OK);
    input other = *in;
    other.rows = 7;
    other.cols = 9;
    tsr_term *c = fresh(&other);
    tsr_term_feed(c, "\x1b]2;old\x07\x1b[1;31mold text\x1b[?1049h\x1b[?1000h", 36);
    tsr_frame d;
    size_t used;
    CHECK(tsr_frame_decode(enc.data, enc.len, &d, &used) == TSR_OK && used == enc.len);
    CHECK(d.type == TSR_FRAME_KEYFRAME && d.rows == f.rows && d.cols == f.cols);
    CHECK(d.len == kf.len && (!d.len || memcmp(d.data, kf.data, d.len) == 0));
    CHECK(tsr_term_apply_frame(c, &d, NULL) == TSR_OK);
    CHECK(tsr_term_pending_replies(c) == 0);
    tsr_buf_free(&kf);
    tsr_buf_free(&enc);
    return c;
}

static int same_bytes(const tsr_buf *a, const tsr_buf *b)
{
    return a->len == b->len && (!a->len || memcmp(a->data, b->data, a->len) == 0);
}

static int link_uri(const tsr_term *t, uint32_t id, tsr_buf *out)
{
    tsr_buf_clear(out);
    return id ? tsr_term_hyperlink(t, id, out) : TSR_OK;
}

static int same_cell(const tsr_term *a, const tsr_term *b, int y, int x)
{
    tsr_cell_info p, q;
    if (tsr_term_cell(a, y, x, &p) != TSR_OK || tsr_term_cell(b, y, x, &q) != TSR_OK)
        return 0;
    tsr_buf ua = {0}, ub = {0};
    int ok = link_uri(a, p.style.link, &ua) == link_uri(b, q.style.link, &ub) &&
             same_bytes(&ua, &ub);
    tsr_buf_free(&ua);
    tsr_buf_free(&ub);
    p.style.link = q.style.link = 0;
    return ok && p.ncps == q.ncps && !memcmp(p.cps, q.cps, sizeof p.cps) && p.width == q.width &&
           p.protected_ == q.protected_ && !memcmp(&p.style, &q.style, sizeof p.style);
}

/* The one cell a keyframe cannot make exactly: a pending wrap over a blank
 * cell (left by a scroll or a change of buffer) comes back over a space in
 * the blank's style, as only printing makes a pending wrap. */
static int pending_over_blank(const tsr_term *a, const tsr_term *b, int y, int x)
{
    tsr_cursor c;
    tsr_cell_info p, q;
    tsr_term_cursor(a, &c);
    if (!c.pending_wrap || c.row != y || c.col != x || tsr_term_cell(a, y, x, &p) ||
        tsr_term_cell(b, y, x, &q))
        return 0;
    return p.ncps == 0 && q.ncps == 1 && q.cps[0] == ' ' &&
           !memcmp(&p.style, &q.style, sizeof p.style);
}

typedef int (*render_fn)(const tsr_term *, tsr_buf *);

/* Everything a client can read, compared; the first difference is shown. */
static int same(const tsr_term *a, const tsr_term *b, const char *what, const char *probe)
{
    static const struct {
        const char *name;
        render_fn fn;
    } renders[] = {{"text", tsr_render_text},
                   {"exact", tsr_render_exact},
                   {"styled", tsr_render_styled},
                   {"json", tsr_render_json},
                   {"scrollback", tsr_render_scrollback}};
    char why[96] = "";
    tsr_buf ra = {0}, rb = {0}, shown_a = {0}, shown_b = {0};
    if (tsr_term_rows(a) != tsr_term_rows(b) || tsr_term_cols(a) != tsr_term_cols(b))
        snprintf(why, sizeof why, "size");
    for (size_t i = 0; !why[0] && i < sizeof renders / sizeof renders[0]; i++) {
        tsr_buf_clear(&ra);
        tsr_buf_clear(&rb);
        renders[i].fn(a, &ra);
        renders[i].fn(b, &rb);
        if (!same_bytes(&ra, &rb)) {
            snprintf(why, sizeof why, "%s rendering", renders[i].name);
            tsr_buf_append(&shown_a, ra.data, ra.len);
            tsr_buf_append(&shown_b, rb.data, rb.len);
        }
    }
    for (int i = 0; !why[0] && i < 256; i++)
        if (tsr_term_palette(a, i) != tsr_term_palette(b, i))
            snprintf(why, sizeof why, "palette entry %d", i);
    for (int c = TSR_DYNAMIC_FG; !why[0] && c <= TSR_DYNAMIC_CURSOR; c++)
        if (tsr_term_dynamic_color(a, c) != tsr_term_dynamic_color(b, c))
            snprintf(why, sizeof why, "colour %d (OSC %d)", c, c);
    if (!why[0] && tsr_term_scrollback_lines(a) != tsr_term_scrollback_lines(b))
        snprintf(why, sizeof why, "scrollback's length");
    for (int y = 0; !why[0] && y < tsr_term_rows(a); y++)
        for (int x = 0; !why[0] && x < tsr_term_cols(a); x++)
            if (!same_cell(a, b, y, x) && !pending_over_blank(a, b, y, x))
                snprintf(why, sizeof why, "cell %d,%d", y, x);
    static const int dec_modes[] = {1, 3, 5, 6, 7, 9, 12, 25, 40, 47, 66, 69, 95, 1000, 1002, 1003,
                                    1004, 1005, 1006, 1015, 1047, 1049, 2004, 2026};
    for (size_t i = 0; !why[0] && i < sizeof dec_modes / sizeof dec_modes[0]; i++) {
        int va = -1, vb = -1;
        tsr_term_mode(a, dec_modes[i], 1, &va);
        tsr_term_mode(b, dec_modes[i], 1, &vb);
        if (va != vb)
            snprintf(why, sizeof why, "mode ?%d", dec_modes[i]);
    }
    for (int m = 4; !why[0] && m <= 20; m += 16) {
        int va = -1, vb = -1;
        tsr_term_mode(a, m, 0, &va);
        tsr_term_mode(b, m, 0, &vb);
        if (va != vb)
            snprintf(why, sizeof why, "mode %d", m);
    }
    if (!why[0] && (tsr_term_keypad_app(a) != tsr_term_keypad_app(b) ||
                    tsr_term_mouse_tracking(a) != tsr_term_mouse_tracking(b) ||
                    tsr_term_mouse_encoding(a) != tsr_term_mouse_encoding(b)))
        snprintf(why, sizeof why, "keypad or mouse");
    if (!why[0] && (tsr_term_kitty_keyboard(a) != tsr_term_kitty_keyboard(b) ||
                    tsr_term_modify_other_keys(a) != tsr_term_modify_other_keys(b)))
        snprintf(why, sizeof why, "keyboard protocol");
    const char *sa, *sb;
    const char *ca = tsr_term_clipboard(a, &sa), *cb = tsr_term_clipboard(b, &sb);
    if (!why[0] && ((ca == NULL) != (cb == NULL) ||
                    (ca && (strcmp(ca, cb) || strcmp(sa ? sa : "", sb ? sb : "")))))
        snprintf(why, sizeof why, "clipboard");
    tsr_buf_clear(&ra);
    tsr_buf_clear(&rb);
    tsr_term_take_replies((tsr_term *)a, &ra);
    tsr_term_take_replies((tsr_term *)b, &rb);
    if (!why[0] && !same_bytes(&ra, &rb))
        snprintf(why, sizeof why, "replies");
    CHECK_MSG(!why[0], "%s: after the keyframe%s%s: the %s differs", what, probe[0] ? " and " : "",
              probe, why);
    if (shown_a.len || shown_b.len) {
        check_show_bytes("original", shown_a.data ? shown_a.data : "", shown_a.len);
        check_show_bytes("copy", shown_b.data ? shown_b.data : "", shown_b.len);
    }
    tsr_buf_free(&ra);
    tsr_buf_free(&rb);
    tsr_buf_free(&shown_a);
    tsr_buf_free(&shown_b);
    return !why[0];
}

/* What follows the keyframe in a trace, each run on a fresh pair: hidden
 * state shows once a program uses it. */
static const struct probe {
    const char *name;
    const char *bytes;
    int resize; /* then resize by these rows and columns more */
} probes[] = {
    {"", "", 0},
    {"DECRC and text", "\x1b" "8ab\xe2\x94\x80", 0},
    {"the other buffer", "\x1b[?47h", 0},
    {"leaving the alternate buffer", "\x1b[?1049l\x1b[?47l", 0},
    {"title pops", "\x1b[23t\x1b[23t", 0},
    {"tabs and text", "\r\t\tT\tU", 0},
    {"text at the cursor", "ab\xe4\xb8\x80q\xcc\x81", 0},
    {"a mark on the cell under the cursor", "\x1b[1;1H\xcc\x81\x1b[2;3H\xcc\x81\x1b[3;1H\xcc\x81", 0},
    {"line feeds", "\n\n\n\n\n\n\n\n\n\nx", 0},
    {"selective erase", "\x1b[?2J", 0},
    {"pen, palette and colour queries", "\x1bP$qm\x1b\\\x1b]4;1;?\x07\x1b]4;200;?\x07\x1b]10;?\x07\x1b]11;?\x07\x1b]12;?\x07", 0},
    {"cursor report", "\x1b[6n\x1b[?6n", 0},
    {"margins' reports", "\x1bP$qr\x1b\\\x1bP$qs\x1b\\", 0},
    {"text, lines and characters edited within the margins",
     "\r\nabcdefghijklmnopqrstuvwxyz\x1b[L\x1b[P\x1b[2@\x1b[S\x1bM\x1b[6n", 0},
    {"attributes over an area (DECSACE decides its shape)", "\x1b[1;2;2;3;7$r", 0},
    {"a wider and shorter screen", "", 1},
    {"keyboard stacks popped and asked, both buffers",
     "\x1b[?u\x1b[<u\x1b[?u\x1b[<u\x1b[?u\x1b[?47h\x1b[?u\x1b[<u\x1b[?u\x1b[?47l\x1b[?u"
     "\x1b[?4m", 0},
};

static void check_input(const input *in)
{
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        tsr_term *a = run(in);
        tsr_term *b = a ? copy_of(in, a) : NULL;
        if (!a || !b) {
            tsr_term_free(a);
            tsr_term_free(b);
            return;
        }
        const struct probe *p = &probes[i];
        tsr_term_feed(a, p->bytes, strlen(p->bytes));
        tsr_term_feed(b, p->bytes, strlen(p->bytes));
        if (p->resize) {
            int r = tsr_term_rows(a) > 2 ? tsr_term_rows(a) - 2 : tsr_term_rows(a) + 1;
            tsr_term_resize(a, r, tsr_term_cols(a) + 3);
            tsr_term_resize(b, r, tsr_term_cols(b) + 3);
        }
        tsr_cursor c;
        tsr_term_cursor(a, &c);
        int ok = same(a, b, in->name, p->name);
        /* the space under such a cursor takes marks a blank would not */
        int approximate = !p->bytes[0] && pending_over_blank(a, b, c.row, c.col);
        tsr_term_free(a);
        tsr_term_free(b);
        if (!ok || approximate)
            return; /* one failure per input is enough to read */
    }
}

static void check_bytes(const char *name, int rows, int cols, int reflow, const char *bytes)
{
    step s = {bytes, strlen(bytes), 0, 0, 0};
    input in = {name, rows, cols, 100, reflow, &s, 1};
    check_input(&in);
}

/* Each feature the keyframe writes, alone and mixed. */
static void test_handwritten(void)
{
    check_bytes("blank", 4, 10, 0, "");
    check_bytes("text", 4, 10, 0, "hello\r\nworld");
    check_bytes("styles", 3, 30, 0,
                "\x1b[1;3;4:3;58:5:9;38:2:1:2:3;48;5;200mA\x1b[0;2;5;7;8;9;53;21mB\x1b[m "
                "\x1b[4:4;91;102mC\x1b[4:5;39mD");
    check_bytes("blanks in styles", 3, 12, 0,
                "\x1b[44mabc\x1b[K\n\x1b[1;45m\x1b[2X\x1b[m\r\n\x1b[4mx\x1b[3X");
    check_bytes("wide cut in half", 3, 8, 0,
                "\x1b[1;31m\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\xe4\xb8\x80\x1b[m\x1b[1;2Hx\x1b[1;8Hy"
                "\x1b[2;1H\x1b[7m\xe4\xb8\x80\x1b[m\x1b[2;2H\x1b[X");
    check_bytes("last column blanks", 3, 6, 0,
                "\x1b[1;5H\x1b[4m\xe4\xb8\x80\x1b[m\x1b[1;5Hz"
                "\x1b[2;3H\x1b[4m\xe4\xb8\x80\xe4\xb8\x80\x1b[m\x1b[2;3Hq\x1b[2;5Hr");
    check_bytes("clusters", 3, 12, 0,
                "e\xcc\x81 \xf0\x9f\x87\xba\xf0\x9f\x87\xb8 \xe2\x98\xba\xef\xb8\x8f "
                "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa9 \xea\xb0\x80\xcc\x81");
    check_bytes("marks on moved cursors", 3, 12, 0,
                "ab\x1b[1;1H\xcc\x81\x1b[1;2H\xcc\x88z\x1b[2;1H\xf0\x9f\x87\xba\x1b[2;2H"
                "\xf0\x9f\x87\xb8");
    check_bytes("hyperlinks", 3, 20, 0,
                "\x1b]8;;https://a.example/\x1b\\link\x1b]8;;\x1b\\ plain "
                "\x1b]8;id=x;https://b.example/;q\x07\x1b[1mtwo\x1b[m\x1b]8;;\x07");
    check_bytes("a link in the pen", 3, 20, 0, "\x1b]8;;https://pen.example/\x1b\\");
    check_bytes("protected", 3, 10, 0, "\x1b[1\"qab\x1b[0\"qcd\x1b[1\"q");
    check_bytes("soft wraps", 4, 5, 1, "abcdefghijklmnopq\x1b[4;1Hxyz");
    check_bytes("wrap on the last row", 4, 5, 1, "\x1b[4;1Habcdefg\x1b[2;1H12345678");
    check_bytes("wrap then erase", 4, 5, 1, "abcdefgh\x1b[1;5H\x1b[1K");
    check_bytes("pending wrap", 3, 5, 0, "\x1b[2;1Habcde");
    /* a VS16 cluster kept narrow in the last column, moved left by DCH on a
     * row that then soft-wraps: placed by DCH, the row's wrap made again */
    check_bytes("saved with a pending wrap at a right margin", 3, 6, 0,
                "\x1b[?69h\x1b[2;4s\x1b[3;3HXDJANPKLXTASTUMMJPHRGMZHAACON\x1b[?1049h\x1b[3;4H");
    check_bytes("pending wrap at a margin DECLRMM's reset took away", 6, 7, 1,
                "\x1b[?69h\x1b[3;4s\xd9\x85\xd8\xb1\xd9\x85\xd8\xb1\x1b[?69l");
    check_bytes("narrow cluster on a wrapped row", 7, 11, 1,
                "\x1b[4;5HHQMGVV\x1b[5;5s\xe2\x98\xba\xef\xb8\x8f\x1b[4;2H\x1b[0P\x1b" "8"
                "\xf0\x9f\x8f\xbd");
    /* the same cluster after a blank only a cut filler makes: the DCH that
     * places the cluster cuts that filler */
    check_bytes("narrow cluster after a cut filler", 2, 3, 0,
                "\x1b[4:3;97m\xe4\xb8\x80\x1b[m\x1b[1;3H\xe2\x98\xba\xef\xb8\x8f\x1b[1;2H\x1b[P");
    check_bytes("pending wrap after a wide", 3, 5, 0, "\x1b[2;1Habc\xe4\xb8\x80");
    check_bytes("pending wrap, autowrap off later", 3, 5, 0, "abcde\x1b[?7l");
    check_bytes("autowrap off", 3, 5, 0, "\x1b[?7labcdefgh");
    check_bytes("modes", 3, 10, 0,
                "\x1b[4h\x1b[20h\x1b[?1h\x1b[?5h\x1b[?25l\x1b=\x1b[?1004h\x1b[?2004h"
                "\x1b[?2026h\x1b[?1002h\x1b[?1015hx");
    check_bytes("keyboard protocols", 3, 10, 0,
                "\x1b[>1u\x1b[>5u\x1b[=2;2u\x1b[?1049h\x1b[>31u\x1b[>4;2m");
    check_bytes("keyboard stack of the buffer not shown", 3, 10, 0,
                "\x1b[?1049h\x1b[>8u\x1b[>9u\x1b[?1049l\x1b[>3u\x1b[>4;1m");
    check_bytes("keyboard stack full", 3, 10, 0,
                "\x1b[>1u\x1b[>2u\x1b[>3u\x1b[>4u\x1b[>5u\x1b[>6u\x1b[>7u\x1b[>8u\x1b[>9u");
    check_bytes("keyboard flags set on an empty stack", 3, 10, 0, "\x1b[=12u");
    check_bytes("cursor shapes", 3, 10, 0, "\x1b[4 q");
    check_bytes("cursor blink by mode 12", 3, 10, 0, "\x1b[?12h");
    check_bytes("steady default cursor", 3, 10, 0, "\x1b[0 q\x1b[?12l");
    check_bytes("bar blinking", 3, 10, 0, "\x1b[5 q");
    check_bytes("margins and origin", 8, 10, 0, "\x1b[3;6r\x1b[?6h\x1b[2;4Hx");
    check_bytes("margins, cursor outside", 8, 10, 0, "\x1b[3;6r\x1b[8;2Hx");
    check_bytes("left and right margins", 6, 10, 0, "\x1b[?69h\x1b[3;7s\x1b[2;5Hx");
    check_bytes("all four margins and origin", 8, 10, 0,
                "\x1b[2;6r\x1b[?69h\x1b[3;7s\x1b[?6h\x1b[2;2Hx");
    check_bytes("left/right margin mode, no margins", 4, 10, 0, "\x1b[?69hab");
    check_bytes("132 columns by DECCOLM, margins after", 4, 80, 0,
                "\x1b[?40h\x1b[?3habc\x1b[2;3r\x1b[?69h\x1b[5;9s\x1b[2;6Hx");
    check_bytes("DECCOLM with DECNCSM, mode 40 reset after", 3, 80, 0,
                "ab\x1b[?40h\x1b[?95h\x1b[?3hc\x1b[?40l");
    check_bytes("mode 40 alone", 3, 10, 0, "\x1b[?40hab");
    check_bytes("pending wrap at the right margin", 4, 10, 0, "\x1b[?69h\x1b[2;6s\x1b[2;3Habcd");
    check_bytes("cursor right of the right margin", 4, 10, 0, "\x1b[?69h\x1b[2;6s\x1b[2;9Hx");
    check_bytes("charsets", 3, 10, 0, "\x1b(0lqk\x1b)A\x0e#\x0f\x1b*0\x1bn");
    check_bytes("saved cursor", 5, 10, 0,
                "\x1b[3;4H\x1b[1;32m\x1b(0\x1b[1\"q\x1b" "7\x1b[m\x1b(B\x1b[0\"q\x1b[1;1Hx");
    check_bytes("saved cursor in origin mode", 6, 10, 0, "\x1b[2;5r\x1b[?6h\x1b[2;2H\x1b" "7\x1b[?6l\x1b[r");
    check_bytes("saved pending wrap", 3, 5, 0, "\x1b[2;1Habcde\x1b" "7\x1b[1;1H");
    check_bytes("alternate screen shown", 4, 10, 0,
                "primary\x1b[?1049h\x1b[2;2H\x1b[33malt\x1b[m\x1b[3;3H\x1b" "7");
    check_bytes("alternate screen kept", 4, 10, 0, "primary\x1b[?47h\x1b[2;2Halt\x1b[?47l");
    check_bytes("alternate wrap", 4, 5, 0, "\x1b[?47habcdefg");
    check_bytes("tab stops", 3, 40, 0, "\x1b[3g\x1b[5G\x1bH\x1b[13G\x1bH\x1b[1G");
    check_bytes("titles", 3, 10, 0,
                "\x1b]0;first\x07\x1b[22t\x1b]2;second\x07\x1b]1;icon2\x07\x1b[22t"
                "\x1b]2;t\xc3\xa9tle; with semicolon\x07");
    check_bytes("empty title pushed", 3, 10, 0, "\x1b[22t\x1b]2;now\x07");
    check_bytes("palette and colours", 3, 10, 0,
                "\x1b]4;1;#123456;200;rgb:ff/00/80\x07\x1b]10;#010203\x07\x1b]11;#040506\x07"
                "\x1b]12;#070809\x07");
    check_bytes("clipboard", 3, 10, 0, "\x1b]52;c;aGVsbG8=\x07");
    check_bytes("alignment", 3, 6, 0, "\x1b#8");
    check_bytes("insert mode text", 3, 6, 0, "abc\x1b[1;1H\x1b[4hXY");
    check_bytes("one column", 3, 1, 0, "abc\xe4\xb8\x80");
    check_bytes("one row", 1, 6, 0, "abcdefgh\x1b[4mi");
    check_bytes("two rows wrapped at the bottom", 2, 4, 1, "\x1b[2;1Habcdef");
}

/* Random streams of everything the core understands, small screens. */
static uint32_t rng = 0x2545f491u;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void add(tsr_buf *b, const char *s)
{
    tsr_buf_puts(b, s);
}

static void addf(tsr_buf *b, const char *fmt, unsigned a, unsigned c)
{
    char s[64];
    snprintf(s, sizeof s, fmt, a, c);
    add(b, s);
}

static void random_token(tsr_buf *b, int rows, int cols)
{
    static const char *const texts[] = {
        "a", "Hello", "x y", "\xe4\xb8\x80", "\xf0\x9f\x98\x80", "e\xcc\x81", "\xcc\x81",
        "\xf0\x9f\x87\xba", "\xf0\x9f\x87\xb8", "\xe2\x98\xba\xef\xb8\x8f", "\xe2\x80\x8d",
        "\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd", "\xea\xb0\x80", "\xe1\x84\x80\xe1\x85\xa1", "{}",
        "\xef\xbf\xbd", "\xe0\xa4\x95\xe0\xa4\xbf", "\xd9\x85\xd8\xb1"};
    static const char *const fixed[] = {
        "\r", "\n", "\t", "\b", "\x1bM", "\x1b" "7", "\x1b" "8", "\x1b[s", "\x1b[u", "\x1bH",
        "\x1b[g", "\x1b[3g", "\x1b[?47h", "\x1b[?47l", "\x1b[?1047h", "\x1b[?1047l",
        "\x1b[?1049h", "\x1b[?1049l", "\x1b[?1048h", "\x1b[?1048l", "\x1b[4h", "\x1b[4l",
        "\x1b[?7l", "\x1b[?7h", "\x1b[?6h", "\x1b[?6l", "\x1b[20h", "\x1b[20l", "\x1b[?1h",
        "\x1b[?5h", "\x1b[?25l", "\x1b[?25h", "\x1b=", "\x1b>", "\x1b[?1000h", "\x1b[?1002h",
        "\x1b[?1003l", "\x1b[?1006h", "\x1b[?1005h", "\x1b[?1015l", "\x1b[?2004h",
        "\x1b[?1004h", "\x1b[?2026h", "\x1b[?2026l", "\x1b[?12h", "\x1b[?12l", "\x1b[1\"q",
        "\x1b[0\"q", "\x1b(0", "\x1b(B", "\x1b)0", "\x1b)A", "\x0e", "\x0f", "\x1b*0", "\x1bn",
        "\x1bo", "\x1b+A", "\x1b]8;;https://x.example/\x07", "\x1b]8;;https://y.example/\x1b\\",
        "\x1b]8;;\x07", "\x1b]0;t0\x07", "\x1b]2;t2\x07", "\x1b]1;i1\x07", "\x1b[22t", "\x1b[23t",
        "\x1b]4;3;#abcdef\x07", "\x1b]104\x07", "\x1b]10;#111111\x07", "\x1b]52;p;eA==\x07",
        "\x1b#8", "\x1b[!p", "\x1b[m", "\x1b[1m", "\x1b[4:3m", "\x1b[7m", "\x1b[53m",
        "\x1b[2;9m", "\x1b[21m", "\x1b[?J", "\x1b[?2K", "\x1b[r", "\x1b[b", "\x1b[?2J",
        "\x1b[3J", "\x1b[?69h", "\x1b[?69l", "\x1b" "6", "\x1b" "9"};
    static const char *const with_n[] = {"\x1b[%uA", "\x1b[%uB", "\x1b[%uC", "\x1b[%uD",
                                         "\x1b[%uJ", "\x1b[%uK", "\x1b[%uX", "\x1b[%u@",
                                         "\x1b[%uP", "\x1b[%uL", "\x1b[%uM", "\x1b[%uS",
                                         "\x1b[%uT", "\x1b[%ub", "\x1b[%uG", "\x1b[%ud",
                                         "\x1b[%uI", "\x1b[%uZ", "\x1b[%u q", "\x1b[%u;%um"};
    switch (next() % 8) {
    case 0:
    case 1:
    case 2: add(b, texts[next() % (sizeof texts / sizeof texts[0])]); break;
    case 3: add(b, fixed[next() % (sizeof fixed / sizeof fixed[0])]); break;
    case 4: {
        const char *f = with_n[next() % (sizeof with_n / sizeof with_n[0])];
        addf(b, f, next() % 5, next() % 4 ? 30 + next() % 8 : 40 + next() % 8);
        break;
    }
    case 5:
        addf(b, "\x1b[%u;%uH", 1 + next() % (unsigned)rows, 1 + next() % (unsigned)(cols + 1));
        break;
    case 6:
        switch (next() % 5) {
        case 0: addf(b, "\x1b[38;5;%u;48;2;%u;7;9m", next() % 256, next() % 256); break;
        case 4: addf(b, "\x1b[%u;%us", 1 + next() % (unsigned)cols, 1 + next() % (unsigned)cols); break;
        case 1: addf(b, "\x1b[58:5:%u;%um", next() % 256, 90 + next() % 8); break;
        case 2: addf(b, "\x1b[%u;%ur", 1 + next() % (unsigned)rows, 1 + next() % (unsigned)rows); break;
        default: addf(b, "\x1b[%uG\x1bH\x1b[%uG", 1 + next() % (unsigned)cols, 1); break;
        }
        break;
    default: {
        char run[24];
        unsigned n = 1 + next() % 20;
        for (unsigned i = 0; i < n; i++)
            run[i] = (char)('A' + next() % 26);
        run[n] = '\0';
        add(b, run);
        break;
    }
    }
}

/* Random streams of the keyboard protocols' sequences between buffer
 * switches: both stacks, at any depth, survive the keyframe. */
static void test_random_keyboard(int count)
{
    static const char *const tokens[] = {
        "\x1b[>1u", "\x1b[>27u", "\x1b[>u", "\x1b[<u", "\x1b[<3u", "\x1b[=5;2u", "\x1b[=1;3u",
        "\x1b[=9u", "\x1b[>4;1m", "\x1b[>4;2m", "\x1b[>4m", "\x1b[?1049h", "\x1b[?1049l",
        "\x1b[?47h", "\x1b[?47l", "k"};
    for (int i = 0; i < count; i++) {
        tsr_buf b = {0};
        int n = 1 + (int)(next() % 40);
        for (int k = 0; k < n; k++)
            add(&b, tokens[next() % (sizeof tokens / sizeof tokens[0])]);
        char name[64];
        snprintf(name, sizeof name, "random keyboard stream %d", i);
        check_bytes(name, 3, 8, 0, b.data ? b.data : "");
        tsr_buf_free(&b);
    }
}

/* Random streams; with sized, a quarter of the tokens make the cursor's
 * line double width, double height (either half) or single again, or work
 * on a rectangle across such lines (DECFRA, DECCRA, DECERA; not DECCARA,
 * whose attributed blanks keyframes draw only as near as they can). */
static void test_random(int count, int sized)
{
    static const char *const sizes[] = {"\x1b#6", "\x1b#3", "\x1b#4", "\x1b#5",
                                        "\x1b[88;1;1;3;9$x", "\x1b[1;2;2;4;1;1;1$v",
                                        "\x1b[2;2;3;10$z"};
    int before = check_failures;
    for (int i = 0; i < count && check_failures - before < 5; i++) {
        int failed = check_failures;
        int rows = 1 + (int)(next() % 7), cols = 1 + (int)(next() % 12);
        /* one row keeps no soft wrap (core/README.md), which only reflow reads */
        int reflow = rows > 1 && next() % 2;
        tsr_buf b = {0};
        int tokens = 5 + (int)(next() % 60);
        for (int k = 0; k < tokens; k++) {
            if (sized && next() % 4 == 0)
                add(&b, sizes[next() % (sizeof sizes / sizeof sizes[0])]);
            else
                random_token(&b, rows, cols);
        }
        char name[80];
        snprintf(name, sizeof name, "random %sstream %d (%dx%d%s)", sized ? "sized " : "", i,
                 rows, cols, reflow ? ", reflow" : "");
        step s = {b.data ? b.data : "", b.len, 0, 0, 0};
        input in = {name, rows, cols, 20, reflow, &s, 1};
        check_input(&in);
        if (check_failures > failed)
            check_show_bytes("input", b.data ? b.data : "", b.len);
        tsr_buf_free(&b);
    }
}

/* ------------------------------------------------ the screen suite's cases */

static char *read_all(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    tsr_buf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        tsr_buf_append(&b, chunk, n);
    fclose(fp);
    *len = b.len;
    return b.data;
}

static int int_of(const tsr_json_value *o, const char *key, int def)
{
    const tsr_json_value *v = tsr_json_object_get(o, key, NULL);
    return v && v->type == TSR_JSON_NUMBER ? (int)v->u.number.value : def;
}

/* A step's bytes: input as it is, inputHex decoded into hex. */
static int step_of(const tsr_json_value *o, step *s, tsr_buf *hex)
{
    const tsr_json_value *v;
    memset(s, 0, sizeof *s);
    if ((v = tsr_json_object_get(o, "input", NULL)) && v->type == TSR_JSON_STRING) {
        s->bytes = v->u.string.bytes;
        s->len = v->u.string.len;
        return 1;
    }
    if ((v = tsr_json_object_get(o, "inputHex", NULL)) && v->type == TSR_JSON_STRING) {
        tsr_buf_clear(hex);
        const char *h = v->u.string.bytes;
        for (size_t i = 0; i + 1 < v->u.string.len; i += 2) {
            if (h[i] == ' ') {
                i--;
                continue;
            }
            char c = (char)(tsr_hex_digit((unsigned char)h[i]) << 4 |
                            tsr_hex_digit((unsigned char)h[i + 1]));
            tsr_buf_append(hex, &c, 1);
        }
        s->bytes = hex->data ? hex->data : "";
        s->len = hex->len;
        return 1;
    }
    if ((v = tsr_json_object_get(o, "resize", NULL)) && v->type == TSR_JSON_OBJECT) {
        s->rows = int_of(v, "rows", 1);
        s->cols = int_of(v, "cols", 1);
        return 1;
    }
    if (tsr_json_object_get(o, "reset", NULL)) {
        s->reset = 1;
        return 1;
    }
    return 0;
}

/* A recordingRef (an asciicast beside the case file) as steps: the output
 * between two resizes is one step, each resize another. */
typedef struct cast_steps {
    step *list;
    tsr_buf *bufs;
    size_t n, max;
} cast_steps;

static int cast_step_output(void *ctx, const char *data, size_t len)
{
    cast_steps *cs = ctx;
    if (cs->n == 0 || cs->list[cs->n - 1].rows) {
        if (cs->n == cs->max)
            return 1;
        memset(&cs->list[cs->n++], 0, sizeof *cs->list);
    }
    return tsr_buf_append(&cs->bufs[cs->n - 1], data, len) != TSR_OK;
}

static int cast_step_resize(void *ctx, int cols, int rows)
{
    cast_steps *cs = ctx;
    if (cs->n == cs->max)
        return 1;
    step *st = &cs->list[cs->n++];
    memset(st, 0, sizeof *st);
    st->rows = rows;
    st->cols = cols;
    return 0;
}

static int no_header(void *ctx, int width, int height)
{
    (void)ctx, (void)width, (void)height; /* the case's size is the start */
    return 0;
}

static size_t recording_steps(const char *case_file, const char *ref, step *list, tsr_buf *bufs,
                              size_t max)
{
    char path[1024];
    const char *slash = strrchr(case_file, '/');
    int dir = slash ? (int)(slash - case_file) + 1 : 0;
    snprintf(path, sizeof path, "%.*s%s", dir, case_file, ref);
    cast_steps cs = {list, bufs, 0, max};
    cast_sink sink = {&cs, no_header, cast_step_output, cast_step_resize, NULL};
    cast_error err = {0};
    FILE *fp = fopen(path, "rb");
    int st = fp ? cast_read(fp, &sink, &err) : CAST_ERR_IO;
    if (fp)
        fclose(fp);
    CHECK_MSG(st == CAST_OK, "%s: cannot replay (status %d, line %ld: %s)", path, st, err.line,
              err.reason);
    for (size_t k = 0; k < cs.n; k++) {
        if (!list[k].rows) {
            list[k].bytes = bufs[k].data ? bufs[k].data : "";
            list[k].len = bufs[k].len;
        }
    }
    return st == CAST_OK ? cs.n : 0;
}

static void test_case_file(const char *path)
{
    size_t len = 0;
    char *text = read_all(path, &len);
    tsr_json_value doc;
    tsr_json_error err;
    if (!text || tsr_json_parse(text, len, &doc, &err) != TSR_OK) {
        CHECK_MSG(0, "%s: cannot read", path);
        free(text);
        return;
    }
    const tsr_json_value *cases = tsr_json_object_get(&doc, "cases", NULL);
    for (size_t i = 0; cases && i < cases->u.array.count; i++) {
        const tsr_json_value *c = &cases->u.array.items[i];
        const tsr_json_value *name = tsr_json_object_get(c, "name", NULL);
        const tsr_json_value *steps = tsr_json_object_get(c, "steps", NULL);
        step list[64];
        tsr_buf hex[64];
        memset(hex, 0, sizeof hex);
        size_t n = 0;
        const tsr_json_value *ref = tsr_json_object_get(c, "recordingRef", NULL);
        if (ref && ref->type == TSR_JSON_STRING) {
            n = recording_steps(path, ref->u.string.bytes, list, hex, 64);
        } else if (steps && steps->type == TSR_JSON_ARRAY) {
            for (size_t k = 0; k < steps->u.array.count && n < 64; k++)
                n += (size_t)step_of(&steps->u.array.items[k], &list[n], &hex[n]);
        } else {
            n += (size_t)step_of(c, &list[0], &hex[0]);
            int repeat = int_of(c, "repeat", 1);
            for (int r = 1; n == 1 && r < repeat && r < 64; r++)
                list[r] = list[0];
            if (n == 1 && repeat > 1)
                n = (size_t)(repeat < 64 ? repeat : 64);
        }
        char label[160];
        snprintf(label, sizeof label, "%s: %s", path, name ? name->u.string.bytes : "?");
        input in = {label, int_of(c, "rows", 24), int_of(c, "cols", 80), int_of(c, "scrollback", 100),
                    tsr_json_object_get(c, "reflow", NULL) != NULL, list, n};
        if (n)
            check_input(&in);
        for (size_t k = 0; k < 64; k++)
            tsr_buf_free(&hex[k]);
    }
    tsr_json_free(&doc);
    free(text);
}

/* The frame itself: its bounds, and a keyframe that names a bad size. */
static void test_frame(void)
{
    tsr_buf b = {0};
    tsr_frame bad = {.type = TSR_FRAME_KEYFRAME, .rows = 0, .cols = 5};
    CHECK(tsr_frame_encode(&bad, &b) == TSR_ERR_INVALID);
    tsr_frame big = {.type = TSR_FRAME_KEYFRAME, .rows = 2, .cols = 5, .data = (const uint8_t *)"",
                     .len = TSR_FRAME_MAX_PAYLOAD - 3};
    CHECK(tsr_frame_encode(&big, &b) == TSR_ERR_INVALID);
    tsr_frame ok = {.type = TSR_FRAME_KEYFRAME, .time_ns = 5, .rows = 2, .cols = 5,
                    .data = (const uint8_t *)"hi", .len = 2};
    CHECK(tsr_frame_encode(&ok, &b) == TSR_OK && b.len == 16 + 4 + 2);
    CHECK((uint8_t)b.data[0] == TSR_FRAME_KEYFRAME && (uint8_t)b.data[4] == 6);
    tsr_frame f;
    size_t used;
    for (size_t cut = 0; cut < b.len; cut++)
        CHECK(tsr_frame_decode(b.data, cut, &f, &used) == TSR_ERR_AGAIN);
    b.data[16] = 0; /* rows 0 */
    CHECK(tsr_frame_decode(b.data, b.len, &f, &used) == TSR_ERR_FORMAT);
    uint8_t short_payload[18] = {TSR_FRAME_KEYFRAME, 1, 0, 0, 2};
    CHECK(tsr_frame_decode(short_payload, sizeof short_payload, &f, &used) == TSR_ERR_FORMAT);
    /* applying one keeps the exit and the size it names */
    tsr_term *t = NULL;
    CHECK(tsr_term_new(NULL, &t) == TSR_OK);
    tsr_frame ex = {.type = TSR_FRAME_EXIT, .exit_code = 3};
    tsr_term_apply_frame(t, &ex, NULL);
    int made = 0;
    CHECK(tsr_term_apply_frame(t, &ok, &made) == TSR_OK && made);
    int code = 0;
    CHECK(tsr_term_exit_status(t, &code, NULL) == 1 && code == 3);
    CHECK(tsr_term_rows(t) == 2 && tsr_term_cols(t) == 5);
    tsr_buf_clear(&b);
    tsr_render_text(t, &b);
    CHECK(b.len == 2 && memcmp(b.data, "hi", 2) == 0);
    CHECK(tsr_term_keyframe(NULL, 0, &b) == TSR_ERR_INVALID &&
          tsr_term_keyframe(t, 0, NULL) == TSR_ERR_INVALID);
    tsr_term_free(t);
    tsr_buf_free(&b);
}

/* The scrollback budget keeps the newest lines that fit, whole. */
static void test_scrollback_budget(void)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = 3;
    o.cols = 10;
    tsr_term *t = NULL, *c = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK && tsr_term_new(&o, &c) == TSR_OK);
    char line[32];
    for (int i = 0; i < 200; i++) {
        int n = snprintf(line, sizeof line, "line %d\r\n", i);
        tsr_term_feed(t, line, (size_t)n);
    }
    CHECK(tsr_term_scrollback_lines(t) == 198);
    size_t budgets[] = {0, 1, 500, 100000};
    for (size_t i = 0; i < 4; i++) {
        tsr_buf kf = {0}, want = {0}, got = {0};
        CHECK(tsr_term_keyframe(t, budgets[i], &kf) == TSR_OK);
        tsr_term_reset(c);
        tsr_term_feed(c, kf.data, kf.len);
        int kept = tsr_term_scrollback_lines(c);
        CHECK_MSG(i < 2 ? kept == 0 : i == 2 ? kept > 0 && kept < 198 : kept == 198,
                  "budget %zu kept %d lines", budgets[i], kept);
        CHECK(i != 2 || kf.len < 500 + 200);
        tsr_render_scrollback(t, &want);
        tsr_render_scrollback(c, &got);
        /* the kept lines are the newest, in order */
        CHECK(got.len <= want.len && !memcmp(want.data + want.len - got.len, got.data, got.len));
        tsr_buf_free(&kf);
        tsr_buf_free(&want);
        tsr_buf_free(&got);
    }
    tsr_term_free(t);
    tsr_term_free(c);
}

int main(int argc, char **argv)
{
    test_frame();
    test_scrollback_budget();
    test_handwritten();
    for (int i = 1; i < argc; i++)
        test_case_file(argv[i]);
    test_random(3000, 0);
    test_random_keyboard(300);
    test_random(1000, 1);
    return check_report();
}
