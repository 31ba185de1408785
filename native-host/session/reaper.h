/* Ending a program and everything it started, and collecting exit
 * statuses. */
#ifndef TSR_CLI_REAPER_H
#define TSR_CLI_REAPER_H

#include <stdint.h>
#include <sys/types.h>

#include "cgroup.h"

typedef struct reaper {
    pid_t root;      /* the program: pid, session id and group id */
    int root_reaped; /* its status has been collected */
    int root_status; /* the waitpid status */
    cgroup group;    /* everything the program started, when group.dir >= 0 */
} reaper;

/* Collects every exited child without blocking (orphans the host adopted
 * as subreaper too), noting the root's status. */
void reaper_collect(reaper *r);

/* SIGHUP then SIGTERM to the group and every process of the program, up to
 * grace_ns for them to go, then SIGKILL until none is left (at most a few
 * seconds more). The program's processes are the members of its cgroup
 * when it has one (exact, whatever they did with their PIDs), else what
 * proc_scan finds, stopped before they are killed so they cannot fork.
 * Returns the number still alive (0 normally). */
int reaper_end_all(reaper *r, uint64_t grace_ns);

#endif
