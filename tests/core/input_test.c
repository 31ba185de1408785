/* The input encoders: key names in every spelling, the bytes of every key
 * in normal and application modes, modifiers, function keys, the keypad,
 * mouse events in each tracking mode and encoding (and their loud
 * failures), paste with and without ?2004, focus. The expected bytes are
 * xterm's, written out by hand from its control sequence documentation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"
#include "term_with.h"

/* Prints bytes with controls escaped, for failure messages. */
static void show(const char *label, const char *s, size_t n)
{
    check_show_bytes(label, s, n);
}

/* Compares produced bytes with the expected ones; reports the case. */
static void expect_bytes(int line, const char *what, const tsr_buf *got, const char *want,
                         size_t want_len)
{
    if (check_record(got->len == want_len &&
                     (want_len == 0 || memcmp(got->data, want, want_len) == 0)))
        return;
    fprintf(stderr, "%s:%d: %s: wrong bytes\n", __FILE__, line, what);
    show("want", want, want_len);
    show("got ", got->data ? got->data : "", got->len);
}

/* ------------------------------------------------------------ spellings */

static const struct spelling {
    const char *name;
    int code;
    uint32_t ch;
    int mods;
} spellings[] = {
    {"ctrl+c", TSR_KEY_CHAR, 'c', TSR_MOD_CTRL},
    {"Control+C", TSR_KEY_CHAR, 'C', TSR_MOD_CTRL},
    {"CTRL+c", TSR_KEY_CHAR, 'c', TSR_MOD_CTRL},
    {"control+c", TSR_KEY_CHAR, 'c', TSR_MOD_CTRL},
    {"alt+x", TSR_KEY_CHAR, 'x', TSR_MOD_ALT},
    {"Alt+x", TSR_KEY_CHAR, 'x', TSR_MOD_ALT},
    {"meta+x", TSR_KEY_CHAR, 'x', TSR_MOD_ALT},
    {"Meta+x", TSR_KEY_CHAR, 'x', TSR_MOD_ALT},
    {"option+x", TSR_KEY_CHAR, 'x', TSR_MOD_ALT},
    {"shift+tab", TSR_KEY_TAB, 0, TSR_MOD_SHIFT},
    {"Shift+Tab", TSR_KEY_TAB, 0, TSR_MOD_SHIFT},
    {"up", TSR_KEY_UP, 0, 0},
    {"ArrowUp", TSR_KEY_UP, 0, 0},
    {"UP", TSR_KEY_UP, 0, 0},
    {"down", TSR_KEY_DOWN, 0, 0},
    {"ArrowDown", TSR_KEY_DOWN, 0, 0},
    {"left", TSR_KEY_LEFT, 0, 0},
    {"ArrowLeft", TSR_KEY_LEFT, 0, 0},
    {"right", TSR_KEY_RIGHT, 0, 0},
    {"ArrowRight", TSR_KEY_RIGHT, 0, 0},
    {"escape", TSR_KEY_ESCAPE, 0, 0},
    {"Escape", TSR_KEY_ESCAPE, 0, 0},
    {"esc", TSR_KEY_ESCAPE, 0, 0},
    {"Esc", TSR_KEY_ESCAPE, 0, 0},
    {"enter", TSR_KEY_ENTER, 0, 0},
    {"Enter", TSR_KEY_ENTER, 0, 0},
    {"return", TSR_KEY_ENTER, 0, 0},
    {"Return", TSR_KEY_ENTER, 0, 0},
    {"tab", TSR_KEY_TAB, 0, 0},
    {"Tab", TSR_KEY_TAB, 0, 0},
    {"backspace", TSR_KEY_BACKSPACE, 0, 0},
    {"Backspace", TSR_KEY_BACKSPACE, 0, 0},
    {"space", TSR_KEY_CHAR, ' ', 0},
    {"Space", TSR_KEY_CHAR, ' ', 0},
    {" ", TSR_KEY_CHAR, ' ', 0},
    {"home", TSR_KEY_HOME, 0, 0},
    {"Home", TSR_KEY_HOME, 0, 0},
    {"end", TSR_KEY_END, 0, 0},
    {"End", TSR_KEY_END, 0, 0},
    {"pageup", TSR_KEY_PAGEUP, 0, 0},
    {"PageUp", TSR_KEY_PAGEUP, 0, 0},
    {"pgup", TSR_KEY_PAGEUP, 0, 0},
    {"pagedown", TSR_KEY_PAGEDOWN, 0, 0},
    {"PageDown", TSR_KEY_PAGEDOWN, 0, 0},
    {"pgdn", TSR_KEY_PAGEDOWN, 0, 0},
    {"insert", TSR_KEY_INSERT, 0, 0},
    {"Insert", TSR_KEY_INSERT, 0, 0},
    {"delete", TSR_KEY_DELETE, 0, 0},
    {"Delete", TSR_KEY_DELETE, 0, 0},
    {"del", TSR_KEY_DELETE, 0, 0},
    {"f1", TSR_KEY_F1, 0, 0},
    {"F1", TSR_KEY_F1, 0, 0},
    {"f9", TSR_KEY_F1 + 8, 0, 0},
    {"F10", TSR_KEY_F1 + 9, 0, 0},
    {"f12", TSR_KEY_F12, 0, 0},
    {"kp0", TSR_KEY_KP0, 0, 0},
    {"KP7", TSR_KEY_KP0 + 7, 0, 0},
    {"Numpad9", TSR_KEY_KP9, 0, 0},
    {"kpenter", TSR_KEY_KP_ENTER, 0, 0},
    {"NumpadEnter", TSR_KEY_KP_ENTER, 0, 0},
    {"kpadd", TSR_KEY_KP_ADD, 0, 0},
    {"kpplus", TSR_KEY_KP_ADD, 0, 0},
    {"NumpadAdd", TSR_KEY_KP_ADD, 0, 0},
    {"kpsubtract", TSR_KEY_KP_SUBTRACT, 0, 0},
    {"kpminus", TSR_KEY_KP_SUBTRACT, 0, 0},
    {"NumpadMultiply", TSR_KEY_KP_MULTIPLY, 0, 0},
    {"kpdivide", TSR_KEY_KP_DIVIDE, 0, 0},
    {"NumpadDecimal", TSR_KEY_KP_DECIMAL, 0, 0},
    {"kpcomma", TSR_KEY_KP_COMMA, 0, 0},
    {"kpequal", TSR_KEY_KP_EQUAL, 0, 0},
    {"a", TSR_KEY_CHAR, 'a', 0},
    {"A", TSR_KEY_CHAR, 'A', 0},
    {"f", TSR_KEY_CHAR, 'f', 0},
    {"7", TSR_KEY_CHAR, '7', 0},
    {"~", TSR_KEY_CHAR, '~', 0},
    {"-", TSR_KEY_CHAR, '-', 0},
    {"+", TSR_KEY_CHAR, '+', 0},
    {"alt++", TSR_KEY_CHAR, '+', TSR_MOD_ALT},
    {"\xc3\xa9", TSR_KEY_CHAR, 0xe9, 0},
    {"alt+\xe2\x82\xac", TSR_KEY_CHAR, 0x20ac, TSR_MOD_ALT},
    {"ctrl+alt+delete", TSR_KEY_DELETE, 0, TSR_MOD_CTRL | TSR_MOD_ALT},
    {"Shift+Alt+Control+Up", TSR_KEY_UP, 0, TSR_MOD_ALL},
    {"ctrl+shift+a", TSR_KEY_CHAR, 'a', TSR_MOD_CTRL | TSR_MOD_SHIFT},
    {"ctrl+space", TSR_KEY_CHAR, ' ', TSR_MOD_CTRL},
    {"ctrl+[", TSR_KEY_CHAR, '[', TSR_MOD_CTRL},
    {"alt+kp5", TSR_KEY_KP0 + 5, 0, TSR_MOD_ALT},
};

static void test_spellings(void)
{
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        const struct spelling *s = &spellings[i];
        tsr_key k = {-1, 0, -1};
        tsr_buf why = {0};
        int rc = tsr_key_parse_why(s->name, strlen(s->name), &k, &why);
        if (!check_record(rc == TSR_OK && k.code == s->code && k.ch == s->ch &&
                          k.mods == s->mods)) {
            fprintf(stderr, "%s:%d: '%s' parsed as rc %d code %d ch %u mods %d (%s)\n",
                    __FILE__, __LINE__, s->name, rc, k.code, (unsigned)k.ch, k.mods,
                    why.data ? why.data : "");
        }
        CHECK(why.len == 0); /* success leaves no reason */
        tsr_buf_free(&why);
    }
}

/* ------------------------------------------------------------ bad names */

static const struct bad_name {
    const char *name;
    size_t len; /* 0: strlen(name) */
    const char *reason; /* a part of the reason */
} bad_names[] = {
    {"", 0, "empty key name"},
    {"foo", 0, "unknown key 'foo'"},
    {"ctrl+foo", 0, "unknown key 'foo'"},
    {"hyper+x", 0, "unknown modifier 'hyper'"},
    {"ctrl+control+c", 0, "modifier 'control' given twice"},
    {"ctrl+", 0, "missing key after the last '+'"},
    {"ctrl++a", 0, "empty modifier"},
    {"+a", 0, "empty modifier"},
    {"C-c", 0, "join modifiers with '+'"},
    {"M-x", 0, "join modifiers with '+'"},
    {"ctrl", 0, "a modifier needs a key"},
    {"up+down", 0, "'up' is a key, not a modifier"},
    {"f13", 0, "F1 to F12"},
    {"f0", 0, "F1 to F12"},
    {"F01", 0, "F1 to F12"},
    {"ctrl+.", 0, "ctrl+'.' has no control code"},
    {"ctrl+1", 0, "ctrl+'1' has no control code"},
    {"shift+1", 0, "shift+'1' depends on the keyboard layout"},
    {"shift+\xc3\xa9", 0, "depends on the keyboard layout"},
    {"ctrl+kp5", 0, "keypad keys take alt only"},
    {"shift+kpenter", 0, "keypad keys take alt only"},
    {"\t", 0, "a control character is not a key"},
    {"\xc3", 0, "unknown key '\\xc3'"},
    {"\xed\xa0\x80", 0, "unknown key"}, /* a surrogate is not UTF-8 */
    {"ab", 0, "unknown key 'ab'"},
    {"a\0b", 3, "unknown key 'a\\x00b'"},
    {"kp", 0, "unknown key 'kp'"},
    {"kpfoo", 0, "unknown key 'kpfoo'"},
    {"ctrl + c", 0, "unknown modifier 'ctrl '"},
};

static void test_bad_names(void)
{
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        const struct bad_name *b = &bad_names[i];
        size_t len = b->len ? b->len : strlen(b->name);
        tsr_key k = {TSR_KEY_UP, 0, 0};
        tsr_buf why = {0};
        int rc = tsr_key_parse_why(b->name, len, &k, &why);
        if (!check_record(rc == TSR_ERR_INVALID && why.data && strstr(why.data, b->reason))) {
            fprintf(stderr, "%s:%d: bad name #%zu: rc %d, reason \"%s\", want \"%s\"\n",
                    __FILE__, __LINE__, i, rc, why.data ? why.data : "", b->reason);
        }
        CHECK(k.code == TSR_KEY_UP); /* out untouched on failure */
        CHECK(tsr_key_parse(b->name, len, &k) == TSR_ERR_INVALID);
        tsr_buf_free(&why);
    }
    tsr_key k;
    CHECK(tsr_key_parse(NULL, 1, &k) == TSR_ERR_INVALID);
    CHECK(tsr_key_parse("a", 1, NULL) == TSR_ERR_INVALID);
}

/* ------------------------------------------------------------ key bytes */

#define NORMAL ""
#define CKM "\x1b[?1h"  /* DECCKM: application cursor keys */
#define KPAM "\x1b="    /* DECKPAM: application keypad */
#define LNM "\x1b[20h"  /* LNM: Enter sends CR LF */

static const struct key_case {
    const char *name;
    const char *setup;
    const char *bytes;
    size_t len; /* 0: strlen(bytes) */
} key_cases[] = {
    /* characters, shift, alt, ctrl */
    {"a", NORMAL, "a", 0},
    {"A", NORMAL, "A", 0},
    {"shift+a", NORMAL, "A", 0},
    {"shift+A", NORMAL, "A", 0},
    {"~", NORMAL, "~", 0},
    {"\xc3\xa9", NORMAL, "\xc3\xa9", 0},
    {"space", NORMAL, " ", 0},
    {"shift+space", NORMAL, " ", 0},
    {"alt+x", NORMAL, "\x1bx", 0},
    {"alt+X", NORMAL, "\x1bX", 0},
    {"alt+shift+x", NORMAL, "\x1bX", 0},
    {"alt+\xc3\xa9", NORMAL, "\x1b\xc3\xa9", 0},
    {"alt+space", NORMAL, "\x1b ", 0},
    {"ctrl+a", NORMAL, "\x01", 0},
    {"ctrl+c", NORMAL, "\x03", 0},
    {"Control+C", NORMAL, "\x03", 0},
    {"ctrl+shift+c", NORMAL, "\x03", 0},
    {"ctrl+z", NORMAL, "\x1a", 0},
    {"ctrl+@", NORMAL, "\0", 1},
    {"ctrl+space", NORMAL, "\0", 1},
    {"ctrl+2", NORMAL, "\0", 1},
    {"ctrl+[", NORMAL, "\x1b", 0},
    {"ctrl+3", NORMAL, "\x1b", 0},
    {"ctrl+\\", NORMAL, "\x1c", 0},
    {"ctrl+4", NORMAL, "\x1c", 0},
    {"ctrl+]", NORMAL, "\x1d", 0},
    {"ctrl+5", NORMAL, "\x1d", 0},
    {"ctrl+^", NORMAL, "\x1e", 0},
    {"ctrl+6", NORMAL, "\x1e", 0},
    {"ctrl+_", NORMAL, "\x1f", 0},
    {"ctrl+7", NORMAL, "\x1f", 0},
    {"ctrl+/", NORMAL, "\x1f", 0},
    {"ctrl+?", NORMAL, "\x7f", 0},
    {"ctrl+8", NORMAL, "\x7f", 0},
    {"ctrl+alt+a", NORMAL, "\x1b\x01", 0},
    /* enter, tab, backspace, escape */
    {"enter", NORMAL, "\r", 0},
    {"enter", LNM, "\r\n", 0},
    {"enter", CKM, "\r", 0},
    {"alt+enter", NORMAL, "\x1b\r", 0},
    {"ctrl+enter", NORMAL, "\r", 0},
    {"shift+enter", NORMAL, "\r", 0},
    {"tab", NORMAL, "\t", 0},
    {"shift+tab", NORMAL, "\x1b[Z", 0},
    {"shift+tab", CKM, "\x1b[Z", 0},
    {"ctrl+tab", NORMAL, "\t", 0},
    {"alt+tab", NORMAL, "\x1b\t", 0},
    {"alt+shift+tab", NORMAL, "\x1b\x1b[Z", 0},
    {"backspace", NORMAL, "\x7f", 0},
    {"ctrl+backspace", NORMAL, "\x08", 0},
    {"shift+backspace", NORMAL, "\x7f", 0},
    {"alt+backspace", NORMAL, "\x1b\x7f", 0},
    {"escape", NORMAL, "\x1b", 0},
    {"alt+escape", NORMAL, "\x1b\x1b", 0},
    {"ctrl+escape", NORMAL, "\x1b", 0},
    /* cursor keys: CSI in normal mode, SS3 under DECCKM, CSI 1;m with mods */
    {"up", NORMAL, "\x1b[A", 0},
    {"down", NORMAL, "\x1b[B", 0},
    {"right", NORMAL, "\x1b[C", 0},
    {"left", NORMAL, "\x1b[D", 0},
    {"home", NORMAL, "\x1b[H", 0},
    {"end", NORMAL, "\x1b[F", 0},
    {"up", CKM, "\x1bOA", 0},
    {"down", CKM, "\x1bOB", 0},
    {"right", CKM, "\x1bOC", 0},
    {"left", CKM, "\x1bOD", 0},
    {"home", CKM, "\x1bOH", 0},
    {"end", CKM, "\x1bOF", 0},
    {"up", KPAM, "\x1b[A", 0}, /* DECKPAM does not touch the cursor keys */
    {"shift+up", NORMAL, "\x1b[1;2A", 0},
    {"alt+up", NORMAL, "\x1b[1;3A", 0},
    {"shift+alt+up", NORMAL, "\x1b[1;4A", 0},
    {"ctrl+up", NORMAL, "\x1b[1;5A", 0},
    {"ctrl+shift+up", NORMAL, "\x1b[1;6A", 0},
    {"ctrl+alt+up", NORMAL, "\x1b[1;7A", 0},
    {"ctrl+alt+shift+up", NORMAL, "\x1b[1;8A", 0},
    {"ctrl+up", CKM, "\x1b[1;5A", 0}, /* modifiers win over DECCKM */
    {"ctrl+left", CKM, "\x1b[1;5D", 0},
    {"shift+home", NORMAL, "\x1b[1;2H", 0},
    {"ctrl+end", CKM, "\x1b[1;5F", 0},
    /* editing keys: CSI n ~ in every mode */
    {"insert", NORMAL, "\x1b[2~", 0},
    {"delete", NORMAL, "\x1b[3~", 0},
    {"pageup", NORMAL, "\x1b[5~", 0},
    {"pagedown", NORMAL, "\x1b[6~", 0},
    {"insert", CKM, "\x1b[2~", 0},
    {"delete", CKM, "\x1b[3~", 0},
    {"pageup", CKM, "\x1b[5~", 0},
    {"pagedown", CKM, "\x1b[6~", 0},
    {"shift+delete", NORMAL, "\x1b[3;2~", 0},
    {"ctrl+alt+delete", NORMAL, "\x1b[3;7~", 0},
    {"ctrl+pageup", NORMAL, "\x1b[5;5~", 0},
    {"alt+pagedown", CKM, "\x1b[6;3~", 0},
    {"shift+insert", NORMAL, "\x1b[2;2~", 0},
    /* function keys */
    {"f1", NORMAL, "\x1bOP", 0},
    {"f2", NORMAL, "\x1bOQ", 0},
    {"f3", NORMAL, "\x1bOR", 0},
    {"f4", NORMAL, "\x1bOS", 0},
    {"f1", CKM, "\x1bOP", 0},
    {"f5", NORMAL, "\x1b[15~", 0},
    {"f6", NORMAL, "\x1b[17~", 0},
    {"f7", NORMAL, "\x1b[18~", 0},
    {"f8", NORMAL, "\x1b[19~", 0},
    {"f9", NORMAL, "\x1b[20~", 0},
    {"f10", NORMAL, "\x1b[21~", 0},
    {"f11", NORMAL, "\x1b[23~", 0},
    {"f12", NORMAL, "\x1b[24~", 0},
    {"f12", CKM, "\x1b[24~", 0},
    {"shift+f1", NORMAL, "\x1b[1;2P", 0},
    {"ctrl+f2", NORMAL, "\x1b[1;5Q", 0},
    {"alt+f3", NORMAL, "\x1b[1;3R", 0},
    {"ctrl+shift+f4", NORMAL, "\x1b[1;6S", 0},
    {"shift+f5", NORMAL, "\x1b[15;2~", 0},
    {"ctrl+f8", NORMAL, "\x1b[19;5~", 0},
    {"ctrl+alt+shift+f12", NORMAL, "\x1b[24;8~", 0},
    /* keypad: the labelled character, or SS3 under DECKPAM */
    {"kp0", NORMAL, "0", 0},
    {"kp9", NORMAL, "9", 0},
    {"kpenter", NORMAL, "\r", 0},
    {"kpenter", LNM, "\r\n", 0},
    {"kpadd", NORMAL, "+", 0},
    {"kpsubtract", NORMAL, "-", 0},
    {"kpmultiply", NORMAL, "*", 0},
    {"kpdivide", NORMAL, "/", 0},
    {"kpdecimal", NORMAL, ".", 0},
    {"kpcomma", NORMAL, ",", 0},
    {"kpequal", NORMAL, "=", 0},
    {"kp5", CKM, "5", 0}, /* DECCKM does not touch the keypad */
    {"kp0", KPAM, "\x1bOp", 0},
    {"kp1", KPAM, "\x1bOq", 0},
    {"kp5", KPAM, "\x1bOu", 0},
    {"kp9", KPAM, "\x1bOy", 0},
    {"kpenter", KPAM, "\x1bOM", 0},
    {"kpadd", KPAM, "\x1bOk", 0},
    {"kpsubtract", KPAM, "\x1bOm", 0},
    {"kpmultiply", KPAM, "\x1bOj", 0},
    {"kpdivide", KPAM, "\x1bOo", 0},
    {"kpdecimal", KPAM, "\x1bOn", 0},
    {"kpcomma", KPAM, "\x1bOl", 0},
    {"kpequal", KPAM, "\x1bOX", 0},
    {"kp5", KPAM "\x1b>", "5", 0}, /* DECKPNM turns it off again */
    {"kp5", "\x1b[?66h", "\x1bOu", 0}, /* DECNKM is the same mode */
    {"alt+kp5", NORMAL, "\x1b" "5", 0},
    {"alt+kp5", KPAM, "\x1b[1;3u", 0},
    {"alt+kpenter", KPAM, "\x1b[1;3M", 0},
    {"alt+kpenter", NORMAL, "\x1b\r", 0},
    {"up", CKM "\x1b[?1l", "\x1b[A", 0}, /* DECCKM reset */
    {"enter", LNM "\x1b[20l", "\r", 0},  /* LNM reset */
};

static void test_key_bytes(void)
{
    for (size_t i = 0; i < sizeof key_cases / sizeof key_cases[0]; i++) {
        const struct key_case *c = &key_cases[i];
        tsr_term *t = term_with(c->setup);
        tsr_key k;
        tsr_buf out = {0}, why = {0};
        int rc = tsr_key_parse_why(c->name, strlen(c->name), &k, &why);
        CHECK(rc == TSR_OK);
        if (rc != TSR_OK) {
            fprintf(stderr, "  key '%s': %s\n", c->name, why.data);
        } else {
            CHECK(tsr_encode_key(t, &k, &out) == TSR_OK);
            char what[96];
            snprintf(what, sizeof what, "key '%s' after setup #%zu", c->name, i);
            expect_bytes(__LINE__, what, &out, c->bytes, c->len ? c->len : strlen(c->bytes));
            /* the canonical name reads back to the same key */
            tsr_buf name = {0};
            tsr_key back;
            CHECK(tsr_key_name(&k, &name) == TSR_OK);
            CHECK(tsr_key_parse(name.data, name.len, &back) == TSR_OK);
            CHECK(back.code == k.code && back.ch == k.ch && back.mods == k.mods);
            tsr_buf_free(&name);
        }
        tsr_buf_free(&out);
        tsr_buf_free(&why);
        tsr_term_free(t);
    }
}

/* Every key in every modifier combination: the encoder and the parser agree
 * on what is valid, and an encoding appends without disturbing what the
 * buffer held. */
static void test_every_key(void)
{
    static const int codes[] = {
        TSR_KEY_ENTER, TSR_KEY_TAB, TSR_KEY_BACKSPACE, TSR_KEY_ESCAPE, TSR_KEY_UP,
        TSR_KEY_DOWN, TSR_KEY_RIGHT, TSR_KEY_LEFT, TSR_KEY_HOME, TSR_KEY_END,
        TSR_KEY_PAGEUP, TSR_KEY_PAGEDOWN, TSR_KEY_INSERT, TSR_KEY_DELETE};
    tsr_term *modes[2] = {term_with(NORMAL), term_with(CKM KPAM LNM)};
    for (int m = 0; m < 2; m++) {
        for (int mods = 0; mods <= TSR_MOD_ALL; mods++) {
            for (int code = TSR_KEY_CHAR; code <= TSR_KEY_KP_EQUAL; code++) {
                int is_named = 0;
                for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
                    is_named |= codes[i] == code;
                int known = is_named || (code >= TSR_KEY_F1 && code <= TSR_KEY_F12) ||
                            (code >= TSR_KEY_KP0 && code <= TSR_KEY_KP_EQUAL);
                tsr_key k = {code, 0, mods};
                if (code == TSR_KEY_CHAR)
                    k.ch = 'q', known = 1;
                int keypad = code >= TSR_KEY_KP0;
                int want = !known ? TSR_ERR_INVALID
                           : keypad && (mods & (TSR_MOD_CTRL | TSR_MOD_SHIFT)) ? TSR_ERR_INVALID
                                                                               : TSR_OK;
                tsr_buf out = {0}, why = {0};
                (void)tsr_encode_text(modes[m], "pre", 3, &out);
                int rc = tsr_encode_key_why(modes[m], &k, &out, &why);
                CHECK(rc == want);
                CHECK(out.len >= 3 && memcmp(out.data, "pre", 3) == 0);
                if (rc == TSR_OK) {
                    CHECK(out.len > 3 && why.len == 0);
                    tsr_buf name = {0};
                    tsr_key back;
                    CHECK(tsr_key_name(&k, &name) == TSR_OK);
                    CHECK(tsr_key_parse(name.data, name.len, &back) == TSR_OK);
                    CHECK(back.code == k.code && back.mods == k.mods && back.ch == k.ch);
                    tsr_buf_free(&name);
                } else {
                    CHECK(out.len == 3 && why.len > 0);
                    CHECK(tsr_key_name(&k, &why) == TSR_ERR_INVALID);
                }
                tsr_buf_free(&out);
                tsr_buf_free(&why);
            }
        }
    }
    /* malformed keys built by hand */
    tsr_buf out = {0};
    tsr_key bad[] = {{TSR_KEY_CHAR, 0x110000, 0}, {TSR_KEY_CHAR, 0xd800, 0},
                     {TSR_KEY_CHAR, 0x1b, 0},     {TSR_KEY_CHAR, 0x85, 0},
                     {TSR_KEY_UP, 'x', 0},        {TSR_KEY_UP, 0, 8},
                     {-1, 0, 0},                  {TSR_KEY_F12 + 1, 0, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(tsr_encode_key(modes[0], &bad[i], &out) == TSR_ERR_INVALID);
    CHECK(out.len == 0);
    tsr_key up = {TSR_KEY_UP, 0, 0};
    CHECK(tsr_encode_key(NULL, &up, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_key(modes[0], NULL, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_key(modes[0], &up, NULL) == TSR_ERR_INVALID);
    tsr_buf_free(&out);
    tsr_term_free(modes[0]);
    tsr_term_free(modes[1]);
}

static void test_text(void)
{
    tsr_term *t = term_with(CKM LNM "\x1b[?2004h");
    tsr_buf out = {0};
    /* typed text is sent as it is: no mode changes it */
    static const char text[] = "h\xc3\xa9llo\n\x1b[A\r";
    CHECK(tsr_encode_text(t, text, sizeof text - 1, &out) == TSR_OK);
    expect_bytes(__LINE__, "typed text", &out, text, sizeof text - 1);
    CHECK(tsr_encode_text(t, NULL, 0, &out) == TSR_OK);
    CHECK(out.len == sizeof text - 1);
    CHECK(tsr_encode_text(t, NULL, 1, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_text(NULL, "a", 1, &out) == TSR_ERR_INVALID);
    tsr_buf_free(&out);
    tsr_term_free(t);
}

/* ------------------------------------------------------------ mouse */

enum { DOWN = TSR_MOUSE_ACT_DOWN, UP = TSR_MOUSE_ACT_UP, CLICK = TSR_MOUSE_ACT_CLICK,
       MOVE = TSR_MOUSE_ACT_MOVE, WHEEL = TSR_MOUSE_ACT_WHEEL };
enum { NONE = TSR_MOUSE_BTN_NONE, LEFT = TSR_MOUSE_BTN_LEFT, MIDDLE = TSR_MOUSE_BTN_MIDDLE,
       RIGHT = TSR_MOUSE_BTN_RIGHT, WUP = TSR_MOUSE_BTN_WHEEL_UP,
       WDOWN = TSR_MOUSE_BTN_WHEEL_DOWN };
#define SH TSR_MOD_SHIFT
#define AL TSR_MOD_ALT
#define CT TSR_MOD_CTRL

static const struct mouse_case {
    const char *setup;
    int action, button, row, col, mods;
    int status;
    const char *bytes; /* on success; on failure a part of the reason */
    size_t len;        /* 0: strlen(bytes) */
} mouse_cases[] = {
    /* tracking off: every event fails loudly */
    {"", DOWN, LEFT, 0, 0, 0, TSR_ERR_MODE, "mouse tracking is off", 0},
    {"", WHEEL, WUP, 0, 0, 0, TSR_ERR_MODE, "mouse tracking is off", 0},
    {"", MOVE, LEFT, 0, 0, 0, TSR_ERR_MODE, "mouse tracking is off", 0},
    {"\x1b[?1000h\x1b[?1000l", DOWN, LEFT, 0, 0, 0, TSR_ERR_MODE, "tracking is off", 0},
    {"\x1b[?1006h", DOWN, LEFT, 0, 0, 0, TSR_ERR_MODE, "tracking is off", 0},
    /* ?1000 normal tracking, legacy bytes: 32 + button, 32 + col+1, 32 + row+1 */
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    {"\x1b[?1000h", DOWN, MIDDLE, 4, 9, 0, TSR_OK, "\x1b[M!*%", 0},
    {"\x1b[?1000h", DOWN, RIGHT, 23, 79, 0, TSR_OK, "\x1b[M\"p8", 0},
    {"\x1b[?1000h", UP, LEFT, 2, 3, 0, TSR_OK, "\x1b[M#$#", 0},
    {"\x1b[?1000h", UP, RIGHT, 2, 3, 0, TSR_OK, "\x1b[M#$#", 0},
    {"\x1b[?1000h", CLICK, LEFT, 2, 3, 0, TSR_OK, "\x1b[M $#\x1b[M#$#", 0},
    {"\x1b[?1000h", WHEEL, WUP, 0, 0, 0, TSR_OK, "\x1b[M`!!", 0},
    {"\x1b[?1000h", WHEEL, WDOWN, 0, 0, 0, TSR_OK, "\x1b[Ma!!", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, SH, TSR_OK, "\x1b[M$!!", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, AL, TSR_OK, "\x1b[M(!!", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, CT, TSR_OK, "\x1b[M0!!", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, SH | AL | CT, TSR_OK, "\x1b[M<!!", 0},
    {"\x1b[?1000h", WHEEL, WDOWN, 0, 0, CT, TSR_OK, "\x1b[Mq!!", 0},
    {"\x1b[?1000h", MOVE, LEFT, 0, 0, 0, TSR_ERR_MODE, "needs ?1002 or ?1003", 0},
    {"\x1b[?1000h", MOVE, NONE, 0, 0, 0, TSR_ERR_MODE, "enabled ?1000 only", 0},
    /* ?9 X10: presses only, no modifiers */
    {"\x1b[?9h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    {"\x1b[?9h", DOWN, RIGHT, 1, 1, SH | CT, TSR_OK, "\x1b[M\"\"\"", 0},
    {"\x1b[?9h", CLICK, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    {"\x1b[?9h", WHEEL, WUP, 0, 0, AL, TSR_OK, "\x1b[M`!!", 0},
    {"\x1b[?9h", UP, LEFT, 0, 0, 0, TSR_ERR_MODE, "presses only", 0},
    {"\x1b[?9h", MOVE, LEFT, 0, 0, 0, TSR_ERR_MODE, "enabled ?9 only", 0},
    {"\x1b[?9h\x1b[?1006h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[<0;1;1M", 0},
    {"\x1b[?9h\x1b[?1006h", DOWN, LEFT, 0, 0, CT, TSR_OK, "\x1b[<0;1;1M", 0},
    /* ?1002 button-event: motion only with a button held (32 + 32 + b) */
    {"\x1b[?1002h", MOVE, LEFT, 0, 0, 0, TSR_OK, "\x1b[M@!!", 0},
    {"\x1b[?1002h", MOVE, RIGHT, 5, 6, CT, TSR_OK, "\x1b[MR'&", 0},
    {"\x1b[?1002h", MOVE, NONE, 0, 0, 0, TSR_ERR_MODE, "only while a button is held", 0},
    {"\x1b[?1002h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    /* ?1003 any-event: motion with no button is button 3 + 32 */
    {"\x1b[?1003h", MOVE, NONE, 0, 0, 0, TSR_OK, "\x1b[MC!!", 0},
    {"\x1b[?1003h", MOVE, LEFT, 0, 0, 0, TSR_OK, "\x1b[M@!!", 0},
    {"\x1b[?1003h", MOVE, NONE, 0, 0, SH, TSR_OK, "\x1b[MG!!", 0},
    /* SGR: CSI < b ; col+1 ; row+1, M press, m release with the button kept */
    {"\x1b[?1000h\x1b[?1006h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[<0;1;1M", 0},
    {"\x1b[?1000h\x1b[?1006h", DOWN, MIDDLE, 4, 9, 0, TSR_OK, "\x1b[<1;10;5M", 0},
    {"\x1b[?1000h\x1b[?1006h", UP, RIGHT, 23, 79, 0, TSR_OK, "\x1b[<2;80;24m", 0},
    {"\x1b[?1000h\x1b[?1006h", CLICK, LEFT, 2, 3, 0, TSR_OK, "\x1b[<0;4;3M\x1b[<0;4;3m", 0},
    {"\x1b[?1000h\x1b[?1006h", WHEEL, WUP, 0, 0, 0, TSR_OK, "\x1b[<64;1;1M", 0},
    {"\x1b[?1000h\x1b[?1006h", WHEEL, WDOWN, 9, 9, SH, TSR_OK, "\x1b[<69;10;10M", 0},
    {"\x1b[?1000h\x1b[?1006h", DOWN, LEFT, 0, 0, SH | AL | CT, TSR_OK, "\x1b[<28;1;1M", 0},
    {"\x1b[?1000h\x1b[?1006h", MOVE, LEFT, 0, 0, 0, TSR_ERR_MODE, "needs ?1002", 0},
    {"\x1b[?1002h\x1b[?1006h", MOVE, LEFT, 1, 2, 0, TSR_OK, "\x1b[<32;3;2M", 0},
    {"\x1b[?1003h\x1b[?1006h", MOVE, NONE, 1, 2, AL, TSR_OK, "\x1b[<43;3;2M", 0},
    {"\x1b[?1003h\x1b[?1006h\x1b[?1006l", MOVE, NONE, 0, 0, 0, TSR_OK, "\x1b[MC!!", 0},
    /* ?1005 and ?1015 are tracked but sent as legacy bytes */
    {"\x1b[?1000h\x1b[?1005h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    {"\x1b[?1000h\x1b[?1015h", DOWN, LEFT, 0, 0, 0, TSR_OK, "\x1b[M !!", 0},
    /* positions outside the screen, bad actions and buttons */
    {"\x1b[?1000h", DOWN, LEFT, 24, 0, 0, TSR_ERR_RANGE, "outside the 24x80 screen", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 80, 0, TSR_ERR_RANGE, "row 0, col 80", 0},
    {"\x1b[?1000h", DOWN, LEFT, -1, 0, 0, TSR_ERR_RANGE, "row -1", 0},
    {"\x1b[?1000h", 0, LEFT, 0, 0, 0, TSR_ERR_INVALID, "unknown mouse action 0", 0},
    {"\x1b[?1000h", 6, LEFT, 0, 0, 0, TSR_ERR_INVALID, "unknown mouse action 6", 0},
    {"\x1b[?1000h", DOWN, 6, 0, 0, 0, TSR_ERR_INVALID, "unknown mouse button 6", 0},
    {"\x1b[?1000h", DOWN, LEFT, 0, 0, 8, TSR_ERR_INVALID, "unknown modifier bits", 0},
    {"\x1b[?1000h", WHEEL, LEFT, 0, 0, 0, TSR_ERR_INVALID, "needs the wheel-up", 0},
    {"\x1b[?1000h", DOWN, WUP, 0, 0, 0, TSR_ERR_INVALID, "only scroll", 0},
    {"\x1b[?1000h", DOWN, NONE, 0, 0, 0, TSR_ERR_INVALID, "needs a button", 0},
    {"", DOWN, NONE, 0, 0, 0, TSR_ERR_INVALID, "needs a button", 0},
};

static void test_mouse(void)
{
    for (size_t i = 0; i < sizeof mouse_cases / sizeof mouse_cases[0]; i++) {
        const struct mouse_case *c = &mouse_cases[i];
        tsr_term *t = term_with(c->setup);
        tsr_buf out = {0}, why = {0};
        (void)tsr_encode_text(t, "pre", 3, &out);
        int rc = tsr_encode_mouse_why(t, c->action, c->button, c->row, c->col, c->mods,
                                      &out, &why);
        char what[64];
        snprintf(what, sizeof what, "mouse case #%zu", i);
        if (!check_record(rc == c->status)) {
            fprintf(stderr, "%s:%d: %s: status %d (%s), want %d\n", __FILE__, __LINE__,
                    what, rc, why.data ? why.data : "", c->status);
        } else if (rc == TSR_OK) {
            tsr_buf got = {0};
            (void)tsr_encode_text(t, out.data + 3, out.len - 3, &got);
            expect_bytes(__LINE__, what, &got, c->bytes, c->len ? c->len : strlen(c->bytes));
            CHECK(why.len == 0);
            tsr_buf_free(&got);
        } else {
            CHECK(out.len == 3); /* a failure appends nothing */
            if (!check_record(why.data && strstr(why.data, c->bytes))) {
                fprintf(stderr, "%s:%d: %s: reason \"%s\" lacks \"%s\"\n", __FILE__,
                        __LINE__, what, why.data ? why.data : "", c->bytes);
            }
            /* the variant without a reason fails the same way */
            CHECK(tsr_encode_mouse(t, c->action, c->button, c->row, c->col, c->mods, &out) ==
                  c->status);
        }
        tsr_buf_free(&out);
        tsr_buf_free(&why);
        tsr_term_free(t);
    }
    /* legacy coordinates cap at 223 (byte 255); SGR has no cap */
    tsr_term *t = term_with("\x1b[?1000h");
    tsr_buf out = {0};
    CHECK(tsr_term_resize(t, 300, 300) == TSR_OK);
    CHECK(tsr_encode_mouse(t, DOWN, LEFT, 299, 299, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "legacy cap", &out, "\x1b[M \xff\xff", 6);
    tsr_buf_clear(&out);
    CHECK(tsr_encode_mouse(t, DOWN, LEFT, 221, 222, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "largest legacy values", &out, "\x1b[M \xff\xfe", 6);
    tsr_buf_clear(&out);
    CHECK(tsr_encode_mouse(t, DOWN, LEFT, 221, 221, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "below the cap", &out, "\x1b[M \xfe\xfe", 6);
    tsr_buf_clear(&out);
    CHECK(tsr_term_feed(t, "\x1b[?1006h", 8) == TSR_OK);
    CHECK(tsr_encode_mouse(t, DOWN, LEFT, 299, 299, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "SGR has no cap", &out, "\x1b[<0;300;300M", 13);
    CHECK(tsr_encode_mouse(NULL, DOWN, LEFT, 0, 0, 0, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_mouse(t, DOWN, LEFT, 0, 0, 0, NULL) == TSR_ERR_INVALID);
    tsr_buf_free(&out);
    tsr_term_free(t);
}

/* ------------------------------------------------------------ paste, focus */

static const struct paste_case {
    const char *setup;
    const char *text;
    size_t text_len; /* 0: strlen(text) */
    const char *bytes;
    size_t len; /* 0: strlen(bytes) */
} paste_cases[] = {
    {"", "hello\nworld", 0, "hello\nworld", 0},
    {"", "a\x1b[201~b", 0, "a\x1b[201~b", 0}, /* raw: nothing is taken out */
    {"\x1b[?2004h", "hello\nworld", 0, "\x1b[200~hello\nworld\x1b[201~", 0},
    {"\x1b[?2004h", "", 0, "\x1b[200~\x1b[201~", 0},
    {"\x1b[?2004h", "a\x1b[201~b", 0, "\x1b[200~ab\x1b[201~", 0},
    {"\x1b[?2004h", "\x1b[201~\x1b[201~", 0, "\x1b[200~\x1b[201~", 0},
    /* a marker that forms once an inner one is removed goes too */
    {"\x1b[?2004h", "\x1b[20\x1b[201~1~x", 0, "\x1b[200~x\x1b[201~", 0},
    {"\x1b[?2004h", "\x1b[200~in\x1b[201", 0, "\x1b[200~\x1b[200~in\x1b[201\x1b[201~", 0},
    {"\x1b[?2004h", "nul\0byte", 8, "\x1b[200~nul\0byte\x1b[201~", 20},
    {"\x1b[?2004h\x1b[?2004l", "x\x1b[201~", 0, "x\x1b[201~", 0},
};

static void test_paste(void)
{
    for (size_t i = 0; i < sizeof paste_cases / sizeof paste_cases[0]; i++) {
        const struct paste_case *c = &paste_cases[i];
        tsr_term *t = term_with(c->setup);
        tsr_buf out = {0};
        size_t tl = c->text_len ? c->text_len : strlen(c->text);
        CHECK(tsr_encode_paste(t, c->text, tl, &out) == TSR_OK);
        char what[64];
        snprintf(what, sizeof what, "paste case #%zu", i);
        expect_bytes(__LINE__, what, &out, c->bytes, c->len ? c->len : strlen(c->bytes));
        CHECK(out.data[out.len] == '\0');
        tsr_buf_free(&out);
        tsr_term_free(t);
    }
    tsr_term *t = term_with("\x1b[?2004h");
    tsr_buf out = {0};
    CHECK(tsr_encode_paste(t, NULL, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "empty paste", &out, "\x1b[200~\x1b[201~", 12);
    CHECK(tsr_encode_paste(t, NULL, 1, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_paste(NULL, "a", 1, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_paste(t, "a", 1, NULL) == TSR_ERR_INVALID);
    /* pasting appends after what the buffer holds; the filter looks only
     * at the pasted text */
    tsr_buf_clear(&out);
    (void)tsr_encode_text(t, "\x1b[201", 5, &out);
    CHECK(tsr_encode_paste(t, "~", 1, &out) == TSR_OK);
    expect_bytes(__LINE__, "paste after bytes", &out, "\x1b[201\x1b[200~~\x1b[201~", 18);
    tsr_buf_free(&out);
    tsr_term_free(t);
}

static void test_focus(void)
{
    tsr_term *off = term_with("");
    tsr_term *on = term_with("\x1b[?1004h");
    tsr_term *again = term_with("\x1b[?1004h\x1b[?1004l");
    tsr_buf out = {0}, why = {0};
    CHECK(tsr_encode_focus(on, 1, &out) == TSR_OK);
    expect_bytes(__LINE__, "focus in", &out, "\x1b[I", 3);
    tsr_buf_clear(&out);
    CHECK(tsr_encode_focus(on, 0, &out) == TSR_OK);
    expect_bytes(__LINE__, "focus out", &out, "\x1b[O", 3);
    tsr_buf_clear(&out);
    CHECK(tsr_encode_focus_why(off, 1, &out, &why) == TSR_ERR_MODE);
    CHECK(out.len == 0);
    CHECK(why.data && strstr(why.data, "focus reporting is off") && strstr(why.data, "?1004"));
    CHECK(tsr_encode_focus(off, 0, &out) == TSR_ERR_MODE);
    CHECK(tsr_encode_focus(again, 1, &out) == TSR_ERR_MODE);
    CHECK(out.len == 0);
    CHECK(tsr_encode_focus(NULL, 1, &out) == TSR_ERR_INVALID);
    CHECK(tsr_encode_focus(on, 1, NULL) == TSR_ERR_INVALID);
    tsr_buf_free(&out);
    tsr_buf_free(&why);
    tsr_term_free(off);
    tsr_term_free(on);
    tsr_term_free(again);
}

/* The encoders read the terminal and never change it. */
static void test_pure(void)
{
    tsr_term *t = term_with("\x1b[?1003h\x1b[?1006h\x1b[?1004h\x1b[?2004h" CKM);
    uint64_t rev = tsr_term_revision(t);
    size_t replies = tsr_term_pending_replies(t);
    tsr_buf out = {0};
    tsr_key k = {TSR_KEY_UP, 0, 0};
    CHECK(tsr_encode_key(t, &k, &out) == TSR_OK);
    CHECK(tsr_encode_mouse(t, MOVE, NONE, 1, 1, 0, &out) == TSR_OK);
    CHECK(tsr_encode_paste(t, "x", 1, &out) == TSR_OK);
    CHECK(tsr_encode_focus(t, 1, &out) == TSR_OK);
    CHECK(tsr_term_revision(t) == rev && tsr_term_pending_replies(t) == replies);
    int v = 0;
    CHECK(tsr_term_mode(t, 1, 1, &v) == TSR_OK && v == 1);
    tsr_buf_free(&out);
    tsr_term_free(t);
}

int main(void)
{
    test_spellings();
    test_bad_names();
    test_key_bytes();
    test_every_key();
    test_text();
    test_mouse();
    test_paste();
    test_focus();
    test_pure();
    return check_report();
}
