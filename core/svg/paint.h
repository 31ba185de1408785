/* What the SVG rendering and the public paint calls share: the colours a
 * screen is drawn with, read once from a live terminal or a revision. */
#ifndef TSR_SVG_PAINT_H
#define TSR_SVG_PAINT_H

#include "tessera/svg.h"
#include "tessera/tessera.h"

typedef struct painter {
    const void *src; /* the terminal or the revision; NULL for the theme alone */
    uint32_t (*palette)(const void *src, int index);
    uint32_t fg, bg, cursor; /* the defaults: the program's, else the theme's */
} painter;

void painter_of_term(painter *p, const tsr_term *term);
void painter_of_snapshot(painter *p, const tsr_snapshot *s);
void painter_paint(const painter *p, const tsr_style *style, tsr_paint *out);

#endif
