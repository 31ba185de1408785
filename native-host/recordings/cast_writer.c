/* JSON escaping by hand: control bytes as \u00XX, quotes and backslashes
 * escaped, UTF-8 checked sequence by sequence. */
#include "cast_writer.h"

#include <string.h>
#include <time.h>

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

/* Length of the UTF-8 sequence starting at s (len bytes available):
 * n > 0 a valid sequence, 0 incomplete (may complete later), -1 invalid. */
static int utf8_len(const unsigned char *s, size_t len)
{
    unsigned c = s[0];
    int n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000;
    else
        return -1;
    unsigned cp = c & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((size_t)i >= len)
            return 0;
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1;
    return n;
}

static void put_escaped(FILE *fp, const unsigned char *s, size_t len, int final,
                        unsigned char *carry, size_t *ncarry)
{
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        int n = utf8_len(s + i, len - i);
        if (n == 0 && !final) {
            memcpy(carry, s + i, len - i);
            *ncarry = len - i;
            return;
        }
        if (n <= 0) {
            fputs("\xef\xbf\xbd", fp);
            i++;
            continue;
        }
        if (n > 1) {
            fwrite(s + i, 1, (size_t)n, fp);
        } else if (c == '"' || c == '\\') {
            fputc('\\', fp);
            fputc((int)c, fp);
        } else if (c == '\n') {
            fputs("\\n", fp);
        } else if (c == '\r') {
            fputs("\\r", fp);
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(fp, "\\u%04x", c);
        } else {
            fputc((int)c, fp);
        }
        i += (size_t)n;
    }
}

static void put_time(cast_writer *w, uint64_t t_ns)
{
    uint64_t d = t_ns > w->t0_ns ? t_ns - w->t0_ns : 0;
    fprintf(w->fp, "[%llu.%06llu, ", (unsigned long long)(d / 1000000000u),
            (unsigned long long)(d % 1000000000u / 1000u));
}

/* Bytes a UTF-8 sequence starting with lead needs in all (1 if invalid). */
static size_t seq_len(unsigned char lead)
{
    return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

int cast_writer_data(cast_writer *w, uint64_t t_ns, char code, const unsigned char *data, size_t len)
{
    int k = code == 'o' ? 0 : 1;
    put_time(w, t_ns);
    fprintf(w->fp, "\"%c\", \"", code);
    /* first complete the character the last event ended inside of */
    size_t head = w->ncarry[k];
    if (head) {
        unsigned char joined[4];
        size_t need = seq_len(w->carry[k][0]) - head;
        size_t take = need < len ? need : len;
        memcpy(joined, w->carry[k], head);
        memcpy(joined + head, data, take);
        w->ncarry[k] = 0;
        put_escaped(w->fp, joined, head + take, 0, w->carry[k], &w->ncarry[k]);
        data += take;
        len -= take;
    }
    if (len > 0)
        put_escaped(w->fp, data, len, 0, w->carry[k], &w->ncarry[k]);
    fputs("\"]\n", w->fp);
    return ferror(w->fp) ? -1 : 0;
}

int cast_writer_resize(cast_writer *w, uint64_t t_ns, int cols, int rows)
{
    put_time(w, t_ns);
    fprintf(w->fp, "\"r\", \"%dx%d\"]\n", cols, rows);
    return ferror(w->fp) ? -1 : 0;
}
