/* Feeding bytes when no program is listening for the terminal's replies. */
#ifndef TSR_CLI_TERM_FEED_H
#define TSR_CLI_TERM_FEED_H

#include <stddef.h>

#include "tessera/tessera.h"

/* Feeds bytes, then takes and drops any replies (DA, CPR, ...) so the
 * queue cannot grow however many queries the input holds. scratch is
 * reused between calls. Returns a tsr_status. */
int term_feed_unattended(tsr_term *term, const void *bytes, size_t len, tsr_buf *scratch);

#endif
