/* The top-level fields of a spec: each known field's type and range, and
 * every other field refused. Values are compiled into the step program as
 * they pass. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spec_check.h"
#include "tessera/tessera.h"

#define MS 1000000ull /* nanoseconds */

/* An integer from min to max; 0 (error printed) otherwise. */
static int integer_in(spec_ctx *c, const char *field, const tsr_json_value *v, double min,
                      double max, double *out)
{
    if (v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < min ||
        v->u.number.value > max) {
        spec_error(c, v->offset, "\"%s\" must be an integer from %.0f to %.0f", field, min, max);
        return 0;
    }
    *out = v->u.number.value;
    return 1;
}

/* A string without NUL bytes, copied; NULL (error printed) otherwise. */
static char *plain_string(spec_ctx *c, const char *what, const tsr_json_value *v, int nonempty)
{
    if (v->type != TSR_JSON_STRING) {
        spec_error(c, v->offset, "%s must be a string", what);
        return NULL;
    }
    if (memchr(v->u.string.bytes, 0, v->u.string.len)) {
        spec_error(c, v->offset, "%s cannot hold a NUL character", what);
        return NULL;
    }
    if (nonempty && v->u.string.len == 0) {
        spec_error(c, v->offset, "%s cannot be empty", what);
        return NULL;
    }
    char *s = strdup(v->u.string.bytes);
    if (!s)
        spec_error(c, v->offset, "out of memory");
    return s;
}

int spec_env_name_ok(const char *s, size_t len)
{
    if (len == 0 || len > 128 || (s[0] >= '0' && s[0] <= '9'))
        return 0;
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        if (!(ch == '_' || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
              (ch >= '0' && ch <= '9')))
            return 0;
    }
    return 1;
}

static void command(spec_ctx *c, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_ARRAY || v->u.array.count == 0) {
        spec_error(c, v->offset, "\"command\" must be a non-empty array: the executable, then its arguments");
        return;
    }
    if (v->u.array.count > 4096) {
        spec_error(c, v->offset, "\"command\" has more than 4096 items");
        return;
    }
    char **argv = calloc(v->u.array.count + 1, sizeof *argv);
    if (!argv) {
        spec_error(c, v->offset, "out of memory");
        return;
    }
    c->t->argv = argv;
    for (size_t i = 0; i < v->u.array.count; i++)
        argv[i] = plain_string(c, i ? "a command argument" : "the executable",
                               &v->u.array.items[i], i == 0);
    /* a failed item leaves a NULL early: tape_free stops there, so free the rest */
    for (size_t i = 0; i < v->u.array.count; i++)
        if (!argv[i]) {
            for (size_t j = i + 1; j < v->u.array.count; j++) {
                free(argv[j]);
                argv[j] = NULL;
            }
            break;
        }
}

static void env(spec_ctx *c, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_OBJECT) {
        spec_error(c, v->offset, "\"env\" must be an object of strings");
        return;
    }
    c->t->env = calloc(v->u.object.count + 1, sizeof *c->t->env);
    if (!c->t->env) {
        spec_error(c, v->offset, "out of memory");
        return;
    }
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        if (!spec_env_name_ok(m->key, m->key_len)) {
            spec_error(c, m->key_offset,
                       "\"env\": a name must be letters, digits and _, not starting with a digit");
            continue;
        }
        if (m->value.type != TSR_JSON_STRING) {
            spec_error(c, m->value.offset, "\"env\": a value must be a string");
            continue;
        }
        if (memchr(m->value.u.string.bytes, 0, m->value.u.string.len)) {
            spec_error(c, m->value.offset, "\"env\": a value cannot hold a NUL character");
            continue;
        }
        char *e = malloc(m->key_len + m->value.u.string.len + 2);
        if (!e) {
            spec_error(c, m->value.offset, "out of memory");
            return;
        }
        memcpy(e, m->key, m->key_len);
        e[m->key_len] = '=';
        memcpy(e + m->key_len + 1, m->value.u.string.bytes, m->value.u.string.len + 1);
        c->t->env[c->t->nenv++] = e;
    }
}

static void inherit_env(spec_ctx *c, const tsr_json_value *v)
{
    if (v->type != TSR_JSON_ARRAY) {
        spec_error(c, v->offset, "\"inherit_env\" must be an array of variable names");
        return;
    }
    c->t->inherit = calloc(v->u.array.count + 1, sizeof *c->t->inherit);
    if (!c->t->inherit) {
        spec_error(c, v->offset, "out of memory");
        return;
    }
    for (size_t i = 0; i < v->u.array.count; i++) {
        const tsr_json_value *n = &v->u.array.items[i];
        if (n->type != TSR_JSON_STRING || !spec_env_name_ok(n->u.string.bytes, n->u.string.len)) {
            spec_error(c, n->offset, "\"inherit_env\": each item must be a variable name "
                                     "(letters, digits and _, not starting with a digit)");
            continue;
        }
        char *s = strdup(n->u.string.bytes);
        if (!s) {
            spec_error(c, n->offset, "out of memory");
            return;
        }
        c->t->inherit[c->t->ninherit++] = s;
    }
}

/* {"cols": C, "rows": R} and nothing else: viewport and resize share it. */
int spec_size(spec_ctx *c, const char *what, const tsr_json_value *v, int *cols, int *rows)
{
    if (v->type != TSR_JSON_OBJECT) {
        spec_error(c, v->offset, "%s must be an object {\"cols\": N, \"rows\": N}", what);
        return 0;
    }
    int ok = 1;
    for (size_t i = 0; i < v->u.object.count; i++) {
        const tsr_json_member *m = &v->u.object.members[i];
        if (strcmp(m->key, "cols") != 0 && strcmp(m->key, "rows") != 0) {
            spec_error(c, m->key_offset, "%s: unknown field \"%.40s\" (only cols and rows)", what,
                       m->key);
            ok = 0;
        }
    }
    const tsr_json_value *cv = tsr_json_object_get(v, "cols", NULL);
    const tsr_json_value *rv = tsr_json_object_get(v, "rows", NULL);
    if (!cv || !rv) {
        spec_error(c, v->offset, "%s needs both \"cols\" and \"rows\"", what);
        return 0;
    }
    double cn = 0, rn = 0;
    ok &= integer_in(c, "cols", cv, 1, TSR_MAX_COLS, &cn);
    ok &= integer_in(c, "rows", rv, 1, TSR_MAX_ROWS, &rn);
    *cols = (int)cn;
    *rows = (int)rn;
    return ok;
}

/* A relative folder that stays below the spec's own (v2 workspace). */
static void workspace(spec_ctx *c, const tsr_json_value *v)
{
    char *w = plain_string(c, "\"workspace\"", v, 1);
    if (!w)
        return;
    int escapes = w[0] == '/';
    for (const char *p = w; *p && !escapes; p = strchr(p, '/') ? strchr(p, '/') + 1 : p + strlen(p))
        escapes = strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0');
    if (escapes) {
        spec_error(c, v->offset, "\"workspace\" must be a folder inside the spec's own, without ..");
        free(w);
        return;
    }
    c->info->workspace = w;
}

void spec_check_fields(spec_ctx *c, const tsr_json_value *root)
{
    tape *t = c->t;
    t->operational_env = 1;
    t->cwd_default_beside = 1;
    t->step_timeout_ns = 3000 * MS;
    t->run_timeout_ns = 30000 * MS;
    t->max_output_bytes = 2000000;
    t->cols = 80;
    t->rows = 24;
    int has_command = 0;
    for (size_t i = 0; i < root->u.object.count; i++) {
        const tsr_json_member *m = &root->u.object.members[i];
        const tsr_json_value *v = &m->value;
        const char *k = m->key;
        double n;
        if (strcmp(k, "version") == 0 || strcmp(k, "steps") == 0)
            continue; /* checked by the caller */
        if (strcmp(k, "$schema") == 0) {
            if (v->type != TSR_JSON_STRING)
                spec_error(c, v->offset, "\"$schema\" must be a string");
        } else if (strcmp(k, "command") == 0) {
            has_command = 1;
            command(c, v);
        } else if (strcmp(k, "cwd") == 0) {
            t->cwd = plain_string(c, "\"cwd\"", v, 1);
        } else if (strcmp(k, "env") == 0) {
            env(c, v);
        } else if (strcmp(k, "inherit_env") == 0) {
            inherit_env(c, v);
        } else if (strcmp(k, "viewport") == 0) {
            spec_size(c, "\"viewport\"", v, &t->cols, &t->rows);
        } else if (strcmp(k, "timeout_ms") == 0) {
            if (integer_in(c, k, v, 1, 3600000, &n))
                t->step_timeout_ns = (uint64_t)n * MS;
        } else if (strcmp(k, "run_timeout_ms") == 0) {
            if (integer_in(c, k, v, 1, 86400000, &n))
                t->run_timeout_ns = (uint64_t)n * MS;
        } else if (strcmp(k, "startup_timeout_ms") == 0) {
            if (integer_in(c, k, v, 0, 3600000, &n))
                t->startup_timeout_ns = (uint64_t)n * MS;
        } else if (strcmp(k, "max_output_bytes") == 0) {
            if (integer_in(c, k, v, 1, 1073741824, &n))
                t->max_output_bytes = (uint64_t)n;
        } else if (strcmp(k, "ready_budget_ms") == 0 && c->info->version >= 3) {
            if (integer_in(c, k, v, 1, 3600000, &n))
                t->ready_budget_ns = (uint64_t)n * MS;
        } else if (strcmp(k, "ready_budget_ms") == 0) {
            spec_error(c, m->key_offset, "\"ready_budget_ms\" needs \"version\": 3");
        } else if (strcmp(k, "report_details") == 0) {
            if (v->type != TSR_JSON_TRUE && v->type != TSR_JSON_FALSE)
                spec_error(c, v->offset, "\"report_details\" must be true or false");
            else
                c->info->report_details = v->type == TSR_JSON_TRUE;
        } else if (strcmp(k, "workspace") == 0 && c->info->version >= 2) {
            workspace(c, v);
        } else if (strcmp(k, "workspace") == 0) {
            spec_error(c, m->key_offset,
                       "unknown field \"workspace\" in version 1 (it needs \"version\": 2)");
        } else {
            spec_error(c, m->key_offset, "unknown field \"%.40s\"", k);
        }
    }
    if (!has_command)
        spec_error(c, root->offset, "missing \"command\": the executable and its arguments");
}
