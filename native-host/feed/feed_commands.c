/* The rows of `feed` and `replay`: their names, help texts and functions.
 * Both executables offer them (cli/main.c natively, cli/main_wasi.c in the
 * WASI build the JS CLI runs). */
#include "feed_commands.h"

#define SCREEN_FLAGS_HELP                                                                   \
    "\nflags:\n"                                                                           \
    "  --rows N          screen rows, 1 to 1000 (default 24)\n"                             \
    "  --cols N          screen columns, 1 to 1000 (default 80)\n"                          \
    "  --scrollback N    lines kept above the screen, 0 to 1000000 (default 1000)\n"        \
    "  --reflow          re-wrap soft-wrapped lines when the screen is resized\n"           \
    "  --styled          print the styled run-length form ({bold fg=2}Done{} ...)\n"        \
    "  --exact           print every row padded to the full width\n"                        \
    "  --json            print one JSON object: rows, cursor, modes, title\n"               \
    "  --svg             print an SVG picture: colours, styles, cell widths, the cursor\n"   \
    "Without --styled, --exact, --json or --svg the screen's text is printed: rows with\n"       \
    "trailing spaces trimmed, trailing blank rows dropped, one final newline.\n"

const cli_command FEED_COMMAND = {
    "feed",
    "[--rows N] [--cols N] [--reflow] [--scrollback N] [--styled|--exact|--json|--svg]\n"
    "            [FILE|-]",
    "feed raw bytes to a terminal and print its screen",
    "Reads FILE (or stdin when FILE is - or missing) as bytes a program wrote.\n"
    "Flags may come before or after FILE.\n" SCREEN_FLAGS_HELP,
    cmd_feed,
};

const cli_command REPLAY_COMMAND = {
    "replay",
    "[--at SPAN|--event N|--mark NAME|--step N|--marks] [--rows N] [--cols N]\n"
    "              [--reflow] [--scrollback N] [--styled|--exact|--json|--svg] FILE.cast",
    "replay an asciicast v2 or v3 recording and print the final screen",
    "Output (\"o\") events are fed, resize (\"r\") events applied, input (\"i\") and\n"
    "marker (\"m\") events skipped, v3's exit (\"x\") kept as the exit status. The\n"
    "header's size is the starting size unless --cols or --rows are given; resize\n"
    "events still apply. FILE may be - for stdin. The file must be valid: a v2 or v3\n"
    "header, one JSON event per line (v3: '#' comment lines too), v2 times that never\n"
    "decrease, v3 intervals >= 0, no blank lines (a final newline is fine).\n"
    "FILE may also be a journal from `tessera record --journal` or a failure's\n"
    "trace.journal (its first line is \"tessera-journal 1\" or \"tessera-journal 2\"):\n"
    "its frames are applied exactly as recorded; a trace that dropped its oldest\n"
    "frames starts at a whole screen (a keyframe), after a mark that says so.\n"
    "\npoint (at most one; the end by default):\n"
    "  --at SPAN         the screen SPAN (500ms, 2s, 1m) after the recording's start,\n"
    "                    every event up to that time applied\n"
    "  --event N         the screen after the first N events of any kind (0: blank)\n"
    "  --mark NAME       the screen at the first marker (\"m\" event) labelled NAME\n"
    "  --step N          the screen at the end of test step N (a failure's trace.journal:\n"
    "                    its mark \"step N end: ...\")\n"
    "  --marks           no screen: list every marker, \"event N at T ms: LABEL\", N being\n"
    "                    the --event that stops at it\n" SCREEN_FLAGS_HELP,
    cmd_replay,
};
