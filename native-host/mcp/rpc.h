/* JSON-RPC 2.0 as MCP's stdio transport carries it: one message per line,
 * no batches (MCP dropped them). Reading checks a message's shape; writing
 * puts one compact line on the descriptor (JSON escapes every newline). */
#ifndef TSR_MCP_RPC_H
#define TSR_MCP_RPC_H

#include <stddef.h>

#include "tessera/json.h"

#define RPC_PARSE_ERROR (-32700)
#define RPC_INVALID_REQUEST (-32600)
#define RPC_METHOD_NOT_FOUND (-32601)
#define RPC_INVALID_PARAMS (-32602)
#define RPC_INTERNAL_ERROR (-32603)

/* The longest id kept, as JSON text. */
#define RPC_ID_MAX 256

typedef struct rpc_message {
    tsr_json_value root;
    const char *method;           /* NULL for a response (which a server ignores) */
    const tsr_json_value *params; /* NULL when absent */
    char id[RPC_ID_MAX];          /* the id as JSON text; "" for a notification */
} rpc_message;

/* Reads one line. Returns 0 (free root with rpc_message_free), or a
 * JSON-RPC error code with the message in why and m->id set to the id when
 * one could be read, else "null". */
int rpc_read(const char *line, size_t len, rpc_message *m, char *why, size_t cap);
void rpc_message_free(rpc_message *m);

/* {"jsonrpc":"2.0","id":ID,"result":RESULT}: result is JSON text. Returns
 * 0, or -1 when the write failed (the client has gone). */
int rpc_write_result(int fd, const char *id, const char *result, size_t len);
/* {"jsonrpc":"2.0","id":ID,"error":{"code":CODE,"message":MESSAGE}}. */
int rpc_write_error(int fd, const char *id, int code, const char *message);

#endif
