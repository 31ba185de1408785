/* `tessera mcp`: the flags, then the server (mcp/server.h). */
#include "commands.h"
#include "exit_codes.h"
#include "run_args.h"
#include "server.h"

#ifndef TSR_VERSION_STRING
#define TSR_VERSION_STRING "unknown"
#endif

int cmd_mcp(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_MCP, &MCP_COMMAND, argc, argv, &a, &code))
        return code;
    mcp_options o = {0};
    o.live = &a.live;
    o.max_sessions = a.max_sessions ? a.max_sessions : MCP_DEFAULT_MAX_SESSIONS;
    o.idle_ns = a.session_timeout_ns ? a.session_timeout_ns : MCP_DEFAULT_IDLE_NS;
    o.version = TSR_VERSION_STRING;
    code = mcp_serve(&o);
    run_args_free(&a);
    return code;
}
