/* The environment a spawned program gets. */
#ifndef TSR_CLI_SPAWN_ENV_H
#define TSR_CLI_SPAWN_ENV_H

/* Builds a NULL-terminated NAME=VALUE array: the host's environment (or
 * nothing with clear_env), then TERM=xterm-256color, LANG and LC_ALL set to
 * C.UTF-8, then the extra entries; a later entry replaces an earlier one of
 * the same name, so the caller's choices win. Built before fork, because
 * the child may not allocate. NULL when out of memory; free with
 * spawn_env_free. */
char **spawn_env_build(const char *const *extra, int clear_env);
void spawn_env_free(char **env);

#endif
