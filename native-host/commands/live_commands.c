/* The rows of the program-running commands (run, snapshot, script, record,
 * host, mcp): their names, help texts and functions. cli/command_table.c lists
 * them with feed and replay (feed/feed_commands.c). */
#include "commands.h"

#define LIVE_FLAGS_HEAD                                                                     \
    "\nflags (before or after the command name):\n"                                     \
    "  --rows N          screen rows, 1 to 1000 (default 24)\n"                             \
    "  --cols N          screen columns, 1 to 1000 (default 80)\n"
#define TIMEOUT_HELP                                                                        \
    "  --timeout SPAN    overall deadline, e.g. 500ms, 1.5s, 1m (default 10s)\n"
#define LIVE_FLAGS_TAIL                                                                     \
    "  --settle SPAN     how long a drawn screen stays unchanged to count as settled\n"     \
    "                    (default 100ms)\n"                                                 \
    "  --styled          print the styled run-length form\n"                                \
    "  --quiet           do not print the screen on stdout (diagnostics still go to stderr)\n" \
    "  --reflow          re-wrap soft-wrapped lines when the screen is resized\n"           \
    "  --env NAME=VALUE  add to the program's environment (repeatable)\n"                   \
    "  --clear-env       start the program from an empty environment\n"                     \
    "  --cwd DIR         start the program in DIR\n"
#define HOME_HELP                                                                           \
    "  --inherit-home    the program gets the real HOME; by default it gets a fresh\n"     \
    "                    temporary HOME and XDG folders, removed afterwards, so a test\n"  \
    "                    never writes into yours (--isolate-home: the default, said)\n"
#define LIVE_FLAGS_LIST LIVE_FLAGS_HEAD TIMEOUT_HELP LIVE_FLAGS_TAIL HOME_HELP
#define RECORD_FLAGS_LIST                                                                   \
    LIVE_FLAGS_HEAD                                                                         \
    "  --timeout SPAN    end the program after SPAN (default: none, it runs until it\n"    \
    "                    exits)\n" LIVE_FLAGS_TAIL                                          \
    "  --isolate-home    a fresh temporary HOME and XDG folders, removed afterwards\n"     \
    "                    (default: the real HOME, a person recording their session)\n"
#define LIVE_ENV_NOTE                                                                       \
    "The program gets TERM=xterm-256color and LANG=LC_ALL=C.UTF-8 unless --env says else.\n"

#define ARTIFACTS_HELP                                                                      \
    "  --artifacts DIR   where a failure (exit 1 or 3) leaves its folder: the trace, the\n" \
    "                    screen and report.html (default $TESSERA_ARTIFACTS, else\n"    \
    "                    ./tessera-artifacts, beside the tape for script)\n"

#define RUN_DETAILS                                                                         \
    "Waits for each --expect TEXT in order; then, with --expect-exit or when nothing is\n" \
    "expected, for the program to exit, else for the screen to settle (--settle). Then\n" \
    "--expect-not TEXT must be absent. Prints the screen's text. --timeout bounds the\n"  \
    "whole run.\n"
#define SNAPSHOT_DETAILS                                                                    \
    "Waits until the program has drawn and its screen has not changed for --settle\n"   \
    "(100ms; counted from its first output) and it holds no synchronized update (mode\n" \
    "2026), or it exited; a program that printed nothing by --timeout is exit 3. Prints\n" \
    "the exact grid (every row padded to the width). With --golden FILE compares it to\n" \
    "FILE and shows a unified diff when they differ (exit 1); --update writes FILE.\n"
#define READY_HELP                                                                          \
    "  --ready-budget SPAN  how long an input waits for the program to read its terminal\n" \
    "                    before it is sent anyway (default 1s; a step's --now: none)\n"
#define SCRIPT_DETAILS                                                                      \
    "Runs the tape's steps against one program; docs/tapes.md describes the tapes.\n"   \
    "\nrecording (as tessera record writes them; tessera replay reads both):\n"          \
    "  --cast FILE       the session as asciicast (o, i, r events), v2 unless\n"         \
    "                    --cast-format v3\n"                                              \
    "  --journal FILE    the session as the lossless frame journal\n"
#define RECORD_DETAILS                                                                      \
    "With a terminal on stdin the program is attached to it (raw mode, restored on\n"    \
    "exit); otherwise it runs until it exits. -o (or --cast) writes asciicast v2 (o, i,\n" \
    "r events), or v3 with --cast-format v3 (intervals, and an x event for the exit);\n" \
    "--journal writes the lossless frame journal that tessera replay also reads.\n"
#define HOST_DETAILS "Line-delimited JSON commands on stdin, binary frames on stdout.\n" \
    "See native-host/host/HOST_PROTOCOL.md.\n" LIVE_FLAGS_LIST READY_HELP

/* The tools and their arguments, from the table tools/list is made from. */
#define TOOL(ID, NAME, READ_ONLY, DESCRIPTION) "\n  " NAME
#define ARG(ID, NAME, KIND, MIN, MAX, CHOICES, REQUIRED, DESCRIPTION) " " ARG_OPEN_##REQUIRED NAME ARG_CLOSE_##REQUIRED
#define ARG_OPEN_0 "["
#define ARG_CLOSE_0 "]"
#define ARG_OPEN_1 ""
#define ARG_CLOSE_1 ""
static const char MCP_DETAILS[] =
    "An MCP server (the Model Context Protocol, over stdio) for coding agents: it runs\n"
    "programs on real PTYs, types, waits and reads their screens. A client starts it as\n"
    "{\"command\": \"tessera\", \"args\": [\"mcp\"]}; docs/mcp.md has the setup and a session.\n"
    "Only protocol messages go to stdout. Every session ends when the client disconnects\n"
    "or tessera gets SIGINT, SIGTERM or SIGHUP.\n"
    "\ntools (and their arguments; [optional]):"
#include "tools.def"
    "\n"
    "\nflags:\n"
    "  --max-sessions N  sessions running at once, 1 to 64 (default 8)\n"
    "  --session-timeout SPAN  a session with no call for SPAN is closed (default 30m)\n"
    "  --rows N, --cols N  the size of a program terminal_launch gives none (24x80)\n"
    "  --timeout SPAN    how long a tool waits by default (its timeout_ms wins; 10s)\n"
    "  --settle SPAN     how long a screen stays unchanged to count as settled (100ms)\n"
    READY_HELP HOME_HELP;
#undef TOOL
#undef ARG
#undef ARG_OPEN_0
#undef ARG_CLOSE_0
#undef ARG_OPEN_1
#undef ARG_CLOSE_1

const cli_command MCP_COMMAND = {
    "mcp",
    "[--max-sessions N] [--session-timeout SPAN] [FLAGS]",
    "an MCP server over stdio: coding agents drive and read terminal programs",
    MCP_DETAILS,
    cmd_mcp,
};

const cli_command RUN_COMMAND = {
    "run",
    "[--expect TEXT]... [--expect-not TEXT]... [--expect-exit N] [FLAGS] -- CMD [ARGS]",
    "run a program on a pty, check what it shows, print its screen",
    RUN_DETAILS LIVE_FLAGS_LIST ARTIFACTS_HELP LIVE_ENV_NOTE,
    cmd_run,
};

const cli_command SNAPSHOT_COMMAND = {
    "snapshot",
    "[--golden FILE [--update]] [FLAGS] -- CMD [ARGS]",
    "run a program until its screen settles and print the exact grid",
    SNAPSHOT_DETAILS LIVE_FLAGS_LIST ARTIFACTS_HELP LIVE_ENV_NOTE,
    cmd_snapshot,
};

const cli_command SCRIPT_COMMAND = {
    "script",
    "[--cast FILE.cast [--cast-format v2|v3]] [--journal FILE] [FLAGS] FILE.tape",
    "run a tape: a program and the steps that drive it",
    SCRIPT_DETAILS LIVE_FLAGS_LIST READY_HELP ARTIFACTS_HELP LIVE_ENV_NOTE,
    cmd_script,
};

const cli_command RECORD_COMMAND = {
    "record",
    "[-o FILE.cast [--cast-format v2|v3]] [--journal FILE] [FLAGS] -- CMD [ARGS]",
    "run a program attached to this terminal and record it",
    RECORD_DETAILS RECORD_FLAGS_LIST LIVE_ENV_NOTE,
    cmd_record,
};

const cli_command HOST_COMMAND = {
    "host",
    "[FLAGS]",
    "the sidecar of the JS API: commands on stdin, frames on stdout",
    HOST_DETAILS,
    cmd_host,
};

#define TEST_DETAILS                                                                        \
    "Runs JSON test specs (*.spec.json) and tapes (*.tape); a folder is searched for both.\n" \
    "Every file is checked first: one invalid file is exit 2 and nothing runs. Then each\n" \
    "file runs in its own process, --jobs at once (default: the number of cores).\n"   \
    "\nflags:\n"                                                                       \
    "  --check         only check the files (exit 0 or 2), run nothing\n"               \
    "  --update        stage new or changed snapshots; apply them if nothing else failed\n" \
    "  --report FILE   a JSON report of every file\n"                                   \
    "  --junit FILE    a JUnit XML report (one testsuite per shard: merge by concatenating)\n" \
    "  --report-details  specs' failures also show the expected text and the screen\n"   \
    "                  (a tape's always do; arguments, environment values and typed input\n" \
    "                  never appear)\n"                                                  \
    "  --shard I/N     run the Ith of N parts of the sorted file list (CI matrices)\n"  \
    "  --grep TEXT     only the files whose path holds TEXT\n"                          \
    "  --retries N     run a failed file again, up to N times (0 to 10); one that passes\n" \
    "                  then counts as passed and is reported as flaky, never silently\n" \
    "  --pass-with-no-tests  no file to run is a pass (by default it is exit 2)\n"       \
    "  --jobs N        files run at once, 1 to 256\n"                                    \
    "  --ready-budget SPAN  how long an input waits for the program to read before it\n" \
    "                  is sent anyway (default 1s; a spec's ready_budget_ms wins)\n"     \
    "  --inherit-home  tapes get the real HOME (by default every file gets a fresh one;\n" \
    "                  a spec passes HOME on with \"inherit_env\": [\"HOME\"])\n"           \
    "  --artifacts DIR where a failed file leaves its folder (trace, screen, report.html;\n" \
    "                  default $TESSERA_ARTIFACTS, else tessera-artifacts/ beside the file)\n" \
    "\nA failure shows its place, what was expected, the screen at the failing moment\n" \
    "(rows numbered) and its artifacts folder.\n"                                         \
    "\nexit codes: 0 all passed (flaky ones too), 1 any failed (a deadline too), 2 any file\n" \
    "invalid, no file to run, or a report path that cannot be written (checked before\n"  \
    "anything runs), 5 a report that could not be finished.\n"

const cli_command TEST_COMMAND = {
    "test",
    "[--check] [--update] [--report FILE] [--junit FILE] [--report-details] [--shard I/N]\n"
    "            [--grep TEXT] [--retries N] [--pass-with-no-tests] [--jobs N]\n"
    "            [--ready-budget SPAN] [--inherit-home] [--artifacts DIR] SPEC|TAPE|DIR...",
    "run JSON test specs and tapes as a suite, with reports",
    TEST_DETAILS,
    cmd_test,
};
