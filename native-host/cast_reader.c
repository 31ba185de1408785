/* asciicast v2 reader: one JSON document per line, validated field by field
 * so that every rejection names the line and what is wrong with it. */
#include "cast_reader.h"

#include <stdarg.h>
#include <string.h>

#include "json_reader.h"
#include "line_reader.h"
#include "quote.h"
#include "tessera/tessera.h"

typedef struct cast_state {
    const cast_sink *sink;
    cast_error *err;
    const char *line; /* the current line, for quoting number tokens */
    double last_time;
    char last_time_text[32]; /* as the file wrote it (cut at 31 bytes) */
    int events;
} cast_state;

static int invalid(cast_state *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->err->reason, sizeof st->err->reason, fmt, ap);
    va_end(ap);
    return CAST_ERR_INVALID;
}

/* A header size field: present once, an integer in 1..max. */
static int header_size(cast_state *st, const json_value *hdr, const char *name, int max, int *out)
{
    size_t count;
    const json_value *v = json_object_get(hdr, name, &count);
    if (count > 1)
        return invalid(st, "not an asciicast v2 header: \"%s\" appears %zu times", name, count);
    if (!v || v->type != JSON_NUMBER || !v->u.number.integer || v->u.number.value < 1 ||
        v->u.number.value > max)
        return invalid(st, "not an asciicast v2 header: \"%s\" must be an integer from 1 to %d",
                       name, max);
    *out = (int)v->u.number.value;
    return CAST_OK;
}

static int read_header(cast_state *st, const json_value *hdr)
{
    if (hdr->type != JSON_OBJECT)
        return invalid(st, "not an asciicast v2 header: expected a JSON object");
    size_t count;
    const json_value *version = json_object_get(hdr, "version", &count);
    if (count > 1)
        return invalid(st, "not an asciicast v2 header: \"version\" appears %zu times", count);
    if (!version || version->type != JSON_NUMBER || !version->u.number.integer ||
        version->u.number.value != 2)
        return invalid(st, "not an asciicast v2 header: \"version\" must be 2");
    int width = 0, height = 0;
    int rc = header_size(st, hdr, "width", TSR_MAX_COLS, &width);
    if (rc == CAST_OK)
        rc = header_size(st, hdr, "height", TSR_MAX_ROWS, &height);
    if (rc != CAST_OK)
        return rc;
    if (st->sink->header && st->sink->header(st->sink->ctx, width, height) != 0)
        return CAST_ERR_SINK;
    return CAST_OK;
}

/* Parses a decimal size field of a resize: 1..max, digits only. */
static int parse_dimension(const char *s, size_t len, int max, int *out)
{
    long v = 0;
    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
        if (v > max)
            return -2;
    }
    if (v < 1)
        return -2;
    *out = (int)v;
    return 0;
}

static int read_resize(cast_state *st, const json_value *data)
{
    const char *s = data->u.string.bytes;
    size_t len = data->u.string.len;
    char quoted[64];
    quote_for_message(quoted, sizeof quoted, s, len);
    const char *x = memchr(s, 'x', len);
    if (!x)
        return invalid(st, "bad resize %s: expected COLSxROWS", quoted);
    int cols = 0, rows = 0;
    int rc_cols = parse_dimension(s, (size_t)(x - s), TSR_MAX_COLS, &cols);
    int rc_rows = parse_dimension(x + 1, len - (size_t)(x - s) - 1, TSR_MAX_ROWS, &rows);
    if (rc_cols == -1 || rc_rows == -1)
        return invalid(st, "bad resize %s: expected COLSxROWS", quoted);
    if (rc_cols != 0 || rc_rows != 0)
        return invalid(st, "bad resize %s: columns must be 1 to %d and rows 1 to %d", quoted,
                       TSR_MAX_COLS, TSR_MAX_ROWS);
    if (st->sink->resize && st->sink->resize(st->sink->ctx, cols, rows) != 0)
        return CAST_ERR_SINK;
    return CAST_OK;
}

/* The time field: a number >= 0, not before the previous event's. Errors
 * show the numbers as the file wrote them (the JSON grammar allows only
 * digits, '-', '+', '.', 'e' and 'E' there, so they print safely). */
static int check_time(cast_state *st, const json_value *t)
{
    if (t->type != JSON_NUMBER || t->u.number.value < 0)
        return invalid(st, "event time must be a number >= 0");
    char now[sizeof st->last_time_text];
    size_t n = t->u.number.len < sizeof now - 1 ? t->u.number.len : sizeof now - 1;
    memcpy(now, st->line + t->u.number.offset, n);
    now[n] = '\0';
    if (st->events > 0 && t->u.number.value < st->last_time)
        return invalid(st, "event time %s is before the previous event's %s", now,
                       st->last_time_text);
    st->last_time = t->u.number.value;
    memcpy(st->last_time_text, now, sizeof now);
    st->events++;
    return CAST_OK;
}

static int read_event(cast_state *st, const json_value *ev)
{
    if (ev->type != JSON_ARRAY || ev->u.array.count != 3)
        return invalid(st, "event must be a JSON array [time, code, data]");
    const json_value *t = &ev->u.array.items[0];
    const json_value *code = &ev->u.array.items[1];
    const json_value *data = &ev->u.array.items[2];
    int rc = check_time(st, t);
    if (rc != CAST_OK)
        return rc;
    if (code->type != JSON_STRING)
        return invalid(st, "event code must be a string");
    if (data->type != JSON_STRING)
        return invalid(st, "event data must be a string");
    const char *c = code->u.string.bytes;
    if (code->u.string.len == 1) {
        switch (c[0]) {
        case 'o':
            if (st->sink->output &&
                st->sink->output(st->sink->ctx, data->u.string.bytes, data->u.string.len) != 0)
                return CAST_ERR_SINK;
            return CAST_OK;
        case 'r':
            return read_resize(st, data);
        case 'i': /* what was typed; the screen shows only what was output */
        case 'm': /* a marker for players; nothing to show */
            return CAST_OK;
        default:
            break;
        }
    }
    char quoted[48];
    quote_for_message(quoted, sizeof quoted, c, code->u.string.len);
    return invalid(st, "unknown event code %s", quoted);
}

/* True if the line holds only JSON whitespace. */
static int blank(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return 0;
    return 1;
}

static int read_line(cast_state *st, const char *line, size_t len, long number)
{
    if (blank(line, len))
        return invalid(st, number == 1 ? "empty line, expected an asciicast v2 header"
                                       : "empty line, expected an event");
    json_value v;
    json_error jerr;
    int rc = json_parse(line, len, &v, &jerr);
    if (rc == JSON_ERR_NOMEM)
        return CAST_ERR_NOMEM;
    if (rc != JSON_OK)
        return invalid(st, "bad JSON: %s at column %zu", jerr.reason, jerr.column);
    st->line = line;
    rc = number == 1 ? read_header(st, &v) : read_event(st, &v);
    json_free(&v);
    return rc;
}

int cast_read(FILE *fp, const cast_sink *sink, cast_error *err)
{
    cast_state st;
    memset(&st, 0, sizeof st);
    st.sink = sink;
    st.err = err;
    err->line = 0;
    err->reason[0] = '\0';
    err->read_errno = 0;

    line_reader lr;
    if (line_reader_init(&lr, fp) != LINE_OK)
        return CAST_ERR_NOMEM;
    int rc = CAST_OK;
    for (;;) {
        const char *line;
        size_t len;
        int lrc = line_reader_next(&lr, &line, &len);
        if (lrc == LINE_END) {
            if (lr.number == 0) {
                err->line = 1;
                rc = invalid(&st, "empty file, expected an asciicast v2 header");
            }
            break;
        }
        if (lrc == LINE_ERR_NOMEM) {
            rc = CAST_ERR_NOMEM;
            break;
        }
        if (lrc == LINE_ERR_IO) {
            err->line = lr.number + 1;
            err->read_errno = lr.read_errno;
            rc = CAST_ERR_IO;
            break;
        }
        err->line = lr.number;
        rc = read_line(&st, line, len, lr.number);
        if (rc != CAST_OK)
            break;
    }
    line_reader_free(&lr);
    return rc;
}
