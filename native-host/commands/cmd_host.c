/* `tessera host`: the sidecar of the JS API. Commands arrive as JSON lines
 * on stdin; every frame the session applies leaves on stdout, encoded by
 * the core (tsr_frame_encode). The host keeps its own terminal fed with the
 * same frames: it needs the live modes to encode keys and mouse events and
 * it answers the program's queries (CPR, DA) itself. This file reads the
 * flags; the protocol is in host/ (HOST_PROTOCOL.md, host_loop.c). */

#include "commands.h"
#include "exit_codes.h"
#include "host_loop.h"
#include "proc_scan.h"
#include "run_args.h"

int cmd_host(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_HOST, &HOST_COMMAND, argc, argv, &a, &code))
        return code;
    /* daemonised grandchildren stay ours to find and end at close */
    proc_become_subreaper();
    host h;
    host_init(&h, &a.live);
    code = host_serve(&h);
    run_args_free(&a);
    return code;
}
