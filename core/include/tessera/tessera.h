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

/* TSR_ABI_VERSION of the core that was built: a host that loads the core at run time (a
 * shared library, a wasm module) checks it against the version it was written for. */
int tsr_abi_version(void);

typedef enum tsr_status {
    TSR_OK = 0,
    TSR_ERR_NOMEM = -1,   /* an allocation failed; the terminal is unchanged */
    TSR_ERR_INVALID = -2, /* a bad argument (NULL, out-of-range size, ...) */
    TSR_ERR_RANGE = -3,   /* a row or column outside the screen */
    TSR_ERR_EVICTED = -4, /* that revision is older than the retained history */
    TSR_ERR_AGAIN = -5,   /* a frame is incomplete: more bytes are needed */
    TSR_ERR_FORMAT = -6,  /* bytes that are not a valid frame */
    TSR_ERR_MODE = -7,    /* input the program has not enabled (mouse, focus) */
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
#define TSR_KITTY_STACK_DEPTH 8 /* kitty's own bound (screen.h): a push onto a full stack drops the oldest */
/* OSC 8: distinct hyperlinks alive at once (on the screen, the scrollback,
 * a saved cursor or a kept revision), and the longest URI kept (VTE's
 * bound); past either the text is written without a link, noted. */
#define TSR_MAX_LIVE_LINKS 4096
#define TSR_MAX_LINK_URI_BYTES 2083

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

/* Bounds of the revision history (0 = the default). Whichever is reached
 * first evicts the oldest revisions. */
#define TSR_DEFAULT_MAX_REVISIONS 1000
#define TSR_DEFAULT_MAX_RAW_BYTES (4u * 1024 * 1024)
#define TSR_DEFAULT_MAX_DECODED_BYTES (64u * 1024 * 1024)

typedef struct tsr_history_limits {
    uint32_t max_revisions;     /* revisions kept, at least 1 */
    uint64_t max_raw_bytes;     /* output bytes the kept revisions were made from */
    uint64_t max_decoded_bytes; /* memory of the kept revisions' distinct rows */
} tsr_history_limits;

typedef struct tsr_options {
    int rows;       /* 1..TSR_MAX_ROWS, default 24 */
    int cols;       /* 1..TSR_MAX_COLS, default 80 */
    int scrollback; /* lines kept above the primary screen, 0..TSR_MAX_SCROLLBACK */
    int reflow;     /* non-zero: re-wrap the primary screen on resize */
    tsr_history_limits history;
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

/* A line's size (DEC STD 070: DECSWL ESC # 5, DECDWL ESC # 6, DECDHL ESC # 3
 * and ESC # 4). A double-size line draws each of its cells two cells wide
 * (and a double-height pair, two lines tall), so it holds the first
 * (cols + 1) / 2 columns; its cells past them are blank. */
#define TSR_LINE_SINGLE 0
#define TSR_LINE_DOUBLE_WIDTH 1
#define TSR_LINE_DOUBLE_HEIGHT_TOP 2    /* the upper half of double-height text */
#define TSR_LINE_DOUBLE_HEIGHT_BOTTOM 3 /* the lower half */
/* The size of visible row `row`, or TSR_ERR_RANGE outside the screen. */
int tsr_term_line_size(const tsr_term *term, int row);

/* The 0xRRGGBB of palette entry index (0..255) before any OSC 4 change: the
 * 16 xterm colours, the 6x6x6 cube and the grey ramp. 0 outside the range. */
uint32_t tsr_palette_default(int index);

/* The colours a program sets beside the palette, numbered as the OSC that
 * sets them (OSC 110, 111, 112 reset them; RIS resets them and the palette). */
#define TSR_DYNAMIC_FG 10     /* the default text colour */
#define TSR_DYNAMIC_BG 11     /* the default background */
#define TSR_DYNAMIC_CURSOR 12 /* the cursor */

/* The 0xRRGGBB of that colour before any change (what its query answers
 * first); 0 for any other number. */
uint32_t tsr_dynamic_color_default(int which);

/* The 0xRRGGBB of palette entry index (0..255) and of a TSR_DYNAMIC_*
 * colour as the terminal has them now: the default unless the program
 * changed it. 0 for a NULL terminal, an index out of range or another
 * number. */
uint32_t tsr_term_palette(const tsr_term *term, int index);
uint32_t tsr_term_dynamic_color(const tsr_term *term, int which);

/* The URI of a hyperlink id from a cell's style, of the live screen or of
 * a kept revision (appended to out). TSR_ERR_INVALID for 0 or an id that
 * was never given or was freed: ids nothing shows any more are reused. */
int tsr_term_hyperlink(const tsr_term *term, uint32_t link, tsr_buf *out);

/* ------------------------------------------------------------ renderings */

/* The viewport's text: rows with trailing spaces trimmed, joined by '\n',
 * trailing blank rows dropped. No final newline. */
int tsr_render_text(const tsr_term *term, tsr_buf *out);
/* One visible row, trailing spaces trimmed. */
int tsr_render_row(const tsr_term *term, int row, tsr_buf *out);
/* The exact grid: every row, each padded to cols cells, joined by '\n'. */
int tsr_render_exact(const tsr_term *term, tsr_buf *out);
/* Run-length styled rows ({attrs}text), joined by '\n'; a brace of the
 * text is written twice ("{{", "}}"). */
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
/* The kitty keyboard protocol's flags on the active buffer's stack (0 when
 * empty): 1 disambiguate, 2 event types, 4 alternate keys, 8 all keys as
 * escape codes, 16 associated text. */
int tsr_term_kitty_keyboard(const tsr_term *term);
/* xterm's modifyOtherKeys level (CSI > 4 ; n m): 0, 1 or 2. */
int tsr_term_modify_other_keys(const tsr_term *term);

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

/* ------------------------------------------------------------ frames */

/* A frame is what crosses from a host to an engine: one PTY read, one
 * resize, one reset, the exit, or an input acknowledgement, each with the
 * host's monotonic time. The byte format is in core/README.md. */
typedef enum tsr_frame_type {
    TSR_FRAME_OUTPUT = 1,
    TSR_FRAME_RESIZE = 2,
    TSR_FRAME_RESET = 3,
    TSR_FRAME_EXIT = 4,
    TSR_FRAME_INPUT_ACK = 5,
    TSR_FRAME_INPUT = 6, /* bytes written to the program (journals); shows nothing */
    TSR_FRAME_MARK = 7,  /* a test's step as UTF-8 text (journals, traces); shows nothing */
    TSR_FRAME_KEYFRAME = 8, /* a whole screen (tsr_term_keyframe) where a trace was cut */
} tsr_frame_type;

#define TSR_FRAME_HEADER_BYTES 16
#define TSR_FRAME_MAX_PAYLOAD (16u * 1024 * 1024)

/* A journal (`tessera record --journal`, a failure's trace; replayed by the native CLI and
 * the JS package) is a line naming its version, then frames as tsr_frame_encode writes
 * them, the first a RESIZE of the recorded size. Version 2 may hold KEYFRAME frames (a
 * trace that dropped its oldest frames starts at one); version 1 never does, so
 * recordings, which hold none, keep writing it for older readers. Readers take both. */
#define TSR_JOURNAL_MAGIC "tessera-journal 2\n"
#define TSR_JOURNAL_MAGIC_V1 "tessera-journal 1\n"

typedef struct tsr_frame {
    int type;          /* tsr_frame_type */
    uint64_t time_ns;  /* host monotonic time */
    const uint8_t *data; /* OUTPUT: the bytes read; INPUT: the bytes written; MARK: its
                          * label; KEYFRAME: tsr_term_keyframe's bytes (not owned) */
    size_t len;
    int rows, cols;    /* RESIZE, KEYFRAME: the size */
    int exit_code;     /* EXIT: the status, or -1 when a signal ended it */
    int exit_signal;   /* EXIT: the signal, 0 if none */
    uint64_t action_id; /* INPUT_ACK */
} tsr_frame;

/* Appends the encoded frame to out. */
int tsr_frame_encode(const tsr_frame *frame, tsr_buf *out);
/* Decodes one frame from the start of bytes. On success *consumed is its
 * length and, for OUTPUT, frame->data points into bytes. TSR_ERR_AGAIN if
 * the frame is not complete yet; TSR_ERR_FORMAT if it can never be valid. */
int tsr_frame_decode(const void *bytes, size_t len, tsr_frame *frame, size_t *consumed);

/* A keyframe: bytes that, fed to a freshly reset terminal of this one's size, rebuild
 * what it shows: every cell of both buffers with its text and style (hyperlinks
 * included), soft wraps, the cursor (place, pending wrap, shape, visibility), the pen,
 * charsets, saved cursors, margins, tab stops, the modes, titles and their stack, the
 * palette, the clipboard, and the newest scrollback lines whose bytes fit in
 * scrollback_bytes (0: none). The bell count and the unhandled list are not kept; the
 * few approximations are in core/README.md, "Keyframes". Appended to out; a KEYFRAME
 * frame carries them with the size, and applying it resets the terminal, sizes it and
 * feeds them. */
int tsr_term_keyframe(const tsr_term *term, size_t scrollback_bytes, tsr_buf *out);

/* Applies a frame. If what a person would see changed (visible cells and
 * their styles, the cursor's position, shape, visibility and blink, the
 * active buffer, reverse video, the colours the program set, the size), a
 * revision is made, stamped with
 * the frame's time: at most one per frame. *made (may be NULL) says so. */
int tsr_term_apply_frame(tsr_term *term, const tsr_frame *frame, int *made);

/* The exit frame, if one was applied: 1 and the status, else 0. */
int tsr_term_exit_status(const tsr_term *term, int *code, int *signal);

/* ------------------------------------------------------------ revisions */

typedef struct tsr_snapshot tsr_snapshot;

/* The newest revision's number (revision 0 is the initial screen, made
 * when the terminal is created) and the oldest still kept. */
uint64_t tsr_term_revision(const tsr_term *term);
uint64_t tsr_term_oldest_revision(const tsr_term *term);

/* A kept revision. The pointer stays valid until that revision is evicted
 * or the terminal is freed. TSR_ERR_EVICTED if it is older than the
 * history, TSR_ERR_RANGE if it does not exist yet. */
int tsr_term_history_get(const tsr_term *term, uint64_t seq, const tsr_snapshot **out);

/* What the history holds now, against its limits. */
typedef struct tsr_history_stats {
    uint32_t revisions;
    uint64_t raw_bytes;
    uint64_t decoded_bytes; /* distinct rows kept, in bytes */
    uint64_t full_copy_bytes; /* what the same revisions would take as full copies */
    uint64_t evicted;
} tsr_history_stats;
void tsr_term_history_stats(const tsr_term *term, tsr_history_stats *out);

uint64_t tsr_snapshot_seq(const tsr_snapshot *s);
uint64_t tsr_snapshot_time_ns(const tsr_snapshot *s);
uint64_t tsr_snapshot_hash(const tsr_snapshot *s);
int tsr_snapshot_rows(const tsr_snapshot *s);
int tsr_snapshot_cols(const tsr_snapshot *s);
int tsr_snapshot_alt_screen(const tsr_snapshot *s);
void tsr_snapshot_cursor(const tsr_snapshot *s, tsr_cursor *out);
int tsr_snapshot_cell(const tsr_snapshot *s, int row, int col, tsr_cell_info *out);
int tsr_snapshot_line_size(const tsr_snapshot *s, int row); /* as tsr_term_line_size */
/* As tsr_term_palette and tsr_term_dynamic_color, as that revision had them. */
uint32_t tsr_snapshot_palette(const tsr_snapshot *s, int index);
uint32_t tsr_snapshot_dynamic_color(const tsr_snapshot *s, int which);
int tsr_snapshot_render_text(const tsr_snapshot *s, tsr_buf *out);
int tsr_snapshot_render_row(const tsr_snapshot *s, int row, tsr_buf *out);
int tsr_snapshot_render_exact(const tsr_snapshot *s, tsr_buf *out);
int tsr_snapshot_render_styled(const tsr_snapshot *s, tsr_buf *out);
int tsr_snapshot_render_json(const tsr_snapshot *s, tsr_buf *out);
int tsr_snapshot_find_all(const tsr_snapshot *s, const char *needle, size_t len, int exact,
                          const tsr_region *region, tsr_match *out, size_t max, size_t *count);

/* ------------------------------------------------------------ unicode */

/* Writes cp as UTF-8 into out (room for 4 bytes) and returns the length;
 * a surrogate or a value above U+10FFFF is written as U+FFFD. */
int tsr_utf8_encode(uint32_t cp, char *out);

#ifdef __cplusplus
}
#endif

/* Reading asciicast v2 and v3 recordings line by line. */
#include "tessera/recording.h"

/* Encoding keys, text, mouse, paste and focus for the program. */
#include "tessera/input.h"

/* The strict JSON reader behind the recordings, for hosts that speak JSON. */
#include "tessera/json.h"

/* Pictures of a screen: the colours a person sees, and SVG. */
#include "tessera/svg.h"

#endif
