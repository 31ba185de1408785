/* `tessera golden` and `tessera artifacts`: the golden comparison and the
 * failure folder as commands, for the front ends that are not C (the JS
 * package runs them in tessera-cli.wasm) and for shell scripts. Both
 * executables offer them. */
#ifndef TSR_CLI_ARTIFACTS_COMMANDS_H
#define TSR_CLI_ARTIFACTS_COMMANDS_H

#include "command.h"

/* A trace or a screen larger than this is refused. */
#define ARTIFACTS_MAX_INPUT_BYTES (256ul << 20)

extern const cli_command GOLDEN_COMMAND;
extern const cli_command ARTIFACTS_COMMAND;

int cmd_golden(int argc, char **argv);
int cmd_artifacts(int argc, char **argv);

/* A whole file (or stdin for "-") up to ARTIFACTS_MAX_INPUT_BYTES, NUL
 * added (not counted). Returns it malloc'd, or NULL with *code set after
 * naming the file and why. */
char *artifacts_read_input(const char *path, size_t *len, int *code);

#endif
