/* Running a parsed tape against a live session. */
#ifndef TSR_CLI_TAPE_RUN_H
#define TSR_CLI_TAPE_RUN_H

#include "live.h"
#include "tape.h"

/* Starts the tape's program, runs every step in order, closes the session.
 * Returns the exit code of the first step that failed, or 0. */
int tape_run(const char *path, const tape *t, const live_options *a);

#endif
