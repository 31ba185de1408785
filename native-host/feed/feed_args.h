/* The flags shared by `feed` and `replay`: screen size, scrollback, reflow,
 * output format, and at most one FILE (or "-" for stdin), in any order. */
#ifndef TSR_CLI_FEED_ARGS_H
#define TSR_CLI_FEED_ARGS_H

#include "output.h"
#include "replay_point.h"
#include "tessera/tessera.h"

typedef struct feed_args {
    tsr_options term;  /* rows, cols, scrollback, reflow */
    int rows_given;    /* --rows was on the command line */
    int cols_given;    /* --cols was on the command line */
    output_format format;
    const char *file;  /* NULL when none was given; "-" means stdin */
    int help;          /* --help / -h: print the command's usage, exit 0 */
    replay_point point; /* replay: --at, --event, --mark or --step (the end by default) */
    int list_marks;     /* replay --marks: list the marks instead of a screen */
} feed_args;

/* Parses argv[1..argc) (argv[0] is the command's name). Returns
 * TSR_EXIT_OK, or TSR_EXIT_USAGE after reporting the problem. */
int feed_args_parse(int argc, char **argv, feed_args *out);

#endif
