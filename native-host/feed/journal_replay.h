/* `tessera replay` of a journal (the file starts with JOURNAL_MAGIC). */
#ifndef TSR_CLI_JOURNAL_REPLAY_H
#define TSR_CLI_JOURNAL_REPLAY_H

#include "feed_args.h"
#include "input_file.h"

/* Applies every frame to a terminal and prints the final screen. The
 * first RESIZE frame is the recorded size, unless --rows/--cols were given.
 * Returns an exit code. */
int journal_replay(const feed_args *args, input_file *in);

#endif
