/* One `tessera host` command: a JSON object from stdin, checked and turned
 * into an action on the host's session (see HOST_PROTOCOL.md). */
#ifndef TSR_CLI_HOST_COMMAND_H
#define TSR_CLI_HOST_COMMAND_H

#include <stddef.h>

#include "live.h"

/* How spawn starts the program once the command is checked: live_open
 * (live.h) in tessera; the fuzz target (tests/fuzz) gives one that starts
 * nothing, so every command is still read and checked the same way. */
typedef int (*host_start_fn)(session *s, const live_options *a, char **argv, frame_sink sink);

typedef struct host {
    const live_options *opts;
    host_start_fn start;
    session s;
    int spawned;
    int done;      /* close was asked for */
    int exit_code; /* the host's own exit code when it stops */
    int said_fallback; /* ready fell back to settling: the warning was given */
    frame_sink sink;
} host;

/* A host with no program yet, starting programs with live_open; its
 * session may be freed (session_free) whether or not one was spawned. */
void host_init(host *h, const live_options *opts);

/* Runs one command line. Problems are reported as one JSON line on stderr;
 * returns 0, or -1 when the host must stop (exit_code says with what). */
int host_command(host *h, const char *line, size_t len);

/* Writes {"op":..,"id":..,"error":..} to stderr. id < 0: none. */
void host_error(const char *op, long long id, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Writes {"op":..,"warning":..} to stderr: a note, not a failure. */
void host_warning(const char *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
