/* libFuzzer target over the host's command reader (native-host/host,
 * host_command): the input is what `tessera host` reads on stdin, split
 * into lines as host_loop.c splits it. Nothing is ever started: the host's
 * start hook is a stub that checks what spawn hands it and gives the
 * session a terminal and /dev/null for its PTY, so input, resize and mouse
 * commands go through their real checks, encoders and frames.
 *
 * The stub's programs: "missing" cannot be started (the spawn failure
 * path), "true" has exited at once (an EXIT frame applied), anything else
 * runs, prints its first argument (so a command can turn on mouse or focus
 * reporting first) and reads everything it is sent. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "exit_codes.h"
#include "fuzz_check.h"
#include "host_command.h"
#include "tessera/tessera.h"

/* Every frame the session applies must encode (the host writes them out). */
static int encode_frame(void *ctx, const tsr_frame *f)
{
    tsr_buf *out = ctx;
    tsr_buf_clear(out);
    FUZZ_CHECK(tsr_frame_encode(f, out) == TSR_OK && out->len > 0);
    return 0;
}

/* What spawn passes on must be what a real exec could take. */
static void check_spawn_args(const live_options *a, char **argv)
{
    FUZZ_CHECK(argv != NULL && argv[0] != NULL && argv[0][0] != '\0');
    for (char **p = argv; *p; p++)
        fuzz_touch(*p, strlen(*p));
    for (const char **e = a->env; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        FUZZ_CHECK(eq != NULL && eq != *e); /* NAME=VALUE, the name not empty */
    }
    if (a->cwd)
        fuzz_touch(a->cwd, strlen(a->cwd));
    FUZZ_CHECK(a->term.rows >= 1 && a->term.rows <= TSR_MAX_ROWS);
    FUZZ_CHECK(a->term.cols >= 1 && a->term.cols <= TSR_MAX_COLS);
}

static int stub_start(session *s, const live_options *a, char **argv, frame_sink sink)
{
    check_spawn_args(a, argv);
    memset(s, 0, sizeof *s);
    s->master = -1;
    s->reaper.group.dir = -1;
    s->closed = 1;
    s->sink = sink;
    s->write_timeout_ns = a->timeout_ns;
    if (strcmp(argv[0], "missing") == 0) {
        snprintf(s->error, sizeof s->error, "cannot start %s: no such file", argv[0]);
        return TSR_EXIT_NOT_STARTED;
    }
    if (tsr_term_new(&a->term, &s->term) != TSR_OK) {
        snprintf(s->error, sizeof s->error, "creating the terminal: out of memory");
        return TSR_EXIT_INTERNAL;
    }
    s->master = open("/dev/null", O_WRONLY | O_CLOEXEC);
    FUZZ_CHECK(s->master >= 0);
    if (argv[1]) {
        tsr_frame out = {.type = TSR_FRAME_OUTPUT, .data = (const uint8_t *)argv[1],
                         .len = strlen(argv[1])};
        FUZZ_CHECK(tsr_term_apply_frame(s->term, &out, NULL) == TSR_OK);
        FUZZ_CHECK(sink.frame(sink.ctx, &out) == 0);
        tsr_buf replies = {0}; /* answered to a program that ignores them */
        FUZZ_CHECK(tsr_term_take_replies(s->term, &replies) == TSR_OK);
        tsr_buf_free(&replies);
    }
    if (strcmp(argv[0], "true") == 0) {
        tsr_frame exit_frame = {.type = TSR_FRAME_EXIT, .exit_code = 0};
        FUZZ_CHECK(tsr_term_apply_frame(s->term, &exit_frame, NULL) == TSR_OK);
        FUZZ_CHECK(sink.frame(sink.ctx, &exit_frame) == 0);
        s->exited = 1;
    }
    return TSR_EXIT_OK;
}

/* One command; returns 0 to go on. */
static int command(host *h, const char *line, size_t len)
{
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len == 0)
        return 0;
    int rc = host_command(h, line, len);
    FUZZ_CHECK(rc == 0 || rc == -1);
    FUZZ_CHECK(!h->spawned || h->s.term != NULL);
    if (rc != 0) /* the host stops with a reason */
        FUZZ_CHECK(h->exit_code == TSR_EXIT_NOT_STARTED || h->exit_code == TSR_EXIT_INTERNAL);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    live_options opts = {0};
    tsr_options_default(&opts.term);
    opts.timeout_ns = 1000000000u;
    tsr_buf frames = {0};
    host h;
    host_init(&h, &opts);
    h.start = stub_start;
    h.sink.ctx = &frames;
    h.sink.frame = encode_frame;

    const char *text = (const char *)data;
    size_t pos = 0;
    while (pos < size && !h.done) {
        const char *nl = memchr(text + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (text + pos)) : size - pos;
        if (command(&h, text + pos, len) != 0)
            break;
        pos += len + 1;
    }
    if (h.s.master >= 0) { /* session_close leaves a PTY it did not spawn on */
        close(h.s.master);
        h.s.master = -1;
    }
    session_free(&h.s);
    tsr_buf_free(&frames);
    return 0;
}
