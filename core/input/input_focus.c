/* Focus reports: CSI I (in) and CSI O (out), only when the program asked
 * for them with ?1004. */
#include "tessera/text.h"
#include "input_why.h"

int tsr_encode_focus_why(const tsr_term *t, int in, tsr_buf *out, tsr_buf *why)
{
    if (!t || !out) {
        why_put(why, "no terminal or no output buffer");
        return TSR_ERR_INVALID;
    }
    if (!input_mode_on(t, 1004, 1)) {
        why_put(why, "focus reporting is off: the program has not enabled ?1004");
        return TSR_ERR_MODE;
    }
    int rc = tsr_buf_puts(out, in ? "\x1b[I" : "\x1b[O");
    if (rc)
        why_put(why, "out of memory");
    return rc;
}

int tsr_encode_focus(const tsr_term *t, int in, tsr_buf *out)
{
    return tsr_encode_focus_why(t, in, out, NULL);
}
