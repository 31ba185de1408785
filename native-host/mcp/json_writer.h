/* Writing JSON into a tsr_buf without counting commas: each value names its
 * key (NULL inside an array) and the writer puts the separators. The first
 * failure (memory, nesting deeper than JSON_WRITER_DEPTH) is kept in err and
 * every later call does nothing, so a caller checks once at the end. */
#ifndef TSR_MCP_JSON_WRITER_H
#define TSR_MCP_JSON_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/tessera.h"

#define JSON_WRITER_DEPTH 16

typedef struct json_writer {
    tsr_buf *out;
    int depth;
    unsigned char first[JSON_WRITER_DEPTH]; /* nothing written yet at this level */
    char closer[JSON_WRITER_DEPTH];         /* the bracket that ends each level */
    int err;                                /* TSR_OK, or the first failure */
} json_writer;

void jw_init(json_writer *w, tsr_buf *out);

void jw_object(json_writer *w, const char *key); /* opens {...} */
void jw_array(json_writer *w, const char *key);  /* opens [...] */
void jw_end(json_writer *w);                     /* closes the innermost */

void jw_string(json_writer *w, const char *key, const char *s, size_t len);
void jw_cstring(json_writer *w, const char *key, const char *s);
void jw_int(json_writer *w, const char *key, long long v);
void jw_bool(json_writer *w, const char *key, int v);
void jw_null(json_writer *w, const char *key);
/* A value that is already JSON (a schema, a message id as it came). */
void jw_raw(json_writer *w, const char *key, const char *json, size_t len);

#endif
