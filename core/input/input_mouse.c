/* Mouse events to bytes for the tracking mode the program enabled: SGR
 * (?1006) or the legacy CSI M form. Asking for an event the program did not
 * ask for is TSR_ERR_MODE: a test that clicks into a program that never
 * enabled the mouse has a bug, and silence would hide it. */
#include "tessera/text.h"
#include "input_why.h"

#define LEGACY_MAX 223 /* 255 - 32: the largest coordinate one byte holds */

/* Checks that the action, button and modifiers make sense together. */
static int check_event(int action, int button, int mods, tsr_buf *why)
{
    if (action < TSR_MOUSE_ACT_DOWN || action > TSR_MOUSE_ACT_WHEEL) {
        why_put(why, "unknown mouse action ");
        why_int(why, action);
        return TSR_ERR_INVALID;
    }
    if (button < TSR_MOUSE_BTN_NONE || button > TSR_MOUSE_BTN_WHEEL_DOWN) {
        why_put(why, "unknown mouse button ");
        why_int(why, button);
        return TSR_ERR_INVALID;
    }
    if (mods & ~TSR_MOD_ALL) {
        why_put(why, "unknown modifier bits in ");
        why_int(why, mods);
        return TSR_ERR_INVALID;
    }
    int wheel = button == TSR_MOUSE_BTN_WHEEL_UP || button == TSR_MOUSE_BTN_WHEEL_DOWN;
    if (action == TSR_MOUSE_ACT_WHEEL && !wheel) {
        why_put(why, "a wheel event needs the wheel-up or wheel-down button");
        return TSR_ERR_INVALID;
    }
    if (action != TSR_MOUSE_ACT_WHEEL && wheel) {
        why_put(why, "the wheel buttons only scroll (a wheel event), they are never held");
        return TSR_ERR_INVALID;
    }
    if (button == TSR_MOUSE_BTN_NONE && action != TSR_MOUSE_ACT_MOVE) {
        why_put(why, "a press, release or click needs a button");
        return TSR_ERR_INVALID;
    }
    return TSR_OK;
}

/* Checks that the program's tracking mode reports this event. */
static int check_mode(int tracking, int action, int button, tsr_buf *why)
{
    if (tracking == TSR_MOUSE_OFF) {
        why_put(why, "mouse tracking is off: the program has not enabled ?9, ?1000, ?1002 "
                     "or ?1003");
        return TSR_ERR_MODE;
    }
    if (action == TSR_MOUSE_ACT_MOVE) {
        if (tracking == TSR_MOUSE_X10 || tracking == TSR_MOUSE_NORMAL) {
            why_put(why, tracking == TSR_MOUSE_X10 ? "mouse motion needs ?1002 or ?1003; "
                                                     "the program enabled ?9 only"
                                                   : "mouse motion needs ?1002 or ?1003; "
                                                     "the program enabled ?1000 only");
            return TSR_ERR_MODE;
        }
        if (tracking == TSR_MOUSE_BUTTON && button == TSR_MOUSE_BTN_NONE) {
            why_put(why, "?1002 reports motion only while a button is held: name the held "
                         "button, or the program must enable ?1003");
            return TSR_ERR_MODE;
        }
    }
    if (action == TSR_MOUSE_ACT_UP && tracking == TSR_MOUSE_X10) {
        why_put(why, "?9 (X10) tracking reports presses only; a release cannot be sent");
        return TSR_ERR_MODE;
    }
    return TSR_OK;
}

/* xterm's button number: 0-2 buttons, 3 none (motion, legacy release), 64
 * and 65 the wheel; motion adds 32; shift 4, alt 8, ctrl 16. */
static int button_code(int action, int button, int mods, int release, int x10)
{
    int b;
    if (button == TSR_MOUSE_BTN_WHEEL_UP || button == TSR_MOUSE_BTN_WHEEL_DOWN)
        b = 64 + (button - TSR_MOUSE_BTN_WHEEL_UP);
    else if (button == TSR_MOUSE_BTN_NONE || release)
        b = 3;
    else
        b = button - TSR_MOUSE_BTN_LEFT;
    if (action == TSR_MOUSE_ACT_MOVE)
        b += 32;
    if (!x10) /* X10 reports no modifiers */
        b += (mods & TSR_MOD_SHIFT ? 4 : 0) + (mods & TSR_MOD_ALT ? 8 : 0) +
             (mods & TSR_MOD_CTRL ? 16 : 0);
    return b;
}

/* One report; release only for the SGR form's 'm'. */
static int put_report(tsr_buf *out, int sgr, int x10, int action, int button, int row,
                      int col, int mods, int release)
{
    int rc;
    if (sgr) {
        /* SGR keeps the released button's number; the final says release */
        int b = button_code(action, button, mods, 0, x10);
        rc = tsr_buf_puts(out, "\x1b[<");
        if (!rc)
            rc = tsr_buf_put_uint(out, (unsigned long)b);
        if (!rc)
            rc = tsr_buf_putc(out, ';');
        if (!rc)
            rc = tsr_buf_put_uint(out, (unsigned long)col + 1);
        if (!rc)
            rc = tsr_buf_putc(out, ';');
        if (!rc)
            rc = tsr_buf_put_uint(out, (unsigned long)row + 1);
        if (!rc)
            rc = tsr_buf_putc(out, release ? 'm' : 'M');
        return rc;
    }
    int b = button_code(action, button, mods, release, x10);
    int x = col + 1 > LEGACY_MAX ? LEGACY_MAX : col + 1;
    int y = row + 1 > LEGACY_MAX ? LEGACY_MAX : row + 1;
    char s[6] = {0x1b, '[', 'M', (char)(unsigned char)(32 + b), (char)(unsigned char)(32 + x),
                 (char)(unsigned char)(32 + y)};
    return tsr_buf_append(out, s, sizeof s);
}

int tsr_encode_mouse_why(const tsr_term *t, int action, int button, int row, int col,
                         int mods, tsr_buf *out, tsr_buf *why)
{
    if (!t || !out) {
        why_put(why, "no terminal or no output buffer");
        return TSR_ERR_INVALID;
    }
    int rc = check_event(action, button, mods, why);
    if (rc)
        return rc;
    if (row < 0 || col < 0 || row >= tsr_term_rows(t) || col >= tsr_term_cols(t)) {
        why_put(why, "mouse position row ");
        why_int(why, row);
        why_put(why, ", col ");
        why_int(why, col);
        why_put(why, " is outside the ");
        why_int(why, tsr_term_rows(t));
        why_put(why, "x");
        why_int(why, tsr_term_cols(t));
        why_put(why, " screen (0-based)");
        return TSR_ERR_RANGE;
    }
    int tracking = tsr_term_mouse_tracking(t);
    rc = check_mode(tracking, action, button, why);
    if (rc)
        return rc;
    int sgr = tsr_term_mouse_encoding(t) == TSR_MOUSE_ENC_SGR;
    int x10 = tracking == TSR_MOUSE_X10;
    size_t mark = out->len;
    int press = action != TSR_MOUSE_ACT_UP;
    int release = action == TSR_MOUSE_ACT_UP || (action == TSR_MOUSE_ACT_CLICK && !x10);
    int one = action == TSR_MOUSE_ACT_CLICK ? TSR_MOUSE_ACT_DOWN : action;
    if (press)
        rc = put_report(out, sgr, x10, one, button, row, col, mods, 0);
    if (!rc && release)
        rc = put_report(out, sgr, x10, TSR_MOUSE_ACT_UP, button, row, col, mods, 1);
    if (rc) {
        out->len = mark; /* all or nothing */
        if (out->data)
            out->data[mark] = '\0';
        why_put(why, "out of memory");
    }
    return rc;
}

int tsr_encode_mouse(const tsr_term *t, int action, int button, int row, int col, int mods,
                     tsr_buf *out)
{
    return tsr_encode_mouse_why(t, action, button, row, col, mods, out, NULL);
}
