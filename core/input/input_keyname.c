/* Key names: "ctrl+alt+x", "Control+C", "shift+Tab", "ArrowUp", "f5",
 * "kpenter", "+". Modifiers and named keys are case-insensitive and joined
 * by '+'; a single character names itself. A name parses only if the key
 * can also be encoded, so a tape with a bad key fails before it runs. */
#include <string.h>

#include "tessera/text.h"
#include "input_why.h"

typedef struct name_entry {
    const char *name;
    int code;
    uint32_t ch;
} name_entry;

/* The first spelling of each key is its canonical name. */
static const name_entry named_keys[] = {
    {"enter", TSR_KEY_ENTER, 0},       {"return", TSR_KEY_ENTER, 0},
    {"tab", TSR_KEY_TAB, 0},           {"backspace", TSR_KEY_BACKSPACE, 0},
    {"escape", TSR_KEY_ESCAPE, 0},     {"esc", TSR_KEY_ESCAPE, 0},
    {"space", TSR_KEY_CHAR, ' '},      {"up", TSR_KEY_UP, 0},
    {"arrowup", TSR_KEY_UP, 0},        {"down", TSR_KEY_DOWN, 0},
    {"arrowdown", TSR_KEY_DOWN, 0},    {"right", TSR_KEY_RIGHT, 0},
    {"arrowright", TSR_KEY_RIGHT, 0},  {"left", TSR_KEY_LEFT, 0},
    {"arrowleft", TSR_KEY_LEFT, 0},    {"home", TSR_KEY_HOME, 0},
    {"end", TSR_KEY_END, 0},           {"pageup", TSR_KEY_PAGEUP, 0},
    {"pgup", TSR_KEY_PAGEUP, 0},       {"pagedown", TSR_KEY_PAGEDOWN, 0},
    {"pgdn", TSR_KEY_PAGEDOWN, 0},     {"insert", TSR_KEY_INSERT, 0},
    {"delete", TSR_KEY_DELETE, 0},     {"del", TSR_KEY_DELETE, 0},
};

/* Keypad keys after the "kp" or "numpad" prefix. */
static const name_entry keypad_keys[] = {
    {"enter", TSR_KEY_KP_ENTER, 0},       {"add", TSR_KEY_KP_ADD, 0},
    {"plus", TSR_KEY_KP_ADD, 0},          {"subtract", TSR_KEY_KP_SUBTRACT, 0},
    {"minus", TSR_KEY_KP_SUBTRACT, 0},    {"multiply", TSR_KEY_KP_MULTIPLY, 0},
    {"divide", TSR_KEY_KP_DIVIDE, 0},     {"decimal", TSR_KEY_KP_DECIMAL, 0},
    {"comma", TSR_KEY_KP_COMMA, 0},       {"equal", TSR_KEY_KP_EQUAL, 0},
};

static const struct {
    const char *name;
    int bit;
} modifiers[] = {
    {"ctrl", TSR_MOD_CTRL}, {"control", TSR_MOD_CTRL}, {"alt", TSR_MOD_ALT},
    {"meta", TSR_MOD_ALT},  {"option", TSR_MOD_ALT},   {"shift", TSR_MOD_SHIFT},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* s[0..n) equals the lower-case literal lit, ignoring ASCII case. */
static int ieq(const char *s, size_t n, const char *lit)
{
    size_t m = strlen(lit);
    if (n != m)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (lower(s[i]) != lit[i])
            return 0;
    return 1;
}

static int iprefix(const char *s, size_t n, const char *lit)
{
    size_t m = strlen(lit);
    return n > m && ieq(s, m, lit);
}

static int find_entry(const name_entry *t, size_t count, const char *s, size_t n, tsr_key *k)
{
    for (size_t i = 0; i < count; i++) {
        if (ieq(s, n, t[i].name)) {
            k->code = t[i].code;
            k->ch = t[i].ch;
            return 1;
        }
    }
    return 0;
}

static int find_modifier(const char *s, size_t n)
{
    for (size_t i = 0; i < COUNT(modifiers); i++)
        if (ieq(s, n, modifiers[i].name))
            return modifiers[i].bit;
    return 0;
}

/* The failure reason starts with the whole name, then says what is wrong. */
static int fail(tsr_buf *why, const char *name, size_t len, const char *what)
{
    why_quote(why, name, len);
    why_put(why, ": ");
    why_put(why, what);
    return TSR_ERR_INVALID;
}

/* "f1".."f12": 1 and the key; 0 if s is not "f" and digits; -1 if it is
 * but names no key F1..F12. */
static int parse_fkey(const char *s, size_t n, tsr_key *k)
{
    if (n < 2 || n > 4 || lower(s[0]) != 'f')
        return 0;
    int v = 0;
    for (size_t i = 1; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    if (v < 1 || v > 12 || s[1] == '0')
        return -1;
    k->code = TSR_KEY_F1 + v - 1;
    k->ch = 0;
    return 1;
}

static int parse_keypad(const char *s, size_t n, tsr_key *k)
{
    size_t skip = iprefix(s, n, "numpad") ? 6 : iprefix(s, n, "kp") ? 2 : 0;
    if (!skip)
        return 0;
    s += skip, n -= skip;
    if (n == 1 && s[0] >= '0' && s[0] <= '9') {
        k->code = TSR_KEY_KP0 + (s[0] - '0');
        k->ch = 0;
        return 1;
    }
    return find_entry(keypad_keys, COUNT(keypad_keys), s, n, k);
}

static int looks_like_emacs(const char *s, size_t n)
{
    return n >= 3 && s[1] == '-' && s[0] != '\0' && strchr("CMSs", s[0]);
}

static int parse_key_token(const char *name, size_t len, const char *s, size_t n, tsr_key *k,
                           tsr_buf *why)
{
    if (find_entry(named_keys, COUNT(named_keys), s, n, k) || parse_keypad(s, n, k))
        return TSR_OK;
    int f = parse_fkey(s, n, k);
    if (f > 0)
        return TSR_OK;
    if (f < 0)
        return fail(why, name, len, "function keys are F1 to F12");
    uint32_t cp;
    size_t used;
    if (n > 0 && tsr_utf8_decode(s, n, &cp, &used) == TSR_UTF8_SCALAR && used == n) {
        k->code = TSR_KEY_CHAR;
        k->ch = cp;
        return TSR_OK;
    }
    if (looks_like_emacs(s, n))
        return fail(why, name, len,
                    "not a key name: join modifiers with '+', as in ctrl+c or alt+x");
    if (find_modifier(s, n))
        return fail(why, name, len, "a modifier needs a key after it, as in ctrl+c");
    why_quote(why, name, len);
    why_put(why, ": unknown key ");
    why_quote(why, s, n);
    why_put(why, " (a single character, or one of enter tab backspace escape space up down "
                 "left right home end pageup pagedown insert delete f1-f12 kp0-kp9 kpenter "
                 "kpadd kpsubtract kpmultiply kpdivide kpdecimal kpcomma kpequal)");
    return TSR_ERR_INVALID;
}

int tsr_key_parse_why(const char *name, size_t len, tsr_key *out, tsr_buf *why)
{
    if (!out || (!name && len)) {
        why_put(why, "no key name or no output");
        return TSR_ERR_INVALID;
    }
    if (len == 0)
        return fail(why, "", 0, "empty key name");
    /* The key is after the last '+', except that a final '+' after another
     * '+' (or alone) is the plus key itself: "+", "alt++". */
    size_t key_at;
    if (name[len - 1] == '+') {
        if (len > 1 && name[len - 2] != '+')
            return fail(why, name, len, "missing key after the last '+'");
        key_at = len - 1;
    } else {
        key_at = len;
        while (key_at > 0 && name[key_at - 1] != '+')
            key_at--;
    }
    tsr_key k = {.code = TSR_KEY_CHAR, .ch = 0, .mods = 0};
    size_t at = 0;
    while (at < key_at) { /* every modifier token ends with the '+' before the key */
        size_t end = at;
        while (name[end] != '+')
            end++;
        int bit = find_modifier(name + at, end - at);
        tsr_key probe;
        if (end == at)
            return fail(why, name, len, "an empty modifier (two '+' in a row)");
        if (!bit && parse_key_token(name, len, name + at, end - at, &probe, NULL) == TSR_OK) {
            why_quote(why, name, len);
            why_put(why, ": ");
            why_quote(why, name + at, end - at);
            why_put(why, " is a key, not a modifier: a name holds one key");
            return TSR_ERR_INVALID;
        }
        if (!bit) {
            why_quote(why, name, len);
            why_put(why, ": unknown modifier ");
            why_quote(why, name + at, end - at);
            why_put(why, " (modifiers: ctrl or control, alt or meta or option, shift)");
            return TSR_ERR_INVALID;
        }
        if (k.mods & bit) {
            why_quote(why, name, len);
            why_put(why, ": modifier ");
            why_quote(why, name + at, end - at);
            why_put(why, " given twice");
            return TSR_ERR_INVALID;
        }
        k.mods |= bit;
        at = end + 1;
    }
    int rc = parse_key_token(name, len, name + key_at, len - key_at, &k, why);
    if (rc)
        return rc;
    if (input_key_check(&k, NULL) != TSR_OK) {
        why_quote(why, name, len);
        why_put(why, ": ");
        return input_key_check(&k, why);
    }
    *out = k;
    return TSR_OK;
}

int tsr_key_parse(const char *name, size_t len, tsr_key *out)
{
    return tsr_key_parse_why(name, len, out, NULL);
}

int tsr_key_name(const tsr_key *key, tsr_buf *out)
{
    if (!out || input_key_check(key, NULL) != TSR_OK)
        return TSR_ERR_INVALID;
    char tmp[64];
    size_t n = 0;
    static const char *const prefixes[] = {"ctrl+", "alt+", "shift+"};
    static const int bits[] = {TSR_MOD_CTRL, TSR_MOD_ALT, TSR_MOD_SHIFT};
    for (int i = 0; i < 3; i++) {
        if (key->mods & bits[i]) {
            memcpy(tmp + n, prefixes[i], strlen(prefixes[i]));
            n += strlen(prefixes[i]);
        }
    }
    const char *word = NULL;
    char fname[4];
    if (key->code == TSR_KEY_CHAR && key->ch == ' ') {
        word = "space";
    } else if (key->code == TSR_KEY_CHAR) {
        n += (size_t)tsr_utf8_encode(key->ch, tmp + n);
    } else if (key->code >= TSR_KEY_F1 && key->code <= TSR_KEY_F12) {
        int v = key->code - TSR_KEY_F1 + 1;
        fname[0] = 'f';
        fname[1] = (char)(v < 10 ? '0' + v : '1');
        fname[2] = (char)(v < 10 ? '\0' : '0' + v - 10);
        fname[3] = '\0';
        word = fname;
    } else if (key->code >= TSR_KEY_KP0 && key->code <= TSR_KEY_KP9) {
        tmp[n++] = 'k', tmp[n++] = 'p', tmp[n++] = (char)('0' + key->code - TSR_KEY_KP0);
    } else {
        const name_entry *t = key->code >= TSR_KEY_KP_ENTER ? keypad_keys : named_keys;
        size_t count = t == keypad_keys ? COUNT(keypad_keys) : COUNT(named_keys);
        if (t == keypad_keys)
            tmp[n++] = 'k', tmp[n++] = 'p';
        for (size_t i = 0; i < count && !word; i++)
            if (t[i].code == key->code)
                word = t[i].name;
    }
    if (word) {
        memcpy(tmp + n, word, strlen(word));
        n += strlen(word);
    }
    return tsr_buf_append(out, tmp, n);
}
