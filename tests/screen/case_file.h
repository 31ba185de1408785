/* Reading a whole file into memory, for the case files and modes.json. */
#ifndef CASE_FILE_H
#define CASE_FILE_H

#include <stddef.h>

/* The bytes of path, NUL-terminated (they may hold NULs too), and their
 * count in *len; NULL when the file cannot be read or memory runs out. */
char *case_file_read(const char *path, size_t *len);

#endif
