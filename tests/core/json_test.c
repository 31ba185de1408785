/* Unit tests for the core's strict JSON reader (core/json/json.c, behind
 * the asciicast reader): every escape, surrogate pairs, UTF-8 validation,
 * numbers, nesting depth, and the exact reason and column of each
 * rejection. */
#include <stdio.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"


/* A string document and the bytes it must decode to. */
static void string_ok(const char *doc, const char *want, size_t want_len)
{
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse(doc, strlen(doc), &v, &err);
    CHECK_MSG(rc == TSR_OK, "%s: rejected: %s at column %zu", doc, err.reason, err.column);
    if (rc != TSR_OK)
        return;
    CHECK_MSG(v.type == TSR_JSON_STRING, "%s: not a string", doc);
    if (v.type == TSR_JSON_STRING) {
        CHECK_MSG(v.u.string.len == want_len && memcmp(v.u.string.bytes, want, want_len) == 0,
              "%s: decoded to %zu wrong bytes", doc, v.u.string.len);
        CHECK_MSG(v.u.string.bytes[v.u.string.len] == '\0', "%s: not NUL-terminated", doc);
    }
    tsr_json_free(&v);
}

/* A document (len bytes) that must be rejected with this reason and column. */
static void rejected_n(const char *doc, size_t len, size_t column, const char *reason)
{
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse(doc, len, &v, &err);
    CHECK_MSG(rc == TSR_ERR_FORMAT, "%s: accepted, expected \"%s\"", doc, reason);
    if (rc == TSR_OK) {
        tsr_json_free(&v);
        return;
    }
    CHECK_MSG(strcmp(err.reason, reason) == 0, "%s: reason \"%s\", expected \"%s\"", doc, err.reason,
          reason);
    CHECK_MSG(err.column == column, "%s: column %zu, expected %zu", doc, err.column, column);
    CHECK_MSG(v.type == TSR_JSON_NULL, "%s: output not left empty", doc);
}

static void rejected(const char *doc, size_t column, const char *reason)
{
    rejected_n(doc, strlen(doc), column, reason);
}

static void number_ok(const char *doc, double want, int integer)
{
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse(doc, strlen(doc), &v, &err);
    CHECK_MSG(rc == TSR_OK && v.type == TSR_JSON_NUMBER, "%s: not a number (%s)", doc, err.reason);
    if (rc != TSR_OK)
        return;
    CHECK_MSG(v.u.number.value == want, "%s: value %g, expected %g", doc, v.u.number.value, want);
    CHECK_MSG(v.u.number.integer == integer, "%s: integer flag %d", doc, v.u.number.integer);
    CHECK_MSG(v.u.number.offset + v.u.number.len <= strlen(doc), "%s: bad span", doc);
    tsr_json_free(&v);
}

static void test_strings(void)
{
    string_ok("\"plain\"", "plain", 5);
    string_ok("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\b\f\n\r\t", 8);
    string_ok("\"a\\u00e9b\"", "a\xc3\xa9" "b", 4);
    string_ok("\"\\u20AC\"", "\xe2\x82\xac", 3);
    string_ok("\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80", 4);
    string_ok("\"\\uD83D\\uDE00!\"", "\xf0\x9f\x98\x80!", 5);
    string_ok("\"\\u0000x\"", "\0x", 2);
    string_ok("\"\\u001b[1m\"", "\x1b[1m", 4);
    string_ok("\"caf\xc3\xa9 \xf0\x9f\x98\x80\"", "caf\xc3\xa9 \xf0\x9f\x98\x80", 10);
    string_ok("\"\"", "", 0);
}

static void test_string_errors(void)
{
    rejected("\"abc", 1, "unterminated string");
    rejected("[1, \"abc\\\"]", 5, "unterminated string");
    rejected("\"a\\qb\"", 3, "invalid escape \\q");
    rejected("\"\\u12\"", 2, "bad \\u escape: expected 4 hex digits");
    rejected("\"\\u12G4\"", 2, "bad \\u escape: expected 4 hex digits");
    rejected("\"\\ud83d\"", 2, "lone surrogate \\uD83D");
    rejected("\"x\\ude00\"", 3, "lone surrogate \\uDE00");
    rejected("\"\\ud83dx\"", 2, "lone surrogate \\uD83D");
    rejected("\"\\ud83d\\u0041\"", 2, "lone surrogate \\uD83D");
    rejected("\"\\ud83d\\ud83d\"", 2, "lone surrogate \\uD83D");
    rejected("\"a\tb\"", 3, "control character 0x09 in string");
    rejected("\"a\nb\"", 3, "control character 0x0a in string");
    rejected("\"\xff\"", 2, "invalid UTF-8 in string");
    rejected("\"\xc0\xaf\"", 2, "invalid UTF-8 in string");       /* overlong '/' */
    rejected("\"\xed\xa0\x80\"", 2, "invalid UTF-8 in string");   /* encoded surrogate */
    rejected("\"\xf4\x90\x80\x80\"", 2, "invalid UTF-8 in string"); /* above U+10FFFF */
    rejected("\"\xe2\x82\"", 2, "invalid UTF-8 in string");       /* cut short */
    rejected_n("\"a\0b\"", 5, 3, "control character 0x00 in string");
}

static void test_numbers(void)
{
    number_ok("0", 0, 1);
    number_ok("-0", 0, 1);
    number_ok("42", 42, 1);
    number_ok("-17", -17, 1);
    number_ok("1.5", 1.5, 0);
    number_ok("1.5e3", 1500, 0);
    number_ok("2E-1", 0.2, 0);
    number_ok("  7  ", 7, 1);
    rejected("01", 1, "bad number: leading zero");
    rejected("1.", 3, "bad number: expected a digit after '.'");
    rejected("-", 2, "bad number: expected a digit");
    rejected("-a", 2, "bad number: expected a digit");
    rejected("1e", 3, "bad number: expected a digit in the exponent");
    rejected("1e+", 4, "bad number: expected a digit in the exponent");
    rejected("1e999", 1, "number out of range");
    rejected(".5", 1, "unexpected character '.', expected a JSON value");
    rejected("+1", 1, "unexpected character '+', expected a JSON value");
}

static void test_structure(void)
{
    const char *doc = " \t[1, \"x\", {\"k\": [true, false, null], \"e\": {}}, []]\r\n";
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse(doc, strlen(doc), &v, &err);
    CHECK_MSG(rc == TSR_OK, "structure rejected: %s at %zu", err.reason, err.column);
    if (rc == TSR_OK) {
        CHECK_MSG(v.type == TSR_JSON_ARRAY && v.u.array.count == 4, "top array");
        const tsr_json_value *obj = &v.u.array.items[2];
        CHECK_MSG(obj->type == TSR_JSON_OBJECT && obj->u.object.count == 2, "object");
        const tsr_json_value *k = tsr_json_object_get(obj, "k", NULL);
        CHECK_MSG(k && k->type == TSR_JSON_ARRAY && k->u.array.count == 3, "k");
        if (k && k->type == TSR_JSON_ARRAY && k->u.array.count == 3)
            CHECK_MSG(k->u.array.items[0].type == TSR_JSON_TRUE && k->u.array.items[1].type == TSR_JSON_FALSE &&
                      k->u.array.items[2].type == TSR_JSON_NULL,
                  "literals");
        CHECK_MSG(tsr_json_object_get(obj, "missing", NULL) == NULL, "missing key found");
        CHECK_MSG(v.u.array.items[3].type == TSR_JSON_ARRAY && v.u.array.items[3].u.array.count == 0,
              "empty array");
        tsr_json_free(&v);
    }

    const char *dup = "{\"version\": 2, \"width\": 3, \"version\": 3}";
    rc = tsr_json_parse(dup, strlen(dup), &v, &err);
    CHECK_MSG(rc == TSR_OK, "duplicate keys are valid JSON");
    if (rc == TSR_OK) {
        size_t count = 0;
        const tsr_json_value *ver = tsr_json_object_get(&v, "version", &count);
        CHECK_MSG(count == 2 && ver && ver->u.number.value == 2, "first of duplicate keys, count 2");
        tsr_json_free(&v);
    }

    rejected("", 1, "unexpected end of input, expected a JSON value");
    rejected("   ", 4, "unexpected end of input, expected a JSON value");
    rejected("[", 2, "unexpected end of input, expected a JSON value");
    rejected("[1", 3, "unexpected end of input, expected ',' or ']'");
    rejected("[1,2,]", 6, "unexpected character ']', expected a JSON value");
    rejected("[1 2]", 4, "unexpected character '2', expected ',' or ']'");
    rejected("{\"a\":1,}", 8, "unexpected character '}', expected a string key");
    rejected("{\"a\" 1}", 6, "unexpected character '1', expected ':'");
    rejected("{1:2}", 2, "unexpected character '1', expected a string key");
    rejected("{\"a\":1", 7, "unexpected end of input, expected ',' or '}'");
    rejected("tru", 1, "unexpected character 't', expected a JSON value");
    rejected("nul", 1, "unexpected character 'n', expected a JSON value");
    rejected("1 2", 3, "unexpected data after the JSON value");
    rejected("[] x", 4, "unexpected data after the JSON value");
    rejected("\x01", 1, "unexpected byte 0x01, expected a JSON value");
    rejected("[\"a\" \xc3\xa9]", 6, "unexpected byte 0xc3, expected ',' or ']'");
}

static void test_depth(void)
{
    char doc[2 * (TSR_JSON_MAX_DEPTH + 1) + 1];
    /* exactly the limit parses */
    memset(doc, '[', TSR_JSON_MAX_DEPTH);
    memset(doc + TSR_JSON_MAX_DEPTH, ']', TSR_JSON_MAX_DEPTH);
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse(doc, 2 * TSR_JSON_MAX_DEPTH, &v, &err);
    CHECK_MSG(rc == TSR_OK, "depth %d rejected: %s", TSR_JSON_MAX_DEPTH, err.reason);
    if (rc == TSR_OK)
        tsr_json_free(&v);
    /* one more does not */
    memset(doc, '[', TSR_JSON_MAX_DEPTH + 1);
    memset(doc + TSR_JSON_MAX_DEPTH + 1, ']', TSR_JSON_MAX_DEPTH + 1);
    char reason[64];
    snprintf(reason, sizeof reason, "nesting deeper than %d levels", TSR_JSON_MAX_DEPTH);
    rejected_n(doc, 2 * (TSR_JSON_MAX_DEPTH + 1), TSR_JSON_MAX_DEPTH + 1, reason);
    /* and a deep object chain */
    char obj[8 * (TSR_JSON_MAX_DEPTH + 1) + 8];
    size_t n = 0;
    for (int i = 0; i <= TSR_JSON_MAX_DEPTH; i++)
        n += (size_t)sprintf(obj + n, "{\"a\":");
    rejected_n(obj, n, 5 * TSR_JSON_MAX_DEPTH + 1, reason);
}

/* Strict reading: a duplicate key is refused at its second occurrence, on
 * the right line and column; offsets of values and keys point at them. */
static void test_strict_and_positions(void)
{
    const char *doc = "{\n  \"a\": [1,\n    true],\n  \"b\": {\"a\": 2},\n  \"a\": 3\n}\n";
    tsr_json_limits strict = {0, 1};
    tsr_json_value v;
    tsr_json_error err;
    int rc = tsr_json_parse_limited(doc, strlen(doc), &strict, &v, &err);
    CHECK_MSG(rc == TSR_ERR_FORMAT, "duplicate key accepted in strict mode");
    if (rc == TSR_OK)
        tsr_json_free(&v);
    CHECK_MSG(strcmp(err.reason, "duplicate key \"a\"") == 0, "reason \"%s\"", err.reason);
    CHECK_MSG(err.line == 5 && err.column == 3, "duplicate at %zu:%zu, expected 5:3", err.line,
              err.column);

    /* the same document without the repeated key: positions of what is in it */
    const char *ok = "{\n  \"a\": [1,\n    true],\n  \"b\": {\"a\": 2}\n}";
    rc = tsr_json_parse_limited(ok, strlen(ok), &strict, &v, &err);
    CHECK_MSG(rc == TSR_OK, "rejected: %s", err.reason);
    if (rc == TSR_OK) {
        size_t line, col;
        const tsr_json_member *b = &v.u.object.members[1];
        tsr_json_locate(ok, strlen(ok), b->key_offset, &line, &col);
        CHECK_MSG(line == 4 && col == 3, "key b at %zu:%zu", line, col);
        const tsr_json_value *t = &v.u.object.members[0].value.u.array.items[1];
        tsr_json_locate(ok, strlen(ok), t->offset, &line, &col);
        CHECK_MSG(t->type == TSR_JSON_TRUE && line == 3 && col == 5, "true at %zu:%zu", line, col);
        tsr_json_free(&v);
    }

    /* a syntax error on a later line: its line and its column in that line */
    const char *bad = "{\n\t\"x\": 1,\n\t\"y\" 2\n}";
    rc = tsr_json_parse(bad, strlen(bad), &v, &err);
    CHECK_MSG(rc == TSR_ERR_FORMAT && err.line == 3 && err.column == 6 && err.offset == 16,
              "error at %zu:%zu (offset %zu), expected 3:6", err.line, err.column, err.offset);

    /* the bound on values still holds alongside */
    tsr_json_limits few = {3, 1};
    rc = tsr_json_parse_limited("[1,2,3]", 7, &few, &v, &err);
    CHECK_MSG(rc == TSR_ERR_FORMAT && strcmp(err.reason, "more than 3 values") == 0,
              "value bound: %s", err.reason);
}

int main(void)
{
    test_strings();
    test_string_errors();
    test_numbers();
    test_structure();
    test_depth();
    test_strict_and_positions();
    return check_report();
}
