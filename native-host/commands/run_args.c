/* One table of flags: name, whether it takes a value, and which commands
 * accept it. "--flag VALUE" and "--flag=VALUE" both work; "--" ends the
 * flags; for run/snapshot/record the first word that is not a flag starts
 * the program's command line too. */
#include "run_args.h"

#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "diag.h"
#include "duration.h"
#include "exit_codes.h"
#include "server.h"
#include "tessera/text.h"

#define ALL (RUN_CMD_RUN | RUN_CMD_SNAPSHOT | RUN_CMD_SCRIPT | RUN_CMD_RECORD | RUN_CMD_HOST)
/* mcp takes only what shapes its sessions: no screen printing, no program of its own */
#define ALL_MCP (ALL | RUN_CMD_MCP)
#define SPAWNERS (RUN_CMD_RUN | RUN_CMD_SNAPSHOT | RUN_CMD_RECORD)
#define ENV_USERS (SPAWNERS | RUN_CMD_SCRIPT)

typedef enum flag_id {
    F_ROWS, F_COLS, F_TIMEOUT, F_SETTLE, F_STYLED, F_QUIET, F_REFLOW, F_HELP,
    F_EXPECT, F_EXPECT_NOT, F_EXPECT_EXIT, F_GOLDEN, F_UPDATE, F_OUT, F_CAST_FORMAT, F_JOURNAL,
    F_ENV, F_CLEAR_ENV, F_CWD, F_ISOLATE_HOME, F_INHERIT_HOME, F_ARTIFACTS, F_READY_BUDGET,
    F_MAX_SESSIONS, F_SESSION_TIMEOUT,
} flag_id;

typedef struct flag_def {
    const char *name;
    const char *alias;
    int takes_value;
    int commands;
    flag_id id;
} flag_def;

static const flag_def FLAGS[] = {
    {"--rows", NULL, 1, ALL_MCP, F_ROWS},
    {"--cols", NULL, 1, ALL_MCP, F_COLS},
    {"--timeout", NULL, 1, ALL_MCP, F_TIMEOUT},
    {"--settle", NULL, 1, ALL_MCP, F_SETTLE},
    {"--styled", NULL, 0, ALL, F_STYLED},
    {"--quiet", "-q", 0, ALL, F_QUIET},
    {"--reflow", NULL, 0, ALL, F_REFLOW},
    {"--help", "-h", 0, ALL_MCP, F_HELP},
    {"--expect", NULL, 1, RUN_CMD_RUN, F_EXPECT},
    {"--expect-not", NULL, 1, RUN_CMD_RUN, F_EXPECT_NOT},
    {"--expect-exit", NULL, 1, RUN_CMD_RUN, F_EXPECT_EXIT},
    {"--golden", NULL, 1, RUN_CMD_SNAPSHOT, F_GOLDEN},
    {"--update", NULL, 0, RUN_CMD_SNAPSHOT, F_UPDATE},
    {"--output", "-o", 1, RUN_CMD_RECORD, F_OUT},
    {"--cast", NULL, 1, RUN_CMD_RECORD | RUN_CMD_SCRIPT, F_OUT},
    {"--cast-format", NULL, 1, RUN_CMD_RECORD | RUN_CMD_SCRIPT, F_CAST_FORMAT},
    {"--journal", NULL, 1, RUN_CMD_RECORD | RUN_CMD_SCRIPT, F_JOURNAL},
    {"--env", "-e", 1, ENV_USERS, F_ENV},
    {"--clear-env", NULL, 0, ENV_USERS, F_CLEAR_ENV},
    {"--cwd", NULL, 1, ENV_USERS, F_CWD},
    {"--isolate-home", NULL, 0, ALL_MCP, F_ISOLATE_HOME},
    {"--inherit-home", NULL, 0, ALL_MCP & ~RUN_CMD_RECORD, F_INHERIT_HOME},
    {"--artifacts", NULL, 1, RUN_CMD_RUN | RUN_CMD_SNAPSHOT | RUN_CMD_SCRIPT, F_ARTIFACTS},
    {"--ready-budget", NULL, 1, RUN_CMD_SCRIPT | RUN_CMD_HOST | RUN_CMD_MCP, F_READY_BUDGET},
    {"--max-sessions", NULL, 1, RUN_CMD_MCP, F_MAX_SESSIONS},
    {"--session-timeout", NULL, 1, RUN_CMD_MCP, F_SESSION_TIMEOUT},
};
#define NFLAGS (sizeof FLAGS / sizeof FLAGS[0])

static const char *command_name(run_command c)
{
    switch (c) {
    case RUN_CMD_RUN: return "run";
    case RUN_CMD_SNAPSHOT: return "snapshot";
    case RUN_CMD_SCRIPT: return "script";
    case RUN_CMD_RECORD: return "record";
    case RUN_CMD_MCP: return "mcp";
    default: return "host";
    }
}

static const flag_def *find_flag(const char *arg, size_t len)
{
    for (size_t i = 0; i < NFLAGS; i++) {
        const flag_def *f = &FLAGS[i];
        if ((strlen(f->name) == len && strncmp(arg, f->name, len) == 0) ||
            (f->alias && strlen(f->alias) == len && strncmp(arg, f->alias, len) == 0))
            return f;
    }
    return NULL;
}

int run_args_global_width(const char *arg)
{
    const char *eq = strchr(arg, '=');
    const flag_def *f = find_flag(arg, eq ? (size_t)(eq - arg) : strlen(arg));
    if (!f || (f->commands & ALL) != ALL || f->id == F_HELP)
        return 0;
    return f->takes_value && !eq ? 2 : 1;
}

static int parse_int(const char *flag, const char *text, int min, int max, int *out)
{
    long v = 0;
    int neg = text[0] == '-' && min < 0;
    const char *s = text + neg;
    int ok = *s != '\0';
    for (; ok && *s; s++) {
        if (*s < '0' || *s > '9' || v > 100000)
            ok = 0;
        else
            v = v * 10 + (*s - '0');
    }
    if (neg)
        v = -v;
    if (!ok || v < min || v > max) {
        char q[64];
        tsr_quote(q, sizeof q, text, strlen(text), 0);
        return diag_usage("%s must be a whole number from %d to %d, got %s", flag, min, max, q);
    }
    *out = (int)v;
    return TSR_EXIT_OK;
}

/* A span of time that must be more than 0 (--timeout, --settle). */
static int parse_span(const char *flag, const char *text, uint64_t *out)
{
    const char *reason;
    char q[64];
    tsr_quote(q, sizeof q, text, strlen(text), 0);
    if (duration_parse(text, strlen(text), out, &reason) != 0)
        return diag_usage("%s %s, got %s", flag, reason, q);
    if (*out == 0)
        return diag_usage("%s must be more than 0, got %s", flag, q);
    return TSR_EXIT_OK;
}

static int apply(run_args *a, const flag_def *f, const char *v)
{
    char q[64];
    switch (f->id) {
    case F_ROWS:
        a->live.rows_given = 1;
        return parse_int("--rows", v, 1, TSR_MAX_ROWS, &a->live.term.rows);
    case F_COLS:
        a->live.cols_given = 1;
        return parse_int("--cols", v, 1, TSR_MAX_COLS, &a->live.term.cols);
    case F_TIMEOUT:
        a->timeout_given = 1;
        return parse_span("--timeout", v, &a->live.timeout_ns);
    case F_SETTLE:
        return parse_span("--settle", v, &a->live.settle_ns);
    case F_READY_BUDGET: {
        int rc = parse_span("--ready-budget", v, &a->live.ready_budget_ns);
        if (rc == TSR_EXIT_OK && a->live.ready_budget_ns == 0)
            return diag_usage("--ready-budget must be more than 0 (a step's --now sends at once)");
        return rc;
    }
    case F_STYLED: a->live.styled = 1; return TSR_EXIT_OK;
    case F_QUIET: a->live.quiet = 1; return TSR_EXIT_OK;
    case F_REFLOW: a->live.term.reflow = 1; a->reflow_given = 1; return TSR_EXIT_OK;
    case F_HELP: a->help = 1; return TSR_EXIT_OK;
    case F_EXPECT: a->expects[a->nexpects++] = v; return TSR_EXIT_OK;
    case F_EXPECT_NOT: a->expect_nots[a->nexpect_nots++] = v; return TSR_EXIT_OK;
    case F_EXPECT_EXIT:
        a->expect_exit_given = 1;
        return parse_int("--expect-exit", v, 0, 255, &a->expect_exit);
    case F_GOLDEN: a->golden = v; return TSR_EXIT_OK;
    case F_UPDATE: a->update = 1; return TSR_EXIT_OK;
    case F_OUT: a->cast_out = v; return TSR_EXIT_OK;
    case F_CAST_FORMAT:
        if (strcmp(v, "v2") == 0 || strcmp(v, "v3") == 0) {
            a->cast_format = v[1] - '0';
            a->cast_format_given = 1;
            return TSR_EXIT_OK;
        }
        tsr_quote(q, sizeof q, v, strlen(v), 0);
        return diag_usage("--cast-format must be v2 or v3, got %s", q);
    case F_JOURNAL: a->journal = v; return TSR_EXIT_OK;
    case F_MAX_SESSIONS: return parse_int("--max-sessions", v, 1, MCP_MAX_SESSIONS_LIMIT, &a->max_sessions);
    case F_SESSION_TIMEOUT: return parse_span("--session-timeout", v, &a->session_timeout_ns);
    case F_ARTIFACTS: a->live.artifacts = v; return TSR_EXIT_OK;
    case F_ENV:
        if (!strchr(v, '=') || v[0] == '=') {
            tsr_quote(q, sizeof q, v, strlen(v), 0);
            return diag_usage("--env needs NAME=VALUE, got %s", q);
        }
        a->live.env[a->nenv++] = v;
        return TSR_EXIT_OK;
    case F_CLEAR_ENV: a->live.clear_env = 1; return TSR_EXIT_OK;
    case F_CWD: a->live.cwd = v; return TSR_EXIT_OK;
    case F_ISOLATE_HOME:
    case F_INHERIT_HOME:
        if (a->home_given && a->live.isolate_home != (f->id == F_ISOLATE_HOME))
            return diag_usage("--isolate-home and --inherit-home: the program's HOME is one of them");
        a->home_given = 1;
        a->live.isolate_home = f->id == F_ISOLATE_HOME;
        return TSR_EXIT_OK;
    }
    return TSR_EXIT_OK;
}

static int parse_flag(run_args *a, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    const flag_def *f = find_flag(arg, len);
    char q[64];
    tsr_quote(q, sizeof q, arg, strlen(arg), 0);
    if (!f)
        return diag_usage("unknown option %s", q);
    if (!(f->commands & a->command))
        return diag_usage("%s is not an option of tessera %s", f->name, command_name(a->command));
    if (!f->takes_value && eq)
        return diag_usage("%s takes no value, got %s", f->name, q);
    const char *value = eq ? eq + 1 : NULL;
    if (f->takes_value && !value) {
        if (*i + 1 >= argc)
            return diag_usage("%s needs a value", f->name);
        value = argv[++*i];
    }
    return apply(a, f, value);
}

int run_args_parse(run_command command, int argc, char **argv, run_args *a)
{
    memset(a, 0, sizeof *a);
    a->command = command;
    tsr_options_default(&a->live.term);
    a->live.term.rows = 24;
    a->live.term.cols = 80;
    a->live.term.reflow = 0;
    a->live.timeout_ns = 10ull * 1000000000u;
    a->live.settle_ns = 100000000u;
    /* Hermetic by default: a test never writes into the user's home. record is
     * a person recording their own session: it keeps the real HOME. */
    a->live.isolate_home = command != RUN_CMD_RECORD;
    a->cast_format = 2; /* v3 only when asked: many players still read v2 alone */
    size_t n = (size_t)argc + 1;
    a->expects = calloc(n, sizeof *a->expects);
    a->expect_nots = calloc(n, sizeof *a->expect_nots);
    a->live.env = calloc(n, sizeof *a->live.env);
    if (!a->expects || !a->expect_nots || !a->live.env)
        return diag_internal("out of memory");
    int takes_program = (command & SPAWNERS) != 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--") == 0 || (takes_program && arg[0] != '-')) {
            int start = strcmp(arg, "--") == 0 ? i + 1 : i;
            if (!takes_program) {
                if (start < argc && !a->file)
                    a->file = argv[start++];
                if (start < argc) {
                    char q[64];
                    tsr_quote(q, sizeof q, argv[start], strlen(argv[start]), 0);
                    return diag_usage("unexpected argument %s", q);
                }
                break;
            }
            if (start < argc)
                a->argv = argv + start;
            break;
        }
        if (arg[0] == '-' && arg[1] != '\0') {
            int rc = parse_flag(a, argc, argv, &i);
            if (rc != TSR_EXIT_OK)
                return rc;
            continue;
        }
        /* script's FILE */
        if (a->file) {
            char q[64];
            tsr_quote(q, sizeof q, arg, strlen(arg), 0);
            return diag_usage("unexpected argument %s", q);
        }
        a->file = arg;
    }
    if (a->help)
        return TSR_EXIT_OK;
    if (takes_program && !a->argv)
        return diag_usage("tessera %s needs a program: tessera %s [FLAGS] -- CMD [ARGS]",
                          command_name(command), command_name(command));
    if (command == RUN_CMD_SCRIPT && !a->file)
        return diag_usage("tessera script needs a FILE.tape");
    if (a->update && !a->golden)
        return diag_usage("--update needs --golden FILE");
    if (a->cast_format_given && !a->cast_out)
        return diag_usage("--cast-format needs --cast FILE.cast (or -o) to write");
    return TSR_EXIT_OK;
}

void run_args_free(run_args *a)
{
    free(a->expects);
    free(a->expect_nots);
    free(a->live.env);
    a->expects = a->expect_nots = a->live.env = NULL;
}

int run_args_start(run_command command, const cli_command *self, int argc, char **argv,
                   run_args *out, int *code)
{
    *code = run_args_parse(command, argc, argv, out);
    if (*code == TSR_EXIT_OK && out->help)
        cli_print_command_help(self);
    if (*code == TSR_EXIT_OK && !out->help)
        return 1;
    run_args_free(out);
    return 0;
}
