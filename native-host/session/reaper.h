/* Ending a program and everything it started, and collecting exit
 * statuses. */
#ifndef TSR_CLI_REAPER_H
#define TSR_CLI_REAPER_H

#include <stdint.h>
#include <sys/types.h>

typedef struct reaper {
    pid_t root;      /* the program: pid, session id and group id */
    int root_reaped; /* its status has been collected */
    int root_status; /* the waitpid status */
} reaper;

/* Collects every exited child without blocking (orphans the host adopted
 * as subreaper too), noting the root's status. */
void reaper_collect(reaper *r);

/* SIGHUP then SIGTERM to the group and every process proc_scan finds,
 * up to grace_ns for them to go, then SIGKILL until none is left (at most
 * a few seconds more). Returns the number still alive (0 normally). */
int reaper_end_all(reaper *r, uint64_t grace_ns);

#endif
