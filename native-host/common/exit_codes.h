/* The public exit codes of the tessera CLI (documented in the README's
 * table of exit codes); each is tested. */
#ifndef TSR_CLI_EXIT_CODES_H
#define TSR_CLI_EXIT_CODES_H

enum {
    TSR_EXIT_OK = 0,
    TSR_EXIT_FAILED = 1,      /* an expectation, a golden comparison or --expect-exit failed */
    TSR_EXIT_USAGE = 2,       /* bad flags, or an invalid or unreadable input file or tape */
    TSR_EXIT_TIMEOUT = 3,     /* a wait reached its deadline (or the program exited first) */
    TSR_EXIT_NOT_STARTED = 4, /* the program could not be started */
    TSR_EXIT_INTERNAL = 5,    /* out of memory, a core error, stdout unwritable */
};

#endif
