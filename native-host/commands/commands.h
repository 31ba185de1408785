/* The program-running commands. Each is a function over its own argv
 * (argv[0] is the command's name) returning a public exit code
 * (exit_codes.h); live_commands.c holds their rows and help texts. */
#ifndef TSR_CLI_COMMANDS_H
#define TSR_CLI_COMMANDS_H

#include "command.h"

extern const cli_command RUN_COMMAND;
extern const cli_command SNAPSHOT_COMMAND;
extern const cli_command SCRIPT_COMMAND;
extern const cli_command RECORD_COMMAND;
extern const cli_command HOST_COMMAND;
extern const cli_command MCP_COMMAND;
extern const cli_command TEST_COMMAND;

int cmd_run(int argc, char **argv);
int cmd_snapshot(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_host(int argc, char **argv);
int cmd_mcp(int argc, char **argv);
int cmd_test(int argc, char **argv);

#endif
