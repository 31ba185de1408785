/* One worker process per session. The host's session code owns one program
 * per process (its reaper collects any child, it becomes the subreaper of
 * the program's orphans), so each session of `tessera mcp` runs in a fork
 * of its own: no session can take another's exit status or orphans, and a
 * session stuck in a wait holds up no other.
 *
 * Between the server and a worker, over a socket pair, one line each way
 * per message: the server sends the tools/call request as it came; the
 * worker answers with lines that start with a letter:
 *   R<CallToolResult JSON>  the result of the oldest request not yet answered
 *   Q<CallToolResult JSON>  the same, and the last: the session is gone (closed,
 *                           or never started) and the worker exits
 *   S<status JSON>          {"rows","cols","revision","state"} after each call
 *                           and when the program exits
 *   E<reason>               the session ended by itself (idle, failed) and the
 *                           worker exits; it stays listed as ended
 * A worker whose server goes away (the socket's end, or SIGTERM when the
 * server dies: PR_SET_PDEATHSIG) ends its program and exits. */
#ifndef TSR_MCP_WORKER_H
#define TSR_MCP_WORKER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "line_buffer.h"
#include "live.h"

typedef struct worker {
    pid_t pid;       /* 0: none */
    int fd;          /* the server's end of the socket pair, -1 when closed */
    line_buffer in;  /* lines from the worker */
    char *out;       /* bytes not yet written to it */
    size_t out_len, out_cap;
} worker;

/* Forks the worker of session id. Returns 0, or -1 with why. */
int worker_start(worker *w, const char *id, const live_options *defaults, uint64_t idle_ns,
                 char *why, size_t cap);

/* Queues a line (a newline is added) and writes what the socket takes now.
 * Returns 0, or -1 when memory ran out. */
int worker_send(worker *w, const char *line, size_t len);
/* Writes more of the queue (poll said writable). Returns 0, or -1 when the
 * worker has gone. */
int worker_flush(worker *w);

/* SIGTERM: the worker ends its program as a close does. */
void worker_stop(worker *w);
/* Closes the socket and collects the worker's status, waiting up to
 * wait_ns for it to exit, then SIGKILL. Returns the waitpid status, or -1
 * when there was no worker or it could not be collected. */
int worker_reap(worker *w, uint64_t wait_ns);

/* The worker's own loop (after the fork); returns its exit code. */
int worker_main(int fd, const char *id, const live_options *defaults, uint64_t idle_ns);

/* Longest line either side sends. */
#define WORKER_LINE_MAX (64u * 1024 * 1024)

#endif
