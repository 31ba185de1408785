/* A view: what the renderings and the search read, the same for the live
 * terminal and for an immutable revision snapshot. */
#ifndef TSR_VIEW_H
#define TSR_VIEW_H

#include "term.h"

typedef struct view {
    row *const *ring;
    uint32_t head, mask;
    int rows, cols;
    const style_table *styles;
    /* for the JSON rendering */
    tsr_cursor cursor;
    uint32_t modes;
    int mouse_tracking, mouse_encoding;
    int alt;
    const char *title, *icon;
    size_t title_len, icon_len;
} view;

static inline const row *view_row(const view *v, int y)
{
    return v->ring[(v->head + (uint32_t)y) & v->mask];
}

void term_view(const tsr_term *t, view *v);

int view_render_text(const view *v, tsr_buf *out);
int view_render_exact(const view *v, tsr_buf *out);
int view_render_styled(const view *v, tsr_buf *out);
int view_render_json(const view *v, tsr_buf *out);
int view_find_all(const view *v, const char *needle, size_t len, int exact,
                  const tsr_region *region, tsr_match *out, size_t max, size_t *count);
int view_cell(const view *v, int y, int x, tsr_cell_info *out);

#endif
