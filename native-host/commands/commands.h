/* The CLI's commands. Each is a function over its own argv (argv[0] is the
 * command's name) returning a public exit code (exit_codes.h).
 * command_table.c maps names to them; a new command is one row there. */
#ifndef TSR_CLI_COMMANDS_H
#define TSR_CLI_COMMANDS_H

typedef struct cli_command {
    const char *name;
    const char *synopsis; /* arguments after the name */
    const char *summary;  /* one line for the command list */
    const char *details;  /* the rest of `tessera help NAME`, or NULL */
    int (*run)(int argc, char **argv);
} cli_command;

/* The command called name, or NULL. */
const cli_command *cli_find_command(const char *name);

/* Prints one "  NAME  summary" line per command to stdout (the usage's list). */
void cli_print_command_list(void);

/* Prints `tessera help NAME` to stdout. */
void cli_print_command_help(const char *name);

int cmd_feed(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_snapshot(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_host(int argc, char **argv);

#endif
