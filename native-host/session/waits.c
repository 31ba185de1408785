/* Waits decide from the core's revision counter, never by comparing grids:
 * a revision is made only when what a person would see changed. */
#include "waits.h"

#include <stdio.h>

#include "input_ready.h"
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

/* Pumps until holds(s, arg), the program's exit (the condition can then
 * never hold) or the deadline. */
static int wait_until(session *s, int (*holds)(const session *, const void *), const void *arg,
                      uint64_t deadline_ns)
{
    for (;;) {
        if (holds(s, arg))
            return WAIT_OK;
        if (s->exited)
            return WAIT_EXITED;
        if (mono_now_ns() >= deadline_ns)
            return WAIT_TIMEOUT;
        if (step(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
    }
}

typedef struct text_state {
    const char *text;
    size_t len;
    int present;
} text_state;

static int text_in_state(const session *s, const void *arg)
{
    const text_state *t = arg;
    return screen_contains(s->term, t->text, t->len) == t->present;
}

int wait_text_state(session *s, const char *text, size_t len, int present, uint64_t deadline_ns)
{
    text_state t = {text, len, present};
    return wait_until(s, text_in_state, &t, deadline_ns);
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

/* Reads what output is already waiting, so "quiet" is never decided on a
 * screen that is behind the program; a program that writes faster than
 * it is read is still bound by the deadline. */
static int catch_up(session *s, uint64_t deadline_ns)
{
    for (;;) {
        uint64_t before = s->outputs;
        if (session_pump(s, 0) != 0)
            return WAIT_ERROR;
        if (s->outputs == before || s->exited || mono_now_ns() >= deadline_ns)
            return WAIT_OK;
    }
}

static int holds_sync(const session *s)
{
    int on = 0;
    return tsr_term_mode(s->term, 2026, 1, &on) == TSR_OK && on;
}

/* When the current quiet window began. */
static uint64_t quiet_since(const session *s)
{
    uint64_t t = newest_revision_ns(s->term);
    if (s->first_output_ns > t)
        t = s->first_output_ns;
    if (s->last_poke_ns > t)
        t = s->last_poke_ns;
    return t;
}

static uint64_t min_ns(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

int wait_settled(session *s, uint64_t settle_ns, uint64_t deadline_ns)
{
    for (;;) {
        if (catch_up(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
        if (s->exited)
            return WAIT_OK;
        uint64_t now = mono_now_ns();
        uint64_t quiet_end = quiet_since(s) + settle_ns;
        int waiting_on_program = !s->first_output_ns || holds_sync(s);
        if (!waiting_on_program && now >= quiet_end)
            return WAIT_OK;
        if (now >= deadline_ns)
            return WAIT_TIMEOUT;
        if (step(s, waiting_on_program ? deadline_ns : min_ns(quiet_end, deadline_ns)) != WAIT_OK)
            return WAIT_ERROR;
    }
}

const char *settle_blocker(const session *s)
{
    if (!s->first_output_ns)
        return "the program has printed nothing";
    if (holds_sync(s))
        return "the program holds synchronized output (mode 2026): the screen is mid-update";
    return "the screen kept changing";
}

/* How often /proc is looked at while the program is busy. */
#define READY_POLL_NS 10000000u

int wait_input_ready(session *s, uint64_t settle_ns, uint64_t deadline_ns, int *fallback,
                     char *why, size_t cap)
{
    uint64_t start = mono_now_ns();
    *fallback = 0;
    snprintf(why, cap, "the screen kept changing");
    for (;;) {
        if (catch_up(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
        if (s->exited)
            return WAIT_EXITED;
        uint64_t now = mono_now_ns();
        uint64_t quiet_end = quiet_since(s) + settle_ns;
        uint64_t next = min_ns(quiet_end, deadline_ns);
        if (holds_sync(s)) {
            snprintf(why, cap, "%s", settle_blocker(s));
            next = deadline_ns;
        } else if (now >= quiet_end) {
            input_ready_state r = input_ready_probe(s->master, why, cap);
            if (r == INPUT_READY_YES)
                return WAIT_OK;
            if (r == INPUT_READY_UNKNOWN && now >= start + settle_ns) {
                *fallback = 1;
                return WAIT_OK;
            }
            next = min_ns(now + READY_POLL_NS, deadline_ns);
        }
        if (now >= deadline_ns)
            return WAIT_TIMEOUT;
        if (step(s, next) != WAIT_OK)
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

static int output_since(const session *s, const void *arg)
{
    return s->outputs > *(const uint64_t *)arg;
}

int wait_output_after(session *s, uint64_t seen, uint64_t deadline_ns)
{
    return wait_until(s, output_since, &seen, deadline_ns);
}

int wait_redraw(session *s, uint64_t seen, uint64_t settle_ns, uint64_t window_ns,
                uint64_t deadline_ns)
{
    int r = wait_output_after(s, seen, deadline_ns);
    if (r != WAIT_OK)
        return r;
    r = wait_idle(s, settle_ns, min_ns(mono_now_ns() + window_ns, deadline_ns));
    return r == WAIT_TIMEOUT ? WAIT_OK : r;
}
