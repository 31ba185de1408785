/* `tessera record`: the program runs attached to this terminal (stdin in
 * raw mode, restored on every exit path; our window size, followed on
 * SIGWINCH) or, without a terminal, with stdin's bytes forwarded until it
 * exits. Every frame goes to the recorder (recordings/recorder.h): the
 * asciicast file and the journal. */
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "terminal_safe.h"
#include "commands.h"
#include "exit_codes.h"
#include "fd_io.h"
#include "live.h"
#include "mono_clock.h"
#include "recorder.h"
#include "run_args.h"

/* The recording, and the user's terminal watching it. */
typedef struct recording {
    recorder rec;
    int passthrough; /* write output to stdout */
} recording;

static volatile sig_atomic_t winch_seen;

static void on_winch(int sig)
{
    (void)sig;
    winch_seen = 1;
}

static int on_frame(void *ctx, const tsr_frame *f)
{
    recording *r = ctx;
    if (f->type == TSR_FRAME_OUTPUT && r->passthrough)
        fd_write_all(STDOUT_FILENO, f->data, f->len); /* the user's terminal may be gone: not fatal */
    return recorder_frame(&r->rec, f);
}

/* End of input reaches the program as a terminal gives it: VEOF when the
 * line discipline is canonical (twice after a partial line, whose first
 * VEOF only hands the line over). A program in raw mode reads no EOF from a
 * terminal, so it gets none. */
static int send_eof(session *s, int after_newline)
{
    struct termios t;
    if (s->master < 0 || tcgetattr(s->master, &t) != 0 || !(t.c_lflag & ICANON))
        return 0;
    unsigned char eof[2] = {t.c_cc[VEOF], t.c_cc[VEOF]};
    if (session_write(s, eof, after_newline ? 1 : 2) != 0 && !s->exited && !s->eof)
        return -1;
    return 0;
}

#define RECORD_DEADLINE 1 /* pump_attached: --timeout passed first */

/* Forwards stdin and follows the window size until the program exits or
 * the deadline (0: none) passes. */
static int pump_attached(session *s, int tty, uint64_t deadline)
{
    int stdin_open = 1, after_newline = 1;
    char buf[4096];
    while (!s->exited) {
        if (deadline && mono_now_ns() >= deadline)
            return RECORD_DEADLINE;
        if (tty && winch_seen) {
            winch_seen = 0;
            struct winsize ws;
            if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
                session_resize(s, ws.ws_row, ws.ws_col) != 0)
                return -1;
        }
        struct pollfd p[2] = {{s->master, POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        int n = poll(p, stdin_open ? 2 : 1, 5);
        if (n < 0 && errno != EINTR)
            return -1;
        if (stdin_open && n > 0 && (p[1].revents & (POLLIN | POLLHUP))) {
            ssize_t got = read(STDIN_FILENO, buf, sizeof buf);
            if (got > 0) {
                if (session_write(s, buf, (size_t)got) != 0 && !s->exited && !s->eof)
                    return s->write_timed_out ? RECORD_DEADLINE : -1;
                after_newline = buf[got - 1] == '\n';
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                stdin_open = 0;
                if (!tty && send_eof(s, after_newline) != 0)
                    return -1;
            }
        }
        if (session_pump(s, 0) != 0)
            return -1;
    }
    return 0;
}

int cmd_record(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_RECORD, &RECORD_COMMAND, argc, argv, &a, &code))
        return code;
    recording r;
    r.passthrough = !a.live.quiet;
    code = recorder_open(&r.rec, a.cast_out, a.cast_format, a.journal);
    int tty = isatty(STDIN_FILENO);
    struct winsize ws;
    if (code == TSR_EXIT_OK && tty && ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0) {
        if (!a.live.rows_given)
            a.live.term.rows = ws.ws_row > TSR_MAX_ROWS ? TSR_MAX_ROWS : ws.ws_row;
        if (!a.live.cols_given)
            a.live.term.cols = ws.ws_col > TSR_MAX_COLS ? TSR_MAX_COLS : ws.ws_col;
    }
    uint64_t t0 = mono_now_ns();
    if (code == TSR_EXIT_OK && recorder_begin(&r.rec, a.live.term.cols, a.live.term.rows, t0) != 0)
        code = TSR_EXIT_INTERNAL;
    struct termios saved;
    int raw = 0;
    session s;
    memset(&s, 0, sizeof s);
    if (code == TSR_EXIT_OK) {
        frame_sink sink = {&r, on_frame};
        code = live_start(&s, &a.live, a.argv, sink);
    }
    if (code == TSR_EXIT_OK) {
        if (tty && tcgetattr(STDIN_FILENO, &saved) == 0) {
            struct termios rawt = saved;
            cfmakeraw(&rawt);
            raw = tcsetattr(STDIN_FILENO, TCSANOW, &rawt) == 0; /* keep typed-ahead input */
            struct sigaction sa;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_winch;
            sigaction(SIGWINCH, &sa, NULL);
        }
        s.write_timeout_ns = a.timeout_given ? a.live.timeout_ns : 0;
        uint64_t deadline = a.timeout_given ? mono_now_ns() + a.live.timeout_ns : 0;
        int pumped = pump_attached(&s, tty, deadline);
        if (pumped == RECORD_DEADLINE) {
            safe_fprintf(stderr, "tessera: record: --timeout passed before the program exited; it was ended\n");
            code = TSR_EXIT_TIMEOUT;
        } else if (pumped != 0) {
            code = TSR_EXIT_INTERNAL;
        }
        if (raw)
            tcsetattr(STDIN_FILENO, TCSADRAIN, &saved);
        code = live_close(&s, code);
        if (code == TSR_EXIT_INTERNAL && s.error[0])
            safe_fprintf(stderr, "tessera: %s\n", s.error);
    }
    session_free(&s);
    if (recorder_close(&r.rec) != 0 && code == TSR_EXIT_OK)
        code = TSR_EXIT_INTERNAL;
    run_args_free(&a);
    return code;
}
