/* tessera, the native executable: every command. Global flags may come
 * before the command name; a command stopped by a signal exits 128 + it. */
#include <stdlib.h>

#include "commands.h"
#include "dispatch.h"
#include "feed_commands.h"
#include "view_command.h"
#include "artifacts_commands.h"
#include "run_args.h"
#include "stop_signals.h"

/* Every command, in the order of the usage's list. */
static const cli_command *const COMMANDS[] = {
    &FEED_COMMAND,   &REPLAY_COMMAND, &RUN_COMMAND, &SNAPSHOT_COMMAND,
    &SCRIPT_COMMAND, &TEST_COMMAND, &RECORD_COMMAND, &HOST_COMMAND, &MCP_COMMAND, &VIEW_COMMAND,
    &GOLDEN_COMMAND, &ARTIFACTS_COMMAND, NULL,
};

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

int main(int argc, char **argv)
{
    int n;
    char **hoisted = hoist_global_flags(argc, argv, &n);
    int code = hoisted ? cli_dispatch(COMMANDS, n, hoisted) : cli_dispatch(COMMANDS, argc, argv);
    free(hoisted);
    /* A program-running command stopped by SIGINT, SIGTERM or SIGHUP has
     * ended its program and finished its files: say how it was stopped. */
    int stop = stop_signals_pending();
    return stop ? 128 + stop : code;
}
