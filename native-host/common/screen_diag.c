/* The screen goes with every failure: a timeout without it is a guess. */
#include "screen_diag.h"

#include <stdarg.h>
#include <stdio.h>

#include "diag.h"
#include "terminal_safe.h"

int diag_screen(const tsr_term *term, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vline(fmt, ap);
    va_end(ap);
    if (!term)
        return code;
    tsr_buf buf = {0};
    if (tsr_render_text(term, &buf) == TSR_OK) {
        safe_fprintf(stderr, "--- screen (%d rows, %d cols) ---\n", tsr_term_rows(term),
                tsr_term_cols(term));
        terminal_safe_write(stderr, buf.data, buf.len, TERMINAL_ESCAPE_TEXT);
        fputs("\n--- end of screen ---\n", stderr);
    }
    tsr_buf_free(&buf);
    return code;
}
