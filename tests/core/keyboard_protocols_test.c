/* The keyboard protocols a program switches on, and what keys send then.
 *
 * State: the kitty keyboard protocol's flag stacks (push, pop, set, query,
 * one stack per buffer, the bound of 8, RIS) and xterm's modifyOtherKeys
 * (XTMODKEYS, XTQMODKEYS), with plain CSI u still SCORC.
 *
 * Keys: every row below is a row of a published table, named beside it:
 *  [K-fn]   kitty's "Functional key definitions" table,
 *  [K-dis]  kitty's "Disambiguate escape codes" section,
 *  [K-c0]   kitty's "C0 controls" table (legacy forms kept without flag 1),
 *  [K-txt]  kitty's "Legacy text keys" algorithm,
 *  [K-key]  kitty's "Key codes" (the un-shifted key; shifted and base keys),
 *  [K-ev]   kitty's "Event types" (release: modifiers:3),
 *  [K-cp]   kitty's "Text as code points" (its shift+a example),
 *  [K-all]  kitty's "Report all keys as escape codes",
 *  [X-mok]  xterm's modifyOtherKeys (ctlseqs XTMODKEYS; the resource in
 *           xterm(1); which keys change: ModifyOtherKeys in xterm's input.c),
 * all at https://sw.kovidgoyal.net/kitty/keyboard-protocol/ and
 * https://invisible-island.net/xterm/ctlseqs/ctlseqs.html. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/input.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

#include "check.h"
#include "term_with.h"

static void feed(tsr_term *t, const char *s)
{
    CHECK(tsr_term_feed(t, s, strlen(s)) == TSR_OK);
}

/* Checks the replies owed so far, and forgets them. */
static void expect_reply(int line, tsr_term *t, const char *want)
{
    tsr_buf r = {0};
    tsr_term_take_replies(t, &r);
    if (!check_record(r.len == strlen(want) && (!r.len || memcmp(r.data, want, r.len) == 0))) {
        fprintf(stderr, "%s:%d: wrong reply\n", __FILE__, line);
        check_show_bytes("want", want, strlen(want));
        check_show_bytes("got ", r.data ? r.data : "", r.len);
    }
    tsr_buf_free(&r);
}

/* ------------------------------------------------------------ state */

static void test_kitty_stack(void)
{
    tsr_term *t = term_with("");
    feed(t, "\x1b[?u");
    expect_reply(__LINE__, t, "\x1b[?0u");
    feed(t, "\x1b[>1u\x1b[?u");
    expect_reply(__LINE__, t, "\x1b[?1u");
    feed(t, "\x1b[>5u");
    CHECK(tsr_term_kitty_keyboard(t) == 5);
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 1);
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 0); /* the flags before the first push */
    feed(t, "\x1b[<u\x1b[<5u\x1b[?u");        /* popping an empty stack is harmless */
    expect_reply(__LINE__, t, "\x1b[?0u");
    feed(t, "\x1b[>u");                      /* push with flags omitted: 0 */
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    feed(t, "\x1b[<u\x1b[>255u");            /* only the five defined flags */
    CHECK(tsr_term_kitty_keyboard(t) == 31);
    feed(t, "\x1b[<9u\x1b[>2u\x1b[>3u\x1b[<2u");
    CHECK(tsr_term_kitty_keyboard(t) == 0); /* popping more than there is: all reset */
    feed(t, "\x1b[>2u\x1b[>3u\x1b[<0u");    /* 0 pops one, as omitted */
    CHECK(tsr_term_kitty_keyboard(t) == 2);
    tsr_term_free(t);

    /* CSI = flags ; mode u: 1 (default) exactly, 2 set bits, 3 clear bits */
    t = term_with("\x1b[=3u");
    CHECK(tsr_term_kitty_keyboard(t) == 3); /* on an empty stack, an entry of its own */
    feed(t, "\x1b[=8;2u");
    CHECK(tsr_term_kitty_keyboard(t) == 11);
    feed(t, "\x1b[=1;3u");
    CHECK(tsr_term_kitty_keyboard(t) == 10);
    feed(t, "\x1b[=4;9u"); /* an unknown mode changes nothing */
    CHECK(tsr_term_kitty_keyboard(t) == 10);
    feed(t, "\x1b[=1;1u");
    CHECK(tsr_term_kitty_keyboard(t) == 1);
    feed(t, "\x1b[>8u\x1b[=16;2u\x1b[?u");
    expect_reply(__LINE__, t, "\x1b[?24u"); /* set changes the newest entry only */
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 1);
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    tsr_term_free(t);
}

/* Kitty keeps a stack per buffer; switching buffers keeps both. */
static void test_kitty_screens(void)
{
    tsr_term *t = term_with("\x1b[>1u\x1b[?1049h");
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    feed(t, "\x1b[>8u\x1b[>9u\x1b[?u");
    expect_reply(__LINE__, t, "\x1b[?9u");
    feed(t, "\x1b[?1049l\x1b[?u");
    expect_reply(__LINE__, t, "\x1b[?1u");
    feed(t, "\x1b[?47h");
    CHECK(tsr_term_kitty_keyboard(t) == 9);
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 8);
    feed(t, "\x1b[?47l\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    feed(t, "\x1b[?1047h");
    CHECK(tsr_term_kitty_keyboard(t) == 8);
    tsr_term_free(t);
}

/* A push onto a full stack (8 entries, kitty's bound) drops the oldest. */
static void test_kitty_bound(void)
{
    tsr_term *t = term_with("");
    char push[16];
    for (int f = 1; f <= 9; f++) {
        snprintf(push, sizeof push, "\x1b[>%du", f);
        feed(t, push);
    }
    CHECK(tsr_term_kitty_keyboard(t) == 9);
    feed(t, "\x1b[<7u");
    CHECK(tsr_term_kitty_keyboard(t) == 2); /* 0 and 1 were dropped */
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    for (int i = 0; i < 1000; i++)
        feed(t, "\x1b[>3u");
    feed(t, "\x1b[<7u");
    CHECK(tsr_term_kitty_keyboard(t) == 3);
    feed(t, "\x1b[<u");
    CHECK(tsr_term_kitty_keyboard(t) == 0);
    tsr_term_free(t);
}

static void test_resets_and_scorc(void)
{
    tsr_term *t = term_with("\x1b[>1u\x1b[?1049h\x1b[>8u\x1b[>4;2m\x1b[!p");
    CHECK(tsr_term_kitty_keyboard(t) == 8); /* DECSTR keeps them, as kitty and xterm */
    CHECK(tsr_term_modify_other_keys(t) == 2);
    feed(t, "\x1b" "c");
    CHECK(tsr_term_kitty_keyboard(t) == 0 && tsr_term_modify_other_keys(t) == 0);
    feed(t, "\x1b[?1049h");
    CHECK(tsr_term_kitty_keyboard(t) == 0); /* RIS emptied both stacks */
    tsr_term_free(t);

    /* only the plain CSI u restores the cursor */
    t = term_with("\x1b[3;4H\x1b[s\x1b[1;1H\x1b[>1u\x1b[<u\x1b[=1u\x1b[?u");
    tsr_cursor c;
    tsr_term_cursor(t, &c);
    CHECK(c.row == 0 && c.col == 0);
    feed(t, "\x1b[u");
    tsr_term_cursor(t, &c);
    CHECK(c.row == 2 && c.col == 3);
    CHECK(tsr_term_kitty_keyboard(t) == 1);
    CHECK(tsr_term_unhandled_count(t) == 0);
    tsr_term_free(t);
}

static void test_modify_other_keys(void)
{
    tsr_term *t = term_with("\x1b[?4m");
    expect_reply(__LINE__, t, "\x1b[>4;0m");
    feed(t, "\x1b[>4;2m\x1b[?4m");
    expect_reply(__LINE__, t, "\x1b[>4;2m");
    feed(t, "\x1b[>4;3m"); /* no level 3: ignored */
    CHECK(tsr_term_modify_other_keys(t) == 2);
    feed(t, "\x1b[>4m");
    CHECK(tsr_term_modify_other_keys(t) == 0);
    feed(t, "\x1b[>4;1m");
    CHECK(tsr_term_modify_other_keys(t) == 1);
    feed(t, "\x1b[>4;0m");
    CHECK(tsr_term_modify_other_keys(t) == 0);
    feed(t, "\x1b[>4;2m\x1b[>1;2m"); /* modifyCursorKeys: not this resource */
    CHECK(tsr_term_modify_other_keys(t) == 2);
    feed(t, "\x1b[>m"); /* no parameters: every resource to its default */
    CHECK(tsr_term_modify_other_keys(t) == 0);
    feed(t, "\x1b[?1m\x1b[?m"); /* asked for another resource: no answer */
    expect_reply(__LINE__, t, "");
    feed(t, "\x1b[4mu"); /* SGR 4 is still underline */
    tsr_cell_info cell;
    CHECK(tsr_term_cell(t, 0, 0, &cell) == TSR_OK && cell.style.underline);
    tsr_term_free(t);
}

/* ------------------------------------------------------------ keys */

#define KITTY(f) "\x1b[>" #f "u"
#define MOK(n) "\x1b[>4;" #n "m"

static const struct key_row {
    const char *setup, *name, *bytes;
    size_t len; /* 0: strlen(bytes) */
} rows[] = {
    /* [K-dis] flag 1: Esc, alt/ctrl/ctrl+alt/shift+alt with a key as CSI u */
    {KITTY(1), "escape", "\x1b[27u", 0},
    {KITTY(1), "alt+a", "\x1b[97;3u", 0},
    {KITTY(1), "ctrl+a", "\x1b[97;5u", 0},
    {KITTY(1), "ctrl+alt+a", "\x1b[97;7u", 0},
    {KITTY(1), "alt+shift+a", "\x1b[97;4u", 0},
    {KITTY(1), "ctrl+c", "\x1b[99;5u", 0},
    {KITTY(1), "ctrl+C", "\x1b[99;5u", 0}, /* ctrl+C names ctrl+c */
    {KITTY(1), "alt+[", "\x1b[91;3u", 0},
    {KITTY(1), "ctrl+space", "\x1b[32;5u", 0},
    {KITTY(1), "alt+\xc3\xa9", "\x1b[233;3u", 0},
    /* [K-dis] text still goes as text; Enter, Tab, Backspace stay legacy */
    {KITTY(1), "a", "a", 0},
    {KITTY(1), "A", "A", 0},
    {KITTY(1), "shift+a", "A", 0},
    {KITTY(1), "\xc3\xa9", "\xc3\xa9", 0},
    {KITTY(1), "space", " ", 0},
    {KITTY(1), "enter", "\r", 0},
    {KITTY(1), "tab", "\t", 0},
    {KITTY(1), "backspace", "\x7f", 0},
    {KITTY(1) "\x1b[20h", "enter", "\r", 0}, /* no LF: the protocol's Enter is 0x0d */
    /* [K-dis] with a modifier they are CSI u too ([K-fn] numbers) */
    {KITTY(1), "shift+enter", "\x1b[13;2u", 0},
    {KITTY(1), "ctrl+enter", "\x1b[13;5u", 0},
    {KITTY(1), "shift+tab", "\x1b[9;2u", 0},
    {KITTY(1), "ctrl+backspace", "\x1b[127;5u", 0},
    {KITTY(1), "alt+escape", "\x1b[27;3u", 0},
    /* [K-fn] the functional keys, CSI 1 X without modifiers, DECCKM or not */
    {KITTY(1), "up", "\x1b[A", 0},
    {KITTY(1) "\x1b[?1h", "up", "\x1b[A", 0},
    {KITTY(1), "down", "\x1b[B", 0},
    {KITTY(1), "right", "\x1b[C", 0},
    {KITTY(1), "left", "\x1b[D", 0},
    {KITTY(1), "home", "\x1b[H", 0},
    {KITTY(1), "end", "\x1b[F", 0},
    {KITTY(1), "ctrl+up", "\x1b[1;5A", 0},
    {KITTY(1), "shift+end", "\x1b[1;2F", 0},
    {KITTY(1), "insert", "\x1b[2~", 0},
    {KITTY(1), "delete", "\x1b[3~", 0},
    {KITTY(1), "pageup", "\x1b[5~", 0},
    {KITTY(1), "pagedown", "\x1b[6~", 0},
    {KITTY(1), "ctrl+delete", "\x1b[3;5~", 0},
    {KITTY(1), "f1", "\x1b[P", 0},
    {KITTY(1), "f2", "\x1b[Q", 0},
    {KITTY(1), "f3", "\x1b[13~", 0}, /* "1 R or 13 ~": kitty's encoder sends 13 ~ */
    {KITTY(1), "f4", "\x1b[S", 0},
    {KITTY(1), "shift+f1", "\x1b[1;2P", 0},
    {KITTY(1), "ctrl+f3", "\x1b[13;5~", 0},
    {KITTY(1), "f5", "\x1b[15~", 0},
    {KITTY(1), "f6", "\x1b[17~", 0},
    {KITTY(1), "f7", "\x1b[18~", 0},
    {KITTY(1), "f8", "\x1b[19~", 0},
    {KITTY(1), "f9", "\x1b[20~", 0},
    {KITTY(1), "f10", "\x1b[21~", 0},
    {KITTY(1), "f11", "\x1b[23~", 0},
    {KITTY(1), "alt+f12", "\x1b[24;3~", 0},
    /* [K-dis] keypad keys as keys of their own ([K-fn] KP_ numbers); the
     * ones that type text send it unless flag 8 */
    {KITTY(1), "kp5", "5", 0},
    {KITTY(1) "\x1b=", "kp5", "5", 0}, /* DECKPAM does not apply */
    {KITTY(1), "kpenter", "\x1b[57414u", 0},
    {KITTY(1), "alt+kp0", "\x1b[57399;3u", 0},
    {KITTY(1), "alt+kp9", "\x1b[57408;3u", 0},
    {KITTY(1), "alt+kpdecimal", "\x1b[57409;3u", 0},
    {KITTY(1), "alt+kpdivide", "\x1b[57410;3u", 0},
    {KITTY(1), "alt+kpmultiply", "\x1b[57411;3u", 0},
    {KITTY(1), "alt+kpsubtract", "\x1b[57412;3u", 0},
    {KITTY(1), "alt+kpadd", "\x1b[57413;3u", 0},
    {KITTY(1), "alt+kpenter", "\x1b[57414;3u", 0},
    {KITTY(1), "alt+kpequal", "\x1b[57415;3u", 0},
    {KITTY(1), "alt+kpcomma", "\x1b[57416;3u", 0},
    /* [K-key] the key is the un-shifted codepoint: never CSI 65 */
    {KITTY(1), "ctrl+shift+a", "\x1b[97;6u", 0},
    {KITTY(1), "ctrl+alt+shift+z", "\x1b[122;8u", 0},
    /* [K-all] flag 8: every key as an escape code, Enter, Tab, Backspace too */
    {KITTY(8), "a", "\x1b[97u", 0},
    {KITTY(8), "A", "\x1b[97;2u", 0},
    {KITTY(8), "1", "\x1b[49u", 0},
    {KITTY(8), "space", "\x1b[32u", 0},
    {KITTY(8), "\xc3\xa9", "\x1b[233u", 0},
    {KITTY(8), "enter", "\x1b[13u", 0},
    {KITTY(8), "tab", "\x1b[9u", 0},
    {KITTY(8), "backspace", "\x1b[127u", 0},
    {KITTY(8), "escape", "\x1b[27u", 0},
    {KITTY(8), "kp5", "\x1b[57404u", 0},
    {KITTY(8), "up", "\x1b[A", 0},
    {KITTY(8), "f1", "\x1b[P", 0},
    /* [K-key] flag 4 with 8: the shifted key after a colon, only with shift */
    {KITTY(12), "shift+a", "\x1b[97:65;2u", 0},
    {KITTY(12), "ctrl+shift+a", "\x1b[97:65;6u", 0},
    {KITTY(12), "a", "\x1b[97u", 0},
    {KITTY(12), "shift+space", "\x1b[32;2u", 0},
    /* [K-cp] flag 16 with 8: the text as code points, its own example */
    {KITTY(24), "shift+a", "\x1b[97;2;65u", 0},
    {KITTY(24), "a", "\x1b[97;;97u", 0},
    {KITTY(24), "ctrl+a", "\x1b[97;5u", 0}, /* ctrl types no text */
    {KITTY(24), "kp7", "\x1b[57406;;55u", 0},
    {KITTY(28), "shift+a", "\x1b[97:65;2;65u", 0},
    /* [K-ev] flag 2: a press and its release (modifiers:3); text and
     * unmodified Enter, Tab, Backspace have no release of their own form
     * in kitty except through CSI u */
    {KITTY(2), "a", "a\x1b[97;1:3u", 0},
    {KITTY(2), "shift+a", "A\x1b[97;2:3u", 0},
    {KITTY(3), "ctrl+a", "\x1b[97;5u\x1b[97;5:3u", 0},
    {KITTY(3), "escape", "\x1b[27u\x1b[27;1:3u", 0},
    {KITTY(3), "up", "\x1b[A\x1b[1;1:3A", 0},
    {KITTY(3), "ctrl+up", "\x1b[1;5A\x1b[1;5:3A", 0},
    {KITTY(3), "f5", "\x1b[15~\x1b[15;1:3~", 0},
    {KITTY(3), "enter", "\r", 0},
    {KITTY(3), "tab", "\t", 0},
    {KITTY(3), "backspace", "\x7f", 0},
    {KITTY(3), "shift+enter", "\x1b[13;2u\x1b[13;2:3u", 0},
    {KITTY(11), "enter", "\x1b[13u\x1b[13;1:3u", 0},
    {KITTY(11), "a", "\x1b[97u\x1b[97;1:3u", 0},
    {KITTY(27), "shift+a", "\x1b[97;2;65u\x1b[97;2:3u", 0}, /* a release types nothing */
    /* [K-c0] without flags 1 and 8, Enter, Escape, Backspace, Tab and Space
     * keep the table's legacy bytes (flag 4 alone changes only shifted keys) */
    {KITTY(4), "enter", "\r", 0},
    {KITTY(4), "ctrl+enter", "\r", 0},
    {KITTY(4), "alt+enter", "\x1b\r", 0},
    {KITTY(4), "shift+enter", "\r", 0},
    {KITTY(4), "ctrl+alt+enter", "\x1b\r", 0},
    {KITTY(4), "escape", "\x1b", 0},
    {KITTY(4), "ctrl+escape", "\x1b", 0},
    {KITTY(4), "alt+escape", "\x1b\x1b", 0},
    {KITTY(4), "backspace", "\x7f", 0},
    {KITTY(4), "ctrl+backspace", "\x08", 0},
    {KITTY(4), "alt+backspace", "\x1b\x7f", 0},
    {KITTY(4), "ctrl+shift+backspace", "\x08", 0},
    {KITTY(4), "ctrl+alt+backspace", "\x1b\x08", 0},
    {KITTY(4), "tab", "\t", 0},
    {KITTY(4), "shift+tab", "\x1b[Z", 0},
    {KITTY(4), "ctrl+shift+tab", "\x1b[Z", 0},
    {KITTY(4), "alt+shift+tab", "\x1b\x1b[Z", 0},
    {KITTY(4), "ctrl+alt+tab", "\x1b\t", 0},
    {KITTY(4), "space", " ", 0},
    {KITTY(4), "ctrl+space", "\0", 1},
    {KITTY(4), "alt+space", "\x1b ", 0},
    {KITTY(4), "shift+space", " ", 0},
    {KITTY(4), "ctrl+shift+space", "\0", 1},
    {KITTY(4), "alt+shift+space", "\x1b ", 0},
    {KITTY(4), "ctrl+alt+space", "\x1b\0", 2},
    {KITTY(4) "\x1b[?1h", "up", "\x1bOA", 0}, /* DECCKM's SS3 form, no modifiers */
    {KITTY(4), "f1", "\x1bOP", 0},
    {KITTY(4), "alt+kp5", "\x1b" "5", 0}, /* keypad keys as their plain keys */
    /* [K-txt] the legacy text algorithm: alt ESC, ctrl C0, the rest CSI u */
    {KITTY(4), "alt+a", "\x1b" "a", 0},
    {KITTY(4), "ctrl+a", "\x01", 0},
    {KITTY(4), "ctrl+alt+a", "\x1b\x01", 0},
    {KITTY(4), "alt+shift+a", "\x1b[97:65;4u", 0}, /* flag 4 reports the shifted key */
    {KITTY(16), "alt+shift+a", "\x1b" "A", 0},
    {KITTY(16), "ctrl+shift+a", "\x1b[97;6u", 0},
    {KITTY(16), "ctrl+shift+i", "\x1b[105;6u", 0},
    {KITTY(16), "ctrl+[", "\x1b", 0},
    {KITTY(16), "alt+\xc3\xa9", "\x1b[233;3u", 0}, /* not a legacy ASCII key */
    /* the flags of the buffer shown: the alternate screen's own stack */
    {KITTY(1) "\x1b[?1049h", "escape", "\x1b", 0},
    {"\x1b[?1049h" KITTY(1) "\x1b[?1049l", "escape", "\x1b", 0},
    {KITTY(1) "\x1b[<u", "escape", "\x1b", 0},
    /* kitty's flags win over modifyOtherKeys */
    {MOK(2) KITTY(1), "ctrl+a", "\x1b[97;5u", 0},

    /* [X-mok] level 2: modified keys as CSI 27 ; m ; code ~ */
    {MOK(2), "ctrl+a", "\x1b[27;5;97~", 0},
    {MOK(2), "ctrl+shift+a", "\x1b[27;6;65~", 0},
    {MOK(2), "alt+a", "\x1b[27;3;97~", 0},
    {MOK(2), "ctrl+alt+a", "\x1b[27;7;97~", 0},
    {MOK(2), "shift+a", "\x1b[27;2;65~", 0},
    {MOK(2), "A", "\x1b[27;2;65~", 0},
    {MOK(2), "a", "a", 0},
    {MOK(2), "1", "1", 0},
    {MOK(2), "ctrl+[", "\x1b[27;5;91~", 0},
    {MOK(2), "ctrl+@", "\x1b[27;5;64~", 0},
    {MOK(2), "ctrl+2", "\x1b[27;5;50~", 0},
    {MOK(2), "ctrl+/", "\x1b[27;5;47~", 0},
    {MOK(2), "alt+1", "\x1b[27;3;49~", 0},
    {MOK(2), "alt+\xc3\xa9", "\x1b[27;3;233~", 0},
    {MOK(2), "space", " ", 0},
    {MOK(2), "shift+space", "\x1b[27;2;32~", 0},
    {MOK(2), "ctrl+space", "\x1b[27;5;32~", 0},
    {MOK(2), "enter", "\r", 0},
    {MOK(2), "shift+enter", "\x1b[27;2;13~", 0},
    {MOK(2), "ctrl+enter", "\x1b[27;5;13~", 0},
    {MOK(2), "alt+enter", "\x1b[27;3;13~", 0},
    {MOK(2), "tab", "\t", 0},
    {MOK(2), "shift+tab", "\x1b[27;2;9~", 0},
    {MOK(2), "ctrl+tab", "\x1b[27;5;9~", 0},
    {MOK(2), "escape", "\x1b", 0},
    {MOK(2), "shift+escape", "\x1b", 0},
    {MOK(2), "ctrl+escape", "\x1b[27;5;27~", 0},
    {MOK(2), "alt+escape", "\x1b[27;3;27~", 0},
    {MOK(2), "backspace", "\x7f", 0},
    {MOK(2), "ctrl+backspace", "\x08", 0},
    {MOK(2), "shift+backspace", "\x1b[27;2;127~", 0},
    {MOK(2), "alt+backspace", "\x1b[27;3;127~", 0},
    {MOK(2), "ctrl+shift+backspace", "\x1b[27;6;8~", 0},
    /* cursor, function and keypad keys keep their own forms */
    {MOK(2), "ctrl+up", "\x1b[1;5A", 0},
    {MOK(2), "shift+f5", "\x1b[15;2~", 0},
    {MOK(2), "alt+kp5", "\x1b" "5", 0},
    {MOK(2) "\x1b[?1h", "up", "\x1bOA", 0},
    /* [X-mok] level 1: only keys whose legacy bytes lose the modifier */
    {MOK(1), "ctrl+a", "\x01", 0},
    {MOK(1), "ctrl+shift+a", "\x1b[27;6;65~", 0},
    {MOK(1), "alt+a", "\x1b" "a", 0},
    {MOK(1), "ctrl+alt+a", "\x1b\x01", 0},
    {MOK(1), "A", "A", 0},
    {MOK(1), "ctrl+2", "\0", 1},
    {MOK(1), "ctrl+space", "\0", 1},
    {MOK(1), "shift+space", " ", 0},
    {MOK(1), "shift+enter", "\x1b[27;2;13~", 0},
    {MOK(1), "ctrl+enter", "\x1b[27;5;13~", 0},
    {MOK(1), "ctrl+tab", "\x1b[27;5;9~", 0},
    {MOK(1), "shift+tab", "\x1b[Z", 0},
    {MOK(1), "ctrl+shift+tab", "\x1b[27;6;9~", 0},
    {MOK(1), "escape", "\x1b", 0},
    {MOK(1), "ctrl+escape", "\x1b", 0},
    {MOK(1), "alt+escape", "\x1b[27;3;27~", 0},
    {MOK(1), "ctrl+shift+escape", "\x1b[27;6;27~", 0},
    {MOK(1), "shift+backspace", "\x7f", 0},
    {MOK(1), "ctrl+backspace", "\x08", 0},
    /* reset by CSI > 4 m: xterm's own bytes again */
    {MOK(2) "\x1b[>4m", "ctrl+a", "\x01", 0},
    {MOK(2) "\x1b[>4;0m", "shift+enter", "\r", 0},
};

static void test_key_rows(void)
{
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct key_row *r = &rows[i];
        tsr_term *t = term_with(r->setup);
        tsr_key k;
        tsr_buf out = {0};
        int ok = tsr_key_parse(r->name, strlen(r->name), &k) == TSR_OK &&
                 tsr_encode_key(t, &k, &out) == TSR_OK;
        size_t want = r->len ? r->len : strlen(r->bytes);
        if (!check_record(ok && out.len == want && memcmp(out.data, r->bytes, want) == 0)) {
            fprintf(stderr, "%s: row %zu: key '%s'\n", __FILE__, i, r->name);
            check_show_bytes("setup", r->setup, strlen(r->setup));
            check_show_bytes("want ", r->bytes, want);
            check_show_bytes("got  ", out.data ? out.data : "", out.len);
        }
        tsr_buf_free(&out);
        tsr_term_free(t);
    }
}

/* ------------------------------------------------------------ the matrix */

/* Every key tessera can name, in every modifier combination, under every
 * flag combination and both modifyOtherKeys levels: the encoder accepts
 * exactly what it accepts with no protocol on, and never writes nothing.
 * Under flag 8 (all keys as escape codes) no two keys send the same bytes:
 * what the protocol is for. A key's identity there is the key pressed, so
 * "A", "shift+a" and "shift+A" are one key. */
typedef struct sent {
    tsr_key key;
    tsr_buf bytes;
} sent;

static int identity_same(const tsr_key *a, const tsr_key *b)
{
    uint32_t ca = a->ch, cb = b->ch;
    int ma = a->mods, mb = b->mods;
    if (ca >= 'A' && ca <= 'Z')
        ca += 32, ma |= (a->mods & TSR_MOD_CTRL) ? 0 : TSR_MOD_SHIFT;
    if (cb >= 'A' && cb <= 'Z')
        cb += 32, mb |= (b->mods & TSR_MOD_CTRL) ? 0 : TSR_MOD_SHIFT;
    return a->code == b->code && ca == cb && ma == mb;
}

static size_t all_keys(tsr_key *keys, size_t cap)
{
    size_t n = 0;
    static const uint32_t wide[] = {0xe9, 0x20ac, 0x4e2d, 0x1f600};
    for (int mods = 0; mods <= TSR_MOD_ALL; mods++) {
        for (int code = TSR_KEY_ENTER; code <= TSR_KEY_KP_EQUAL; code++)
            if (n < cap)
                keys[n++] = (tsr_key){code, 0, mods};
        for (uint32_t c = 0x20; c < 0x7f && n < cap; c++)
            keys[n++] = (tsr_key){TSR_KEY_CHAR, c, mods};
        for (size_t i = 0; i < sizeof wide / sizeof wide[0] && n < cap; i++)
            keys[n++] = (tsr_key){TSR_KEY_CHAR, wide[i], mods};
    }
    return n;
}

static void test_matrix(void)
{
    static tsr_key keys[8 * 160];
    size_t n = all_keys(keys, sizeof keys / sizeof keys[0]);
    tsr_term *plain = term_with("");
    static sent seen[8 * 160];
    for (int setup = 0; setup < 32 + 2; setup++) {
        char s[32];
        if (setup < 32)
            snprintf(s, sizeof s, "\x1b[>%du", setup);
        else
            snprintf(s, sizeof s, "\x1b[>4;%dm", setup - 31);
        tsr_term *t = term_with(s);
        size_t nseen = 0;
        int distinct_needed = setup < 32 && (setup & 8);
        for (size_t i = 0; i < n; i++) {
            tsr_buf a = {0}, b = {0};
            int want = tsr_encode_key(plain, &keys[i], &a);
            int rc = tsr_encode_key(t, &keys[i], &b);
            CHECK_MSG(rc == want, "setup %d, key code %d ch %u mods %d: rc %d, without %d",
                      setup, keys[i].code, (unsigned)keys[i].ch, keys[i].mods, rc, want);
            if (rc == TSR_OK)
                CHECK_MSG(b.len > 0, "setup %d, key code %d: nothing sent", setup,
                          keys[i].code);
            tsr_buf_free(&a);
            if (rc != TSR_OK || !distinct_needed) {
                tsr_buf_free(&b);
                continue;
            }
            for (size_t j = 0; j < nseen; j++) {
                if (seen[j].bytes.len == b.len && !memcmp(seen[j].bytes.data, b.data, b.len) &&
                    !identity_same(&seen[j].key, &keys[i])) {
                    CHECK_MSG(0, "flags %d: keys %d/%u/%d and %d/%u/%d send the same bytes",
                              setup, seen[j].key.code, (unsigned)seen[j].key.ch,
                              seen[j].key.mods, keys[i].code, (unsigned)keys[i].ch,
                              keys[i].mods);
                    break;
                }
            }
            seen[nseen].key = keys[i];
            seen[nseen++].bytes = b;
        }
        for (size_t j = 0; j < nseen; j++)
            tsr_buf_free(&seen[j].bytes);
        tsr_term_free(t);
    }
    tsr_term_free(plain);
}

int main(void)
{
    test_kitty_stack();
    test_kitty_screens();
    test_kitty_bound();
    test_resets_and_scorc();
    test_modify_other_keys();
    test_key_rows();
    test_matrix();
    return check_report();
}
