/* The outputSchema of each tool: the shape of its structuredContent, which
 * clients check every result against. */
#ifndef TSR_MCP_TOOL_OUTPUTS_H
#define TSR_MCP_TOOL_OUTPUTS_H

#include "tool_table.h"

/* The schema as JSON text. */
const char *tool_output_schema(tool_id id);

#endif
