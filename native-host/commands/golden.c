/* Reading and writing golden files. A missing golden file is a failure to
 * compare (reported, exit 2 via the caller), never silently created:
 * --update is the only way to write one. */
#define _XOPEN_SOURCE 700
#include "golden.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fd_io.h"

char *golden_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* The text as editors leave it: each line without its trailing spaces, and
 * without the empty lines (and newline) at the end. A golden file trimmed
 * by an editor or a pre-commit hook still matches its screen. */
static size_t trimmed(const char *in, size_t len, char *out)
{
    size_t o = 0, line_start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || in[i] == '\n') {
            size_t end = i;
            while (end > line_start && in[end - 1] == ' ')
                end--;
            memcpy(out + o, in + line_start, end - line_start);
            o += end - line_start;
            if (i < len)
                out[o++] = '\n';
            line_start = i + 1;
        }
    }
    while (o > 0 && out[o - 1] == '\n')
        o--;
    return o;
}

/* The text without any space at all: what is left when only spacing differs. */
static size_t spaceless(const char *in, size_t len, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++)
        if (in[i] != ' ' && in[i] != '\n')
            out[o++] = in[i];
    return o;
}

int golden_compare(const char *path, const char *text, size_t len)
{
    size_t glen = 0;
    char *g = golden_read(path, &glen);
    if (!g) {
        fprintf(stderr, "%s: cannot read the golden file: %s (write it with --update)\n", path,
                strerror(errno));
        return GOLDEN_IO;
    }
    char *tg = malloc(glen + 1), *tt = malloc(len + 1);
    int rc = GOLDEN_NOMEM;
    if (tg && tt) {
        size_t tglen = trimmed(g, glen, tg), ttlen = trimmed(text, len, tt);
        rc = GOLDEN_SAME;
        if (tglen != ttlen || memcmp(tg, tt, ttlen) != 0) {
            fprintf(stderr, "tessera: the screen differs from %s\n", path);
            /* lines that lost only trailing spaces never show as changes */
            rc = unified_diff(path, g, glen, "screen", text, len) == 0 ? GOLDEN_DIFFERENT
                                                                       : GOLDEN_NOMEM;
            if (rc == GOLDEN_DIFFERENT) {
                size_t sg = spaceless(tg, tglen, tg), st = spaceless(tt, ttlen, tt);
                if (sg == st && memcmp(tg, tt, st) == 0)
                    fprintf(stderr, "tessera: the only differences are in spacing (spaces "
                                    "within rows, or blank rows)\n");
            }
        }
    }
    free(tg);
    free(tt);
    free(g);
    return rc;
}

/* The new file is written under a name mkstemp makes unique in the
 * target's folder (a planted symlink cannot redirect it), then renamed over
 * the target; it keeps the target's permissions, or gets the umask's. */
int golden_write(const char *path, const char *text, size_t len)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 8);
    if (!tmp)
        return GOLDEN_NOMEM;
    snprintf(tmp, plen + 8, "%s.XXXXXX", path);
    struct stat old;
    mode_t mode;
    if (stat(path, &old) == 0) {
        mode = old.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    int fd = mkstemp(tmp);
    int ok = fd >= 0 && fchmod(fd, mode) == 0;
    if (ok && fd_write_all(fd, text, len) != 0)
        ok = 0;
    if (fd >= 0 && close(fd) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "%s: cannot write the golden file: %s\n", path, strerror(errno));
        if (fd >= 0)
            unlink(tmp);
    }
    free(tmp);
    return ok ? GOLDEN_SAME : GOLDEN_IO;
}
