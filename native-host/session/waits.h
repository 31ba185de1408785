/* Waiting on a live session: for text, for the screen to settle, for the
 * exit. Each pumps the session until its condition holds or the absolute
 * deadline (mono_now_ns time) passes. */
#ifndef TSR_CLI_WAITS_H
#define TSR_CLI_WAITS_H

#include <stddef.h>
#include <stdint.h>

#include "session.h"

typedef enum wait_status {
    WAIT_OK = 0,
    WAIT_TIMEOUT = 1, /* the deadline passed */
    WAIT_EXITED = 2,  /* the program exited and the condition can no longer hold */
    WAIT_ERROR = -1,  /* an internal failure: s->error */
} wait_status;

/* The text is on the visible screen (a literal, cell-aware match). */
int screen_contains(const tsr_term *term, const char *text, size_t len);

int wait_for_text(session *s, const char *text, size_t len, uint64_t deadline_ns);
/* Until the text is on the screen (present) or gone from it (!present). */
int wait_text_state(session *s, const char *text, size_t len, int present, uint64_t deadline_ns);

/* No new revision for settle_ns, counted from the newest revision's time or
 * the start of the wait, whichever is later (so output that is still on its
 * way after a keystroke is waited for). A program that has exited is idle. */
int wait_idle(session *s, uint64_t settle_ns, uint64_t deadline_ns);

int wait_exit(session *s, uint64_t deadline_ns);

#endif
