/* `tessera mcp`: the Model Context Protocol over stdio. The server reads
 * JSON-RPC lines on stdin, answers initialize, ping and tools/list itself,
 * and passes each tools/call to the worker of its session (worker.h), so
 * calls to different sessions run at once. Only protocol messages reach
 * stdout; diagnostics go to stderr. */
#ifndef TSR_MCP_SERVER_H
#define TSR_MCP_SERVER_H

#include <stdint.h>

#include "live.h"

typedef struct mcp_options {
    const live_options *live; /* the programs' defaults: size, deadlines, HOME */
    int max_sessions;         /* at once (--max-sessions, default 8) */
    uint64_t idle_ns;         /* a session with no call for this long is closed */
    const char *version;      /* serverInfo.version */
} mcp_options;

#define MCP_DEFAULT_MAX_SESSIONS 8
#define MCP_MAX_SESSIONS_LIMIT 64
#define MCP_DEFAULT_IDLE_NS (30ull * 60 * 1000000000u)

/* Serves until stdin ends (0), stdout cannot be written (5), or SIGINT,
 * SIGTERM or SIGHUP (128 + the signal); every session is closed first. */
int mcp_serve(const mcp_options *o);

#endif
