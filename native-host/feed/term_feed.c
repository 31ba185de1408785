/* Without a PTY there is no program to answer, so replies are dropped. */
#include "term_feed.h"

int term_feed_unattended(tsr_term *term, const void *bytes, size_t len, tsr_buf *scratch)
{
    int rc = tsr_term_feed(term, bytes, len);
    if (rc != TSR_OK)
        return rc;
    if (tsr_term_pending_replies(term) == 0)
        return TSR_OK;
    tsr_buf_clear(scratch);
    return tsr_term_take_replies(term, scratch);
}
