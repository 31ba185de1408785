/* Waits decide from the core's revision counter, never by comparing grids:
 * a revision is made only when what a person would see changed. */
#include "waits.h"

#include "mono_clock.h"

int screen_contains(const tsr_term *term, const char *text, size_t len)
{
    size_t count = 0;
    tsr_match m;
    if (tsr_term_find_all(term, text, len, 0, NULL, &m, 1, &count) != TSR_OK)
        return 0;
    return count > 0;
}

/* Pumps once, at most until the deadline. */
static int step(session *s, uint64_t deadline_ns)
{
    uint64_t now = mono_now_ns();
    return session_pump(s, deadline_ns > now ? deadline_ns - now : 0) == 0 ? WAIT_OK : WAIT_ERROR;
}

int wait_for_text(session *s, const char *text, size_t len, uint64_t deadline_ns)
{
    return wait_text_state(s, text, len, 1, deadline_ns);
}

int wait_text_state(session *s, const char *text, size_t len, int present, uint64_t deadline_ns)
{
    for (;;) {
        if (screen_contains(s->term, text, len) == present)
            return WAIT_OK;
        if (s->exited)
            return WAIT_EXITED;
        if (mono_now_ns() >= deadline_ns)
            return WAIT_TIMEOUT;
        if (step(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
    }
}

/* The time of the newest revision (0 for revision 0, the blank start). */
static uint64_t newest_revision_ns(const tsr_term *term)
{
    const tsr_snapshot *snap;
    if (tsr_term_history_get(term, tsr_term_revision(term), &snap) != TSR_OK)
        return 0;
    return tsr_snapshot_time_ns(snap);
}

int wait_idle(session *s, uint64_t settle_ns, uint64_t deadline_ns)
{
    uint64_t start = mono_now_ns();
    for (;;) {
        if (s->exited)
            return WAIT_OK;
        uint64_t since = newest_revision_ns(s->term);
        if (since < start)
            since = start;
        uint64_t now = mono_now_ns();
        if (now >= since + settle_ns)
            return WAIT_OK;
        if (now >= deadline_ns)
            return WAIT_TIMEOUT;
        uint64_t until = since + settle_ns < deadline_ns ? since + settle_ns : deadline_ns;
        if (step(s, until) != WAIT_OK)
            return WAIT_ERROR;
    }
}

int wait_exit(session *s, uint64_t deadline_ns)
{
    for (;;) {
        if (s->exited)
            return WAIT_OK;
        if (mono_now_ns() >= deadline_ns)
            return WAIT_TIMEOUT;
        if (step(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
    }
}
