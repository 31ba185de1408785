/* mkdir -p: a folder and every missing folder above it. */
#define _POSIX_C_SOURCE 200809L
#include "make_dirs.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

int make_dirs(const char *path, unsigned mode)
{
    char buf[4096]; /* PATH_MAX on Linux; wasi-libc has none */
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, (mode_t)mode) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return mkdir(buf, (mode_t)mode) != 0 && errno != EEXIST ? -1 : 0;
}
