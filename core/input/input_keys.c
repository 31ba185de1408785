/* Keys to bytes, as xterm sends them with its default resources: C0 codes
 * for ctrl, an ESC prefix for alt, CSI/SS3 sequences with xterm's modifier
 * parameter (1 + shift + 2*alt + 4*ctrl) for cursor, editing and function
 * keys, DECCKM for the cursor keys, DECKPAM for the keypad, LNM for Enter. */
#include <string.h>

#include "tessera/text.h"
#include "input_seq.h"
#include "input_why.h"

static int is_keypad(int code)
{
    return code >= TSR_KEY_KP0 && code <= TSR_KEY_KP_EQUAL;
}

static int is_fkey(int code)
{
    return code >= TSR_KEY_F1 && code <= TSR_KEY_F12;
}

static int code_known(int code)
{
    return (code >= TSR_KEY_CHAR && code <= TSR_KEY_DELETE) || is_fkey(code) || is_keypad(code);
}

/* The C0 byte ctrl makes of a character (Xlib's table), or -1. */
int input_ctrl_byte(uint32_t ch)
{
    if (ch >= 'a' && ch <= 'z')
        return (int)(ch - 'a' + 1);
    if (ch >= 'A' && ch <= 'Z')
        return (int)(ch - 'A' + 1);
    switch (ch) {
    case '@': case ' ': case '2': return 0x00;
    case '[': case '3': return 0x1b;
    case '\\': case '4': return 0x1c;
    case ']': case '5': return 0x1d;
    case '^': case '6': return 0x1e;
    case '_': case '7': case '/': return 0x1f;
    case '?': case '8': return 0x7f;
    default: return -1;
    }
}

static int is_ascii_letter(uint32_t ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

static void why_char(tsr_buf *why, uint32_t ch)
{
    char tmp[4];
    why_quote(why, tmp, (size_t)tsr_utf8_encode(ch, tmp));
}

int input_key_check(const tsr_key *k, tsr_buf *why)
{
    if (!k) {
        why_put(why, "no key given");
        return TSR_ERR_INVALID;
    }
    if (!code_known(k->code)) {
        why_put(why, "unknown key code ");
        why_int(why, k->code);
        return TSR_ERR_INVALID;
    }
    if (k->mods & ~TSR_MOD_ALL) {
        why_put(why, "unknown modifier bits in ");
        why_int(why, k->mods);
        why_put(why, " (shift 1, alt 2, ctrl 4)");
        return TSR_ERR_INVALID;
    }
    if (k->code != TSR_KEY_CHAR) {
        if (k->ch) {
            why_put(why, "a named key carries no character");
            return TSR_ERR_INVALID;
        }
        if (is_keypad(k->code) && (k->mods & (TSR_MOD_CTRL | TSR_MOD_SHIFT))) {
            why_put(why, "keypad keys take alt only: xterm sends nothing defined for "
                         "ctrl or shift on them");
            return TSR_ERR_INVALID;
        }
        return TSR_OK;
    }
    uint32_t ch = k->ch;
    if (ch > 0x10ffff || (ch >= 0xd800 && ch <= 0xdfff)) {
        why_put(why, "not a Unicode scalar value: ");
        why_int(why, (long)ch);
        return TSR_ERR_INVALID;
    }
    if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0)) {
        why_put(why, "a control character is not a key: name it (enter, tab, escape, "
                     "backspace) or use ctrl+ with a letter");
        return TSR_ERR_INVALID;
    }
    if ((k->mods & TSR_MOD_CTRL) && input_ctrl_byte(ch) < 0) {
        why_put(why, "ctrl+");
        why_char(why, ch);
        why_put(why, " has no control code: ctrl works with letters, space, the digits "
                     "2 to 8 and @ [ \\ ] ^ _ / ?");
        return TSR_ERR_INVALID;
    }
    if ((k->mods & TSR_MOD_SHIFT) && !is_ascii_letter(ch) && ch != ' ') {
        why_put(why, "shift+");
        why_char(why, ch);
        why_put(why, " depends on the keyboard layout: write the shifted character "
                     "itself");
        return TSR_ERR_INVALID;
    }
    return TSR_OK;
}

/* Enter: CR, or CR LF when the program set LNM (ANSI mode 20). */
static void put_enter(seq *s, const tsr_term *t)
{
    put(s, '\r');
    if (input_mode_on(t, 20, 0))
        put(s, '\n');
}

static void put_char(seq *s, const tsr_key *k)
{
    uint32_t ch = k->ch;
    if (k->mods & TSR_MOD_ALT)
        put(s, ESC);
    if (k->mods & TSR_MOD_CTRL) {
        put(s, (char)input_ctrl_byte(ch));
        return;
    }
    if ((k->mods & TSR_MOD_SHIFT) && ch >= 'a' && ch <= 'z')
        ch -= 'a' - 'A';
    char tmp[4];
    int n = tsr_utf8_encode(ch, tmp);
    for (int i = 0; i < n; i++)
        put(s, tmp[i]);
}

/* Keys whose only modifier is alt, as an ESC prefix; xterm drops ctrl and
 * shift on them except for shift+tab and ctrl+backspace. */
static void put_plain(seq *s, const tsr_term *t, const tsr_key *k)
{
    if (k->mods & TSR_MOD_ALT)
        put(s, ESC);
    switch (k->code) {
    case TSR_KEY_ENTER:
        put_enter(s, t);
        return;
    case TSR_KEY_TAB:
        if (k->mods & TSR_MOD_SHIFT) {
            put(s, ESC), put(s, '['), put(s, 'Z');
            return;
        }
        put(s, '\t');
        return;
    case TSR_KEY_BACKSPACE:
        put(s, (k->mods & TSR_MOD_CTRL) ? 0x08 : 0x7f);
        return;
    default: /* TSR_KEY_ESCAPE */
        put(s, ESC);
        return;
    }
}

/* Cursor keys, F1-F4 and the application keypad: SS3 X (cursor keys:
 * DECCKM; F1-F4 and the keypad always) or CSI X without
 * modifiers, CSI 1;m X with them. */
static void put_letter_key(seq *s, const tsr_key *k, char final, int ss3)
{
    put(s, ESC);
    if (k->mods) {
        put(s, '[');
        put(s, '1');
        put(s, ';');
        put_num(s, 1 + k->mods);
    } else {
        put(s, ss3 ? 'O' : '[');
    }
    put(s, final);
}

/* Editing keys and F5-F12: CSI n ~ or CSI n;m ~. */
static void put_tilde_key(seq *s, const tsr_key *k, int n)
{
    put(s, ESC);
    put(s, '[');
    put_num(s, n);
    if (k->mods) {
        put(s, ';');
        put_num(s, 1 + k->mods);
    }
    put(s, '~');
}

/* Keypad: the character it is labelled with (alt: ESC first), or SS3 X
 * under DECKPAM. */
static void put_keypad(seq *s, const tsr_term *t, const tsr_key *k)
{
    static const char numeric[] = "0123456789\r+-*/.,=";
    static const char app[] = "pqrstuvwxyMkmjonlX";
    int i = k->code - TSR_KEY_KP0;
    if (tsr_term_keypad_app(t)) {
        put_letter_key(s, k, app[i], 1); /* alt: CSI 1;3 X, as the cursor keys */
        return;
    }
    if (k->mods & TSR_MOD_ALT)
        put(s, ESC);
    if (k->code == TSR_KEY_KP_ENTER) {
        put_enter(s, t);
    } else {
        put(s, numeric[i]);
    }
}

/* The legacy bytes: xterm's, with no keyboard protocol on. */
static void put_legacy(seq *s, const tsr_term *t, const tsr_key *k)
{
    static const char cursor_finals[] = "ABCDHF"; /* up down right left home end */
    static const int fkey_numbers[] = {0, 0, 0, 0, 15, 17, 18, 19, 20, 21, 23, 24};
    int ckm = input_mode_on(t, 1, 1);
    switch (k->code) {
    case TSR_KEY_CHAR:
        put_char(s, k);
        break;
    case TSR_KEY_ENTER:
    case TSR_KEY_TAB:
    case TSR_KEY_BACKSPACE:
    case TSR_KEY_ESCAPE:
        put_plain(s, t, k);
        break;
    case TSR_KEY_UP:
    case TSR_KEY_DOWN:
    case TSR_KEY_RIGHT:
    case TSR_KEY_LEFT:
    case TSR_KEY_HOME:
    case TSR_KEY_END:
        put_letter_key(s, k, cursor_finals[k->code - TSR_KEY_UP], ckm);
        break;
    case TSR_KEY_INSERT:
        put_tilde_key(s, k, 2);
        break;
    case TSR_KEY_DELETE:
        put_tilde_key(s, k, 3);
        break;
    case TSR_KEY_PAGEUP:
        put_tilde_key(s, k, 5);
        break;
    case TSR_KEY_PAGEDOWN:
        put_tilde_key(s, k, 6);
        break;
    default:
        if (is_fkey(k->code)) {
            int i = k->code - TSR_KEY_F1;
            if (i < 4)
                put_letter_key(s, k, (char)('P' + i), 1); /* not DECCKM's */
            else
                put_tilde_key(s, k, fkey_numbers[i]);
        } else {
            put_keypad(s, t, k);
        }
        break;
    }
}

/* The kitty keyboard protocol wins over modifyOtherKeys when a program
 * turned on both, as in kitty and Ghostty. */
int tsr_encode_key_why(const tsr_term *t, const tsr_key *k, tsr_buf *out, tsr_buf *why)
{
    if (!t || !out) {
        why_put(why, "no terminal or no output buffer");
        return TSR_ERR_INVALID;
    }
    int rc = input_key_check(k, why);
    if (rc)
        return rc;
    seq s = {.n = 0};
    int kitty = tsr_term_kitty_keyboard(t);
    int mok = tsr_term_modify_other_keys(t);
    if (kitty)
        input_kitty_key(t, kitty, k, &s);
    else if (!mok || !input_mok_key(mok, k, &s))
        put_legacy(&s, t, k);
    rc = tsr_buf_append(out, s.b, s.n);
    if (rc)
        why_put(why, "out of memory");
    return rc;
}

int tsr_encode_key(const tsr_term *t, const tsr_key *key, tsr_buf *out)
{
    return tsr_encode_key_why(t, key, out, NULL);
}

int tsr_encode_text(const tsr_term *t, const char *text, size_t len, tsr_buf *out)
{
    if (!t || !out || (!text && len))
        return TSR_ERR_INVALID;
    return tsr_buf_append(out, text, len);
}
