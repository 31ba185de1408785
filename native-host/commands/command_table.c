/* The table of commands with their help texts: the only place that names
 * them all. main.c dispatches through it; each command prints its own
 * `--help` from it. A new command is one row here. */
#include <stdio.h>
#include <string.h>

#include "commands.h"

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

#define LIVE_FLAGS_HELP                                                                     \
    "\nflags (before or after the command name):\n"                                     \
    "  --rows N          screen rows, 1 to 1000 (default 24)\n"                             \
    "  --cols N          screen columns, 1 to 1000 (default 80)\n"                          \
    "  --timeout SPAN    overall deadline, e.g. 500ms, 5s, 1m (default 10s)\n"              \
    "  --styled          print the styled run-length form\n"                                \
    "  --quiet           do not print the screen on stdout (diagnostics still go to stderr)\n" \
    "  --reflow          re-wrap soft-wrapped lines when the screen is resized\n"           \
    "  --env NAME=VALUE  add to the program's environment (repeatable)\n"                   \
    "  --clear-env       start the program from an empty environment\n"                     \
    "  --cwd DIR         start the program in DIR\n"                                        \
    "The program gets TERM=xterm-256color and LANG=LC_ALL=C.UTF-8 unless --env says else.\n"

#define RUN_DETAILS                                                                         \
    "Waits for each --expect TEXT in order; then, with --expect-exit or when nothing is\n" \
    "expected, for the program to exit. --expect-not TEXT must then be absent. Prints\n"  \
    "the screen's text. --timeout bounds the whole run.\n"
#define SNAPSHOT_DETAILS                                                                    \
    "Waits until the screen has not changed for 100ms (or the program exited), prints\n"  \
    "the exact grid (every row padded to the width). With --golden FILE compares it to\n" \
    "FILE and shows a unified diff when they differ (exit 1); --update writes FILE.\n"
#define SCRIPT_DETAILS "Runs the tape's steps against one program; see the README for the DSL.\n"
#define RECORD_DETAILS                                                                      \
    "With a terminal on stdin the program is attached to it (raw mode, restored on\n"    \
    "exit); otherwise it runs until it exits. -o writes asciicast v2 (o, i, r events);\n" \
    "--journal writes the lossless frame journal that tessera replay also reads.\n"
#define HOST_DETAILS "Line-delimited JSON commands on stdin, binary frames on stdout.\n" \
    "See native-host/host/HOST_PROTOCOL.md.\n"

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
     "times that never decrease, no blank lines (a final newline is fine).\n"
     "FILE may also be a journal from `tessera record --journal` (its first line is\n"
     "\"tessera-journal 1\"): its frames are applied exactly as recorded.\n" SCREEN_FLAGS_HELP,
     cmd_replay},
    {"run", "[--expect TEXT]... [--expect-not TEXT]... [--expect-exit N] [FLAGS] -- CMD [ARGS]",
     "run a program on a pty, check what it shows, print its screen",
     RUN_DETAILS LIVE_FLAGS_HELP, cmd_run},
    {"snapshot", "[--golden FILE [--update]] [FLAGS] -- CMD [ARGS]",
     "run a program until its screen settles and print the exact grid",
     SNAPSHOT_DETAILS LIVE_FLAGS_HELP, cmd_snapshot},
    {"script", "[FLAGS] FILE.tape", "run a tape: a program and the steps that drive it",
     SCRIPT_DETAILS LIVE_FLAGS_HELP, cmd_script},
    {"record", "[-o FILE.cast] [--journal FILE] [FLAGS] -- CMD [ARGS]",
     "run a program attached to this terminal and record it",
     RECORD_DETAILS LIVE_FLAGS_HELP, cmd_record},
    {"host", "[FLAGS]", "the sidecar of the JS API: commands on stdin, frames on stdout",
     HOST_DETAILS, cmd_host},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

const cli_command *cli_find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

void cli_print_command_list(void)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        printf("  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
}

void cli_print_command_help(const char *name)
{
    const cli_command *c = cli_find_command(name);
    if (!c)
        return;
    printf("usage: tessera %s %s\n\n%s.\n", c->name, c->synopsis, c->summary);
    if (c->details)
        printf("\n%s", c->details);
}
