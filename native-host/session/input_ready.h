/* Whether a program on a PTY is waiting for input right now: the terminal's
 * foreground process group is blocked reading (or polling) and no input is
 * left unread. Linux /proc only; elsewhere, or where /proc does not show
 * the program's tasks, the answer is "cannot tell". */
#ifndef TSR_CLI_INPUT_READY_H
#define TSR_CLI_INPUT_READY_H

#include <stddef.h>

typedef enum input_ready_state {
    INPUT_READY_NO = 0,      /* a task runs, sleeps for another reason, or input is unread */
    INPUT_READY_YES = 1,     /* every task waits for input (or for one that does) */
    INPUT_READY_UNKNOWN = 2, /* /proc cannot show it: the caller falls back */
} input_ready_state;

/* Looks at the foreground process group of the terminal whose master is
 * master. why (may be NULL) gets a short reason when the answer is not YES.
 * members: the directory of a cgroup (cgroup v2) holding every process the
 * program started, whose cgroup.procs is read instead of scanning all of
 * /proc (a readiness check before every input must stay cheap on a busy
 * machine); -1 when there is none. */
input_ready_state input_ready_probe(int master, int members, char *why, size_t cap);

#define INPUT_READS_UNKNOWN (~0ull)

/* The same, and (reads not NULL) the read system calls the foreground
 * group's processes have made so far (/proc/PID/io), or INPUT_READS_UNKNOWN:
 * a change since an input was written means the program has read since. */
input_ready_state input_ready_probe_reads(int master, int members, char *why, size_t cap,
                                          unsigned long long *reads);

#endif
