/* The screen in a tool's result: the fields every screen-showing tool
 * returns (session, revision, size, cursor, state, screen) and the same as
 * text, a summary line and then the screen, its control and invisible
 * format characters escaped (<U+202E>, \x1b) so a reader sees what a
 * person would and nothing acts on the reader. */
#ifndef TSR_MCP_SCREEN_RESULT_H
#define TSR_MCP_SCREEN_RESULT_H

#include "output.h"
#include "session.h"
#include "tool_result.h"

/* settled: 1 or 0 as the tool found it, -1 when the tool did not wait. */
void screen_result_write(tool_result *r, const char *id, const session *s, output_format format,
                         int settled);

/* The session's state in words: "running", "exited with code 0",
 * "ended by signal 9". */
const char *screen_result_state(const session *s, char *buf, size_t cap);

#endif
