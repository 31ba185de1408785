#define _POSIX_C_SOURCE 200809L
#include "stamped_dir.h"

#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

#include "make_dirs.h"

void stamped_dir_base(const char *name, int keep_dots, char *out, size_t cap)
{
    size_t n = 0;
    for (; name[n] && (keep_dots || name[n] != '.') && n + 1 < cap && n < 64; n++) {
        char c = name[n];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '_' || (c == '.' && n > 0);
        out[n] = ok ? c : '_';
    }
    if (n == 0 && cap > 1)
        out[n++] = '_';
    out[n] = '\0';
}

int stamped_dir_make(const char *root, const char *base, char *out, size_t cap)
{
    if (make_dirs(root, 0777) != 0) {
        snprintf(out, cap, "%s", root);
        return -1;
    }
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    if (!gmtime_r(&now, &tm) || strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(stamp, sizeof stamp, "%lld", (long long)now);
    for (int n = 1; n < 1000; n++) {
        int len = n == 1 ? snprintf(out, cap, "%s/%s-%s", root, base, stamp)
                         : snprintf(out, cap, "%s/%s-%s-%d", root, base, stamp, n);
        if (len < 0 || (size_t)len >= cap) {
            errno = ENAMETOOLONG;
            return -1;
        }
        if (mkdir(out, 0777) == 0)
            return 0;
        if (errno != EEXIST)
            return -1;
    }
    return -1;
}
