/* Dispatch shared by the native tessera and its WASI build (main.c,
 * main_wasi.c): the same usage, help, version and messages for both. */
#include "terminal_safe.h"
#include "dispatch.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "exit_codes.h"
#include "program_name.h"
#include "tessera/text.h"
#include "tessera/tessera.h"

#ifndef TSR_VERSION_STRING
#define TSR_VERSION_STRING "unknown"
#endif

static void print_usage(const cli_command *const *table, const char *name)
{
    printf("usage: %s COMMAND [FLAGS] [ARGS]\n\ncommands:\n", name);
    cli_print_command_list(table);
    printf("  %-10s show this, or `%s help COMMAND` for one command\n", "help", name);
    printf("\n"
           "  %s --version  print the version\n"
           "\n"
           "exit codes:\n"
           "  0  success: every expectation held\n"
           "  1  an expectation, a golden comparison or --expect-exit failed\n"
           "  2  usage error, or an invalid or unreadable input file or tape\n"
           "  3  a wait reached its deadline\n"
           "  4  the program could not be started\n"
           "  5  internal error (out of memory, a core failure, stdout unwritable)\n", name);
}

static int help(const cli_command *const *table, int argc, char **argv)
{
    /* `help help` is the list of commands, as `help` is */
    if (argc < 3 || strcmp(argv[2], "help") == 0) {
        print_usage(table, program_name());
        return TSR_EXIT_OK;
    }
    const cli_command *c = cli_find_command(table, argv[2]);
    if (!c) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, argv[2], strlen(argv[2]), 0);
        return diag_usage("no help for unknown command %s", quoted);
    }
    cli_print_command_help(c);
    return TSR_EXIT_OK;
}

static int dispatch(const cli_command *const *table, int argc, char **argv)
{
    if (argc < 2)
        return diag_usage("missing command");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0)
        return help(table, argc, argv);
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("tessera %s (core ABI %d)\n", TSR_VERSION_STRING, TSR_ABI_VERSION);
        return TSR_EXIT_OK;
    }
    const cli_command *c = cli_find_command(table, name);
    if (!c) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, name, strlen(name), 0);
        return diag_usage("%s %s", name[0] == '-' ? "unknown option" : "unknown command", quoted);
    }
    return c->run(argc - 1, argv + 1);
}

int cli_dispatch(const cli_command *const *table, int argc, char **argv)
{
    program_name_set(argc > 0 ? argv[0] : NULL);
    int code = dispatch(table, argc, argv);
    /* help, usage and version text too: a failed write is an error (5) */
    if ((fflush(stdout) != 0 || ferror(stdout)) && code != TSR_EXIT_INTERNAL) {
        safe_fprintf(stderr, "tessera: cannot write to stdout: %s\n", strerror(errno));
        return TSR_EXIT_INTERNAL;
    }
    return code;
}
