/* What the revision history costs: replays a real program's recording as
 * frames (one output event, one frame, at its recorded time), looping it
 * until the history holds N revisions, and compares the memory of the rows
 * the history keeps (shared between revisions) with N full copies.
 *
 *   history_memory FILE.cast [--revisions N]   (default 2000) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
            if (!more) {
                free(buf);
                buf = NULL;
            }
            buf = more;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: history_memory FILE.cast [--revisions N]\n");
        return 2;
    }
    uint32_t want = 2000;
    if (argc == 4 && strcmp(argv[2], "--revisions") == 0)
        want = (uint32_t)strtoul(argv[3], NULL, 10);
    size_t len;
    char *text = slurp(argv[1], &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    tsr_term *t = NULL;
    uint64_t offset = 0, last = 0, frames = 0;
    for (int pass = 0; pass < 10000; pass++) {
        tsr_cast_reader *rd;
        if (tsr_cast_reader_new(&rd))
            return 5;
        for (size_t at = 0; at < len;) {
            const char *nl = memchr(text + at, '\n', len - at);
            size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
            tsr_cast_event ev;
            if (tsr_cast_reader_line(rd, text + at, n, &ev)) {
                long line = 0;
                const char *why = tsr_cast_reader_error(rd, &line);
                fprintf(stderr, "%s:%ld: %s\n", argv[1], line, why);
                return 2;
            }
            at += n + 1;
            if (ev.kind == TSR_CAST_HEADER && !t) {
                tsr_options o;
                tsr_options_default(&o);
                o.rows = ev.rows;
                o.cols = ev.cols;
                o.history.max_revisions = want;
                o.history.max_decoded_bytes = UINT64_MAX / 2;
                o.history.max_raw_bytes = UINT64_MAX / 2;
                if (tsr_term_new(&o, &t))
                    return 5;
            } else if (ev.kind == TSR_CAST_OUTPUT || ev.kind == TSR_CAST_RESIZE) {
                tsr_frame f = {.type = ev.kind == TSR_CAST_OUTPUT ? TSR_FRAME_OUTPUT : TSR_FRAME_RESIZE,
                               .time_ns = offset + ev.time_ns,
                               .data = (const uint8_t *)ev.data,
                               .len = ev.len,
                               .rows = ev.rows,
                               .cols = ev.cols};
                last = f.time_ns;
                frames++;
                if (tsr_term_apply_frame(t, &f, NULL))
                    return 5;
                tsr_history_stats st;
                tsr_term_history_stats(t, &st);
                if (st.revisions >= want)
                    goto done;
            }
        }
        tsr_cast_reader_free(rd);
        offset = last + 1000000; /* the next pass starts 1 ms later */
    }
done:;
    tsr_history_stats st;
    tsr_term_history_stats(t, &st);
    printf("recording: %s (%dx%d), frames applied: %llu\n", argv[1], tsr_term_cols(t),
           tsr_term_rows(t), (unsigned long long)frames);
    printf("revisions kept: %u\n", st.revisions);
    printf("history (shared rows): %llu bytes (%.1f KiB)\n", (unsigned long long)st.decoded_bytes,
           st.decoded_bytes / 1024.0);
    printf("full copies:           %llu bytes (%.1f KiB)\n", (unsigned long long)st.full_copy_bytes,
           st.full_copy_bytes / 1024.0);
    printf("ratio: %.1fx smaller\n", (double)st.full_copy_bytes / (double)st.decoded_bytes);
    tsr_term_free(t);
    free(text);
    return 0;
}
