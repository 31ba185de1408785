/* Waiting on a live session: for text, for the screen to settle, for the
 * exit. Each pumps the session until its condition holds or the absolute
 * deadline (mono_now_ns time) passes. */
#ifndef TSR_CLI_WAITS_H
#define TSR_CLI_WAITS_H

#include <stddef.h>
#include <stdint.h>

#include "screen_query.h"
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
/* Until the query (screen_query.h: text or pattern, perhaps a look) has a
 * match (present) or has none (!present). */
int wait_query_state(session *s, const screen_query *q, int present, uint64_t deadline_ns);
/* Until the query has a match: the first into *out, how many into *count
 * (more than one: the caller refuses to pick). */
int wait_query_one(session *s, const screen_query *q, uint64_t deadline_ns, tsr_match *out,
                   size_t *count);
/* Until the text is on the screen (present) or gone from it (!present). */
int wait_text_state(session *s, const char *text, size_t len, int present, uint64_t deadline_ns);

/* No new revision for settle_ns, counted from the newest revision's time or
 * the start of the wait, whichever is later (so output that is still on its
 * way after a keystroke is waited for). A program that has exited is idle. */
int wait_idle(session *s, uint64_t settle_ns, uint64_t deadline_ns);

/* Drawn and quiet: the program has written something (or exited), no
 * revision for settle_ns counted from the latest of its first output, the
 * newest revision, the last input and the last resize, and it does not
 * hold synchronized output (mode 2026 set: the screen is mid-update). A
 * program that has exited is settled. */
int wait_settled(session *s, uint64_t settle_ns, uint64_t deadline_ns);

/* Settled as above, or quiet for settle_ns and blocked reading its
 * terminal although it has printed nothing (a silent prompt: cat, bc -q;
 * input_ready.h): what a program just started, or just sent input that drew
 * nothing, shows. Where /proc cannot tell, only a settled screen counts. */
int wait_settled_or_reading(session *s, uint64_t settle_ns, uint64_t deadline_ns);

/* Why the screen is not settled now, for a failure message. */
const char *settle_blocker(const session *s);

/* Ready for input: quiet as above (written something or not) and the
 * PTY's foreground process group blocked waiting for input with nothing
 * unread (input_ready.h). Where /proc cannot tell, it falls back to the
 * quiet screen alone, counted from the wait's start too, and sets
 * *fallback. why (cap bytes) gets the last reason it was not ready. */
int wait_input_ready(session *s, uint64_t settle_ns, uint64_t deadline_ns, int *fallback,
                     char *why, size_t cap);

/* Before an input: until the program is blocked reading its terminal with
 * nothing unread and no input of ours still in flight (polled, no quiet
 * window: a program that already waits costs one look at /proc); where
 * /proc cannot tell, the quiet screen (wait_input_ready, *fallback set).
 * WAIT_TIMEOUT at the deadline: the caller sends anyway and says so. */
int wait_reading(session *s, uint64_t deadline_ns, int *fallback, char *why, size_t cap);

int wait_exit(session *s, uint64_t deadline_ns);

/* Reads the output already waiting, so "quiet" is never decided, and no
 * screen is shown, behind the program; one that writes faster than it is
 * read is still bound by the deadline. WAIT_OK or WAIT_ERROR. */
int wait_caught_up(session *s, uint64_t deadline_ns);

/* More than `seen` OUTPUT frames have arrived (s->outputs > seen): output
 * after a resize, or the first output after the launch (seen 0). A
 * program that exits first gives WAIT_EXITED. */
int wait_output_after(session *s, uint64_t seen, uint64_t deadline_ns);

/* A redraw after a resize: output after it (seen: s->outputs at the
 * resize) by deadline_ns, then up to window_ns for the screen to go quiet
 * for settle_ns; a program that repaints without pause simply uses the
 * whole window, which is not a failure. */
int wait_redraw(session *s, uint64_t seen, uint64_t settle_ns, uint64_t window_ns,
                uint64_t deadline_ns);

#endif
