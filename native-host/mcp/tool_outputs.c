#include "tool_outputs.h"

#define INT "{\"type\":\"integer\"}"
#define INT_OR_NULL "{\"type\":[\"integer\",\"null\"]}"
#define STR "{\"type\":\"string\"}"
#define BOOL "{\"type\":\"boolean\"}"

/* What every result that shows the screen carries. */
#define SCREEN_PROPS                                                                         \
    "\"session\":" STR ",\"revision\":" INT ",\"rows\":" INT ",\"cols\":" INT                \
    ",\"cursor\":{\"type\":\"object\",\"properties\":{\"row\":" INT ",\"col\":" INT          \
    ",\"visible\":" BOOL "},\"required\":[\"row\",\"col\",\"visible\"]}"                     \
    ",\"state\":{\"type\":\"string\",\"enum\":[\"running\",\"exited\"]}"                     \
    ",\"exit_code\":" INT_OR_NULL ",\"signal\":" INT_OR_NULL                                 \
    ",\"format\":{\"type\":\"string\",\"enum\":[\"text\",\"styled\",\"svg\"]}"              \
    ",\"screen\":" STR ",\"settled\":" BOOL                                                  \
    ",\"notes\":{\"type\":\"array\",\"items\":" STR "}"
#define SCREEN_REQUIRED "\"session\",\"revision\",\"rows\",\"cols\",\"cursor\",\"state\",\"screen\""

static const char SCREEN[] = "{\"type\":\"object\",\"properties\":{" SCREEN_PROPS
                             "},\"required\":[" SCREEN_REQUIRED "]}";

static const char WAIT[] = "{\"type\":\"object\",\"properties\":{" SCREEN_PROPS
                           ",\"matched\":" BOOL ",\"elapsed_ms\":" INT ",\"reason\":" STR
                           "},\"required\":[" SCREEN_REQUIRED ",\"matched\",\"elapsed_ms\"]}";

static const char CHANGES[] =
    "{\"type\":\"object\",\"properties\":{\"session\":" STR ",\"revision\":" INT
    ",\"since\":" INT ",\"oldest\":" INT ",\"evicted\":" BOOL ",\"resized\":" BOOL
    ",\"rows\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"row\":" INT
    ",\"text\":" STR "},\"required\":[\"row\",\"text\"]}}},"
    "\"required\":[\"session\",\"revision\",\"since\",\"evicted\",\"rows\"]}";

static const char CLOSE[] = "{\"type\":\"object\",\"properties\":{\"session\":" STR
                            ",\"exit_code\":" INT_OR_NULL ",\"signal\":" INT_OR_NULL
                            ",\"was_running\":" BOOL "},"
                            "\"required\":[\"session\",\"exit_code\",\"signal\",\"was_running\"]}";

static const char LIST[] =
    "{\"type\":\"object\",\"properties\":{\"sessions\":{\"type\":\"array\",\"items\":"
    "{\"type\":\"object\",\"properties\":{\"session\":" STR ",\"command\":" STR
    ",\"args\":{\"type\":\"array\",\"items\":" STR "},\"rows\":" INT ",\"cols\":" INT
    ",\"revision\":" INT ",\"state\":{\"type\":\"string\",\"enum\":[\"running\",\"exited\","
    "\"ended\"]},\"busy\":" BOOL ",\"reason\":" STR "},"
    "\"required\":[\"session\",\"command\",\"rows\",\"cols\",\"revision\",\"state\"]}}},"
    "\"required\":[\"sessions\"]}";

const char *tool_output_schema(tool_id id)
{
    switch (id) {
    case TOOL_WAIT_FOR: return WAIT;
    case TOOL_CHANGES: return CHANGES;
    case TOOL_CLOSE: return CLOSE;
    case TOOL_LIST: return LIST;
    default: return SCREEN;
    }
}
