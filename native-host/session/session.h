/* A live session: a program on a PTY, the core terminal fed from it, and
 * the frames that pass between them. Single-threaded: nothing happens
 * unless the owner calls session_pump (directly or through a wait). */
#ifndef TSR_CLI_SESSION_H
#define TSR_CLI_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "reaper.h"
#include "spawn.h"
#include "temp_home.h"
#include "tessera/tessera.h"

/* Told about every frame the session applies, in order (journals, the
 * asciicast writer, `tessera host`). Returns 0, or non-zero to report a
 * failure (the session remembers it in error). */
typedef struct frame_sink {
    void *ctx;
    int (*frame)(void *ctx, const tsr_frame *frame);
} frame_sink;

typedef struct session {
    tsr_term *term;
    int master;          /* -1 when closed */
    reaper reaper;
    int eof;             /* the master gave EOF or EIO */
    int exited;          /* the EXIT frame was applied */
    int exit_code;       /* as in the EXIT frame: -1 when a signal ended it */
    int exit_signal;
    uint64_t reaped_ns;  /* when the program's status was collected */
    uint64_t drain_ns;   /* how long to wait for EOF after the exit */
    uint64_t grace_ns;   /* close: time between SIGTERM and SIGKILL */
    int closed;
    uint64_t write_timeout_ns; /* a write must finish within this (0: no limit) */
    int write_timed_out;       /* the last failed write ran out of it */
    uint64_t first_output_ns;  /* the first OUTPUT frame's time (0: none yet) */
    uint64_t outputs;          /* OUTPUT frames so far */
    uint64_t output_bytes;     /* bytes of output so far */
    uint64_t max_output_bytes; /* more is an error (pump fails, output_overflow set); 0: no bound */
    int output_overflow;
    uint64_t last_poke_ns;     /* the last input or resize: output may follow it */
    uint64_t input_bytes;      /* bytes written to the program so far */
    uint64_t pokes;            /* inputs and resizes so far */
    /* What wait_reading saw when it last let an input go: the pokes by then
     * and the program's read calls (waits.c: an input is in flight until the
     * program has read since). */
    uint64_t mark_pokes;
    unsigned long long mark_reads;
    frame_sink sink;     /* ctx/frame may be NULL */
    temp_home home;      /* --isolate-home: removed at close (path empty: none) */
    tsr_buf scratch;     /* replies, encoded frames */
    uint8_t *readbuf;
    char error[256];     /* the last failure, for diagnostics */
} session;

#define SESSION_READ_BYTES (64 * 1024)

/* Makes the terminal and starts the program. Returns a spawn_status;
 * on failure error holds the reason and nothing needs closing (but
 * session_close is harmless). */
int session_open(session *s, const spawn_spec *spec, const tsr_options *opts, frame_sink sink);

/* Waits up to timeout_ns for output or the program's exit and handles
 * what came: at most one read (one OUTPUT frame), replies written back,
 * the EXIT frame once the program is gone and its output drained.
 * Returns 0, or -1 on an internal failure (error says why), and -1 at
 * once after SIGINT, SIGTERM or SIGHUP to tessera (stop_signals.h;
 * session_open installs the handlers) so every caller closes as usual. */
int session_pump(session *s, uint64_t timeout_ns);

/* Writes bytes to the program (an INPUT frame first), pumping output while
 * the PTY is full so neither side can block the other. Returns 0, or -1
 * (error says why: the program has gone, a write failed, or it did not
 * read its input within write_timeout_ns: write_timed_out is then set). */
int session_write(session *s, const void *bytes, size_t len);

/* Resizes the PTY (the program gets SIGWINCH) and the terminal (a RESIZE
 * frame). Returns 0 or -1. */
int session_resize(session *s, int rows, int cols);

/* Ends the program and everything it started, reaps them, emits the EXIT
 * frame if none was, closes the PTY. Idempotent. Returns the number of
 * processes that could not be ended (0 normally). */
int session_close(session *s);

/* Frees the terminal and buffers (closes first if needed). */
void session_free(session *s);

#endif
