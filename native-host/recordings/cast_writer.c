/* Events are escaped by tsr_json_escape, so bad UTF-8 becomes U+FFFD by the
 * rule the core applies to the live screen and a replay matches it. */
#include "cast_writer.h"

#include <string.h>
#include <time.h>

#include "tessera/text.h"

int cast_writer_begin(cast_writer *w, FILE *fp, int version, int cols, int rows, uint64_t t0_ns)
{
    memset(w, 0, sizeof *w);
    w->fp = fp;
    w->version = version;
    w->t0_ns = t0_ns;
    long long now = (long long)time(NULL);
    int n = version == 3
                ? fprintf(fp,
                          "{\"version\": 3, \"term\": {\"cols\": %d, \"rows\": %d, "
                          "\"type\": \"xterm-256color\"}, \"timestamp\": %lld}\n",
                          cols, rows, now)
                : fprintf(fp,
                          "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %lld, "
                          "\"env\": {\"TERM\": \"xterm-256color\"}}\n",
                          cols, rows, now);
    return n < 0 ? -1 : 0;
}

/* Times are whole microseconds since t0 in both versions; v3 writes the
 * difference of two of them, so its intervals sum to exactly the v2 times. */
static void put_time(cast_writer *w, uint64_t t_ns)
{
    uint64_t us = (t_ns > w->t0_ns ? t_ns - w->t0_ns : 0) / 1000u;
    uint64_t shown = us;
    if (w->version == 3) {
        shown = us > w->last_us ? us - w->last_us : 0;
        if (us > w->last_us)
            w->last_us = us;
    }
    fprintf(w->fp, "[%llu.%06llu, ", (unsigned long long)(shown / 1000000u),
            (unsigned long long)(shown % 1000000u));
}

int cast_writer_data(cast_writer *w, uint64_t t_ns, char code, const unsigned char *data, size_t len)
{
    int k = code == 'o' ? 0 : 1;
    /* the character the last event ended inside of goes first */
    tsr_buf raw = {0}, text = {0};
    size_t cut = 0;
    int rc = tsr_buf_append(&raw, w->carry[k], w->ncarry[k]);
    if (!rc)
        rc = tsr_buf_append(&raw, data, len);
    if (!rc)
        rc = tsr_json_escape(&text, raw.data, raw.len, &cut);
    if (!rc) {
        memcpy(w->carry[k], raw.data + raw.len - cut, cut);
        w->ncarry[k] = cut;
        put_time(w, t_ns);
        fprintf(w->fp, "\"%c\", \"", code);
        fwrite(text.data, 1, text.len, w->fp);
        fputs("\"]\n", w->fp);
    }
    tsr_buf_free(&raw);
    tsr_buf_free(&text);
    return rc || ferror(w->fp) ? -1 : 0;
}

int cast_writer_resize(cast_writer *w, uint64_t t_ns, int cols, int rows)
{
    put_time(w, t_ns);
    fprintf(w->fp, "\"r\", \"%dx%d\"]\n", cols, rows);
    return ferror(w->fp) ? -1 : 0;
}

int cast_writer_exit(cast_writer *w, uint64_t t_ns, int code, int signal)
{
    if (w->version != 3)
        return 0;
    int status = signal > 0 ? 128 + signal : code;
    put_time(w, t_ns);
    fprintf(w->fp, "\"x\", \"%d\"]\n", status < 0 || status > 255 ? 255 : status);
    return ferror(w->fp) ? -1 : 0;
}
