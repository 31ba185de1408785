/* `feed` and `replay`: a terminal fed bytes or a recording, no program and
 * no PTY, its screen printed. This part builds for WASI too (the JS CLI). */
#ifndef TSR_CLI_FEED_COMMANDS_H
#define TSR_CLI_FEED_COMMANDS_H

#include "command.h"

extern const cli_command FEED_COMMAND;
extern const cli_command REPLAY_COMMAND;

int cmd_feed(int argc, char **argv);
int cmd_replay(int argc, char **argv);

#endif
