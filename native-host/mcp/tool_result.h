/* A tools/call result being built: the text a model reads (content) and the
 * same facts as structuredContent, or an error (isError) with its message. */
#ifndef TSR_MCP_TOOL_RESULT_H
#define TSR_MCP_TOOL_RESULT_H

#include <stddef.h>

#include "diag.h"
#include "json_writer.h"
#include "tessera/tessera.h"

typedef struct tool_result {
    tsr_buf text;       /* the text content */
    tsr_buf structured; /* the structuredContent object, being written by w */
    json_writer w;
    tsr_buf notes;      /* note lines, each also in the "notes" array */
    int notes_open;
    int is_error;
    int err;            /* the first failure to append (memory) */
} tool_result;

/* Opens the structured object. */
void tool_result_init(tool_result *r);
void tool_result_free(tool_result *r);

/* Appends to the text content (printf). */
void tool_result_say(tool_result *r, const char *fmt, ...) TSR_PRINTF(2, 3);

/* A note on how the call went ("not reading after 1000ms ...: sent anyway"),
 * in the text and in the "notes" array. Write notes after every other field. */
void tool_result_note(tool_result *r, const char *fmt, ...) TSR_PRINTF(2, 3);

/* Turns the result into an error whose text is the message; what was
 * written before is dropped. */
void tool_result_fail(tool_result *r, const char *fmt, ...) TSR_PRINTF(2, 3);

/* The CallToolResult JSON into out. Returns TSR_OK or the first failure. */
int tool_result_finish(tool_result *r, tsr_buf *out);

#endif
