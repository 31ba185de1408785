/* tessera as a WASI command (wasm/CMakeLists.txt builds it; js/bin/tessera.mjs
 * runs it under node:wasi): feed, replay and view, which need no program and
 * no PTY, with the native tool's dispatch, flags, help and messages. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "diag.h"
#include "dispatch.h"
#include "errno_text.h"
#include "feed_commands.h"
#include "view_command.h"
#include "artifacts_commands.h"

static const cli_command *const COMMANDS[] = {&FEED_COMMAND, &REPLAY_COMMAND, &VIEW_COMMAND,
                                                &GOLDEN_COMMAND, &ARTIFACTS_COMMAND, NULL};

int main(int argc, char **argv)
{
    /* A WASI program starts in "/": the loader passes the caller's working
     * directory as PWD (and preopens "/"), so relative paths mean what they
     * mean to the native tool. */
    const char *cwd = getenv("PWD");
    if (cwd && chdir(cwd) != 0)
        return diag_internal("cannot enter the working directory: %s", errno_text(errno));
    return cli_dispatch(COMMANDS, argc, argv);
}
