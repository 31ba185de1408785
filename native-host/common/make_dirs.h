/* Creating a folder with its missing parents. */
#ifndef TSR_CLI_MAKE_DIRS_H
#define TSR_CLI_MAKE_DIRS_H

/* Creates path and every missing folder above it with mode (an existing
 * one is fine). Returns 0, or -1 with errno set. */
int make_dirs(const char *path, unsigned mode);

#endif
