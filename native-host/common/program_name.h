#ifndef TSR_PROGRAM_NAME_H
#define TSR_PROGRAM_NAME_H

/* The name the executable was run by: tessera, or the JS CLI's tessera-js.
 * Usage lines and the "(see NAME --help)" hint say it, so each CLI points its
 * user at its own help. */

/* Keeps the last path component of argv0 (NULL or "" keep "tessera"). */
void program_name_set(const char *argv0);

const char *program_name(void);

#endif
