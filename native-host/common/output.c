/* The output writer: one rendering, one newline, one write. */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "errno_text.h"
#include "exit_codes.h"
#include "terminal_safe.h"

int output_render(const tsr_term *term, output_format format, tsr_buf *out)
{
    switch (format) {
    case OUTPUT_STYLED:
        return tsr_render_styled(term, out);
    case OUTPUT_EXACT:
        return tsr_render_exact(term, out);
    case OUTPUT_JSON:
        return tsr_render_json(term, out);
    case OUTPUT_SVG:
        return tsr_render_svg(term, out);
    case OUTPUT_TEXT:
    default:
        return tsr_render_text(term, out);
    }
}

int output_screen(const tsr_term *term, output_format format)
{
    tsr_buf buf = {0};
    int rc = output_render(term, format, &buf);
    if (rc != TSR_OK) {
        tsr_buf_free(&buf);
        return diag_core("rendering the screen", rc);
    }
    /* the exact rendering is for files: it is never escaped; SVG is XML,
     * escaped by its writer, with no control characters left in it */
    int failed = format == OUTPUT_EXACT || format == OUTPUT_SVG
                     ? buf.len > 0 && fwrite(buf.data, 1, buf.len, stdout) != buf.len
                     : terminal_safe_write(stdout, buf.data, buf.len,
                                           format == OUTPUT_JSON ? TERMINAL_ESCAPE_JSON
                                                                 : TERMINAL_ESCAPE_TEXT) != 0;
    failed = failed || fputc('\n', stdout) == EOF || fflush(stdout) != 0;
    int errnum = errno;
    tsr_buf_free(&buf);
    if (failed)
        return diag_internal("cannot write the output: %s", errno_text(errnum));
    return TSR_EXIT_OK;
}
