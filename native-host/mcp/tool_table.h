/* The tools of `tessera mcp` as data (tools.def): lookups by name, the
 * tools/list entries with their JSON Schemas, and the argument check every
 * call passes before it reaches a session. */
#ifndef TSR_MCP_TOOL_TABLE_H
#define TSR_MCP_TOOL_TABLE_H

#include <stddef.h>

#include "json_writer.h"
#include "tessera/json.h"

typedef enum tool_id {
#define TOOL(ID, NAME, READ_ONLY, DESCRIPTION) ID,
#define ARG(ID, NAME, KIND, MIN, MAX, CHOICES, REQUIRED, DESCRIPTION)
#include "tools.def"
#undef TOOL
#undef ARG
    TOOL_COUNT
} tool_id;

typedef enum arg_kind {
    ARG_STRING,     /* a non-empty string */
    ARG_INT,        /* a whole number from min to max */
    ARG_BOOL,       /* true (false is refused: it would ask for nothing) */
    ARG_STRINGS,    /* an array of strings */
    ARG_ENV,        /* an object of strings: NAME -> value */
    ARG_CHOICE,     /* one of choices ("a|b|c") */
    ARG_FLAG_OR_MS, /* true, or a whole number of milliseconds from min to max */
} arg_kind;

typedef struct arg_def {
    tool_id tool;
    const char *name;
    arg_kind kind;
    double min, max;
    const char *choices;
    int required;
    const char *description;
} arg_def;

typedef struct tool_def {
    tool_id id;
    const char *name;
    int read_only;
    const char *description;
} tool_def;

const tool_def *tool_get(tool_id id);
/* The tool called name[0..len), or NULL. */
const tool_def *tool_find(const char *name, size_t len);

/* The tools/list result, {"tools": [...]}, appended to out. Returns TSR_OK
 * or the writer's first failure. */
int tool_list_result(tsr_buf *out);

/* Checks a call's arguments (an object, or NULL for none) against the
 * tool's table: no unknown names, the required ones present, each of its
 * kind and range, no string holding a NUL. Returns 0, or -1 with a message
 * naming the argument (cap bytes). */
int tool_check_args(const tool_def *t, const tsr_json_value *args, char *why, size_t cap);

/* The argument's value in args, or NULL when it was not given. */
const tsr_json_value *tool_arg(const tsr_json_value *args, const char *name);

#endif
