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

typedef struct query_state {
    const screen_query *q;
    int present;
} query_state;

static int query_in_state(const session *s, const void *arg)
{
    const query_state *w = arg;
    size_t count = 0;
    if (screen_query_find(s->term, w->q, NULL, 0, &count) != TSR_OK)
        return 0;
    return (count > 0) == w->present;
}

int wait_query_state(session *s, const screen_query *q, int present, uint64_t deadline_ns)
{
    query_state w = {q, present};
    return wait_until(s, query_in_state, &w, deadline_ns);
}

int wait_text_state(session *s, const char *text, size_t len, int present, uint64_t deadline_ns)
{
    screen_query q = {text, len, NULL, NULL};
    return wait_query_state(s, &q, present, deadline_ns);
}

/* Exactly one match, or (more than one) a count to fail on at once. */
typedef struct one_match {
    const screen_query *q;
    tsr_match m;
    size_t count;
} one_match;

static int found_one(const session *s, const void *arg)
{
    one_match *o = (one_match *)arg;
    o->count = 0;
    return screen_query_find(s->term, o->q, &o->m, 1, &o->count) == TSR_OK && o->count >= 1;
}

int wait_query_one(session *s, const screen_query *q, uint64_t deadline_ns, tsr_match *out,
                   size_t *count)
{
    one_match o = {q, {0, 0, 0}, 0};
    int r = wait_until(s, found_one, &o, deadline_ns);
    *count = o.count;
    if (r == WAIT_OK)
        *out = o.m;
    return r;
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

int wait_caught_up(session *s, uint64_t deadline_ns)
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

/* How often /proc is looked at while the program is busy. */
#define READY_POLL_NS 10000000u

static uint64_t min_ns(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* A probe's yes holds only if nothing was printed since the catch-up before
 * it: a program can print, then block reading, between the two, and what it
 * printed belongs on the screen the wait returns. 1: yes holds; 0: output
 * arrived, look again; -1: the pump failed. */
static int yes_holds(session *s, uint64_t outputs_seen, uint64_t deadline_ns)
{
    if (wait_caught_up(s, deadline_ns) != WAIT_OK)
        return -1;
    return s->outputs == outputs_seen && !s->exited;
}

/* wait_settled, and with or_reading wait_settled_or_reading: a program
 * that printed nothing also counts once it is quiet and reads its terminal. */
static int settle(session *s, uint64_t settle_ns, uint64_t deadline_ns, int or_reading)
{
    char why[160];
    uint64_t start = mono_now_ns();
    for (;;) {
        if (wait_caught_up(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
        if (s->exited)
            return WAIT_OK;
        uint64_t now = mono_now_ns();
        uint64_t quiet_end = quiet_since(s) + settle_ns;
        /* a program that printed nothing is quiet only from the wait's start:
         * it may not have reached its first read, or its first write, yet */
        if (!s->first_output_ns && quiet_end < start + settle_ns)
            quiet_end = start + settle_ns;
        int sync = holds_sync(s);
        int probing = or_reading && !s->first_output_ns; /* nothing drawn: ask /proc */
        if (!sync && now >= quiet_end) {
            if (s->first_output_ns)
                return WAIT_OK;
            uint64_t seen = s->outputs;
            if (probing && input_ready_probe(s->master, s->reaper.group.dir, why, sizeof why) ==
                               INPUT_READY_YES) {
                int held = yes_holds(s, seen, deadline_ns);
                if (held != 0)
                    return held > 0 ? WAIT_OK : WAIT_ERROR;
                continue;
            }
        }
        if (now >= deadline_ns)
            return WAIT_TIMEOUT;
        uint64_t next = sync || (!s->first_output_ns && !probing) ? deadline_ns
                        : now < quiet_end ? min_ns(quiet_end, deadline_ns)
                                          : min_ns(now + READY_POLL_NS, deadline_ns);
        if (step(s, next) != WAIT_OK)
            return WAIT_ERROR;
    }
}

int wait_settled(session *s, uint64_t settle_ns, uint64_t deadline_ns)
{
    return settle(s, settle_ns, deadline_ns, 0);
}

int wait_settled_or_reading(session *s, uint64_t settle_ns, uint64_t deadline_ns)
{
    return settle(s, settle_ns, deadline_ns, 1);
}

const char *settle_blocker(const session *s)
{
    if (!s->first_output_ns)
        return "the program has printed nothing";
    if (holds_sync(s))
        return "the program holds synchronized output (mode 2026): the screen is mid-update";
    return "the screen kept changing";
}

/* How often an input in flight is looked for in the program's reads, and
 * how long before it counts as delivered anyway (a partial canonical line). */
#define READ_POLL_NS 200000u
#define IN_FLIGHT_GRACE_NS 10000000u
/* The quiet window where /proc cannot tell (the live commands' --settle default). */
#define DEFAULT_SETTLE_NS 100000000u

int wait_input_ready(session *s, uint64_t settle_ns, uint64_t deadline_ns, int *fallback,
                     char *why, size_t cap)
{
    uint64_t start = mono_now_ns();
    *fallback = 0;
    snprintf(why, cap, "the screen kept changing");
    for (;;) {
        if (wait_caught_up(s, deadline_ns) != WAIT_OK)
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
            uint64_t seen = s->outputs;
            input_ready_state r = input_ready_probe(s->master, s->reaper.group.dir, why, cap);
            if (r == INPUT_READY_YES) {
                int held = yes_holds(s, seen, deadline_ns);
                if (held != 0)
                    return held > 0 ? WAIT_OK : WAIT_ERROR;
                continue;
            }
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

int wait_reading(session *s, uint64_t deadline_ns, int *fallback, char *why, size_t cap)
{
    *fallback = 0;
    /* Blocked reading with nothing unread, its output drained: the program
     * takes input now. Unless an input or a resize of ours may still be in
     * flight: the kernel hands the bytes to the reader (and a SIGWINCH to the
     * program) a moment after the write, and until then the program still
     * looks idle. It has them once it has made a read call since; a
     * canonical-mode reader holding a partial line makes none, so after a
     * short grace the bytes are taken as delivered. Where /proc cannot tell,
     * the quiet screen decides (wait_input_ready). */
    for (;;) {
        if (wait_caught_up(s, deadline_ns) != WAIT_OK)
            return WAIT_ERROR;
        if (s->exited)
            return WAIT_EXITED;
        unsigned long long reads = INPUT_READS_UNKNOWN;
        uint64_t seen = s->outputs;
        int members = s->reaper.group.dir;
        input_ready_state r = INPUT_READY_NO;
        if (!holds_sync(s))
            r = input_ready_probe_reads(s->master, members, why, cap, &reads);
        if (r == INPUT_READY_YES) {
            int held = yes_holds(s, seen, deadline_ns);
            if (held < 0)
                return WAIT_ERROR;
            if (held == 0)
                continue;
        }
        if (r == INPUT_READY_UNKNOWN) {
            int rc = wait_input_ready(s, DEFAULT_SETTLE_NS, deadline_ns, fallback, why, cap);
            s->mark_pokes = s->pokes;
            s->mark_reads = INPUT_READS_UNKNOWN;
            return rc;
        }
        uint64_t now = mono_now_ns();
        int read_since = reads != INPUT_READS_UNKNOWN && s->mark_reads != INPUT_READS_UNKNOWN &&
                         reads != s->mark_reads;
        int in_flight = s->pokes != s->mark_pokes && !read_since &&
                        now < s->last_poke_ns + IN_FLIGHT_GRACE_NS;
        if ((r == INPUT_READY_YES && !in_flight) || now >= deadline_ns) {
            s->mark_pokes = s->pokes; /* an input follows: its reads start from here */
            s->mark_reads = reads;
            return r == INPUT_READY_YES && !in_flight ? WAIT_OK : WAIT_TIMEOUT;
        }
        if (in_flight)
            snprintf(why, cap, "the last input has not reached the program yet");
        uint64_t poll = in_flight ? READ_POLL_NS : READY_POLL_NS;
        if (step(s, min_ns(now + poll, deadline_ns)) != WAIT_OK)
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
