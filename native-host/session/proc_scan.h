/* Finding every live process that belongs to a session's program: its
 * session, its process group, its descendants, and orphans the host took
 * over as subreaper. Linux /proc; elsewhere only the process group is
 * known (proc_scan returns 0 processes and the caller relies on killpg). */
#ifndef TSR_CLI_PROC_SCAN_H
#define TSR_CLI_PROC_SCAN_H

#include <stddef.h>
#include <sys/types.h>

#define PROC_SCAN_MAX 4096

/* Writes up to max pids into out and returns how many (zombies are not
 * counted: they are dead). root is the program's pid (its session and
 * group id); self is the host. */
size_t proc_scan_session(pid_t root, pid_t self, pid_t *out, size_t max);

/* The host's own children (its subreaper role makes every orphan of the
 * program one) that are alive and not another program's session leader on
 * its own terminal, plus root. Reads /proc/self/task/TID/children, which
 * is cheap enough to poll in a tight loop. Returns how many (0 when the
 * kernel lacks the file). */
size_t proc_scan_adopted(pid_t root, pid_t *out, size_t max);

/* Makes the host a child subreaper (Linux), so a program's daemonised
 * grandchildren stay its descendants and can be found and reaped. */
void proc_become_subreaper(void);

#endif
