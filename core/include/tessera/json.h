/* tessera: a strict, minimal JSON reader (RFC 8259) for one document held
 * in memory. The core reads asciicast lines with it; hosts that speak JSON
 * (`tessera host`) use the same reader rather than a second one.
 *
 * It builds a small tree. Strings are decoded to UTF-8 (every escape,
 * including \uXXXX surrogate pairs; a lone surrogate is an error) and may
 * hold NUL bytes, so they carry a length. Input must be valid UTF-8; nesting
 * is bounded by TSR_JSON_MAX_DEPTH; every allocation is checked. On error the
 * reader says why, on which 1-based line and at which 1-based byte column of
 * it. Every value and key remembers its byte offset, so a caller checking a
 * document's meaning (a test spec) can name FILE:LINE:COLUMN too. */
#ifndef TESSERA_JSON_H
#define TESSERA_JSON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TSR_JSON_MAX_DEPTH 64

typedef enum tsr_json_type {
    TSR_JSON_NULL,
    TSR_JSON_FALSE,
    TSR_JSON_TRUE,
    TSR_JSON_NUMBER,
    TSR_JSON_STRING,
    TSR_JSON_ARRAY,
    TSR_JSON_OBJECT,
} tsr_json_type;

typedef struct tsr_json_value tsr_json_value;
typedef struct tsr_json_member tsr_json_member;

struct tsr_json_value {
    tsr_json_type type;
    size_t offset; /* where the value starts in the input */
    union {
        struct {
            double value;
            int integer;   /* written without fraction or exponent */
            size_t offset; /* where its text starts in the input */
            size_t len;    /* length of its text */
        } number;
        struct {
            char *bytes; /* NUL-terminated too, for convenience */
            size_t len;
        } string;
        struct {
            tsr_json_value *items;
            size_t count;
        } array;
        struct {
            tsr_json_member *members;
            size_t count;
        } object;
    } u;
};

struct tsr_json_member {
    char *key; /* decoded, NUL-terminated; key_len counts embedded NULs */
    size_t key_len;
    size_t key_offset; /* where the key's opening quote is in the input */
    tsr_json_value value;
};

typedef struct tsr_json_error {
    size_t line;      /* 1-based line of the problem (lines end at LF) */
    size_t column;    /* 1-based byte column of the problem within that line */
    size_t offset;    /* 0-based byte offset of the problem */
    char reason[96];  /* e.g. "unterminated string" */
} tsr_json_error;

/* How strictly to read. Zero-initialised: no bound on values, duplicate keys
 * kept (RFC 8259 allows them; tsr_json_object_get counts them). */
typedef struct tsr_json_limits {
    size_t max_values;   /* refuse more values than this: "more than N values" (0: no bound) */
    int no_duplicate_keys; /* refuse an object naming a key twice: "duplicate key \"K\"" */
} tsr_json_limits;

/* Parses exactly one JSON value (surrounding whitespace allowed) from
 * text[0..len): TSR_OK, TSR_ERR_FORMAT (err says why) or TSR_ERR_NOMEM.
 * On success fills *out, which the caller frees with
 * tsr_json_free. On failure *out is left empty and err says why. */
int tsr_json_parse(const char *text, size_t len, tsr_json_value *out, tsr_json_error *err);
/* The same, refusing text with more than max_values values (0: no bound)
 * with "more than N values": memory then stays in proportion to what the
 * caller means to keep, whatever the text's length. */
int tsr_json_parse_bounded(const char *text, size_t len, size_t max_values, tsr_json_value *out,
                           tsr_json_error *err);
/* The same with the limits given (NULL: none). A duplicate key is reported
 * at its second occurrence. */
int tsr_json_parse_limited(const char *text, size_t len, const tsr_json_limits *limits,
                           tsr_json_value *out, tsr_json_error *err);
void tsr_json_free(tsr_json_value *value);

/* The 1-based line and byte column of offset in text[0..len) (offset may
 * be len: the end). */
void tsr_json_locate(const char *text, size_t len, size_t offset, size_t *line, size_t *column);

/* The first member of an object named key (NUL-free), or NULL; *count, if
 * given, gets how many members have that name. */
const tsr_json_value *tsr_json_object_get(const tsr_json_value *object, const char *key, size_t *count);

#ifdef __cplusplus
}
#endif

#endif
