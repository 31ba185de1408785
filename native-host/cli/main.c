/* tessera: command dispatch, usage and version. The commands and their
 * help live in commands/ (command_table.c names them all). */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "run_args.h"
#include "stop_signals.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

#include <stdlib.h>

#ifndef TSR_VERSION_STRING
#define TSR_VERSION_STRING "unknown"
#endif

static void print_usage(void)
{
    printf("usage: tessera COMMAND [FLAGS] [ARGS]\n\ncommands:\n");
    cli_print_command_list();
    printf("  %-8s %s\n", "help", "show this, or `tessera help COMMAND` for one command");
    printf("\n"
           "  tessera --version  print the version\n"
           "\n"
           "exit codes:\n"
           "  0  success: every expectation held\n"
           "  1  an expectation, a golden comparison or --expect-exit failed\n"
           "  2  usage error, or an invalid or unreadable input file or tape\n"
           "  3  a wait reached its deadline\n"
           "  4  the program could not be started\n"
           "  5  internal error (out of memory, a core failure, stdout unwritable)\n");
}

static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_usage();
        return TSR_EXIT_OK;
    }
    if (!cli_find_command(argv[2])) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, argv[2], strlen(argv[2]), 0);
        return diag_usage("no help for unknown command %s", quoted);
    }
    cli_print_command_help(argv[2]);
    return TSR_EXIT_OK;
}

/* Global flags may come before the command name: they are moved after it,
 * so each command parses one argv. Returns a new argv or NULL. */
static char **hoist_global_flags(int argc, char **argv, int *new_argc)
{
    int i = 1;
    while (i < argc) {
        int w = run_args_global_width(argv[i]);
        if (w == 0)
            break;
        i += w;
    }
    if (i == 1 || i >= argc)
        return NULL;
    char **out = calloc((size_t)argc + 1, sizeof *out);
    if (!out)
        return NULL;
    int n = 0;
    out[n++] = argv[0];
    out[n++] = argv[i];
    for (int k = 1; k < i; k++)
        out[n++] = argv[k];
    for (int k = i + 1; k < argc; k++)
        out[n++] = argv[k];
    *new_argc = n;
    return out;
}

static int dispatch(int argc, char **argv);

int main(int argc, char **argv)
{
    int n;
    char **hoisted = hoist_global_flags(argc, argv, &n);
    int code = hoisted ? dispatch(n, hoisted) : dispatch(argc, argv);
    free(hoisted);
    /* A program-running command stopped by SIGINT, SIGTERM or SIGHUP has
     * ended its program and finished its files: say how it was stopped. */
    int stop = stop_signals_pending();
    return stop ? 128 + stop : code;
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return diag_usage("missing command");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0)
        return help(argc, argv);
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("tessera %s (core ABI %d)\n", TSR_VERSION_STRING, TSR_ABI_VERSION);
        return TSR_EXIT_OK;
    }
    const cli_command *c = cli_find_command(name);
    char quoted[64];
    tsr_quote(quoted, sizeof quoted, name, strlen(name), 0);
    if (!c)
        return diag_usage("%s %s", name[0] == '-' ? "unknown option" : "unknown command", quoted);
    return c->run(argc - 1, argv + 1);
}
