/* A fresh HOME for a program under test (--isolate-home), with the XDG
 * folders inside it, so the program never writes to the user's home
 * (.bash_history, htoprc, .lesshst, ...). Removed, with everything the
 * program left in it, when the session closes. */
#ifndef TSR_CLI_TEMP_HOME_H
#define TSR_CLI_TEMP_HOME_H

#include <stddef.h>

#define TEMP_HOME_ENV_COUNT 5

typedef struct temp_home {
    char path[256];                           /* empty: none */
    char entries[TEMP_HOME_ENV_COUNT][320];   /* HOME=..., XDG_*=... */
    const char *env[TEMP_HOME_ENV_COUNT + 1]; /* the entries, NULL-terminated */
} temp_home;

/* Makes the folder under $TMPDIR (or /tmp). Returns 0, or -1 with why. */
int temp_home_create(temp_home *h, char *why, size_t cap);

/* Removes the folder and everything in it; idempotent. */
void temp_home_remove(temp_home *h);

/* Removes path and everything below it (remove_tree.h: read-only folders
 * too, never following a link); goes on past what cannot be removed. (A
 * spec's v2 workspace copy too.) */
void temp_tree_remove(const char *path);

#endif
