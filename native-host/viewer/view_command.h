/* `tessera view`: a recording or a snapshot as one self-contained HTML page
 * (page_write.h). Both executables offer it; the WASI build cannot start a
 * browser, so the JS CLI does --open itself. */
#ifndef TSR_CLI_VIEW_COMMAND_H
#define TSR_CLI_VIEW_COMMAND_H

#include "command.h"

/* A file larger than this is refused: its page would be too large to open. */
#define VIEW_MAX_FILE_BYTES (256ul << 20)

extern const cli_command VIEW_COMMAND;

int cmd_view(int argc, char **argv);

#endif
