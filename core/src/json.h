/* A strict, minimal JSON reader (RFC 8259) for one document held in memory,
 * such as one line of an asciicast file (cast.c).
 *
 * It builds a small tree. Strings are decoded to UTF-8 (every escape,
 * including \uXXXX surrogate pairs; a lone surrogate is an error) and may
 * hold NUL bytes, so they carry a length. Input must be valid UTF-8; nesting
 * is bounded by JSON_MAX_DEPTH; every allocation is checked. On error the
 * reader says why and at which 1-based byte column. */
#ifndef TSR_JSON_H
#define TSR_JSON_H

#include <stddef.h>

#define JSON_MAX_DEPTH 64

typedef enum json_type {
    JSON_NULL,
    JSON_FALSE,
    JSON_TRUE,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} json_type;

typedef struct json_value json_value;
typedef struct json_member json_member;

struct json_value {
    json_type type;
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
            json_value *items;
            size_t count;
        } array;
        struct {
            json_member *members;
            size_t count;
        } object;
    } u;
};

struct json_member {
    char *key; /* decoded, NUL-terminated; key_len counts embedded NULs */
    size_t key_len;
    json_value value;
};

typedef enum json_status {
    JSON_OK = 0,
    JSON_ERR_SYNTAX = -1, /* see json_error */
    JSON_ERR_NOMEM = -2,
} json_status;

typedef struct json_error {
    size_t column;    /* 1-based byte column of the problem */
    char reason[96];  /* e.g. "unterminated string" */
} json_error;

/* Parses exactly one JSON value (surrounding whitespace allowed) from
 * text[0..len). On success fills *out, which the caller frees with
 * json_free. On failure *out is left empty and err says why. */
int json_parse(const char *text, size_t len, json_value *out, json_error *err);
void json_free(json_value *value);

/* The first member of an object named key (NUL-free), or NULL; *count, if
 * given, gets how many members have that name. */
const json_value *json_object_get(const json_value *object, const char *key, size_t *count);

#endif
