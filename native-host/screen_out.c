/* One rendering, one write: a failure leaves stdout untouched. */
#include "screen_out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "live.h"

int screen_out_print(const tsr_term *term, int styled, int exact)
{
    tsr_buf buf = {0};
    int rc = live_render(term, styled, exact, &buf);
    if (rc != TSR_OK) {
        tsr_buf_free(&buf);
        return diag_core("rendering the screen", rc);
    }
    int failed = (buf.len > 0 && fwrite(buf.data, 1, buf.len, stdout) != buf.len) ||
                 fputc('\n', stdout) == EOF || fflush(stdout) != 0;
    int errnum = errno;
    tsr_buf_free(&buf);
    if (failed)
        return diag_internal("cannot write the output: %s", strerror(errnum));
    return 0;
}
