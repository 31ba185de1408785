/* Shared pieces of the renderings: they read views and rows, never the
 * terminal. */
#ifndef TSR_RENDER_H
#define TSR_RENDER_H

#include "grid.h"
#include "view.h"

/* Appends cells x0..x1-1 of r as text; with trim, trailing spaces go. */
int render_row(tsr_buf *b, const row *r, int x0, int x1, int trim);
/* Appends the scrollback lines of g, oldest first, one a line. */
int render_scrollback(const grid *g, tsr_buf *out);
/* Appends s as a JSON string literal; invalid UTF-8 becomes U+FFFD. */
int render_json_string(tsr_buf *b, const char *s, size_t n);
/* The name a line's size (ROW_SIZE_*) has in the styled and JSON renderings. */
const char *render_line_size_name(int size);

#endif
