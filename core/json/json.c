/* A strict recursive-descent JSON reader. Recursion is bounded by
 * TSR_JSON_MAX_DEPTH, so hostile nesting cannot exhaust the stack. Strings are
 * decoded in two passes: find the closing quote (to size the buffer, which
 * is never larger than the raw text), then decode and validate. */
#include "tessera/json.h"
#include "tessera/tessera.h"
#include "tessera/text.h"


#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const unsigned char *text;
    size_t len;
    size_t pos;
    int depth;
    size_t values, max_values; /* max_values 0: no bound */
    int no_duplicate_keys;
    tsr_json_error *err;
} parser;

static int parse_value(parser *p, tsr_json_value *out);

static int fail_at(parser *p, size_t at, const char *fmt, ...)
{
    va_list ap;
    p->err->offset = at;
    tsr_json_locate((const char *)p->text, p->len, at, &p->err->line, &p->err->column);
    va_start(ap, fmt);
    vsnprintf(p->err->reason, sizeof p->err->reason, fmt, ap);
    va_end(ap);
    return TSR_ERR_FORMAT;
}

/* Says what was found where something else was needed. */
static int fail_unexpected(parser *p, const char *wanted)
{
    if (p->pos >= p->len)
        return fail_at(p, p->pos, "unexpected end of input, expected %s", wanted);
    unsigned char c = p->text[p->pos];
    if (c > 0x20 && c < 0x7f)
        return fail_at(p, p->pos, "unexpected character '%c', expected %s", c, wanted);
    return fail_at(p, p->pos, "unexpected byte 0x%02x, expected %s", c, wanted);
}

static void skip_ws(parser *p)
{
    while (p->pos < p->len) {
        unsigned char c = p->text[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        p->pos++;
    }
}

/* Reads the four hex digits of a \u escape whose 'u' is at text[at]; end is
 * the index of the string's closing quote. Returns -1 if they are not there. */
static long read_u_escape(const parser *p, size_t at, size_t end)
{
    long v = 0;
    if (at + 4 >= end)
        return -1;
    for (size_t i = 1; i <= 4; i++) {
        int h = tsr_hex_digit(p->text[at + i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

/* Decodes the escape whose backslash is at text[*i] into out; advances *i
 * past it. */
static int decode_escape(parser *p, size_t *i, size_t end, char *out, size_t *olen)
{
    size_t at = *i;
    unsigned char e = p->text[at + 1];
    const char *simple = "\"\\/bfnrt";
    const char *value = "\"\\/\b\f\n\r\t";
    const char *hit = e ? strchr(simple, e) : NULL;
    if (hit) {
        out[(*olen)++] = value[hit - simple];
        *i = at + 2;
        return TSR_OK;
    }
    if (e != 'u') {
        if (e > 0x20 && e < 0x7f)
            return fail_at(p, at, "invalid escape \\%c", e);
        return fail_at(p, at, "invalid escape: byte 0x%02x after a backslash", e);
    }
    long cp = read_u_escape(p, at + 1, end);
    if (cp < 0)
        return fail_at(p, at, "bad \\u escape: expected 4 hex digits");
    size_t next = at + 6;
    if (cp >= 0xdc00 && cp <= 0xdfff)
        return fail_at(p, at, "lone surrogate \\u%04lX", (unsigned long)cp);
    if (cp >= 0xd800 && cp <= 0xdbff) {
        long low = -1;
        if (next + 1 < end && p->text[next] == '\\' && p->text[next + 1] == 'u')
            low = read_u_escape(p, next + 1, end);
        if (low < 0xdc00 || low > 0xdfff)
            return fail_at(p, at, "lone surrogate \\u%04lX", (unsigned long)cp);
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        next += 6;
    }
    *olen += tsr_utf8_encode((uint32_t)cp, out + *olen);
    *i = next;
    return TSR_OK;
}

/* Parses the string whose opening quote is at text[pos]. */
static int parse_string(parser *p, char **bytes, size_t *len)
{
    size_t start = p->pos;
    size_t end = start + 1;
    while (end < p->len && p->text[end] != '"')
        end += p->text[end] == '\\' ? 2 : 1;
    if (end >= p->len)
        return fail_at(p, start, "unterminated string");

    char *out = malloc(end - start); /* raw length + 1: decoding never grows */
    if (!out)
        return TSR_ERR_NOMEM;
    size_t olen = 0;
    size_t i = start + 1;
    while (i < end) {
        unsigned char c = p->text[i];
        int rc = TSR_OK;
        if (c == '\\') {
            rc = decode_escape(p, &i, end, out, &olen);
        } else if (c < 0x20) {
            rc = fail_at(p, i, "control character 0x%02x in string", c);
        } else {
            uint32_t cp;
            size_t n;
            if (tsr_utf8_decode((const char *)p->text + i, end - i, &cp, &n) != TSR_UTF8_SCALAR)
                rc = fail_at(p, i, "invalid UTF-8 in string");
            else {
                memcpy(out + olen, p->text + i, n);
                olen += n;
                i += n;
            }
        }
        if (rc != TSR_OK) {
            free(out);
            return rc;
        }
    }
    out[olen] = '\0';
    p->pos = end + 1;
    *bytes = out;
    *len = olen;
    return TSR_OK;
}

static int is_digit(const parser *p, size_t at)
{
    return at < p->len && p->text[at] >= '0' && p->text[at] <= '9';
}

static int parse_number(parser *p, tsr_json_value *out)
{
    size_t start = p->pos;
    size_t i = start;
    int integer = 1;
    if (i < p->len && p->text[i] == '-')
        i++;
    if (!is_digit(p, i))
        return fail_at(p, i, "bad number: expected a digit");
    if (p->text[i] == '0' && is_digit(p, i + 1))
        return fail_at(p, i, "bad number: leading zero");
    while (is_digit(p, i))
        i++;
    if (i < p->len && p->text[i] == '.') {
        integer = 0;
        if (!is_digit(p, ++i))
            return fail_at(p, i, "bad number: expected a digit after '.'");
        while (is_digit(p, i))
            i++;
    }
    if (i < p->len && (p->text[i] == 'e' || p->text[i] == 'E')) {
        integer = 0;
        i++;
        if (i < p->len && (p->text[i] == '+' || p->text[i] == '-'))
            i++;
        if (!is_digit(p, i))
            return fail_at(p, i, "bad number: expected a digit in the exponent");
        while (is_digit(p, i))
            i++;
    }

    /* strtod needs a NUL-terminated copy; the grammar above already
     * guarantees it parses all of it. */
    size_t n = i - start;
    char small[64];
    char *copy = n < sizeof small ? small : malloc(n + 1);
    if (!copy)
        return TSR_ERR_NOMEM;
    memcpy(copy, p->text + start, n);
    copy[n] = '\0';
    double v = strtod(copy, NULL);
    if (copy != small)
        free(copy);
    if (isinf(v))
        return fail_at(p, start, "number out of range");

    out->type = TSR_JSON_NUMBER;
    out->u.number.value = v;
    out->u.number.integer = integer;
    out->u.number.offset = start;
    out->u.number.len = n;
    p->pos = i;
    return TSR_OK;
}

/* Makes room for one more element of size elem in *items (count used,
 * *cap allocated). */
static int grow(void **items, size_t count, size_t *cap, size_t elem)
{
    if (count < *cap)
        return TSR_OK;
    size_t ncap = *cap ? *cap * 2 : 4;
    if (ncap > SIZE_MAX / elem)
        return TSR_ERR_NOMEM;
    void *n = realloc(*items, ncap * elem);
    if (!n)
        return TSR_ERR_NOMEM;
    *items = n;
    *cap = ncap;
    return TSR_OK;
}

static int enter(parser *p)
{
    if (p->depth >= TSR_JSON_MAX_DEPTH)
        return fail_at(p, p->pos, "nesting deeper than %d levels", TSR_JSON_MAX_DEPTH);
    p->depth++;
    p->pos++; /* the opening bracket */
    skip_ws(p);
    return TSR_OK;
}

static int parse_array(parser *p, tsr_json_value *out)
{
    int rc = enter(p);
    if (rc != TSR_OK)
        return rc;
    out->type = TSR_JSON_ARRAY;
    out->u.array.items = NULL;
    out->u.array.count = 0;
    size_t cap = 0;
    if (p->pos < p->len && p->text[p->pos] == ']') {
        p->pos++;
        p->depth--;
        return TSR_OK;
    }
    for (;;) {
        rc = grow((void **)&out->u.array.items, out->u.array.count, &cap, sizeof(tsr_json_value));
        if (rc != TSR_OK)
            break;
        rc = parse_value(p, &out->u.array.items[out->u.array.count]);
        if (rc != TSR_OK)
            break;
        out->u.array.count++;
        skip_ws(p);
        if (p->pos < p->len && p->text[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->text[p->pos] == ']') {
            p->pos++;
            p->depth--;
            return TSR_OK;
        }
        rc = fail_unexpected(p, "',' or ']'");
        break;
    }
    tsr_json_free(out);
    return rc;
}

/* Whether an earlier member of the object (not yet counted in m) has m's
 * key. Quadratic, but objects a strict caller reads are small and bounded
 * by its max_values. */
static int seen_before(const tsr_json_value *obj, const tsr_json_member *m)
{
    for (size_t i = 0; i < obj->u.object.count; i++) {
        const tsr_json_member *o = &obj->u.object.members[i];
        if (o->key_len == m->key_len && memcmp(o->key, m->key, m->key_len) == 0)
            return 1;
    }
    return 0;
}

static int parse_object(parser *p, tsr_json_value *out)
{
    int rc = enter(p);
    if (rc != TSR_OK)
        return rc;
    out->type = TSR_JSON_OBJECT;
    out->u.object.members = NULL;
    out->u.object.count = 0;
    size_t cap = 0;
    if (p->pos < p->len && p->text[p->pos] == '}') {
        p->pos++;
        p->depth--;
        return TSR_OK;
    }
    for (;;) {
        rc = grow((void **)&out->u.object.members, out->u.object.count, &cap, sizeof(tsr_json_member));
        if (rc != TSR_OK)
            break;
        tsr_json_member *m = &out->u.object.members[out->u.object.count];
        skip_ws(p);
        if (p->pos >= p->len || p->text[p->pos] != '"') {
            rc = fail_unexpected(p, "a string key");
            break;
        }
        m->key_offset = p->pos;
        rc = parse_string(p, &m->key, &m->key_len);
        if (rc != TSR_OK)
            break;
        if (p->no_duplicate_keys && seen_before(out, m)) {
            rc = fail_at(p, m->key_offset, "duplicate key \"%.40s\"", m->key);
            free(m->key);
            break;
        }
        skip_ws(p);
        if (p->pos >= p->len || p->text[p->pos] != ':') {
            free(m->key);
            rc = fail_unexpected(p, "':'");
            break;
        }
        p->pos++;
        rc = parse_value(p, &m->value);
        if (rc != TSR_OK) {
            free(m->key);
            break;
        }
        out->u.object.count++;
        skip_ws(p);
        if (p->pos < p->len && p->text[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->text[p->pos] == '}') {
            p->pos++;
            p->depth--;
            return TSR_OK;
        }
        rc = fail_unexpected(p, "',' or '}'");
        break;
    }
    tsr_json_free(out);
    return rc;
}

static int parse_literal(parser *p, const char *word, tsr_json_type type, tsr_json_value *out)
{
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->text + p->pos, word, n) != 0)
        return fail_unexpected(p, "a JSON value");
    out->type = type;
    p->pos += n;
    return TSR_OK;
}

static int parse_value(parser *p, tsr_json_value *out)
{
    skip_ws(p);
    out->offset = p->pos;
    /* each value costs a tsr_json_value (tens of bytes) for as little as one
     * byte of text: the bound keeps memory in line with what the caller keeps */
    if (p->max_values && ++p->values > p->max_values)
        return fail_at(p, p->pos, "more than %zu values", p->max_values);
    if (p->pos >= p->len)
        return fail_unexpected(p, "a JSON value");
    switch (p->text[p->pos]) {
    case '{':
        return parse_object(p, out);
    case '[':
        return parse_array(p, out);
    case '"':
        out->type = TSR_JSON_STRING;
        return parse_string(p, &out->u.string.bytes, &out->u.string.len);
    case 't':
        return parse_literal(p, "true", TSR_JSON_TRUE, out);
    case 'f':
        return parse_literal(p, "false", TSR_JSON_FALSE, out);
    case 'n':
        return parse_literal(p, "null", TSR_JSON_NULL, out);
    default:
        if (p->text[p->pos] == '-' || is_digit(p, p->pos))
            return parse_number(p, out);
        return fail_unexpected(p, "a JSON value");
    }
}

int tsr_json_parse(const char *text, size_t len, tsr_json_value *out, tsr_json_error *err)
{
    return tsr_json_parse_bounded(text, len, 0, out, err);
}

int tsr_json_parse_bounded(const char *text, size_t len, size_t max_values, tsr_json_value *out,
                           tsr_json_error *err)
{
    tsr_json_limits limits = {max_values, 0};
    return tsr_json_parse_limited(text, len, &limits, out, err);
}

int tsr_json_parse_limited(const char *text, size_t len, const tsr_json_limits *limits,
                           tsr_json_value *out, tsr_json_error *err)
{
    parser p = {(const unsigned char *)text, len, 0, 0, 0, limits ? limits->max_values : 0,
                limits ? limits->no_duplicate_keys : 0, err};
    err->line = 0;
    err->column = 0;
    err->offset = 0;
    err->reason[0] = '\0';
    out->type = TSR_JSON_NULL;
    out->offset = 0;
    int rc = parse_value(&p, out);
    if (rc == TSR_OK) {
        skip_ws(&p);
        if (p.pos < p.len) {
            tsr_json_free(out);
            rc = fail_at(&p, p.pos, "unexpected data after the JSON value");
        }
    }
    if (rc != TSR_OK)
        out->type = TSR_JSON_NULL;
    return rc;
}

void tsr_json_free(tsr_json_value *value)
{
    switch (value->type) {
    case TSR_JSON_STRING:
        free(value->u.string.bytes);
        break;
    case TSR_JSON_ARRAY:
        for (size_t i = 0; i < value->u.array.count; i++)
            tsr_json_free(&value->u.array.items[i]);
        free(value->u.array.items);
        break;
    case TSR_JSON_OBJECT:
        for (size_t i = 0; i < value->u.object.count; i++) {
            free(value->u.object.members[i].key);
            tsr_json_free(&value->u.object.members[i].value);
        }
        free(value->u.object.members);
        break;
    default:
        break;
    }
    value->type = TSR_JSON_NULL;
}

const tsr_json_value *tsr_json_object_get(const tsr_json_value *object, const char *key, size_t *count)
{
    const tsr_json_value *first = NULL;
    size_t n = 0;
    size_t klen = strlen(key);
    if (object->type == TSR_JSON_OBJECT) {
        for (size_t i = 0; i < object->u.object.count; i++) {
            const tsr_json_member *m = &object->u.object.members[i];
            if (m->key_len == klen && memcmp(m->key, key, klen) == 0) {
                if (!first)
                    first = &m->value;
                n++;
            }
        }
    }
    if (count)
        *count = n;
    return first;
}

void tsr_json_locate(const char *text, size_t len, size_t offset, size_t *line, size_t *column)
{
    size_t l = 1, start = 0;
    if (offset > len)
        offset = len;
    const char *nl;
    while (start < offset && (nl = memchr(text + start, '\n', offset - start)) != NULL) {
        l++;
        start = (size_t)(nl - text) + 1;
    }
    *line = l;
    *column = offset - start + 1;
}
