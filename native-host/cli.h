/* The CLI's commands. Each is a function over its own argv (argv[0] is the
 * command's name) returning a public exit code (exit_codes.h). main.c holds
 * the table that maps names to them; a new command is one line there. */
#ifndef TSR_CLI_CLI_H
#define TSR_CLI_CLI_H

typedef struct cli_command {
    const char *name;
    const char *synopsis; /* arguments after the name */
    const char *summary;  /* one line for the command list */
    const char *details;  /* the rest of `tessera help NAME`, or NULL */
    int (*run)(int argc, char **argv);
} cli_command;

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
