/* The glue every program-running command needs, kept in one place so the
 * exit codes mean the same thing everywhere. */
#include "live.h"

#include <stdio.h>

#include "exit_codes.h"
#include "mono_clock.h"
#include "screen_diag.h"
#include "waits.h"

int live_open(session *s, const live_options *a, char **argv, frame_sink sink)
{
    spawn_spec spec = {0};
    spec.argv = argv;
    spec.env = a->env;
    spec.clear_env = a->clear_env;
    spec.cwd = a->cwd;
    spec.rows = a->term.rows;
    spec.cols = a->term.cols;
    int rc = session_open(s, &spec, &a->term, sink);
    /* input obeys the same deadline as the waits */
    s->write_timeout_ns = a->timeout_ns;
    if (rc == SPAWN_OK)
        return TSR_EXIT_OK;
    return rc == SPAWN_NOT_STARTED ? TSR_EXIT_NOT_STARTED : TSR_EXIT_INTERNAL;
}

int live_start(session *s, const live_options *a, char **argv, frame_sink sink)
{
    int code = live_open(s, a, argv, sink);
    if (code != TSR_EXIT_OK)
        fprintf(stderr, "tessera: %s\n", s->error);
    return code;
}

int live_wait_failed(session *s, int wait_status, const char *what)
{
    if (wait_status == WAIT_ERROR)
        return diag_screen(s->term, TSR_EXIT_INTERNAL, "%s: %s", what, s->error);
    if (wait_status == WAIT_EXITED) {
        if (s->exit_signal)
            return diag_screen(s->term, TSR_EXIT_FAILED,
                               "%s: the program was ended by signal %d first", what,
                               s->exit_signal);
        return diag_screen(s->term, TSR_EXIT_FAILED, "%s: the program exited with %d first",
                           what, s->exit_code);
    }
    return diag_screen(s->term, TSR_EXIT_TIMEOUT, "%s: deadline reached", what);
}

int live_settle(session *s, const live_options *a, uint64_t deadline_ns, const char *where)
{
    int w = wait_settled(s, a->settle_ns, deadline_ns);
    if (w == WAIT_OK)
        return TSR_EXIT_OK;
    char what[384];
    snprintf(what, sizeof what, "%s%swaiting for the screen to settle (%s)", where ? where : "",
             where ? ": " : "", settle_blocker(s));
    return live_wait_failed(s, w, what);
}

uint64_t live_deadline(uint64_t span_ns)
{
    return mono_now_ns() + span_ns;
}

int live_close(session *s, int code)
{
    int left = session_close(s);
    if (left > 0) {
        fprintf(stderr, "tessera: %d process(es) of the program could not be ended\n", left);
        return TSR_EXIT_INTERNAL;
    }
    return code;
}
