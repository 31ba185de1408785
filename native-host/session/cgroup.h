/* A cgroup v2 of a session's own. Every process the program starts stays in
 * it whatever it does with PIDs, sessions and parents, so the session can
 * count them exactly and end them all with one write (cgroup.kill).
 * Where none can be made (no cgroup2 mount, no permission, a kernel without
 * it, or TESSERA_CGROUP=off) the caller falls back on the process scan. */
#ifndef TSR_CLI_CGROUP_H
#define TSR_CLI_CGROUP_H

#include <sys/types.h>

typedef struct cgroup {
    int dir;        /* the cgroup's directory, or -1: there is none */
    char path[512]; /* for rmdir and for messages */
} cgroup;

/* Makes a fresh cgroup under the host's own, after ending and removing the
 * cgroups that a tessera killed outright left there. Returns 0, or -1 with
 * g->dir set to -1 when none can be made (not an error: the fallback is used). */
int cgroup_create(cgroup *g);

/* Moves a process (the program, before it execs) into the cgroup.
 * Returns 0 or -1 (errno set). */
int cgroup_add(const cgroup *g, pid_t pid);

/* How many processes are in the cgroup, or -1 if it cannot be read. */
int cgroup_count(const cgroup *g);

/* Sends sig to every process in the cgroup (SIGCONT after it, so a stopped
 * process sees it). Returns how many were signalled, or -1. */
int cgroup_signal(const cgroup *g, int sig);

/* Kills every process in the cgroup at once: cgroup.kill, or on kernels
 * without it, freeze, SIGKILL each member, thaw. Returns 0 or -1. */
int cgroup_kill(const cgroup *g);

/* Removes the cgroup, and the cgroups the program made inside it, and
 * closes it; idempotent. Returns 0, or -1 after saying on stderr what stayed
 * (a survivor keeps it). */
int cgroup_destroy(cgroup *g);

#endif
