/* tessera: pictures of a screen.
 *
 * The colours a person sees for a cell (the theme's defaults, the xterm
 * palette, or the colours the program set; inverse, dim and hidden
 * applied), and an SVG rendering of the
 * viewport or of a kept revision built from them. Both are clients of the
 * public API only (core/svg/), compiled into the native CLI and both wasm
 * engines, so `tessera replay --svg`, the JS package's toSVG() and the
 * browser viewer draw the same colours. */
#ifndef TESSERA_SVG_H
#define TESSERA_SVG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tsr_term;
struct tsr_snapshot;
struct tsr_buf;
struct tsr_style;

/* The theme: what TSR_COLOR_DEFAULT is drawn with (0xRRGGBB). */
#define TSR_THEME_FG 0xe5e5e5u
#define TSR_THEME_BG 0x1e1e1eu

/* The 0xRRGGBB a cell with this style is drawn with: its text, its
 * background, and its underline (the text's colour unless one was set). */
uint32_t tsr_style_fg_rgb(const struct tsr_style *style);
uint32_t tsr_style_bg_rgb(const struct tsr_style *style);
uint32_t tsr_style_underline_rgb(const struct tsr_style *style);

/* The colours one cell is drawn with (0xRRGGBB): text, background, underline. */
typedef struct tsr_paint {
    uint32_t fg, bg, underline;
} tsr_paint;

/* As the three above, in the colours the program set on that screen (the
 * live one, or a revision as it was): its palette (OSC 4) for indexed
 * colours, and its default text and background (OSC 10, 11) wherever they
 * differ from the terminal's defaults (tsr_dynamic_color_default), the
 * theme's otherwise. TSR_ERR_INVALID for a NULL argument. */
int tsr_term_paint(const struct tsr_term *term, const struct tsr_style *style, tsr_paint *out);
int tsr_snapshot_paint(const struct tsr_snapshot *s, const struct tsr_style *style,
                       tsr_paint *out);
/* The cursor's colour on that screen: the program's (OSC 12) where it
 * differs from the default, the theme's text colour otherwise; the
 * theme's for NULL. */
uint32_t tsr_term_cursor_rgb(const struct tsr_term *term);
uint32_t tsr_snapshot_cursor_rgb(const struct tsr_snapshot *s);

/* One cell's size in the SVG rendering, in pixels, and the font size. */
#define TSR_SVG_CELL_WIDTH 9
#define TSR_SVG_CELL_HEIGHT 18
#define TSR_SVG_FONT_SIZE 15

/* A standalone SVG document of the viewport (or of a revision): one cell
 * per TSR_SVG_CELL_WIDTH x TSR_SVG_CELL_HEIGHT, a wide character over two,
 * backgrounds as rectangles, text placed cell by cell, bold, italic,
 * underline styles, strike and overline as drawn lines, hidden text left
 * out, and the cursor in its shape when it is visible, all in the colours
 * the program set (as tsr_term_paint). All text is
 * escaped for XML; a code point XML cannot hold becomes U+FFFD. */
int tsr_render_svg(const struct tsr_term *term, struct tsr_buf *out);
int tsr_snapshot_render_svg(const struct tsr_snapshot *s, struct tsr_buf *out);

#ifdef __cplusplus
}
#endif

#endif
