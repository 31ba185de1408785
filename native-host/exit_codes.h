/* The public exit codes of the tessera CLI (documented in the README).
 * Codes 1, 3 and 4 are reserved for the commands that run programs
 * (expectation failed, timeout, program failed) and are not used yet. */
#ifndef TSR_CLI_EXIT_CODES_H
#define TSR_CLI_EXIT_CODES_H

enum {
    TSR_EXIT_OK = 0,
    TSR_EXIT_USAGE = 2,    /* bad flags, or an invalid or unreadable input file */
    TSR_EXIT_INTERNAL = 5, /* out of memory, a core error, stdout unwritable */
};

#endif
