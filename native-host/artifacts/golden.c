/* Reading and writing golden files. A missing golden file is a failure to
 * compare (reported, exit 2 via the caller), never silently created:
 * --update is the only way to write one. */
#define _XOPEN_SOURCE 700
#include "golden.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "errno_text.h"
#include "fd_io.h"
#include "make_dirs.h"
#include "terminal_safe.h"

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

int golden_compare_text(const char *golden_name, const char *g, size_t glen, const char *text,
                        size_t len, tsr_buf *diff)
{
    char *tg = malloc(glen + 1), *tt = malloc(len + 1);
    int rc = GOLDEN_NOMEM;
    if (tg && tt) {
        size_t tglen = trimmed(g, glen, tg), ttlen = trimmed(text, len, tt);
        rc = GOLDEN_SAME;
        if (tglen != ttlen || memcmp(tg, tt, ttlen) != 0) {
            /* lines that lost only trailing spaces never show as changes */
            rc = unified_diff(diff, golden_name, g, glen, "screen", text, len) == 0
                     ? GOLDEN_DIFFERENT
                     : GOLDEN_NOMEM;
            size_t sg = spaceless(tg, tglen, tg), st = spaceless(tt, ttlen, tt);
            if (rc == GOLDEN_DIFFERENT && sg == st && memcmp(tg, tt, st) == 0 &&
                tsr_buf_puts(diff, "(the only differences are in spacing: spaces within rows, "
                                   "or blank rows)\n") != TSR_OK)
                rc = GOLDEN_NOMEM;
        }
    }
    free(tg);
    free(tt);
    return rc;
}

int golden_compare(const char *path, const char *text, size_t len, tsr_buf *diff)
{
    size_t glen = 0;
    char *g = golden_read(path, &glen);
    if (!g) {
        safe_fprintf(stderr, "%s: cannot read the golden file: %s (write it with --update)\n", path,
                errno_text(errno));
        return GOLDEN_IO;
    }
    int rc = golden_compare_text(path, g, glen, text, len, diff);
    free(g);
    return rc;
}

void golden_print_diff(const char *path, const tsr_buf *diff)
{
    safe_fprintf(stderr, "tessera: the screen differs from %s\n", path);
    terminal_safe_write(stderr, (const char *)diff->data, diff->len, TERMINAL_ESCAPE_TEXT);
}

/* The folders above path, made when missing (a new golden file's). */
static int make_parents(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return 0;
    char *dir = malloc((size_t)(slash - path) + 1);
    if (!dir)
        return -1;
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = '\0';
    int rc = make_dirs(dir, 0777);
    free(dir);
    return rc;
}

/* The mode the new file gets: the old file's, or what the umask leaves. */
static mode_t mode_for(const char *path)
{
    struct stat old;
    if (stat(path, &old) == 0)
        return old.st_mode & 07777;
#ifdef __wasi__
    return 0644; /* WASI has no umask: the host's rules decide */
#else
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
#endif
}

/* A new file beside path, path.tmp-N, created exclusively (O_EXCL: a
 * planted file or symlink of that name is never opened). WASI has no
 * mkstemp, so both builds make the name themselves. Returns the fd or -1. */
static int create_temp(const char *path, char *tmp, size_t cap)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    unsigned long seed = (unsigned long)now.tv_nsec ^ ((unsigned long)now.tv_sec << 8);
    for (int attempt = 0; attempt < 100; attempt++) {
        snprintf(tmp, cap, "%s.tmp-%lx", path, seed + (unsigned long)attempt * 7919u);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

/* The new file is written under a new name in the target's folder
 * (create_temp), then renamed over the target; it keeps the target's
 * permissions, or gets the umask's. */
int golden_write(const char *path, const char *text, size_t len)
{
    if (make_parents(path) != 0) {
        safe_fprintf(stderr, "%s: cannot create its folder: %s\n", path, errno_text(errno));
        return GOLDEN_IO;
    }
    size_t cap = strlen(path) + 32;
    char *tmp = malloc(cap);
    if (!tmp)
        return GOLDEN_NOMEM;
    mode_t mode = mode_for(path);
    int fd = create_temp(path, tmp, cap);
#ifdef __wasi__
    (void)mode; /* no fchmod in WASI */
    int ok = fd >= 0;
#else
    int ok = fd >= 0 && fchmod(fd, mode) == 0;
#endif
    if (ok && fd_write_all(fd, text, len) != 0)
        ok = 0;
    if (fd >= 0 && close(fd) != 0)
        ok = 0;
    if (ok && rename(tmp, path) != 0)
        ok = 0;
    if (!ok) {
        safe_fprintf(stderr, "%s: cannot write the golden file: %s\n", path, errno_text(errno));
        if (fd >= 0)
            unlink(tmp);
    }
    free(tmp);
    return ok ? GOLDEN_SAME : GOLDEN_IO;
}
