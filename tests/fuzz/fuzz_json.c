/* libFuzzer target over the JSON reader (tessera/json.h): the input is one
 * document. An accepted one is walked whole (every string NUL-terminated
 * at its length, every key findable, nesting within the limit, numbers
 * pointing into the input, every value and key offset inside it); a
 * rejected one has a reason and a line and column inside the input (or
 * just past it, for text that ends too soon). The same input is read
 * strictly too (no duplicate keys, a bound on values): it may only be
 * refused where the lenient reading found a duplicate key or too many
 * values, and always at a line and column that match its offset. */
#include <string.h>

#include "fuzz_check.h"
#include "tessera/json.h"
#include "tessera/tessera.h"

static void walk(const tsr_json_value *v, const tsr_json_value *root, size_t size, int depth)
{
    FUZZ_CHECK(depth <= TSR_JSON_MAX_DEPTH);
    FUZZ_CHECK(v->offset < size);
    switch (v->type) {
    case TSR_JSON_NULL:
    case TSR_JSON_FALSE:
    case TSR_JSON_TRUE:
        break;
    case TSR_JSON_NUMBER:
        FUZZ_CHECK(v->u.number.len > 0 && v->u.number.offset + v->u.number.len <= size);
        FUZZ_CHECK(v->u.number.value == v->u.number.value); /* never NaN */
        break;
    case TSR_JSON_STRING:
        FUZZ_CHECK(v->u.string.bytes != NULL && v->u.string.bytes[v->u.string.len] == '\0');
        fuzz_touch(v->u.string.bytes, v->u.string.len);
        break;
    case TSR_JSON_ARRAY:
        FUZZ_CHECK(v->u.array.count == 0 || v->u.array.items != NULL);
        for (size_t i = 0; i < v->u.array.count; i++)
            walk(&v->u.array.items[i], root, size, depth + 1);
        break;
    case TSR_JSON_OBJECT:
        FUZZ_CHECK(v->u.object.count == 0 || v->u.object.members != NULL);
        for (size_t i = 0; i < v->u.object.count; i++) {
            const tsr_json_member *m = &v->u.object.members[i];
            FUZZ_CHECK(m->key != NULL && m->key[m->key_len] == '\0');
            FUZZ_CHECK(m->key_offset >= v->offset && m->key_offset < m->value.offset);
            fuzz_touch(m->key, m->key_len);
            if (m->key_len == strlen(m->key)) { /* a NUL-free key can be looked up */
                size_t count = 0;
                const tsr_json_value *first = tsr_json_object_get(v, m->key, &count);
                FUZZ_CHECK(first != NULL && count >= 1 && first <= &m->value);
            }
            walk(&m->value, root, size, depth + 1);
        }
        break;
    default:
        FUZZ_CHECK(!"a value of no known type");
    }
}

/* The error's line and column are where its offset is. */
static void check_position(const uint8_t *data, size_t size, const tsr_json_error *err)
{
    FUZZ_CHECK(err->offset <= size);
    size_t line = 1, col = 1;
    for (size_t i = 0; i < err->offset; i++) {
        if (data[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    FUZZ_CHECK(err->line == line && err->column == col);
}

/* Strict reading refuses only what it adds: a duplicate key or too many values. */
static void strict(const uint8_t *data, size_t size, int lenient_rc)
{
    tsr_json_limits limits = {64, 1};
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse_limited((const char *)data, size, &limits, &v, &err);
    if (rc == TSR_OK) {
        FUZZ_CHECK(lenient_rc == TSR_OK);
        tsr_json_free(&v);
        return;
    }
    if (rc == TSR_ERR_FORMAT) {
        check_position(data, size, &err);
        if (lenient_rc == TSR_OK)
            FUZZ_CHECK(strncmp(err.reason, "duplicate key \"", 15) == 0 ||
                       strcmp(err.reason, "more than 64 values") == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tsr_json_value v;
    tsr_json_error err;
    memset(&err, 0x5a, sizeof err); /* whatever was there before must not show */
    int rc = tsr_json_parse((const char *)data, size, &v, &err);
    strict(data, size, rc);
    if (rc == TSR_OK) {
        walk(&v, &v, size, 0);
        tsr_json_free(&v);
        return 0;
    }
    FUZZ_CHECK(rc == TSR_ERR_FORMAT || rc == TSR_ERR_NOMEM);
    if (rc == TSR_ERR_FORMAT) {
        FUZZ_CHECK(memchr(err.reason, '\0', sizeof err.reason) != NULL);
        FUZZ_CHECK(err.reason[0] != '\0');
        FUZZ_CHECK(err.column >= 1 && err.column <= size + 1);
        check_position(data, size, &err);
    }
    tsr_json_free(&v); /* "left empty": freeing it is harmless */
    return 0;
}
