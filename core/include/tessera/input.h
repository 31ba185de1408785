/* tessera: input encoders, the bytes a terminal sends to its program.
 *
 * Pure functions of the terminal's current modes (DECCKM, DECKPAM, LNM,
 * mouse tracking and encoding, ?1004, ?2004, the keyboard protocols): they
 * read the terminal, never change it, and do no I/O. Every encoder appends
 * to out and, on failure, leaves out exactly as it was. Keys follow xterm
 * with its default resources (metaSendsEscape on) until the program turns
 * on the kitty keyboard protocol (CSI > flags u) or modifyOtherKeys
 * (CSI > 4 ; n m); then they follow that, kitty's first when both are on.
 * Every byte is in docs/keys.md.
 *
 * Failing loudly: asking for input the program has not enabled (a mouse
 * event with tracking off, motion without ?1002/?1003, a release under ?9,
 * focus with ?1004 off) is TSR_ERR_MODE, never a silent no-op. The *_why
 * variants append a one-line reason to why (may be NULL) on failure. */
#ifndef TESSERA_INPUT_H
#define TESSERA_INPUT_H

#include "tessera/tessera.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ keys */

/* Modifier bits; xterm's parameter is 1 + these (CSI 1;5A is ctrl+up). */
enum {
    TSR_MOD_SHIFT = 1,
    TSR_MOD_ALT = 2, /* also spelled meta / option */
    TSR_MOD_CTRL = 4,
};
#define TSR_MOD_ALL 7

typedef enum tsr_key_code {
    TSR_KEY_CHAR = 0, /* a character: tsr_key.ch (space is ' ') */
    TSR_KEY_ENTER = 1,
    TSR_KEY_TAB = 2,
    TSR_KEY_BACKSPACE = 3,
    TSR_KEY_ESCAPE = 4,
    TSR_KEY_UP = 5,
    TSR_KEY_DOWN = 6,
    TSR_KEY_RIGHT = 7,
    TSR_KEY_LEFT = 8,
    TSR_KEY_HOME = 9,
    TSR_KEY_END = 10,
    TSR_KEY_PAGEUP = 11,
    TSR_KEY_PAGEDOWN = 12,
    TSR_KEY_INSERT = 13,
    TSR_KEY_DELETE = 14,
    TSR_KEY_F1 = 20, /* F1..F12 are TSR_KEY_F1 + 0..11 */
    TSR_KEY_F12 = 31,
    TSR_KEY_KP0 = 40, /* keypad 0..9 are TSR_KEY_KP0 + 0..9 */
    TSR_KEY_KP9 = 49,
    TSR_KEY_KP_ENTER = 50,
    TSR_KEY_KP_ADD = 51,
    TSR_KEY_KP_SUBTRACT = 52,
    TSR_KEY_KP_MULTIPLY = 53,
    TSR_KEY_KP_DIVIDE = 54,
    TSR_KEY_KP_DECIMAL = 55,
    TSR_KEY_KP_COMMA = 56,
    TSR_KEY_KP_EQUAL = 57,
} tsr_key_code;

typedef struct tsr_key {
    int code;    /* tsr_key_code */
    uint32_t ch; /* TSR_KEY_CHAR: the Unicode scalar value; else 0 */
    int mods;    /* TSR_MOD_* */
} tsr_key;

/* Parses a key name such as "ctrl+c", "Control+C", "alt+x", "shift+tab",
 * "ArrowUp", "PageDown", "f5", "kp7", "ctrl+alt+delete", "+" or "ctrl++".
 * Modifiers (ctrl/control, alt/meta/option, shift) and named keys are
 * case-insensitive and joined by '+'; a single character names itself, so
 * "A" types 'A' (and "ctrl+C" is ctrl+c). Emacs spellings ("C-c") are
 * rejected with a hint. A name that parses is also valid to encode:
 * combinations the terminal cannot send (ctrl+'.', shift+'1', ctrl+kp5)
 * are TSR_ERR_INVALID here, before anything runs. */
int tsr_key_parse(const char *name, size_t len, tsr_key *out);
int tsr_key_parse_why(const char *name, size_t len, tsr_key *out, tsr_buf *why);

/* The canonical name of a key ("ctrl+alt+up", "shift+a", "kpenter"), which
 * tsr_key_parse reads back to the same key. */
int tsr_key_name(const tsr_key *key, tsr_buf *out);

/* The bytes the key sends in the terminal's current modes: xterm's, or the
 * kitty keyboard protocol's or modifyOtherKeys' when the program turned one
 * on. Under kitty's flag 2 (event types) the bytes are the press and then
 * the release. Which keys parse does not depend on the modes. */
int tsr_encode_key(const tsr_term *t, const tsr_key *key, tsr_buf *out);
int tsr_encode_key_why(const tsr_term *t, const tsr_key *key, tsr_buf *out, tsr_buf *why);

/* Typed text: the UTF-8 bytes as they are (no mode changes them). */
int tsr_encode_text(const tsr_term *t, const char *text, size_t len, tsr_buf *out);

/* ------------------------------------------------------------ mouse */

typedef enum tsr_mouse_action {
    TSR_MOUSE_ACT_DOWN = 1,
    TSR_MOUSE_ACT_UP = 2,
    TSR_MOUSE_ACT_CLICK = 3, /* down then up from one look at the modes */
    TSR_MOUSE_ACT_MOVE = 4,  /* motion; button is the one held, or NONE */
    TSR_MOUSE_ACT_WHEEL = 5, /* one wheel notch (a press, never released) */
} tsr_mouse_action;

typedef enum tsr_mouse_button {
    TSR_MOUSE_BTN_NONE = 0, /* only for MOVE: no button held */
    TSR_MOUSE_BTN_LEFT = 1,
    TSR_MOUSE_BTN_MIDDLE = 2,
    TSR_MOUSE_BTN_RIGHT = 3,
    TSR_MOUSE_BTN_WHEEL_UP = 4,   /* only for WHEEL */
    TSR_MOUSE_BTN_WHEEL_DOWN = 5, /* only for WHEEL */
} tsr_mouse_button;

/* A mouse event at a 0-based cell, mods TSR_MOD_*. SGR (CSI < b;x;y M/m)
 * when ?1006 is on, else the legacy CSI M Cb Cx Cy with coordinates capped
 * at 223 (?1005 and ?1015 are tracked but sent this way too).
 * TSR_ERR_MODE: tracking is off; MOVE without ?1002/?1003; MOVE under ?1002
 * with no button held; UP under ?9 (X10 reports presses only; a CLICK there
 * is the press alone, and modifiers are not reported).
 * TSR_ERR_RANGE: the cell is outside the screen. TSR_ERR_INVALID: an
 * unknown action, button or modifier, or a button the action cannot take. */
int tsr_encode_mouse(const tsr_term *t, int action, int button, int row, int col, int mods,
                     tsr_buf *out);
int tsr_encode_mouse_why(const tsr_term *t, int action, int button, int row, int col,
                         int mods, tsr_buf *out, tsr_buf *why);

/* ------------------------------------------------------------ paste, focus */

/* Pasted text: CSI 200~ text CSI 201~ when ?2004 is on, with every ESC[201~
 * inside the text removed first (repeatedly, so none can be formed by the
 * removal) so that a paste cannot end itself early; the text as it is when
 * ?2004 is off. */
int tsr_encode_paste(const tsr_term *t, const char *text, size_t len, tsr_buf *out);

/* Focus in (in non-zero: CSI I) or out (CSI O). TSR_ERR_MODE when ?1004
 * is off. */
int tsr_encode_focus(const tsr_term *t, int in, tsr_buf *out);
int tsr_encode_focus_why(const tsr_term *t, int in, tsr_buf *out, tsr_buf *why);

#ifdef __cplusplus
}
#endif

#endif
