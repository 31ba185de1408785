#include "json_writer.h"

#include <stdio.h>
#include <string.h>

#include "tessera/text.h"

void jw_init(json_writer *w, tsr_buf *out)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->first[0] = 1;
}

static void put(json_writer *w, const char *s, size_t len)
{
    if (w->err == TSR_OK)
        w->err = tsr_buf_append(w->out, s, len);
}

static void put_string(json_writer *w, const char *s, size_t len)
{
    put(w, "\"", 1);
    if (w->err == TSR_OK)
        w->err = tsr_json_escape(w->out, s, len, NULL);
    put(w, "\"", 1);
}

/* The separator and the key before a value at the current level. */
static void lead(json_writer *w, const char *key)
{
    if (!w->first[w->depth])
        put(w, ",", 1);
    w->first[w->depth] = 0;
    if (key) {
        put_string(w, key, strlen(key));
        put(w, ":", 1);
    }
}

static void open(json_writer *w, const char *key, char c)
{
    lead(w, key);
    if (w->depth + 1 >= JSON_WRITER_DEPTH) {
        if (w->err == TSR_OK)
            w->err = TSR_ERR_RANGE;
        return;
    }
    put(w, &c, 1);
    w->first[++w->depth] = 1;
    w->closer[w->depth] = c == '{' ? '}' : ']';
}

void jw_object(json_writer *w, const char *key) { open(w, key, '{'); }
void jw_array(json_writer *w, const char *key) { open(w, key, '['); }

void jw_end(json_writer *w)
{
    if (w->depth == 0) {
        if (w->err == TSR_OK)
            w->err = TSR_ERR_INVALID;
        return;
    }
    char close = w->closer[w->depth--];
    put(w, &close, 1);
}

void jw_string(json_writer *w, const char *key, const char *s, size_t len)
{
    lead(w, key);
    put_string(w, s ? s : "", s ? len : 0);
}

void jw_cstring(json_writer *w, const char *key, const char *s)
{
    jw_string(w, key, s, s ? strlen(s) : 0);
}

void jw_int(json_writer *w, const char *key, long long v)
{
    char num[32];
    int n = snprintf(num, sizeof num, "%lld", v);
    lead(w, key);
    put(w, num, (size_t)n);
}

void jw_bool(json_writer *w, const char *key, int v)
{
    lead(w, key);
    put(w, v ? "true" : "false", v ? 4 : 5);
}

void jw_null(json_writer *w, const char *key)
{
    lead(w, key);
    put(w, "null", 4);
}

void jw_raw(json_writer *w, const char *key, const char *json, size_t len)
{
    lead(w, key);
    put(w, json, len);
}
