/* The glue every program-running command needs, kept in one place so the
 * exit codes mean the same thing everywhere. */
#include "terminal_safe.h"
#include "live.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "mono_clock.h"
#include "screen_diag.h"
#include "waits.h"

/* The program's extra environment: the isolated home's entries first, so
 * the user's own --env entries win. */
static const char **joined_env(const temp_home *home, const char **env)
{
    size_t n = 0;
    while (env && env[n])
        n++;
    const char **out = calloc(TEMP_HOME_ENV_COUNT + n + 1, sizeof *out);
    if (!out)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; home->path[0] && home->env[i]; i++)
        out[k++] = home->env[i];
    for (size_t i = 0; i < n; i++)
        out[k++] = env[i];
    return out;
}

int live_open(session *s, const live_options *a, char **argv, frame_sink sink)
{
    temp_home home;
    home.path[0] = '\0';
    char why[sizeof s->error];
    if (a->isolate_home && temp_home_create(&home, why, sizeof why) != 0) {
        memset(s, 0, sizeof *s);
        s->master = -1;
        s->reaper.group.dir = -1;
        snprintf(s->error, sizeof s->error, "%s", why);
        return TSR_EXIT_INTERNAL;
    }
    const char **env = joined_env(&home, a->env);
    spawn_spec spec = {0};
    spec.argv = argv;
    spec.env = env;
    spec.clear_env = a->clear_env;
    spec.cwd = a->cwd;
    spec.rows = a->term.rows;
    spec.cols = a->term.cols;
    int rc = env ? session_open(s, &spec, &a->term, sink) : SPAWN_INTERNAL;
    if (!env) {
        memset(s, 0, sizeof *s);
        s->master = -1;
        s->reaper.group.dir = -1;
        snprintf(s->error, sizeof s->error, "out of memory");
    }
    free(env);
    s->home = home; /* removed when the session closes */
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
        safe_fprintf(stderr, "tessera: %s\n", s->error);
    return code;
}

int live_wait_reason(const session *s, int wait_status, char *buf, size_t cap)
{
    if (wait_status == WAIT_ERROR) {
        snprintf(buf, cap, "%s", s->error);
        return TSR_EXIT_INTERNAL;
    }
    if (wait_status == WAIT_EXITED) {
        if (s->exit_signal)
            snprintf(buf, cap, "the program was ended by signal %d first", s->exit_signal);
        else
            snprintf(buf, cap, "the program exited with %d first", s->exit_code);
        return TSR_EXIT_FAILED;
    }
    snprintf(buf, cap, "deadline reached");
    return TSR_EXIT_TIMEOUT;
}

int live_wait_failed(session *s, int wait_status, const char *what)
{
    char why[sizeof s->error + 64];
    int code = live_wait_reason(s, wait_status, why, sizeof why);
    return diag_screen(s->term, code, "%s: %s", what, why);
}

int live_settle_reason(session *s, const live_options *a, uint64_t deadline_ns, char *buf,
                       size_t cap)
{
    int w = wait_settled(s, a->settle_ns, deadline_ns);
    if (w == WAIT_OK)
        return TSR_EXIT_OK;
    char why[sizeof s->error + 64];
    int code = live_wait_reason(s, w, why, sizeof why);
    snprintf(buf, cap, "waiting for the screen to settle (%s): %s", settle_blocker(s), why);
    return code;
}

int live_settle(session *s, const live_options *a, uint64_t deadline_ns, const char *where)
{
    char why[512];
    int code = live_settle_reason(s, a, deadline_ns, why, sizeof why);
    if (code == TSR_EXIT_OK)
        return code;
    return diag_screen(s->term, code, "%s%s%s", where ? where : "", where ? ": " : "", why);
}

uint64_t live_deadline(uint64_t span_ns)
{
    return mono_now_ns() + span_ns;
}

int live_close(session *s, int code)
{
    int left = session_close(s);
    if (left > 0) {
        safe_fprintf(stderr, "tessera: %d process(es) of the program could not be ended\n", left);
        return TSR_EXIT_INTERNAL;
    }
    return code;
}
