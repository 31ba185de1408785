/* A short key sequence under construction, shared by the key encoders
 * (input_keys.c, input_kitty.c, input_mok.c): appended to the caller's
 * buffer only when complete, so a failure leaves that buffer untouched. */
#ifndef TSR_INPUT_SEQ_H
#define TSR_INPUT_SEQ_H

#include "tessera/input.h"

#define ESC 0x1b

typedef struct seq {
    char b[96]; /* a kitty press and release with text fit several times */
    size_t n;
} seq;

static inline void put(seq *s, char c)
{
    if (s->n < sizeof s->b)
        s->b[s->n++] = c;
}

static inline void put_num(seq *s, unsigned long v)
{
    char tmp[12];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v && n < (int)sizeof tmp);
    while (n)
        put(s, tmp[--n]);
}

static inline void put_csi(seq *s)
{
    put(s, ESC);
    put(s, '[');
}

/* A key as a keyboard would press it, for the protocols that report keys
 * rather than characters: an ASCII letter is its lower-case key, with shift
 * when the name gave it or the letter is upper case without ctrl (so
 * "ctrl+C" is ctrl+c, as in the legacy encoding, and "A" is shift+a);
 * shifted is the upper-case letter when shift is down, else 0. Any other
 * character is its own key: the layout that would shift it is unknown. */
typedef struct key_press {
    uint32_t base, shifted;
    int mods;
} key_press;

static inline key_press input_key_press(const tsr_key *k)
{
    key_press p = {k->ch, 0, k->mods};
    uint32_t c = k->ch;
    if (c >= 'A' && c <= 'Z') {
        p.base = c - 'A' + 'a';
        if (!(k->mods & TSR_MOD_CTRL))
            p.mods |= TSR_MOD_SHIFT;
    }
    if (p.base >= 'a' && p.base <= 'z' && (p.mods & TSR_MOD_SHIFT))
        p.shifted = p.base - 'a' + 'A';
    return p;
}

/* input_keys.c: the C0 byte ctrl makes of a character (Xlib's table), or -1. */
int input_ctrl_byte(uint32_t ch);

/* input_kitty.c: the key as the kitty keyboard protocol sends it under
 * flags (non-zero): a press, and under flag 2 its release. */
void input_kitty_key(const tsr_term *t, int flags, const tsr_key *k, seq *s);
/* input_mok.c: 1 when xterm's modifyOtherKeys at level (1 or 2) sends the
 * key as CSI 27 ; m ; code ~ (written to s), 0 when the legacy bytes stand. */
int input_mok_key(int level, const tsr_key *k, seq *s);

#endif
