/* What every tessera executable does with its argv before a command runs:
 * usage, `help [COMMAND]`, the version, unknown commands; then the command
 * from the executable's table (a NULL-terminated list). */
#ifndef TSR_CLI_DISPATCH_H
#define TSR_CLI_DISPATCH_H

#include "command.h"

int cli_dispatch(const cli_command *const *table, int argc, char **argv);

#endif
