/* Starting a program on a fresh PTY, in its own session, as the session's
 * foreground process group. The program is executed directly (execvp),
 * never through a shell. */
#ifndef TSR_CLI_SPAWN_H
#define TSR_CLI_SPAWN_H

#include <sys/types.h>

#include "cgroup.h"

typedef struct spawn_spec {
    char *const *argv;            /* argv[0] is looked up in PATH */
    const char *const *env;       /* extra NAME=VALUE entries (NULL-terminated), or NULL */
    int clear_env;                /* start from an empty environment */
    const char *cwd;              /* or NULL */
    int rows, cols;
    const cgroup *group;          /* the program starts inside it, or NULL */
} spawn_spec;

typedef struct spawn_result {
    pid_t pid;   /* also the session id and process group id */
    int master;  /* the PTY master, non-blocking, close-on-exec */
    int in_group; /* it was placed in spec->group before it ran */
} spawn_result;

typedef enum spawn_status {
    SPAWN_OK = 0,
    SPAWN_NOT_STARTED = -1, /* exec or chdir failed in the child: reason says why */
    SPAWN_INTERNAL = -2,    /* no PTY, fork failed, out of memory: reason says why */
} spawn_status;

/* reason (capacity cap) gets a one-line explanation on failure. */
int spawn_start(const spawn_spec *spec, spawn_result *out, char *reason, size_t cap);

#endif
