/* Loading corpus/modes.json; see case_modes.h. */
#include "case_modes.h"

#include <stdlib.h>
#include <string.h>

#include "case_file.h"
#include "tessera/json.h"

static int bad(const char *path, const char *text, size_t len, size_t offset, const char *why)
{
    size_t line, col;
    tsr_json_locate(text, len, offset, &line, &col);
    fprintf(stderr, "%s:%zu:%zu: %s\n", path, line, col, why);
    return -1;
}

/* "?N" or "N" with N in 1..99999, no leading zero. */
static int parse_number(const tsr_json_value *v, int *number, int *priv)
{
    if (v->type != TSR_JSON_STRING)
        return -1;
    const char *s = v->u.string.bytes;
    *priv = s[0] == '?';
    s += *priv;
    size_t n = strlen(s);
    if (n == 0 || n > 5 || s[0] == '0' || strspn(s, "0123456789") != n)
        return -1;
    *number = atoi(s);
    return 0;
}

static int fill(const char *path, const char *text, size_t len, const tsr_json_value *root,
                case_modes *out)
{
    const tsr_json_value *modes =
        root->type == TSR_JSON_OBJECT ? tsr_json_object_get(root, "modes", NULL) : NULL;
    if (!modes || modes->type != TSR_JSON_OBJECT)
        return bad(path, text, len, root->offset, "expected an object with a \"modes\" object");
    out->items = calloc(modes->u.object.count + 1, sizeof *out->items);
    if (!out->items)
        return bad(path, text, len, 0, "out of memory");
    for (size_t i = 0; i < modes->u.object.count; i++) {
        const tsr_json_member *m = &modes->u.object.members[i];
        case_mode *d = &out->items[out->count];
        if (parse_number(&m->value, &d->number, &d->priv) != 0)
            return bad(path, text, len, m->value.offset, "a mode is \"?N\" (DEC) or \"N\" (ANSI)");
        d->name = malloc(m->key_len + 1);
        if (!d->name)
            return bad(path, text, len, 0, "out of memory");
        memcpy(d->name, m->key, m->key_len + 1);
        out->count++;
    }
    return 0;
}

int case_modes_load(const char *path, case_modes *out)
{
    memset(out, 0, sizeof *out);
    size_t len = 0;
    char *text = case_file_read(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read the mode names\n", path);
        return -1;
    }
    tsr_json_limits limits = {0, 1};
    tsr_json_value root;
    tsr_json_error err;
    int rc;
    if (tsr_json_parse_limited(text, len, &limits, &root, &err) != TSR_OK) {
        rc = bad(path, text, len, err.offset, err.reason);
    } else {
        rc = fill(path, text, len, &root, out);
        tsr_json_free(&root);
    }
    free(text);
    if (rc != 0)
        case_modes_free(out);
    return rc;
}

void case_modes_free(case_modes *m)
{
    for (size_t i = 0; m->items && i < m->count; i++)
        free(m->items[i].name);
    free(m->items);
    memset(m, 0, sizeof *m);
}

const case_mode *case_modes_find(const case_modes *m, const char *name)
{
    for (size_t i = 0; i < m->count; i++)
        if (strcmp(m->items[i].name, name) == 0)
            return &m->items[i];
    return NULL;
}
