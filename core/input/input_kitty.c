/* Keys under the kitty keyboard protocol (sw.kovidgoyal.net/kitty/
 * keyboard-protocol, "Progressive enhancement"), for the flags the program
 * pushed: 1 disambiguate, 2 event types, 4 alternate keys, 8 all keys as
 * escape codes, 16 associated text. The forms follow the spec's tables
 * ("Functional key definitions", "Legacy functional keys", "Legacy text
 * keys", "C0 controls") and, where the spec leaves a choice, kitty's own
 * encoder (kitty/key_encoding.c): F3 is CSI 13 ~ because CSI 1;m R reads
 * as a cursor position report.
 *
 * A press is a press and its release. Releases exist only under flag 2,
 * and are sent right after the press whenever the protocol gives them a
 * form of their own (the event type in CSI ... ;m:3 ...); a key whose
 * press goes out as text or a legacy sequence under flag 2 (Enter, Tab,
 * Backspace without modifiers) sends no release, as in kitty. Modifier keys
 * make no events of their own, and there are no repeats. */
#include "tessera/text.h"
#include "input_seq.h"
#include "input_why.h"

enum {
    F_DISAMBIGUATE = 1,
    F_EVENTS = 2,
    F_ALTERNATES = 4,
    F_ALL = 8,
    F_TEXT = 16,
};

/* One key event as the protocol sees it. */
typedef struct kev {
    int code;         /* tsr_key_code */
    uint32_t key;     /* text keys: the unshifted codepoint */
    uint32_t shifted; /* the shifted codepoint while shift is down, else 0 */
    int mods;
    uint32_t text; /* what the key types: 0 under ctrl or alt, or on release */
    int release;
} kev;

/* CSI key[:shifted][;mods[:3]][;text] final; the key is left out when it
 * is 1 and nothing follows (CSI A). */
static void serialize(seq *s, uint32_t key, uint32_t shifted, const kev *e, uint32_t text,
                      char final)
{
    int second = e->mods || e->release;
    put_csi(s);
    if (key != 1 || shifted || second || text)
        put_num(s, key);
    if (shifted) {
        put(s, ':');
        put_num(s, shifted);
    }
    if (second || text) {
        put(s, ';');
        if (second)
            put_num(s, 1u + (unsigned)e->mods);
        if (e->release) {
            put(s, ':');
            put(s, '3');
        }
    }
    if (text) {
        put(s, ';');
        put_num(s, text);
    }
    put(s, final);
}

static void put_utf8(seq *s, uint32_t cp)
{
    char tmp[4];
    int n = tsr_utf8_encode(cp, tmp);
    for (int i = 0; i < n; i++)
        put(s, tmp[i]);
}

/* The spec's "Functional key codes": the number and the final byte. */
static void functional_number(int code, uint32_t *num, char *final)
{
    static const struct {
        unsigned short num;
        char final;
    } named[] = {
        [TSR_KEY_ENTER] = {13, 'u'},  [TSR_KEY_TAB] = {9, 'u'},
        [TSR_KEY_BACKSPACE] = {127, 'u'}, [TSR_KEY_ESCAPE] = {27, 'u'},
        [TSR_KEY_UP] = {1, 'A'},      [TSR_KEY_DOWN] = {1, 'B'},
        [TSR_KEY_RIGHT] = {1, 'C'},   [TSR_KEY_LEFT] = {1, 'D'},
        [TSR_KEY_HOME] = {1, 'H'},    [TSR_KEY_END] = {1, 'F'},
        [TSR_KEY_PAGEUP] = {5, '~'},  [TSR_KEY_PAGEDOWN] = {6, '~'},
        [TSR_KEY_INSERT] = {2, '~'},  [TSR_KEY_DELETE] = {3, '~'},
    };
    static const unsigned short fkeys[] = {1, 1, 13, 1, 15, 17, 18, 19, 20, 21, 23, 24};
    static const char fkey_finals[] = "PQ~S~~~~~~~~";
    /* KP_0..KP_9, then Enter, + - * / . , = */
    static const unsigned short keypad[] = {57399, 57400, 57401, 57402, 57403, 57404,
                                            57405, 57406, 57407, 57408, 57414, 57413,
                                            57412, 57411, 57410, 57409, 57416, 57415};
    if (code >= TSR_KEY_F1 && code <= TSR_KEY_F12) {
        *num = fkeys[code - TSR_KEY_F1];
        *final = fkey_finals[code - TSR_KEY_F1];
    } else if (code >= TSR_KEY_KP0 && code <= TSR_KEY_KP_EQUAL) {
        *num = keypad[code - TSR_KEY_KP0];
        *final = 'u';
    } else {
        *num = named[code].num;
        *final = named[code].final;
    }
}

/* Enter, Escape, Backspace and Tab with modifiers while no flag changes
 * them (the spec's "C0 controls" table). */
static void legacy_c0(seq *s, const kev *e)
{
    if (e->mods & TSR_MOD_ALT)
        put(s, ESC);
    switch (e->code) {
    case TSR_KEY_ENTER:
        put(s, '\r');
        break;
    case TSR_KEY_ESCAPE:
        put(s, ESC);
        break;
    case TSR_KEY_BACKSPACE:
        put(s, (e->mods & TSR_MOD_CTRL) ? 0x08 : 0x7f);
        break;
    default: /* TSR_KEY_TAB */
        if (e->mods & TSR_MOD_SHIFT) {
            put(s, ESC), put(s, '['), put(s, 'Z');
        } else {
            put(s, '\t');
        }
        break;
    }
}

static int is_c0_key(int code)
{
    return code == TSR_KEY_ENTER || code == TSR_KEY_TAB || code == TSR_KEY_BACKSPACE ||
           code == TSR_KEY_ESCAPE;
}

static void function_key(seq *s, const tsr_term *t, int flags, const kev *e)
{
    int legacy = !(flags & (F_DISAMBIGUATE | F_EVENTS | F_ALL));
    int code = e->code;
    if (!e->mods) {
        if (legacy && input_mode_on(t, 1, 1) && code >= TSR_KEY_UP && code <= TSR_KEY_END) {
            static const char finals[] = "ABCDHF";
            put(s, ESC), put(s, 'O'), put(s, finals[code - TSR_KEY_UP]);
            return;
        }
        if (code == TSR_KEY_ESCAPE && !(flags & (F_DISAMBIGUATE | F_ALL))) {
            if (!e->release)
                put(s, ESC);
            return;
        }
        if (legacy && code >= TSR_KEY_F1 && code < TSR_KEY_F1 + 4) {
            put(s, ESC), put(s, 'O'), put(s, (char)('P' + code - TSR_KEY_F1));
            return;
        }
        if (is_c0_key(code) && code != TSR_KEY_ESCAPE && !(flags & F_ALL)) {
            if (!e->release)
                put(s, code == TSR_KEY_ENTER ? '\r' : code == TSR_KEY_TAB ? '\t' : 0x7f);
            return;
        }
    } else if (legacy && is_c0_key(code)) {
        legacy_c0(s, e);
        return;
    }
    uint32_t num;
    char final;
    functional_number(code, &num, &final);
    serialize(s, num, 0, e, (flags & F_TEXT) ? e->text : 0, final);
}

/* The spec's "Legacy text keys" algorithm, while neither flag 1 nor 8 is
 * on; 0 when the combination has no legacy form. */
static int legacy_text(seq *s, const kev *e)
{
    uint32_t key = e->key;
    int mods = e->mods;
    if ((mods & TSR_MOD_SHIFT) && e->shifted && !(mods & TSR_MOD_CTRL)) {
        key = e->shifted;
        mods &= ~TSR_MOD_SHIFT;
    }
    int c0 = input_ctrl_byte(key);
    if (c0 < 0)
        c0 = (int)key; /* keys outside the ctrl table are left as they are */
    if (e->mods == TSR_MOD_SHIFT) {
        put_utf8(s, key);
    } else if (mods == TSR_MOD_ALT) {
        put(s, ESC), put_utf8(s, key);
    } else if (mods == TSR_MOD_CTRL) {
        put(s, (char)c0);
    } else if (mods == (TSR_MOD_CTRL | TSR_MOD_ALT)) {
        put(s, ESC), put(s, (char)c0);
    } else if (key == ' ' && mods == (TSR_MOD_CTRL | TSR_MOD_SHIFT)) {
        put(s, 0);
    } else if (key == ' ' && mods == (TSR_MOD_ALT | TSR_MOD_SHIFT)) {
        put(s, ESC), put(s, ' ');
    } else {
        return 0;
    }
    return 1;
}

static void text_key(seq *s, int flags, const kev *e)
{
    uint32_t shifted = (flags & F_ALTERNATES) ? e->shifted : 0;
    uint32_t text = (flags & F_TEXT) ? e->text : 0;
    if (!e->release && !shifted && !text) {
        if (!e->mods && !(flags & F_ALL)) {
            put_utf8(s, e->key);
            return;
        }
        if (e->mods && !(flags & (F_DISAMBIGUATE | F_ALL)) && e->key < 0x7f &&
            legacy_text(s, e))
            return;
    }
    serialize(s, e->key, shifted, e, text, 'u');
}

/* What each keypad key is labelled with, KP0 first. */
static const char keypad_labels[] = "0123456789\r+-*/.,=";

/* Keypad keys are plain keys unless flag 1 or 8 tells them apart. */
static tsr_key plain_keypad(const tsr_key *k)
{
    tsr_key p = {TSR_KEY_CHAR, (uint32_t)keypad_labels[k->code - TSR_KEY_KP0], k->mods};
    if (k->code == TSR_KEY_KP_ENTER)
        p = (tsr_key){TSR_KEY_ENTER, 0, k->mods};
    return p;
}

static kev event_of(const tsr_key *k)
{
    kev e = {k->code, 0, 0, k->mods, 0, 0};
    int types_text = !(k->mods & (TSR_MOD_CTRL | TSR_MOD_ALT));
    if (k->code == TSR_KEY_CHAR) {
        key_press p = input_key_press(k);
        e.key = p.base;
        e.shifted = p.shifted;
        e.mods = p.mods;
        if (types_text)
            e.text = p.shifted ? p.shifted : p.base;
    } else if (k->code >= TSR_KEY_KP0 && k->code <= TSR_KEY_KP_EQUAL &&
               k->code != TSR_KEY_KP_ENTER && types_text) {
        e.text = (uint32_t)keypad_labels[k->code - TSR_KEY_KP0];
    }
    return e;
}

static void encode_event(seq *s, const tsr_term *t, int flags, const kev *e)
{
    if (e->text && !e->release && !(flags & F_ALL)) {
        put_utf8(s, e->text); /* text goes as text unless flag 8 */
        return;
    }
    if (e->code == TSR_KEY_CHAR)
        text_key(s, flags, e);
    else
        function_key(s, t, flags, e);
}

void input_kitty_key(const tsr_term *t, int flags, const tsr_key *k, seq *s)
{
    int is_keypad = k->code >= TSR_KEY_KP0 && k->code <= TSR_KEY_KP_EQUAL;
    tsr_key plain;
    if (is_keypad && !(flags & (F_DISAMBIGUATE | F_ALL))) {
        plain = plain_keypad(k);
        k = &plain;
    }
    kev e = event_of(k);
    encode_event(s, t, flags, &e);
    if (flags & F_EVENTS) {
        e.release = 1;
        e.text = 0;
        encode_event(s, t, flags, &e);
    }
}
