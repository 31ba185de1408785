/* `tessera golden [--update] GOLDEN [SCREEN|-]`: SCREEN (a screen as
 * `tessera snapshot` or `replay --exact` prints it; stdin by default)
 * compared with the golden file as `snapshot --golden` compares, or
 * written to it. */
#include <string.h>

#include "artifacts_commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "golden.h"
#include <stdlib.h>

int cmd_golden(int argc, char **argv)
{
    int update = 0, flags = 1;
    const char *paths[2] = {NULL, NULL};
    int npaths = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (flags && strcmp(arg, "--") == 0)
            flags = 0;
        else if (flags && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
            cli_print_command_help(&GOLDEN_COMMAND);
            return TSR_EXIT_OK;
        } else if (flags && strcmp(arg, "--update") == 0)
            update = 1;
        else if (flags && arg[0] == '-' && arg[1])
            return diag_usage("golden: unknown option %s", arg);
        else if (npaths == 2)
            return diag_usage("golden: GOLDEN and at most one SCREEN");
        else
            paths[npaths++] = arg;
    }
    if (npaths == 0 || !paths[0][0])
        return diag_usage("golden needs the GOLDEN file");
    size_t len = 0;
    int code = TSR_EXIT_OK;
    char *screen = artifacts_read_input(paths[1] ? paths[1] : "-", &len, &code);
    if (!screen)
        return code;
    if (update) {
        code = golden_write(paths[0], screen, len) == GOLDEN_SAME ? TSR_EXIT_OK : TSR_EXIT_INTERNAL;
    } else {
        tsr_buf diff = {0};
        int g = golden_compare(paths[0], screen, len, &diff);
        if (g == GOLDEN_DIFFERENT)
            golden_print_diff(paths[0], &diff);
        code = g == GOLDEN_SAME        ? TSR_EXIT_OK
               : g == GOLDEN_DIFFERENT ? TSR_EXIT_FAILED
               : g == GOLDEN_IO        ? TSR_EXIT_USAGE
                                       : diag_internal("out of memory");
        tsr_buf_free(&diff);
    }
    free(screen);
    return code;
}

const cli_command GOLDEN_COMMAND = {
    "golden",
    "[--update] GOLDEN [SCREEN|-]",
    "compare a screen with a golden file, or write it",
    "SCREEN (stdin when it is - or missing) is a screen as `tessera snapshot` or\n"
    "`tessera replay --exact` prints it. It is compared with GOLDEN as `snapshot\n"
    "--golden` compares: trailing spaces of rows and blank rows at the end do not\n"
    "count; a difference is a unified diff on stderr, golden (-) before screen (+).\n"
    "\nflags:\n"
    "  --update     write SCREEN to GOLDEN instead (missing folders are made)\n"
    "\nexit codes: 0 the same (or written), 1 they differ, 2 GOLDEN or SCREEN cannot be\n"
    "read, or bad arguments, 5 GOLDEN cannot be written.\n",
    cmd_golden,
};
