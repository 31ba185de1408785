/* Reading a spec: size first, then strict JSON (duplicate keys refused),
 * then the version, which decides the fields (never guessed), then the
 * fields and steps, collecting every error before anything runs. */
#include "terminal_safe.h"
#include "spec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_codes.h"
#include "spec_check.h"
#include "tessera/tessera.h"

void spec_error(spec_ctx *c, size_t offset, const char *fmt, ...)
{
    if (++c->errors > SPEC_MAX_ERRORS)
        return;
    size_t line, col;
    tsr_json_locate(c->text, c->len, offset, &line, &col);
    va_list ap;
    safe_fprintf(stderr, "%s:%zu:%zu: ", c->name, line, col);
    va_start(ap, fmt);
    safe_vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The version, exactly 1 to SPEC_MAX_VERSION: 0 (with its error printed) otherwise. */
static int check_version(spec_ctx *c, const tsr_json_value *root)
{
    const tsr_json_value *v = tsr_json_object_get(root, "version", NULL);
    if (!v) {
        spec_error(c, root->offset,
                   "missing \"version\": add \"version\": 1 (an unversioned spec is never guessed)");
        return 0;
    }
    if (v->type != TSR_JSON_NUMBER || !v->u.number.integer) {
        spec_error(c, v->offset, "\"version\" must be the integer 1, 2 or 3");
        return 0;
    }
    if (v->u.number.value < 1 || v->u.number.value > SPEC_MAX_VERSION) {
        spec_error(c, v->offset, "unsupported version %.*s: this runner reads versions 1, 2 and 3",
                   (int)(v->u.number.len > 20 ? 20 : v->u.number.len), c->text + v->offset);
        return 0;
    }
    return (int)v->u.number.value;
}

/* The reader's error, without a key's name (it may be an env name). */
static void json_error(spec_ctx *c, const tsr_json_error *err)
{
    if (strncmp(err->reason, "duplicate key", 13) == 0)
        spec_error(c, err->offset, "duplicate key: each key may appear once in an object");
    else
        spec_error(c, err->offset, "invalid JSON: %s", err->reason);
}

int spec_load_bytes(const char *name, const char *bytes, size_t len, tape *out, spec_info *info)
{
    memset(out, 0, sizeof *out);
    memset(info, 0, sizeof *info);
    spec_ctx c = {name, bytes, len, 0, out, info};
    if (len > SPEC_MAX_BYTES) {
        safe_fprintf(stderr, "%s:1:1: the file is larger than 1 MB (%u bytes), the limit for a spec\n",
                name, SPEC_MAX_BYTES);
        return TSR_EXIT_USAGE;
    }
    tsr_json_limits limits = {SPEC_MAX_BYTES / 2, 1};
    tsr_json_value root;
    tsr_json_error err;
    int rc = tsr_json_parse_limited(bytes, len, &limits, &root, &err);
    if (rc == TSR_ERR_NOMEM) {
        safe_fprintf(stderr, "tessera: out of memory\n");
        return TSR_EXIT_INTERNAL;
    }
    if (rc != TSR_OK) {
        json_error(&c, &err);
        return TSR_EXIT_USAGE;
    }
    if (root.type != TSR_JSON_OBJECT)
        spec_error(&c, root.offset, "a spec is one JSON object");
    else if ((info->version = check_version(&c, &root)) != 0) {
        out->spec_version = info->version;
        spec_check_fields(&c, &root);
        const tsr_json_value *steps = tsr_json_object_get(&root, "steps", NULL);
        if (!steps)
            spec_error(&c, root.offset, "missing \"steps\": an array of steps");
        else
            spec_check_steps(&c, steps);
    }
    tsr_json_free(&root);
    if (c.errors > SPEC_MAX_ERRORS)
        safe_fprintf(stderr, "%s: %zu more errors\n", name, c.errors - SPEC_MAX_ERRORS);
    if (c.errors) {
        tape_free(out);
        spec_info_free(info);
        return TSR_EXIT_USAGE;
    }
    return TSR_EXIT_OK;
}

int spec_load(const char *path, tape *out, spec_info *info)
{
    memset(out, 0, sizeof *out);
    memset(info, 0, sizeof *info);
    FILE *f = fopen(path, "rb");
    if (!f) {
        safe_fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return TSR_EXIT_USAGE;
    }
    /* one byte more than the limit tells a file that is too large */
    char *buf = malloc(SPEC_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, SPEC_MAX_BYTES + 1, f) : 0;
    int bad = !buf || ferror(f);
    int errnum = errno;
    fclose(f);
    if (bad) {
        free(buf);
        if (!buf) {
            safe_fprintf(stderr, "tessera: out of memory\n");
            return TSR_EXIT_INTERNAL;
        }
        safe_fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errnum));
        return TSR_EXIT_USAGE;
    }
    int code = spec_load_bytes(path, buf, n, out, info);
    free(buf);
    return code;
}

void spec_info_free(spec_info *info)
{
    free(info->workspace);
    info->workspace = NULL;
}
