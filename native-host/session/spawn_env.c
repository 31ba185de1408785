/* Deterministic defaults: the same TERM and a UTF-8 locale on every
 * machine, so screens do not depend on who runs the test. */
#define _POSIX_C_SOURCE 200809L
#include "spawn_env.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

static size_t name_len(const char *entry)
{
    const char *eq = strchr(entry, '=');
    return eq ? (size_t)(eq - entry) : strlen(entry);
}

/* Adds or replaces entry (copied) in env[0..*n). */
static int put(char **env, size_t *n, const char *entry)
{
    size_t len = name_len(entry);
    char *copy = strdup(entry);
    if (!copy)
        return -1;
    for (size_t i = 0; i < *n; i++) {
        if (name_len(env[i]) == len && strncmp(env[i], entry, len) == 0) {
            free(env[i]);
            env[i] = copy;
            return 0;
        }
    }
    env[(*n)++] = copy;
    env[*n] = NULL;
    return 0;
}

char **spawn_env_build(const char *const *extra, int clear_env)
{
    static const char *const defaults[] = {"TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"};
    size_t total = 4;
    if (!clear_env)
        for (char **e = environ; *e; e++)
            total++;
    for (const char *const *e = extra; e && *e; e++)
        total++;
    char **env = calloc(total, sizeof *env);
    if (!env)
        return NULL;
    size_t n = 0;
    int ok = 1;
    if (!clear_env)
        for (char **e = environ; ok && *e; e++)
            ok = put(env, &n, *e) == 0;
    for (size_t i = 0; ok && i < 3; i++)
        ok = put(env, &n, defaults[i]) == 0;
    for (const char *const *e = extra; ok && e && *e; e++)
        ok = put(env, &n, *e) == 0;
    if (!ok) {
        spawn_env_free(env);
        return NULL;
    }
    return env;
}

void spawn_env_free(char **env)
{
    if (!env)
        return;
    for (char **e = env; *e; e++)
        free(*e);
    free(env);
}
