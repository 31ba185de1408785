/* Reading the fields of a case strictly: each reader checks one value's
 * type and range and reports what is wrong as FILE:LINE:COL: case NAME:
 * FIELD: reason (case_report.h). Each returns 0 when the value is fine,
 * else -1 after reporting. */
#ifndef CASE_JSON_H
#define CASE_JSON_H

#include <stddef.h>

#include "case_ctx.h"
#include "tessera/json.h"

/* A NULL-terminated list of names. */
typedef const char *const case_names[];

int json_int(case_ctx *c, const char *field, const tsr_json_value *v, long lo, long hi, long *out);
int json_bool(case_ctx *c, const char *field, const tsr_json_value *v, int *out);
int json_string(case_ctx *c, const char *field, const tsr_json_value *v);
int json_array(case_ctx *c, const char *field, const tsr_json_value *v);
/* One of names (NULL-terminated): its index in *out. */
int json_enum(case_ctx *c, const char *field, const tsr_json_value *v, case_names names, int *out);
/* An object whose keys are all in known and that has every key of
 * required (either may be NULL: no rule). Reports every stray key and every
 * missing one. */
int json_object(case_ctx *c, const char *field, const tsr_json_value *v, case_names known,
                case_names required);
/* The index of key in names, or -1. */
int names_index(case_names names, const char *key);

#endif
