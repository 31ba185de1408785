/* Rendering the final screen and writing it to stdout. Everything is
 * rendered into memory first, so a failure leaves stdout untouched. */
#ifndef TSR_CLI_OUTPUT_H
#define TSR_CLI_OUTPUT_H

#include "tessera/tessera.h"

typedef enum output_format {
    OUTPUT_TEXT,   /* tsr_render_text */
    OUTPUT_STYLED, /* tsr_render_styled */
    OUTPUT_EXACT,  /* tsr_render_exact */
    OUTPUT_JSON,   /* tsr_render_json */
    OUTPUT_SVG,    /* tsr_render_svg (tessera/svg.h) */
} output_format;

/* The format the live commands' flags ask for: --styled wins, else the exact
 * grid (snapshots, golden files) or the text form. */
static inline output_format output_format_for(int styled, int exact)
{
    return styled ? OUTPUT_STYLED : exact ? OUTPUT_EXACT : OUTPUT_TEXT;
}

/* Appends the screen in the format to out. */
int output_render(const tsr_term *term, output_format format, tsr_buf *out);

/* Renders the screen in the format plus one final '\n' and writes it to
 * stdout. Returns an exit code (reporting any failure on stderr). */
int output_screen(const tsr_term *term, output_format format);

#endif
