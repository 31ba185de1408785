/* The whole key matrix checked byte for byte against an independent encoder:
 * libvterm's keyboard encoder (vterm_keyboard_key, vterm_keyboard_unichar).
 *
 * Every key tessera can name (the 14 named keys, F1-F12, the 18 keypad keys,
 * every printable ASCII character and four non-ASCII ones) in every modifier
 * combination, in five mode sets (none, DECCKM, DECKPAM, LNM, all three), is
 * encoded by both. Where libvterm and xterm legitimately differ, the case
 * must fall in one of the documented classes below, and then both sides are
 * asserted exactly: tessera's bytes are xterm's (written out from xterm's
 * rule, not from tessera) and libvterm's are what libvterm documents. A class
 * that no case meets fails too, so the list cannot go stale. Keys tessera
 * refuses (xterm sends nothing defined for them) are checked to be refused
 * for the documented reason, and libvterm's bytes for them are not compared.
 *
 * libvterm's convention: vterm_keyboard_unichar takes the character the
 * keyboard produced, so shift+a is passed as 'A' (libvterm ignores shift on
 * every character but space). */
#include <stdio.h>
#include <string.h>
#include <vterm.h>

#include "tessera/input.h"
#include "tessera/text.h"
#include "tessera/tessera.h"

#include "check.h"

#define ESC "\x1b"

/* ------------------------------------------------------------ the matrix */

static const struct mode_set {
    const char *name;
    const char *setup;
    int lnm, kpam;
} mode_sets[] = {
    {"normal", "", 0, 0},
    {"DECCKM", ESC "[?1h", 0, 0},
    {"DECKPAM", ESC "=", 0, 1},
    {"LNM", ESC "[20h", 1, 0},
    {"all", ESC "[?1h" ESC "=" ESC "[20h", 1, 1},
};

static const struct named {
    int code, vkey;
} named_keys[] = {
    {TSR_KEY_ENTER, VTERM_KEY_ENTER},
    {TSR_KEY_TAB, VTERM_KEY_TAB},
    {TSR_KEY_BACKSPACE, VTERM_KEY_BACKSPACE},
    {TSR_KEY_ESCAPE, VTERM_KEY_ESCAPE},
    {TSR_KEY_UP, VTERM_KEY_UP},
    {TSR_KEY_DOWN, VTERM_KEY_DOWN},
    {TSR_KEY_RIGHT, VTERM_KEY_RIGHT},
    {TSR_KEY_LEFT, VTERM_KEY_LEFT},
    {TSR_KEY_HOME, VTERM_KEY_HOME},
    {TSR_KEY_END, VTERM_KEY_END},
    {TSR_KEY_PAGEUP, VTERM_KEY_PAGEUP},
    {TSR_KEY_PAGEDOWN, VTERM_KEY_PAGEDOWN},
    {TSR_KEY_INSERT, VTERM_KEY_INS},
    {TSR_KEY_DELETE, VTERM_KEY_DEL},
    {TSR_KEY_KP_ENTER, VTERM_KEY_KP_ENTER},
    {TSR_KEY_KP_ADD, VTERM_KEY_KP_PLUS},
    {TSR_KEY_KP_SUBTRACT, VTERM_KEY_KP_MINUS},
    {TSR_KEY_KP_MULTIPLY, VTERM_KEY_KP_MULT},
    {TSR_KEY_KP_DIVIDE, VTERM_KEY_KP_DIVIDE},
    {TSR_KEY_KP_DECIMAL, VTERM_KEY_KP_PERIOD},
    {TSR_KEY_KP_COMMA, VTERM_KEY_KP_COMMA},
    {TSR_KEY_KP_EQUAL, VTERM_KEY_KP_EQUAL},
};

/* é, €, a CJK ideograph, an emoji: one to four UTF-8 bytes past ASCII */
static const uint32_t wide_chars[] = {0xe9, 0x20ac, 0x4e2d, 0x1f600};

/* ------------------------------------------------------------ xterm's rules */

/* The C0 byte xterm sends for ctrl+ch (the classic table in xterm's
 * ctlseqs "PC-Style Function Keys" / Xlib's XLookupString), or -1. */
static int xterm_ctrl(uint32_t ch)
{
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'))
        return (int)(ch & 0x1f);
    if (ch == '@' || ch == ' ' || ch == '2')
        return 0;
    if (ch >= '3' && ch <= '7')
        return 0x1b + (int)(ch - '3');
    if (ch == '[' || ch == '\\' || ch == ']' || ch == '^' || ch == '_')
        return (int)(ch & 0x1f);
    if (ch == '/')
        return 0x1f;
    if (ch == '?' || ch == '8')
        return 0x7f;
    return -1;
}

static int is_letter(uint32_t ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static int is_keypad(int code)
{
    return code >= TSR_KEY_KP0 && code <= TSR_KEY_KP_EQUAL;
}

/* Why xterm (and so tessera) sends nothing for the key, or NULL. */
static const char *refusal(const tsr_key *k)
{
    if (is_keypad(k->code) && (k->mods & (TSR_MOD_CTRL | TSR_MOD_SHIFT)))
        return "keypad keys take alt only";
    if (k->code != TSR_KEY_CHAR)
        return NULL;
    if ((k->mods & TSR_MOD_CTRL) && xterm_ctrl(k->ch) < 0)
        return "no control code";
    if ((k->mods & TSR_MOD_SHIFT) && !is_letter(k->ch) && k->ch != ' ')
        return "depends on the keyboard layout";
    return NULL;
}

/* ------------------------------------------------------------ differences */

enum {
    DIFF_CTRL_CHAR,     /* ctrl+character: xterm C0, libvterm CSI u */
    DIFF_MOD_LITERAL,   /* shift/ctrl with enter, tab, backspace, escape */
    DIFF_SHIFT_SPACE,   /* shift+space */
    DIFF_ALT_ENTER_LNM, /* alt+enter under LNM */
    DIFF_KP_ENTER,      /* keypad enter in numeric keypad mode */
    DIFF_ALT_WIDE,      /* alt with a character past U+007F */
    DIFF_COUNT
};

static const char *const diff_reasons[DIFF_COUNT] = {
    "ctrl+character: xterm (no modifyOtherKeys) sends the C0 byte of Xlib's table, "
    "with ctrl+shift+letter the same as ctrl+letter; libvterm sends CSI codepoint;mod u "
    "(Paul Evans' fixterms) for every character but a-z (and for i j m [ too, whose C0 "
    "bytes are TAB, LF, CR, ESC)",
    "shift/ctrl with enter, tab, backspace, escape: xterm drops the modifier (ctrl+"
    "backspace is BS, shift+tab is CSI Z, alt prefixes ESC); libvterm sends CSI code;mod u, "
    "and CSI 1;mod Z for tab with shift and another modifier",
    "shift+space: xterm sends a space (ESC space with alt); libvterm CSI 32;mod u",
    "alt+enter under LNM: xterm sends ESC CR LF; libvterm CR LF without the ESC",
    "keypad enter without DECKPAM: xterm sends CR (CR LF under LNM), like enter; "
    "libvterm's keypad table has LF",
    "alt with a character past U+007F: xterm sends ESC and the UTF-8 bytes; libvterm 0.1.4 "
    "writes the code point with %c after ESC (keyboard.c), one truncated byte: a libvterm "
    "defect",
};

/* Appends ESC when alt is held (xterm's metaSendsEscape, libvterm alike). */
static void alt_prefix(tsr_buf *b, int mods)
{
    if (mods & TSR_MOD_ALT)
        tsr_buf_append(b, ESC, 1);
}

static void put_str(tsr_buf *b, const char *s)
{
    tsr_buf_append(b, s, strlen(s));
}

static void put_csi_u(tsr_buf *b, unsigned code, int vmods)
{
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, ESC "[%u;%du", code, vmods + 1);
    tsr_buf_append(b, tmp, (size_t)n);
}

static int literal_key(int code)
{
    return code == TSR_KEY_ENTER || code == TSR_KEY_TAB || code == TSR_KEY_BACKSPACE ||
           code == TSR_KEY_ESCAPE;
}

/* Which documented class the key falls in, writing xterm's bytes to xterm and
 * libvterm's to vterm; -1 when xterm and libvterm agree on it. */
static int difference(const struct mode_set *m, const tsr_key *k, tsr_buf *xterm,
                      tsr_buf *vterm)
{
    int mods = k->mods;
    int shift = mods & TSR_MOD_SHIFT, ctrl = mods & TSR_MOD_CTRL, alt = mods & TSR_MOD_ALT;
    if (k->code == TSR_KEY_CHAR) {
        uint32_t c = shift && k->ch >= 'a' && k->ch <= 'z' ? k->ch - 32 : k->ch;
        if (ctrl) {
            int plain_c0 = (c >= 'a' && c <= 'z' && c != 'i' && c != 'j' && c != 'm') ||
                           c == '\\' || c == ']' || c == '^' || c == '_' ||
                           (c == ' ' && !shift);
            if (plain_c0)
                return -1;
            alt_prefix(xterm, mods);
            char b = (char)xterm_ctrl(k->ch);
            tsr_buf_append(xterm, &b, 1);
            put_csi_u(vterm, c, c == ' ' ? mods : mods & ~TSR_MOD_SHIFT);
            return DIFF_CTRL_CHAR;
        }
        if (c == ' ' && shift) {
            alt_prefix(xterm, mods);
            put_str(xterm, " ");
            put_csi_u(vterm, ' ', mods);
            return DIFF_SHIFT_SPACE;
        }
        if (alt && c >= 0x80) {
            char utf8[4];
            put_str(xterm, ESC);
            tsr_buf_append(xterm, utf8, (size_t)tsr_utf8_encode(c, utf8));
            char low = (char)(c & 0xff);
            put_str(vterm, ESC);
            tsr_buf_append(vterm, &low, 1);
            return DIFF_ALT_WIDE;
        }
        return -1;
    }
    if (k->code == TSR_KEY_ENTER && m->lnm) {
        if (!alt)
            return -1;
        put_str(xterm, ESC "\r\n");
        put_str(vterm, "\r\n");
        return DIFF_ALT_ENTER_LNM;
    }
    if (literal_key(k->code) && (shift || ctrl)) {
        alt_prefix(xterm, mods);
        static const char lit[] = {0, '\r', '\t', 0x7f, 0x1b};
        if (k->code == TSR_KEY_TAB) {
            if (mods == TSR_MOD_SHIFT)
                return -1;
            put_str(xterm, shift ? ESC "[Z" : "\t");
            if (shift) {
                char tmp[16];
                int n = snprintf(tmp, sizeof tmp, ESC "[1;%dZ", mods + 1);
                tsr_buf_append(vterm, tmp, (size_t)n);
            } else {
                put_csi_u(vterm, '\t', mods);
            }
        } else {
            char b = k->code == TSR_KEY_BACKSPACE && ctrl ? 0x08 : lit[k->code];
            tsr_buf_append(xterm, &b, 1);
            put_csi_u(vterm, (unsigned char)lit[k->code], mods);
        }
        return DIFF_MOD_LITERAL;
    }
    if (k->code == TSR_KEY_KP_ENTER && !m->kpam) {
        alt_prefix(xterm, mods);
        put_str(xterm, m->lnm ? "\r\n" : "\r");
        alt_prefix(vterm, mods);
        put_str(vterm, "\n");
        return DIFF_KP_ENTER;
    }
    return -1;
}

/* ------------------------------------------------------------ the check */

static void show(const char *label, const tsr_buf *b)
{
    check_show_bytes(label, b->data ? b->data : "", b->len);
}

static int same(const tsr_buf *a, const tsr_buf *b)
{
    return a->len == b->len && (a->len == 0 || memcmp(a->data, b->data, a->len) == 0);
}

/* Reports a case: tessera's bytes and the other side's (libvterm's, or xterm's
 * for a documented difference). */
static void report(const struct mode_set *m, const tsr_key *k, const char *what,
                   const tsr_buf *tessera, const char *other_label, const tsr_buf *other)
{
    fprintf(stderr, "%s: mode %s, key code %d ch U+%04X mods %d: %s\n", __FILE__, m->name,
            k->code, (unsigned)k->ch, k->mods, what);
    show("tessera ", tessera);
    show(other_label, other);
}

/* Feeds the same mode setup to both terminals. */
static int open_pair(const struct mode_set *m, tsr_term **t, VTerm **vt)
{
    tsr_options o;
    tsr_options_default(&o);
    if (tsr_term_new(&o, t) != TSR_OK)
        return 0;
    *vt = vterm_new(24, 80);
    if (!*vt)
        return 0;
    vterm_set_utf8(*vt, 1);
    vterm_obtain_state(*vt); /* the keyboard encoder reads the modes from the state */
    CHECK(tsr_term_feed(*t, m->setup, strlen(m->setup)) == TSR_OK);
    CHECK(vterm_input_write(*vt, m->setup, strlen(m->setup)) == strlen(m->setup));
    return 1;
}

/* The bytes libvterm sends for the key, in its convention. */
static void vterm_bytes(VTerm *vt, const tsr_key *k, int vkey, tsr_buf *out)
{
    if (vkey) {
        vterm_keyboard_key(vt, (VTermKey)vkey, (VTermModifier)k->mods);
    } else {
        uint32_t c = k->ch;
        if ((k->mods & TSR_MOD_SHIFT) && c >= 'a' && c <= 'z')
            c -= 32; /* the character the keyboard produced */
        vterm_keyboard_unichar(vt, c, (VTermModifier)k->mods);
    }
    char tmp[64];
    size_t n;
    while ((n = vterm_output_read(vt, tmp, sizeof tmp)) > 0)
        tsr_buf_append(out, tmp, n);
}

static int agreed, refused, per_class[DIFF_COUNT];

static void check_key(const struct mode_set *m, tsr_term *t, VTerm *vt, const tsr_key *k,
                      int vkey)
{
    tsr_buf got = {0}, vb = {0}, want_x = {0}, want_v = {0};
    int rc = tsr_encode_key(t, k, &got);
    vterm_bytes(vt, k, vkey, &vb);
    const char *refuse = refusal(k);
    if (refuse) {
        tsr_buf why = {0};
        int rc2 = tsr_encode_key_why(t, k, &got, &why);
        if (!check_record(rc == TSR_ERR_INVALID && rc2 == TSR_ERR_INVALID && why.data &&
                          strstr(why.data, refuse)))
            report(m, k, "tessera should refuse it", &got, "libvterm", &vb);
        refused++;
        tsr_buf_free(&why);
    } else if (!check_record(rc == TSR_OK)) {
        report(m, k, "tessera refused a key xterm sends", &got, "libvterm", &vb);
    } else {
        int cls = difference(m, k, &want_x, &want_v);
        if (cls < 0) {
            if (check_record(same(&got, &vb)))
                agreed++;
            else
                report(m, k, "differs from libvterm with no documented reason", &got, "libvterm",
                       &vb);
        } else {
            per_class[cls]++;
            if (!check_record(same(&got, &want_x)))
                report(m, k, "not xterm's bytes (a documented difference)", &got, "xterm   ",
                       &want_x);
            if (!check_record(same(&vb, &want_v)))
                report(m, k, "libvterm no longer sends what is documented", &got, "libvterm",
                       &vb);
            if (!check_record(!same(&want_x, &want_v)))
                report(m, k, "documented as differing, but the two agree", &got, "libvterm",
                       &vb);
        }
    }
    tsr_buf_free(&got);
    tsr_buf_free(&vb);
    tsr_buf_free(&want_x);
    tsr_buf_free(&want_v);
}

static void check_mode_set(const struct mode_set *m)
{
    tsr_term *t = NULL;
    VTerm *vt = NULL;
    if (!check_record(open_pair(m, &t, &vt))) {
        fprintf(stderr, "cannot make the terminals for %s\n", m->name);
        return;
    }
    for (int mods = 0; mods <= TSR_MOD_ALL; mods++) {
        for (size_t i = 0; i < sizeof named_keys / sizeof named_keys[0]; i++) {
            tsr_key k = {named_keys[i].code, 0, mods};
            check_key(m, t, vt, &k, named_keys[i].vkey);
        }
        for (int f = 0; f < 12; f++) {
            tsr_key k = {TSR_KEY_F1 + f, 0, mods};
            check_key(m, t, vt, &k, VTERM_KEY_FUNCTION(f + 1));
        }
        for (int d = 0; d < 10; d++) {
            tsr_key k = {TSR_KEY_KP0 + d, 0, mods};
            check_key(m, t, vt, &k, VTERM_KEY_KP_0 + d);
        }
        for (uint32_t c = 0x20; c < 0x7f; c++) {
            tsr_key k = {TSR_KEY_CHAR, c, mods};
            check_key(m, t, vt, &k, 0);
        }
        for (size_t i = 0; i < sizeof wide_chars / sizeof wide_chars[0]; i++) {
            tsr_key k = {TSR_KEY_CHAR, wide_chars[i], mods};
            check_key(m, t, vt, &k, 0);
        }
    }
    vterm_free(vt);
    tsr_term_free(t);
}

int main(void)
{
    for (size_t i = 0; i < sizeof mode_sets / sizeof mode_sets[0]; i++)
        check_mode_set(&mode_sets[i]);
    printf("keys: %d agree with libvterm byte for byte, %d refused (xterm sends nothing "
           "defined)\n",
           agreed, refused);
    for (int c = 0; c < DIFF_COUNT; c++) {
        printf("  %d differ as documented: %s\n", per_class[c], diff_reasons[c]);
        CHECK_MSG(per_class[c] > 0, "difference class %d met no case: remove it", c);
    }
    return check_report();
}
