#include "tool_table.h"

#include <stdio.h>
#include <string.h>

#include "tessera/text.h"
#include "tool_outputs.h"

static const tool_def TOOLS[] = {
#define TOOL(ID, NAME, READ_ONLY, DESCRIPTION) {ID, NAME, READ_ONLY, DESCRIPTION},
#define ARG(ID, NAME, KIND, MIN, MAX, CHOICES, REQUIRED, DESCRIPTION)
#include "tools.def"
#undef TOOL
#undef ARG
};

static const arg_def ARGS[] = {
#define TOOL(ID, NAME, READ_ONLY, DESCRIPTION)
#define ARG(ID, NAME, KIND, MIN, MAX, CHOICES, REQUIRED, DESCRIPTION) \
    {ID, NAME, KIND, MIN, MAX, CHOICES, REQUIRED, DESCRIPTION},
#include "tools.def"
#undef TOOL
#undef ARG
};

#define NARGS (sizeof ARGS / sizeof ARGS[0])

const tool_def *tool_get(tool_id id)
{
    return id < TOOL_COUNT ? &TOOLS[id] : NULL;
}

const tool_def *tool_find(const char *name, size_t len)
{
    for (size_t i = 0; i < TOOL_COUNT; i++)
        if (strlen(TOOLS[i].name) == len && memcmp(TOOLS[i].name, name, len) == 0)
            return &TOOLS[i];
    return NULL;
}

static const arg_def *find_arg(tool_id tool, const char *name, size_t len)
{
    for (size_t i = 0; i < NARGS; i++)
        if (ARGS[i].tool == tool && strlen(ARGS[i].name) == len &&
            memcmp(ARGS[i].name, name, len) == 0)
            return &ARGS[i];
    return NULL;
}

/* {"type":"integer","minimum":MIN,"maximum":MAX} without its braces. */
static void write_int_range(json_writer *w, const arg_def *a)
{
    jw_cstring(w, "type", "integer");
    jw_int(w, "minimum", (long long)a->min);
    jw_int(w, "maximum", (long long)a->max);
}

/* {"type":"boolean","enum":[true]} without its braces: only true asks for something. */
static void write_true(json_writer *w)
{
    jw_cstring(w, "type", "boolean");
    jw_array(w, "enum");
    jw_bool(w, NULL, 1);
    jw_end(w);
}

/* {"type":OUTER,KEY:{"type":"string"}}: arrays and objects of strings. */
static void write_of_strings(json_writer *w, const char *outer, const char *key)
{
    jw_cstring(w, "type", outer);
    jw_object(w, key);
    jw_cstring(w, "type", "string");
    jw_end(w);
}

/* The choices "a|b|c" as a JSON array. */
static void write_choices(json_writer *w, const char *choices)
{
    jw_array(w, "enum");
    for (const char *p = choices; *p;) {
        size_t n = strcspn(p, "|");
        jw_string(w, NULL, p, n);
        p += n + (p[n] == '|');
    }
    jw_end(w);
}

static void write_schema(json_writer *w, tool_id tool)
{
    jw_object(w, "inputSchema");
    jw_cstring(w, "type", "object");
    jw_object(w, "properties");
    for (size_t i = 0; i < NARGS; i++) {
        const arg_def *a = &ARGS[i];
        if (a->tool != tool)
            continue;
        jw_object(w, a->name);
        switch (a->kind) {
        case ARG_STRING:
            jw_cstring(w, "type", "string");
            jw_int(w, "minLength", 1);
            break;
        case ARG_INT: write_int_range(w, a); break;
        case ARG_BOOL: write_true(w); break;
        case ARG_STRINGS: write_of_strings(w, "array", "items"); break;
        case ARG_ENV: write_of_strings(w, "object", "additionalProperties"); break;
        case ARG_CHOICE:
            jw_cstring(w, "type", "string");
            write_choices(w, a->choices);
            break;
        case ARG_FLAG_OR_MS:
            jw_array(w, "anyOf");
            jw_object(w, NULL);
            write_true(w);
            jw_end(w);
            jw_object(w, NULL);
            write_int_range(w, a);
            jw_end(w);
            jw_end(w);
            break;
        }
        jw_cstring(w, "description", a->description);
        jw_end(w);
    }
    jw_end(w);
    jw_array(w, "required");
    for (size_t i = 0; i < NARGS; i++)
        if (ARGS[i].tool == tool && ARGS[i].required)
            jw_cstring(w, NULL, ARGS[i].name);
    jw_end(w);
    jw_bool(w, "additionalProperties", 0);
    jw_end(w);
}

int tool_list_result(tsr_buf *out)
{
    json_writer writer;
    json_writer *w = &writer;
    jw_init(w, out);
    jw_object(w, NULL);
    jw_array(w, "tools");
    for (size_t i = 0; i < TOOL_COUNT; i++) {
        const tool_def *t = &TOOLS[i];
        jw_object(w, NULL);
        jw_cstring(w, "name", t->name);
        jw_cstring(w, "description", t->description);
        write_schema(w, t->id);
        const char *out = tool_output_schema(t->id);
        jw_raw(w, "outputSchema", out, strlen(out));
        jw_object(w, "annotations");
        jw_bool(w, "readOnlyHint", t->read_only);
        /* closing ends a program, launching starts one: nothing else is lost */
        jw_bool(w, "destructiveHint", t->id == TOOL_CLOSE);
        jw_bool(w, "idempotentHint", t->read_only);
        jw_bool(w, "openWorldHint", 0);
        jw_end(w);
        jw_end(w);
    }
    jw_end(w);
    jw_end(w);
    return w->err;
}

/* The tool's argument names, for a message about one it does not take. */
static void arg_names(tool_id tool, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < NARGS && n < cap; i++)
        if (ARGS[i].tool == tool)
            n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? ", " : "", ARGS[i].name);
    if (n == 0)
        snprintf(out, cap, "no arguments");
}

static int is_choice(const char *choices, const char *s, size_t len)
{
    for (const char *p = choices; *p;) {
        size_t n = strcspn(p, "|");
        if (n == len && memcmp(p, s, n) == 0)
            return 1;
        p += n + (p[n] == '|');
    }
    return 0;
}

static int has_nul(const tsr_json_value *v)
{
    return v->type == TSR_JSON_STRING && memchr(v->u.string.bytes, 0, v->u.string.len) != NULL;
}

static int check_int(const arg_def *a, const tsr_json_value *v, char *why, size_t cap)
{
    if (v->type == TSR_JSON_NUMBER && v->u.number.integer && v->u.number.value >= a->min &&
        v->u.number.value <= a->max)
        return 0;
    snprintf(why, cap, "argument \"%s\" must be a whole number from %.0f to %.0f", a->name,
             a->min, a->max);
    return -1;
}

static int check_one(const arg_def *a, const tsr_json_value *v, char *why, size_t cap)
{
    switch (a->kind) {
    case ARG_STRING:
        if (v->type != TSR_JSON_STRING || v->u.string.len == 0) {
            snprintf(why, cap, "argument \"%s\" must be a non-empty string", a->name);
            return -1;
        }
        break;
    case ARG_INT:
        return check_int(a, v, why, cap);
    case ARG_BOOL:
        if (v->type != TSR_JSON_TRUE) {
            snprintf(why, cap, "argument \"%s\" must be true (leave it out otherwise)", a->name);
            return -1;
        }
        break;
    case ARG_FLAG_OR_MS:
        if (v->type == TSR_JSON_TRUE)
            return 0;
        if (v->type != TSR_JSON_NUMBER) {
            snprintf(why, cap, "argument \"%s\" must be true or a number of milliseconds",
                     a->name);
            return -1;
        }
        return check_int(a, v, why, cap);
    case ARG_STRINGS:
        if (v->type != TSR_JSON_ARRAY) {
            snprintf(why, cap, "argument \"%s\" must be an array of strings", a->name);
            return -1;
        }
        for (size_t i = 0; i < v->u.array.count; i++) {
            const tsr_json_value *item = &v->u.array.items[i];
            if (item->type != TSR_JSON_STRING || has_nul(item)) {
                snprintf(why, cap, "%s[%zu] must be a string without NUL characters", a->name, i);
                return -1;
            }
        }
        return 0;
    case ARG_ENV:
        if (v->type != TSR_JSON_OBJECT) {
            snprintf(why, cap, "argument \"%s\" must be an object of strings", a->name);
            return -1;
        }
        for (size_t i = 0; i < v->u.object.count; i++) {
            const tsr_json_member *m = &v->u.object.members[i];
            if (m->value.type != TSR_JSON_STRING || !m->key[0] || strchr(m->key, '=') ||
                m->key_len != strlen(m->key) || has_nul(&m->value)) {
                snprintf(why, cap, "%s entry %zu must be NAME: \"value\" (a name without '=', "
                                   "no NUL characters)", a->name, i);
                return -1;
            }
        }
        return 0;
    case ARG_CHOICE:
        if (v->type != TSR_JSON_STRING || !is_choice(a->choices, v->u.string.bytes, v->u.string.len)) {
            snprintf(why, cap, "argument \"%s\" must be one of %s", a->name, a->choices);
            return -1;
        }
        break;
    }
    if (has_nul(v)) { /* a C string would end there: the program would get less */
        snprintf(why, cap, "argument \"%s\" holds a NUL character", a->name);
        return -1;
    }
    return 0;
}

int tool_check_args(const tool_def *t, const tsr_json_value *args, char *why, size_t cap)
{
    char names[256];
    if (args && args->type != TSR_JSON_OBJECT) {
        snprintf(why, cap, "the arguments must be an object");
        return -1;
    }
    for (size_t i = 0; args && i < args->u.object.count; i++) {
        const tsr_json_member *m = &args->u.object.members[i];
        const arg_def *a = find_arg(t->id, m->key, m->key_len);
        if (!a) {
            char q[80];
            tsr_quote(q, sizeof q, m->key, m->key_len, 0);
            arg_names(t->id, names, sizeof names);
            snprintf(why, cap, "unknown argument %s: %s takes %s", q, t->name, names);
            return -1;
        }
        if (check_one(a, &m->value, why, cap) != 0)
            return -1;
    }
    for (size_t i = 0; i < NARGS; i++) {
        const arg_def *a = &ARGS[i];
        if (a->tool == t->id && a->required && !tool_arg(args, a->name)) {
            snprintf(why, cap, "argument \"%s\" is required: %s", a->name, a->description);
            return -1;
        }
    }
    return 0;
}

const tsr_json_value *tool_arg(const tsr_json_value *args, const char *name)
{
    if (!args || args->type != TSR_JSON_OBJECT)
        return NULL;
    return tsr_json_object_get(args, name, NULL);
}
