/* `tessera artifacts --trace FILE ...`: a failure's folder (artifacts.h)
 * from a trace written elsewhere. The JS package writes its Terminal's
 * trace and runs this, so its folders are the native ones, file for file.
 * The folder's path is the first line of stdout. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artifacts.h"
#include "artifacts_commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "journal.h"

typedef struct artifacts_args {
    artifact_info info;
    const char *trace, *expected_file;
} artifacts_args;

/* A whole number from 0 to max into *out; -1 otherwise. */
static int whole(const char *s, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < 0 || v > max || s[0] == '+')
        return -1;
    *out = v;
    return 0;
}

static int parse(int argc, char **argv, artifacts_args *a)
{
    static const char *const valued[] = {"--trace",  "--name",        "--beside",
                                         "--artifacts", "--title",   "--reason",
                                         "--expectation", "--expected", "--step",
                                         "--event",  "--scrollback"};
    memset(a, 0, sizeof *a);
    tsr_options_default(&a->info.term);
    a->info.step = a->info.event = -1;
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) {
            cli_print_command_help(&ARTIFACTS_COMMAND);
            return -1;
        }
        if (strcmp(f, "--reflow") == 0) {
            a->info.term.reflow = 1;
            continue;
        }
        size_t k = 0;
        while (k < sizeof valued / sizeof valued[0] && strcmp(f, valued[k]) != 0)
            k++;
        if (k == sizeof valued / sizeof valued[0])
            return diag_usage("artifacts: unknown argument %s", f);
        if (i + 1 >= argc)
            return diag_usage("artifacts: %s needs a value", f);
        const char *v = argv[++i];
        long n = 0;
        const char **texts[] = {&a->trace, &a->info.name, &a->info.beside, &a->info.root,
                                &a->info.title, &a->info.reason, &a->info.expectation,
                                &a->expected_file};
        if (k < sizeof texts / sizeof texts[0]) {
            *texts[k] = v;
        } else if (strcmp(f, "--scrollback") == 0) {
            if (whole(v, TSR_MAX_SCROLLBACK, &n) != 0)
                return diag_usage("artifacts: --scrollback must be a whole number from 0 to %d",
                                  TSR_MAX_SCROLLBACK);
            a->info.term.scrollback = (int)n;
        } else if (whole(v, 1L << 30, &n) != 0) {
            return diag_usage("artifacts: %s needs a whole number from 0", f);
        } else {
            *(f[2] == 's' ? &a->info.step : &a->info.event) = n;
        }
    }
    if (!a->trace)
        return diag_usage("artifacts needs --trace FILE: a journal of the failed run");
    if (a->info.step >= 0 && a->info.event >= 0)
        return diag_usage("artifacts: --step and --event: the failing moment is one of them");
    return TSR_EXIT_OK;
}

int cmd_artifacts(int argc, char **argv)
{
    artifacts_args a;
    int code = parse(argc, argv, &a);
    if (code != TSR_EXIT_OK)
        return code < 0 ? TSR_EXIT_OK : code;
    size_t len = 0, expected_len = 0;
    char *trace = artifacts_read_input(a.trace, &len, &code);
    if (!trace)
        return code;
    char why[128];
    if (!journal_version(trace, len, why, sizeof why)) {
        free(trace);
        return diag_file_line(a.trace, 1, "%s", why);
    }
    char *expected = a.expected_file ? artifacts_read_input(a.expected_file, &expected_len, &code)
                                     : NULL;
    if (a.expected_file && !expected) {
        free(trace);
        return code;
    }
    a.info.expected = expected;
    a.info.expected_len = expected_len;
    artifact_result r = {{0}, {0}, 0};
    int rc = artifacts_write(&a.info, trace, len, &r);
    if (r.folder[0]) {
        printf("%s\n", r.folder);
        if (fflush(stdout) != 0)
            rc = -1;
    }
    artifact_result_free(&r);
    free(trace);
    free(expected);
    return rc == 0 ? TSR_EXIT_OK : TSR_EXIT_INTERNAL;
}

const cli_command ARTIFACTS_COMMAND = {
    "artifacts",
    "--trace FILE [--step N|--event N] [--name NAME] [--beside FILE] [--artifacts DIR]\n"
    "                 [--title TEXT] [--reason TEXT] [--expectation TEXT] [--expected FILE]\n"
    "                 [--reflow] [--scrollback N]",
    "write a failure's artifacts folder from a trace (what the JS package runs)",
    "FILE is a journal holding the failed run's frames and its steps as marks\n"
    "(\"step N start: ...\", \"step N end: ...\"). The folder is made as a failed tape's:\n"
    "trace.journal, screen.txt and screen.styled.txt (the trace replayed to the failing\n"
    "moment), expected.txt and report.html (the viewer at that moment). Its path is the\n"
    "first line of stdout.\n"
    "\nflags:\n"
    "  --step N          the failed step: the moment is its end mark (default: the end)\n"
    "  --event N         or the moment after the first N events\n"
    "  --name NAME       the folder's name (default: --beside's file name, else \"run\")\n"
    "  --beside FILE     the test file: the folder goes to tessera-artifacts/ beside it\n"
    "  --artifacts DIR   the folder goes to DIR instead (default $TESSERA_ARTIFACTS)\n"
    "  --title TEXT      what failed, in the report (default: NAME)\n"
    "  --reason TEXT     why it failed\n"
    "  --expectation TEXT  what the failed step expected\n"
    "  --expected FILE   the expected screen (a golden file)\n"
    "  --reflow, --scrollback N  the terminal's options, as the run had them\n"
    "\nexit codes: 0 written, 2 bad arguments or an unreadable trace, 5 a file of the\n"
    "folder could not be written.\n",
    cmd_artifacts,
};
