/* A PTY pair: the master stays with the host, the slave becomes the
 * program's controlling terminal. */
#ifndef TSR_CLI_PTY_H
#define TSR_CLI_PTY_H

typedef struct pty_pair {
    int master; /* -1 once closed */
    int slave;  /* -1 once closed (the host closes it after the spawn) */
} pty_pair;

/* Opens a pair with posix_openpt/grantpt/unlockpt, both ends close-on-exec,
 * the window size already set. Returns 0, or -1 with errno. */
int pty_open(pty_pair *p, int rows, int cols);

/* Sets the window size on the master; the kernel sends SIGWINCH to the
 * foreground process group. Returns 0, or -1 with errno. */
int pty_resize(int master, int rows, int cols);

/* Closes whatever is still open; safe to call again. */
void pty_close(pty_pair *p);

#endif
