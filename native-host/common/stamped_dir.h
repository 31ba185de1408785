/* A new folder named after what it holds and when: ROOT/BASE-YYYYmmdd-HHMMSS
 * (UTC), with -2, -3, ... when that exists already. Failure artifacts and
 * `tessera view`'s default page use it. */
#ifndef TSR_CLI_STAMPED_DIR_H
#define TSR_CLI_STAMPED_DIR_H

#include <stddef.h>

/* BASE in characters safe in any file system: letters, digits, '-', '_'
 * and (but first) '.' kept, anything else '_', at most 64 of them
 * (keep_dots 0: it ends at the first '.', so a file name loses its
 * extensions). */
void stamped_dir_base(const char *name, int keep_dots, char *out, size_t cap);

/* Creates ROOT (and its missing parents) and the new folder in it; its path
 * into out. Returns 0, or -1 with errno set (out names what failed). */
int stamped_dir_make(const char *root, const char *base, char *out, size_t cap);

#endif
