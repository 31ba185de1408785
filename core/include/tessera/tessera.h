/* tessera: the public ABI of the emulator core.
 *
 * One header family is the whole contract between the core and its front
 * ends (the native CLI, the wasm engines, the JS package). Structs that cross
 * it are plain data; the terminal itself is opaque. Every function that can
 * fail returns a tsr_status (0 is success, negative is an error); nothing
 * aborts, nothing prints, nothing touches a file or a clock.
 */
#ifndef TESSERA_H
#define TESSERA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TSR_ABI_VERSION 1

typedef enum tsr_status {
    TSR_OK = 0,
    TSR_ERR_NOMEM = -1,   /* an allocation failed; the terminal is unchanged */
    TSR_ERR_INVALID = -2, /* a bad argument (NULL, out-of-range size, ...) */
    TSR_ERR_RANGE = -3,   /* a row or column outside the screen */
} tsr_status;

/* Human-readable name of a status, never NULL. */
const char *tsr_status_str(int status);

/* ------------------------------------------------------------ limits */

#define TSR_MAX_ROWS 1000
#define TSR_MAX_COLS 1000
#define TSR_MAX_SCROLLBACK 1000000
#define TSR_DEFAULT_SCROLLBACK 1000
#define TSR_MAX_CLUSTER_CPS 16   /* codepoints kept in one cell's cluster */
#define TSR_MAX_TITLE_BYTES 4096
#define TSR_MAX_OSC_BYTES 65536  /* longer OSC strings are dropped, noted */
#define TSR_MAX_UNHANDLED 100
#define TSR_TITLE_STACK_DEPTH 10

/* ------------------------------------------------------------ buffers */

/* A growable byte buffer owned by the caller. Render functions append to it
 * (and keep it NUL-terminated); free it with tsr_buf_free. A zeroed struct is
 * an empty buffer. */
typedef struct tsr_buf {
    char *data;
    size_t len;
    size_t cap;
} tsr_buf;

void tsr_buf_free(tsr_buf *buf);
void tsr_buf_clear(tsr_buf *buf); /* len = 0, keeps the allocation */

/* ------------------------------------------------------------ terminal */

typedef struct tsr_term tsr_term;

typedef struct tsr_options {
    int rows;       /* 1..TSR_MAX_ROWS, default 24 */
    int cols;       /* 1..TSR_MAX_COLS, default 80 */
    int scrollback; /* lines kept above the primary screen, 0..TSR_MAX_SCROLLBACK */
    int reflow;     /* non-zero: re-wrap the primary screen on resize */
} tsr_options;

void tsr_options_default(tsr_options *opts);

/* Creates a terminal; *out is set only on success. */
int tsr_term_new(const tsr_options *opts, tsr_term **out);
void tsr_term_free(tsr_term *term);

/* Feeds bytes as a program wrote them. Partial sequences (and partial UTF-8)
 * carry over to the next call. Fails only with TSR_ERR_NOMEM. */
int tsr_term_feed(tsr_term *term, const void *bytes, size_t len);

/* Resizes the viewport: truncate/pad, or reflow when the terminal was made
 * with reflow on (primary screen and scrollback only). */
int tsr_term_resize(tsr_term *term, int rows, int cols);

/* A full reset (as RIS), keeping the size, scrollback limit and reflow. */
int tsr_term_reset(tsr_term *term);

int tsr_term_rows(const tsr_term *term);
int tsr_term_cols(const tsr_term *term);
int tsr_term_reflow(const tsr_term *term);

/* ------------------------------------------------------------ cursor */

typedef enum tsr_cursor_shape {
    TSR_CURSOR_DEFAULT = 0, /* DECSCUSR 0: the terminal's default (block) */
    TSR_CURSOR_BLOCK = 1,
    TSR_CURSOR_UNDERLINE = 2,
    TSR_CURSOR_BAR = 3,
} tsr_cursor_shape;

typedef struct tsr_cursor {
    int row, col;     /* zero-based, in the viewport */
    int visible;      /* DECTCEM */
    int shape;        /* tsr_cursor_shape */
    int blink;        /* from DECSCUSR (odd values and 0 blink) or mode 12 */
    int pending_wrap; /* the last column was written with autowrap on */
} tsr_cursor;

void tsr_term_cursor(const tsr_term *term, tsr_cursor *out);

/* ------------------------------------------------------------ cells and styles */

/* A colour is one uint32: kind in the top byte, value below. */
#define TSR_COLOR_DEFAULT 0u
#define TSR_COLOR_INDEXED(i) (0x01000000u | ((uint32_t)(i) & 0xffu))
#define TSR_COLOR_RGB(r, g, b) \
    (0x02000000u | ((uint32_t)(r) << 16) | ((uint32_t)(g) << 8) | (uint32_t)(b))
#define TSR_COLOR_KIND(c) ((c) >> 24)
#define TSR_COLOR_KIND_DEFAULT 0u
#define TSR_COLOR_KIND_INDEXED 1u
#define TSR_COLOR_KIND_RGB 2u

enum {
    TSR_ATTR_BOLD = 1u << 0,
    TSR_ATTR_DIM = 1u << 1,
    TSR_ATTR_ITALIC = 1u << 2,
    TSR_ATTR_BLINK = 1u << 3,
    TSR_ATTR_INVERSE = 1u << 4,
    TSR_ATTR_HIDDEN = 1u << 5,
    TSR_ATTR_STRIKE = 1u << 6,
    TSR_ATTR_OVERLINE = 1u << 7,
};

typedef enum tsr_underline {
    TSR_UNDERLINE_NONE = 0,
    TSR_UNDERLINE_SINGLE = 1,
    TSR_UNDERLINE_DOUBLE = 2,
    TSR_UNDERLINE_CURLY = 3,
    TSR_UNDERLINE_DOTTED = 4,
    TSR_UNDERLINE_DASHED = 5,
} tsr_underline;

typedef struct tsr_style {
    uint32_t fg, bg, ul_color; /* TSR_COLOR_* */
    uint16_t attrs;            /* TSR_ATTR_* */
    uint8_t underline;         /* tsr_underline */
    uint8_t reserved;
    uint32_t link;             /* OSC 8 hyperlink id, 0 for none */
} tsr_style;

typedef struct tsr_cell_info {
    uint32_t cps[TSR_MAX_CLUSTER_CPS]; /* the grapheme cluster; ncps 0 = blank */
    int ncps;
    int width;     /* 1, 2 for a wide head, 0 for the tail of a wide cell */
    int protected_; /* DECSCA */
    tsr_style style;
} tsr_cell_info;

int tsr_term_cell(const tsr_term *term, int row, int col, tsr_cell_info *out);

/* The URI of a hyperlink id from a cell's style (appended to out). */
int tsr_term_hyperlink(const tsr_term *term, uint32_t link, tsr_buf *out);

/* ------------------------------------------------------------ renderings */

/* The viewport's text: rows with trailing spaces trimmed, joined by '\n',
 * trailing blank rows dropped. No final newline. */
int tsr_render_text(const tsr_term *term, tsr_buf *out);
/* One visible row, trailing spaces trimmed. */
int tsr_render_row(const tsr_term *term, int row, tsr_buf *out);
/* The exact grid: every row, each padded to cols cells, joined by '\n'. */
int tsr_render_exact(const tsr_term *term, tsr_buf *out);
/* Run-length styled rows ({attrs}text), joined by '\n'. */
int tsr_render_styled(const tsr_term *term, tsr_buf *out);
/* Scrollback lines, oldest first, trailing spaces trimmed, joined by '\n'. */
int tsr_render_scrollback(const tsr_term *term, tsr_buf *out);
int tsr_term_scrollback_lines(const tsr_term *term);
/* One JSON object: rows, cursor, modes, title (see README). */
int tsr_render_json(const tsr_term *term, tsr_buf *out);

/* ------------------------------------------------------------ search */

typedef struct tsr_match {
    int row;
    int col;   /* first cell of the match */
    int cells; /* cells covered (a wide character counts two) */
} tsr_match;

typedef struct tsr_region {
    int row, col, height, width; /* zero-based cells; height/width 0 = to the edge */
} tsr_region;

/* Every match of a literal UTF-8 needle in the visible rows, row-major. With
 * exact, a row matches only if its whole trimmed text equals the needle.
 * region may be NULL (the whole viewport); a match must lie wholly inside it.
 * Up to max matches are written to out; *count gets the total found. */
int tsr_term_find_all(const tsr_term *term, const char *needle, size_t len, int exact,
                      const tsr_region *region, tsr_match *out, size_t max, size_t *count);

/* ------------------------------------------------------------ state */

typedef enum tsr_mouse_tracking {
    TSR_MOUSE_OFF = 0,
    TSR_MOUSE_X10 = 1,    /* ?9 */
    TSR_MOUSE_NORMAL = 2, /* ?1000 */
    TSR_MOUSE_BUTTON = 3, /* ?1002 */
    TSR_MOUSE_ANY = 4,    /* ?1003 */
} tsr_mouse_tracking;

typedef enum tsr_mouse_encoding {
    TSR_MOUSE_ENC_DEFAULT = 0,
    TSR_MOUSE_ENC_UTF8 = 1,  /* ?1005 */
    TSR_MOUSE_ENC_SGR = 2,   /* ?1006 */
    TSR_MOUSE_ENC_URXVT = 3, /* ?1015 */
} tsr_mouse_encoding;

/* Value of a mode: DEC private (private_ non-zero, e.g. 1049) or ANSI
 * (e.g. 4 IRM, 20 LNM). *value is 1 set, 0 reset; an untracked mode gives
 * TSR_ERR_INVALID. */
int tsr_term_mode(const tsr_term *term, int mode, int private_, int *value);
int tsr_term_mouse_tracking(const tsr_term *term);
int tsr_term_mouse_encoding(const tsr_term *term);
int tsr_term_alt_screen(const tsr_term *term);     /* the alternate buffer is active */
int tsr_term_keypad_app(const tsr_term *term);     /* DECKPAM */

/* Title and icon name as UTF-8 (never NULL; len may be NULL). */
const char *tsr_term_title(const tsr_term *term, size_t *len);
const char *tsr_term_icon_name(const tsr_term *term, size_t *len);
uint64_t tsr_term_bell_count(const tsr_term *term);

/* The last OSC 52 clipboard write: selection letters and the base64 payload
 * exactly as sent. Recorded, never acted on. */
const char *tsr_term_clipboard(const tsr_term *term, const char **selection);

/* The bounded debug list of sequences that were consumed but not acted on,
 * oldest first, each a short printable description. */
int tsr_term_unhandled_count(const tsr_term *term);
const char *tsr_term_unhandled(const tsr_term *term, int index);

/* ------------------------------------------------------------ replies */

/* Appends the bytes the terminal owes the program (DA, DSR/CPR, DECRQM,
 * XTVERSION, colour and size reports) to out and forgets them. */
int tsr_term_take_replies(tsr_term *term, tsr_buf *out);
/* Bytes waiting in the reply queue. */
size_t tsr_term_pending_replies(const tsr_term *term);

/* ------------------------------------------------------------ unicode */

/* Cell width of a codepoint as the core uses it: 0, 1 or 2. */
int tsr_codepoint_width(uint32_t cp);

#ifdef __cplusplus
}
#endif

#endif
