/* Flags of the commands that run programs (run, snapshot, record, script,
 * host, mcp): the global ones (--rows --cols --timeout --settle --styled
 * --quiet --reflow), the environment ones (--env --clear-env --cwd) and each
 * command's own. A flag another command owns is a usage error. */
#ifndef TSR_CLI_RUN_ARGS_H
#define TSR_CLI_RUN_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "live.h"

typedef enum run_command {
    RUN_CMD_RUN = 1 << 0,
    RUN_CMD_SNAPSHOT = 1 << 1,
    RUN_CMD_SCRIPT = 1 << 2,
    RUN_CMD_RECORD = 1 << 3,
    RUN_CMD_HOST = 1 << 4,
    RUN_CMD_MCP = 1 << 5,
} run_command;

typedef struct run_args {
    run_command command;
    live_options live;   /* what starting and driving the program needs */
    int reflow_given, help;
    int timeout_given;   /* record: only a given --timeout ends it */
    int home_given;      /* --isolate-home or --inherit-home was given */
    char **argv;         /* the program and its arguments (NULL-terminated), or NULL */
    const char *file;    /* script: the tape */
    const char **expects;     size_t nexpects;
    const char **expect_nots; size_t nexpect_nots;
    int expect_exit_given, expect_exit;
    const char *golden; int update;
    const char *cast_out, *journal;
    int cast_format;     /* --cast-format: 2 (the default) or 3 */
    int cast_format_given;
    size_t nenv;         /* entries in live.env */
    int max_sessions;    /* mcp: --max-sessions (0: not given) */
    uint64_t session_timeout_ns; /* mcp: --session-timeout (0: not given) */
} run_args;

/* Parses argv[1..argc) for command. Returns TSR_EXIT_OK, or TSR_EXIT_USAGE
 * after reporting. Free with run_args_free. */
int run_args_parse(run_command command, int argc, char **argv, run_args *out);

/* What every program-running command does first: parses its flags and, for
 * --help, prints its help. Returns 1 when the command goes on with *out
 * filled; 0 when it is done (help printed or a usage error reported), with
 * *code its exit code and *out already freed. */
struct cli_command;
int run_args_start(run_command command, const struct cli_command *self, int argc, char **argv,
                   run_args *out, int *code);
void run_args_free(run_args *a);

/* The global flags main.c may find before the command name: how many
 * arguments the flag at arg takes with it (1 or 2), or 0 if it is not one. */
int run_args_global_width(const char *arg);

#endif
