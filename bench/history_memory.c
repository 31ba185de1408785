/* What the revision history costs: replays a real program's recording as
 * frames (one output event, one frame, at its recorded time) and compares
 * the memory of the rows the history keeps (shared between revisions) with
 * as many full copies of the screen.
 *
 *   history_memory FILE.cast [--revisions N] [--once]
 *
 * By default the recording is looped until the history holds N revisions
 * (default 2000). With --once it is replayed once, as it was recorded, and
 * the history keeps up to N revisions of it: the figure for a long session
 * rather than a short one repeated. Prints the totals and the bytes per
 * kept revision. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "tessera/tessera.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

typedef struct replay {
    const char *path;
    uint32_t want;       /* revisions to keep (and, looping, to make) */
    uint64_t max_frames; /* stop after this many frames (0: no bound) */
    tsr_term *term;
    uint64_t offset, last, frames, events;
} replay;

/* Bytes malloc has handed out and not had back (0 where unknown). */
static size_t heap_in_use(void)
{
#ifdef __GLIBC__
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}

/* One pass over the recording. Returns 0 to go on, 1 when the history is
 * full (or max_frames applied), 2 for a bad file and 5 for a core failure. */
static int replay_pass(replay *r, const char *text, size_t len)
{
    tsr_cast_reader *rd;
    if (tsr_cast_reader_new(&rd))
        return 5;
    int rc = 0;
    for (size_t at = 0; at < len && rc == 0;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        tsr_cast_event ev;
        if (tsr_cast_reader_line(rd, text + at, n, &ev)) {
            long line = 0;
            const char *why = tsr_cast_reader_error(rd, &line);
            fprintf(stderr, "%s:%ld: %s\n", r->path, line, why);
            rc = 2;
            break;
        }
        at += n + 1;
        if (ev.kind == TSR_CAST_HEADER && !r->term) {
            tsr_options o;
            tsr_options_default(&o);
            o.rows = ev.rows;
            o.cols = ev.cols;
            o.history.max_revisions = r->want;
            o.history.max_decoded_bytes = UINT64_MAX / 2;
            o.history.max_raw_bytes = UINT64_MAX / 2;
            if (tsr_term_new(&o, &r->term))
                rc = 5;
        } else if (ev.kind == TSR_CAST_OUTPUT || ev.kind == TSR_CAST_RESIZE) {
            tsr_frame f = {.type = ev.kind == TSR_CAST_OUTPUT ? TSR_FRAME_OUTPUT : TSR_FRAME_RESIZE,
                           .time_ns = r->offset + ev.time_ns,
                           .data = (const uint8_t *)ev.data,
                           .len = ev.len,
                           .rows = ev.rows,
                           .cols = ev.cols};
            r->last = f.time_ns;
            r->frames++;
            r->events += ev.kind == TSR_CAST_OUTPUT;
            if (tsr_term_apply_frame(r->term, &f, NULL))
                rc = 5;
            tsr_history_stats st;
            tsr_term_history_stats(r->term, &st);
            if (rc == 0 && (r->max_frames ? r->frames >= r->max_frames : st.revisions >= r->want))
                rc = 1;
        }
    }
    tsr_cast_reader_free(rd);
    r->offset = r->last + 1000000; /* a next pass starts 1 ms later */
    return rc;
}

/* Replays the recording once, or looped until the history is full or
 * max_frames were applied. Returns 0 with r->term made, or the exit code. */
static int replay_all(replay *r, const char *text, size_t len, int once)
{
    int rc = 0;
    for (int pass = 0; rc == 0 && pass < (once ? 1 : 10000); pass++)
        rc = replay_pass(r, text, len);
    if (rc > 1 || !r->term) {
        if (r->term)
            tsr_term_free(r->term);
        if (rc <= 1)
            fprintf(stderr, "%s: no header\n", r->path);
        return rc > 1 ? rc : 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    uint32_t want = 2000;
    int once = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--revisions") == 0 && i + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[++i], &end, 10);
            if (*end || n == 0 || n > UINT32_MAX) {
                fprintf(stderr, "history_memory: --revisions needs a whole number from 1\n");
                return 2;
            }
            want = (uint32_t)n;
        } else if (strcmp(argv[i], "--once") == 0) {
            once = 1;
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "usage: history_memory FILE.cast [--revisions N] [--once]\n");
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: history_memory FILE.cast [--revisions N] [--once]\n");
        return 2;
    }
    size_t len;
    char *text = slurp(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", path);
        return 2;
    }
    size_t heap0 = heap_in_use();
    replay r = {.path = path, .want = want};
    int rc = replay_all(&r, text, len, once);
    size_t heap_kept = heap_in_use() - heap0;
    if (rc != 0) {
        free(text);
        return rc;
    }
    tsr_history_stats st;
    tsr_term_history_stats(r.term, &st);
    printf("recording: %s (%dx%d), frames applied: %llu (%llu output)%s\n", path, tsr_term_cols(r.term),
           tsr_term_rows(r.term), (unsigned long long)r.frames, (unsigned long long)r.events,
           once ? ", once" : "");
    printf("revisions kept: %u (made: %llu)\n", st.revisions,
           (unsigned long long)(st.revisions + st.evicted));
    printf("history (shared rows): %llu bytes (%.1f KiB)\n", (unsigned long long)st.decoded_bytes,
           st.decoded_bytes / 1024.0);
    printf("full copies:           %llu bytes (%.1f KiB)\n", (unsigned long long)st.full_copy_bytes,
           st.full_copy_bytes / 1024.0);
    if (st.revisions > 0) {
        printf("per revision: %.0f bytes (full copy: %.0f bytes)\n",
               (double)st.decoded_bytes / st.revisions, (double)st.full_copy_bytes / st.revisions);
        printf("ratio: %.1fx smaller\n", (double)st.full_copy_bytes / (double)st.decoded_bytes);
    }
    /* The same frames again keeping one revision: the heap's difference is
     * everything the kept revisions cost (their rows, the snapshots and
     * malloc's own overhead), which the row count above leaves out. */
    tsr_term_free(r.term);
    if (st.revisions > 1 && heap_kept > 0) { /* 0: not glibc, no figure */
        replay one = {.path = path, .want = 1, .max_frames = r.frames};
        size_t before = heap_in_use();
        rc = replay_all(&one, text, len, 0);
        size_t heap_one = heap_in_use() - before;
        if (rc == 0) {
            printf("heap with %u revisions: %zu bytes, with 1: %zu bytes, per revision: %.0f bytes\n",
                   st.revisions, heap_kept, heap_one,
                   ((double)heap_kept - (double)heap_one) / (st.revisions - 1));
            tsr_term_free(one.term);
        }
    }
    free(text);
    return rc;
}
