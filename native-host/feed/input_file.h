/* Opening the input a command reads: a named file, or stdin for "-" or
 * when no file was given. */
#ifndef TSR_CLI_INPUT_FILE_H
#define TSR_CLI_INPUT_FILE_H

#include <stdio.h>

typedef struct input_file {
    FILE *fp;
    const char *name; /* for diagnostics: the path, or "<stdin>" */
} input_file;

/* Returns TSR_EXIT_OK, or TSR_EXIT_USAGE after "FILE: cannot open: ...". */
int input_open(input_file *in, const char *path);
void input_close(input_file *in);

#endif
