/* The tools that act on one session, run inside that session's worker
 * process (worker.h): launching, input, waits, snapshots, changes, close.
 * Each writes its result (screen_result.h) and never fails the process:
 * a bad request or a program that cannot be started is an error result. */
#ifndef TSR_MCP_SESSION_TOOLS_H
#define TSR_MCP_SESSION_TOOLS_H

#include "live.h"
#include "tool_result.h"
#include "tool_table.h"

typedef struct mcp_session {
    char id[16];                  /* "s1": the name the client uses */
    const live_options *defaults; /* tessera mcp's flags */
    session s;
    int started;
} mcp_session;

/* Ready for terminal_launch: no program yet. */
void mcp_session_init(mcp_session *m, const char *id, const live_options *defaults);

/* Runs one tool with its checked arguments (tool_check_args). Returns 1
 * when the session is over once the result is sent (closed, or a launch
 * that failed), else 0. */
int mcp_session_call(mcp_session *m, tool_id tool, const tsr_json_value *args, tool_result *r);

/* Ends the program (if any) and frees everything. */
void mcp_session_end(mcp_session *m);

#endif
