/* Keys under xterm's modifyOtherKeys (ctlseqs: XTMODKEYS, CSI > 4 ; n m),
 * in xterm's default formatOtherKeys 0: a modified key that is not a
 * cursor, function or keypad key (those keep their CSI 1;m forms) goes as
 * CSI 27 ; m ; code ~, m being xterm's modifier parameter and code the
 * character the key makes (its upper case with shift: ctrl+shift+a is 65),
 * 13 for Enter, 9 for Tab, 27 for Escape, 127 for Backspace (8 under
 * ctrl, which turns it into BS).
 *
 * Which keys change follows xterm's input.c (ModifyOtherKeys and
 * allowedCharModifiers, with metaSendsEscape on, as tessera's Alt):
 * level 1 leaves every key alone whose legacy bytes already say what was
 * pressed (ctrl+letter, alt's ESC prefix, shift+tab's CSI Z, ctrl+2's NUL,
 * Backspace) and changes only the others; level 2 changes every modified
 * key except Shift alone on a character other than a letter or space and
 * ctrl alone on Backspace. */
#include "input_seq.h"

/* xterm's IsControlInput: keysyms 0x40-0x7f, the letters and @[\]^_`{|}~,
 * which ctrl already maps. */
static int control_input(uint32_t keysym)
{
    return keysym >= 0x40 && keysym <= 0x7f;
}

/* The character key: whether the level changes it. */
static int char_modified(int level, const key_press *p)
{
    int letter = p->base >= 'a' && p->base <= 'z';
    if (!p->mods)
        return 0;
    if (level == 1)
        return letter && p->mods == (TSR_MOD_CTRL | TSR_MOD_SHIFT);
    uint32_t keysym = p->shifted ? p->shifted : p->base;
    if (control_input(keysym))
        return 1;
    if (p->mods == TSR_MOD_SHIFT)
        return p->base == ' ';
    return (p->mods & (TSR_MOD_CTRL | TSR_MOD_ALT)) != 0;
}

int input_mok_key(int level, const tsr_key *k, seq *s)
{
    int mods = k->mods, modified = 0;
    uint32_t code = 0;
    switch (k->code) {
    case TSR_KEY_CHAR: {
        key_press p = input_key_press(k);
        mods = p.mods;
        code = p.shifted ? p.shifted : p.base;
        modified = char_modified(level, &p);
        break;
    }
    case TSR_KEY_ENTER:
        code = 13;
        modified = mods != 0;
        break;
    case TSR_KEY_TAB:
        code = 9; /* level 1 keeps shift+tab as CSI Z (ISO_Left_Tab) */
        modified = mods != 0 && !(level == 1 && mods == TSR_MOD_SHIFT);
        break;
    case TSR_KEY_ESCAPE:
        code = 27;
        if (level == 1)
            modified = (mods & TSR_MOD_ALT) || mods == (TSR_MOD_CTRL | TSR_MOD_SHIFT);
        else
            modified = (mods & (TSR_MOD_CTRL | TSR_MOD_ALT)) != 0;
        break;
    case TSR_KEY_BACKSPACE:
        code = (mods & TSR_MOD_CTRL) ? 8 : 127;
        modified = level == 2 && (mods & (TSR_MOD_SHIFT | TSR_MOD_ALT));
        break;
    default:
        return 0;
    }
    if (!modified)
        return 0;
    put_csi(s);
    put_num(s, 27);
    put(s, ';');
    put_num(s, 1u + (unsigned)mods);
    put(s, ';');
    put_num(s, code);
    put(s, '~');
    return 1;
}
