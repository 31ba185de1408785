/* Events are escaped by tsr_json_escape, so bad UTF-8 becomes U+FFFD by the
 * rule the core applies to the live screen and a replay matches it. */
#include "cast_writer.h"

#include <string.h>
#include <time.h>

#include "tessera/text.h"

int cast_writer_begin(cast_writer *w, FILE *fp, int cols, int rows, uint64_t t0_ns)
{
    memset(w, 0, sizeof *w);
    w->fp = fp;
    w->t0_ns = t0_ns;
    return fprintf(fp,
                   "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %lld, "
                   "\"env\": {\"TERM\": \"xterm-256color\"}}\n",
                   cols, rows, (long long)time(NULL)) < 0
               ? -1
               : 0;
}

static void put_time(cast_writer *w, uint64_t t_ns)
{
    uint64_t d = t_ns > w->t0_ns ? t_ns - w->t0_ns : 0;
    fprintf(w->fp, "[%llu.%06llu, ", (unsigned long long)(d / 1000000000u),
            (unsigned long long)(d % 1000000000u / 1000u));
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
