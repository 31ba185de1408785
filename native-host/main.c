/* tessera: command dispatch, usage and version. Commands live in their own
 * files (cmd_*.c); this table is the only place that names them all. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "exit_codes.h"
#include "quote.h"
#include "tessera/tessera.h"

#ifndef TSR_VERSION_STRING
#define TSR_VERSION_STRING "unknown"
#endif

#define SCREEN_FLAGS_HELP                                                                   \
    "\nflags:\n"                                                                           \
    "  --rows N          screen rows, 1 to 1000 (default 24)\n"                             \
    "  --cols N          screen columns, 1 to 1000 (default 80)\n"                          \
    "  --scrollback N    lines kept above the screen, 0 to 1000000 (default 1000)\n"        \
    "  --reflow          re-wrap soft-wrapped lines when the screen is resized\n"           \
    "  --styled          print the styled run-length form ({bold fg=2}Done{} ...)\n"        \
    "  --exact           print every row padded to the full width\n"                        \
    "  --json            print one JSON object: rows, cursor, modes, title\n"               \
    "Without --styled, --exact or --json the screen's text is printed: rows with\n"       \
    "trailing spaces trimmed, trailing blank rows dropped, one final newline.\n"

static const cli_command COMMANDS[] = {
    {"feed", "[--rows N] [--cols N] [--reflow] [--scrollback N] [--styled|--exact|--json] [FILE|-]",
     "feed raw bytes to a terminal and print its screen",
     "Reads FILE (or stdin when FILE is - or missing) as bytes a program wrote.\n"
     "Flags may come before or after FILE.\n" SCREEN_FLAGS_HELP,
     cmd_feed},
    {"replay", "[--rows N] [--cols N] [--reflow] [--scrollback N] [--styled|--exact|--json] FILE.cast",
     "replay an asciicast v2 recording and print the final screen",
     "Output (\"o\") events are fed, resize (\"r\") events applied, input (\"i\") and\n"
     "marker (\"m\") events skipped. The header's width and height are the starting\n"
     "size unless --cols or --rows are given; resize events still apply. FILE may\n"
     "be - for stdin. The file must be valid: a v2 header, one JSON event per line,\n"
     "times that never decrease, no blank lines (a final newline is fine).\n" SCREEN_FLAGS_HELP,
     cmd_replay},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static void print_usage(void)
{
    printf("usage: tessera COMMAND [FLAGS] [ARGS]\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        printf("  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    printf("  %-8s %s\n", "help", "show this, or `tessera help COMMAND` for one command");
    printf("\n"
           "  tessera --version  print the version\n"
           "\n"
           "exit codes:\n"
           "  0  success\n"
           "  2  usage error, or an invalid or unreadable input file\n"
           "  5  internal error (out of memory, a core failure, stdout unwritable)\n");
}

void cli_print_command_help(const char *name)
{
    const cli_command *c = find_command(name);
    if (!c)
        return;
    printf("usage: tessera %s %s\n\n%s.\n", c->name, c->synopsis, c->summary);
    if (c->details)
        printf("\n%s", c->details);
}

static int help(int argc, char **argv)
{
    if (argc < 3) {
        print_usage();
        return TSR_EXIT_OK;
    }
    if (!find_command(argv[2])) {
        char quoted[64];
        quote_for_message(quoted, sizeof quoted, argv[2], strlen(argv[2]));
        return diag_usage("no help for unknown command %s", quoted);
    }
    cli_print_command_help(argv[2]);
    return TSR_EXIT_OK;
}

int main(int argc, char **argv)
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
    const cli_command *c = find_command(name);
    char quoted[64];
    quote_for_message(quoted, sizeof quoted, name, strlen(name));
    if (!c)
        return diag_usage("%s %s", name[0] == '-' ? "unknown option" : "unknown command", quoted);
    return c->run(argc - 1, argv + 1);
}
