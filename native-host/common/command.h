/* A command of a program: its name, its help texts and its function. Each
 * part defines the rows of its own commands; each executable lists the rows
 * it offers in a NULL-terminated table (cli/). */
#ifndef TSR_CLI_COMMAND_H
#define TSR_CLI_COMMAND_H

typedef struct cli_command {
    const char *name;
    const char *synopsis; /* arguments after the name */
    const char *summary;  /* one line for the command list */
    const char *details;  /* the rest of `tessera help NAME`, or NULL */
    int (*run)(int argc, char **argv); /* argv[0] is the name; returns an exit code */
} cli_command;

/* The command called name in a NULL-terminated table, or NULL. */
const cli_command *cli_find_command(const cli_command *const *table, const char *name);

/* Prints one "  NAME  summary" line per command of the table to stdout. */
void cli_print_command_list(const cli_command *const *table);

/* Prints `help NAME` for one command to stdout. */
void cli_print_command_help(const cli_command *c);

#endif
