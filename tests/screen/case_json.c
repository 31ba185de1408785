/* Strict readers of JSON values for the case fields; see case_json.h. */
#include "case_json.h"

#include <stdio.h>
#include <string.h>

#include "case_report.h"

static const char *const TYPE_NAMES[] = {"null",     "false",    "true",     "a number",
                                         "a string", "an array", "an object"};

static const char *type_name(const tsr_json_value *v)
{
    return TYPE_NAMES[v->type];
}

int names_index(case_names names, const char *key)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], key) == 0)
            return i;
    return -1;
}

int json_int(case_ctx *c, const char *field, const tsr_json_value *v, long lo, long hi, long *out)
{
    if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < (double)lo ||
        v->u.number.value > (double)hi) {
        if (v->type != TSR_JSON_NUMBER)
            return case_bad(c, v->offset, field, "must be an integer in %ld..%ld, got %s", lo, hi,
                            type_name(v));
        size_t n = v->u.number.len > 24 ? 24 : v->u.number.len;
        return case_bad(c, v->offset, field, "must be an integer in %ld..%ld, got %.*s", lo, hi,
                        (int)n, c->text + v->u.number.offset);
    }
    *out = (long)v->u.number.value;
    return 0;
}

int json_bool(case_ctx *c, const char *field, const tsr_json_value *v, int *out)
{
    if (v->type != TSR_JSON_TRUE && v->type != TSR_JSON_FALSE)
        return case_bad(c, v->offset, field, "must be true or false, got %s", type_name(v));
    *out = v->type == TSR_JSON_TRUE;
    return 0;
}

int json_string(case_ctx *c, const char *field, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_STRING)
        return case_bad(c, v->offset, field, "must be a string, got %s", type_name(v));
    return 0;
}

int json_array(case_ctx *c, const char *field, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_ARRAY)
        return case_bad(c, v->offset, field, "must be an array, got %s", type_name(v));
    return 0;
}

int json_enum(case_ctx *c, const char *field, const tsr_json_value *v, case_names names, int *out)
{
    int i = v->type == TSR_JSON_STRING && strlen(v->u.string.bytes) == v->u.string.len
                ? names_index(names, v->u.string.bytes)
                : -1;
    if (i < 0) {
        char list[256] = "";
        for (int k = 0; names[k]; k++) {
            size_t n = strlen(list);
            snprintf(list + n, sizeof list - n, "%s\"%s\"", k ? ", " : "", names[k]);
        }
        return case_bad(c, v->offset, field, "must be one of %s", list);
    }
    *out = i;
    return 0;
}

int json_object(case_ctx *c, const char *field, const tsr_json_value *v, case_names known,
                case_names required)
{
    if (v->type != TSR_JSON_OBJECT)
        return case_bad(c, v->offset, field, "must be an object, got %s", type_name(v));
    int bad = 0;
    char path[256];
    for (size_t i = 0; known && i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        if (strlen(m->key) != m->key_len || names_index(known, m->key) < 0) {
            path_key(path, sizeof path, field, m->key);
            bad = case_bad(c, m->key_offset, path, "unknown field");
        }
    }
    for (int k = 0; required && required[k]; k++) {
        if (!tsr_json_object_get(v, required[k], NULL)) {
            path_key(path, sizeof path, field, required[k]);
            bad = case_bad(c, v->offset, path, "missing (required)");
        }
    }
    return bad;
}
