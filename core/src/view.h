/* A view: the read-only face of a screen that the renderings, the search
 * and the history read, the same for the live terminal (term_view fills
 * it) and for an immutable revision (which keeps one). */
#ifndef TSR_VIEW_H
#define TSR_VIEW_H

#include "buf.h"
#include "modes.h"
#include "row.h"
#include "style.h"

/* The colours a program sets (OSC 4 palette entries; OSC 10, 11, 12 the
 * default text, background and cursor), 0xRRGGBB each. */
typedef struct screen_colours {
    uint32_t palette[256];
    uint32_t fg, bg, cursor;
} screen_colours;

/* What a person sees besides the cells. */
typedef struct screen_meta {
    tsr_cursor cursor;
    uint32_t modes; /* bits of enum mode */
    int mouse_tracking, mouse_encoding;
    int alt; /* the alternate buffer is active */
    const char *title, *icon; /* never NULL */
    size_t title_len, icon_len;
    const screen_colours *colours; /* NULL while every colour is the default */
} screen_meta;

typedef struct view {
    row *const *ring;
    uint32_t head, mask;
    int rows, cols;
    const style_table *styles;
    screen_meta meta;
} view;

static inline row *view_row(const view *v, int y)
{
    return v->ring[(v->head + (uint32_t)y) & v->mask];
}

int view_render_text(const view *v, tsr_buf *out);
int view_render_exact(const view *v, tsr_buf *out);
int view_render_styled(const view *v, tsr_buf *out);
int view_render_json(const view *v, tsr_buf *out);
int view_find_all(const view *v, const char *needle, size_t len, int exact,
                  const tsr_region *region, tsr_match *out, size_t max, size_t *count);
int view_cell(const view *v, int y, int x, tsr_cell_info *out);
int view_line_size(const view *v, int y); /* TSR_LINE_*, or TSR_ERR_RANGE */
/* Some visible row is not single size: the renderings then say each row's. */
int view_has_sized_lines(const view *v);

/* colours.c: what a program set, read from a view (the defaults where it
 * set nothing), and the styled rendering's line of changed colours. */
void colours_defaults(screen_colours *c);
int colours_changed(const screen_colours *c);
uint64_t colours_hash(const screen_colours *c);
uint32_t view_palette(const view *v, int index);
uint32_t view_dynamic_color(const view *v, int which);
int colours_render_styled(const screen_colours *c, tsr_buf *out);
/* DECCTR's entries, in RGB (rgb_space) or DEC's HLS (replies.c) */
int colours_table_report(const screen_colours *c, int rgb_space, tsr_buf *out);

#endif
