#define _POSIX_C_SOURCE 200809L
#include "temp_home.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "make_dirs.h"
#include "remove_tree.h"
#include "terminal_safe.h"

/* name=folder below the home, created before the program starts */
static const char *const XDG[TEMP_HOME_ENV_COUNT][2] = {
    {"HOME", ""},
    {"XDG_CONFIG_HOME", "/.config"},
    {"XDG_DATA_HOME", "/.local/share"},
    {"XDG_STATE_HOME", "/.local/state"},
    {"XDG_CACHE_HOME", "/.cache"},
};

int temp_home_create(temp_home *h, char *why, size_t cap)
{
    memset(h, 0, sizeof h->env);
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    int n = snprintf(h->path, sizeof h->path, "%s/tessera-home-XXXXXX", tmp);
    if (n < 0 || (size_t)n >= sizeof h->path || !mkdtemp(h->path)) {
        snprintf(why, cap, "--isolate-home: cannot make a folder in %s: %s", tmp,
                 n >= 0 && (size_t)n < sizeof h->path ? strerror(errno) : "the path is too long");
        h->path[0] = '\0';
        return -1;
    }
    for (int i = 0; i < TEMP_HOME_ENV_COUNT; i++) {
        char dir[300];
        snprintf(dir, sizeof dir, "%s%s", h->path, XDG[i][1]);
        if (make_dirs(dir, 0700) != 0) {
            snprintf(why, cap, "--isolate-home: cannot make %s: %s", dir, strerror(errno));
            temp_home_remove(h);
            return -1;
        }
        snprintf(h->entries[i], sizeof h->entries[i], "%s=%s", XDG[i][0], dir);
        h->env[i] = h->entries[i];
    }
    h->env[TEMP_HOME_ENV_COUNT] = NULL;
    return 0;
}

void temp_tree_remove(const char *path)
{
    if (remove_tree(path) != 0) /* said, so a leftover is never silent */
        safe_fprintf(stderr, "tessera: %s: could not be removed whole: %s\n", path,
                     strerror(errno));
}

void temp_home_remove(temp_home *h)
{
    if (!h->path[0])
        return;
    temp_tree_remove(h->path);
    h->path[0] = '\0';
}
