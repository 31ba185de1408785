/* Serving the host protocol on stdin and stdout until close or EOF. */
#ifndef TSR_CLI_HOST_LOOP_H
#define TSR_CLI_HOST_LOOP_H

#include "host_command.h"

/* Reads command lines from stdin and runs each; every frame the session
 * applies is written to stdout. Ends the program (if one was spawned) and
 * frees the session. Returns the host's exit code. */
int host_serve(host *h);

#endif
