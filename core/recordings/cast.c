/* asciicast v2 and v3, line by line: each line is one JSON document,
 * validated field by field so that every rejection names what is wrong with
 * it. The header's "version" picks the format; the two differ only in the
 * header's size fields, in what an event's time means, in v3's "x" event and
 * its '#' comments. The reasons are part of the CLI's output (tests/cli), so
 * they are kept word for word. */
#include "tessera/recording.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/json.h"
#include "tessera/tessera.h"
#include "tessera/text.h"

struct tsr_cast_reader {
    long lines;              /* lines read so far */
    long error_line;
    char reason[256];
    int version;             /* 2 or 3, once the header was read */
    double last_time;
    char last_time_text[32]; /* v2: the previous time as the file wrote it (cut at 31 bytes) */
    uint64_t now_ns;         /* v3: the sum of the intervals so far */
    int events;
    tsr_json_value doc;          /* the current line, kept so event data stays valid */
};

static int invalid(tsr_cast_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    r->error_line = r->lines;
    return TSR_ERR_FORMAT;
}

/* A header field that may appear once (NULL if absent). */
static int header_field(tsr_cast_reader *r, const tsr_json_value *obj, const char *name,
                        const char *shown, const tsr_json_value **out)
{
    size_t count;
    *out = tsr_json_object_get(obj, name, &count);
    if (count > 1)
        return invalid(r, "not an asciicast v%d header: \"%s\" appears %zu times", r->version,
                       shown, count);
    return TSR_OK;
}

/* A header size field: present once, an integer in 1..max. shown is its
 * name in messages (v3's sit inside "term"). */
static int header_size(tsr_cast_reader *r, const tsr_json_value *obj, const char *name,
                       const char *shown, int max, int *out)
{
    const tsr_json_value *v;
    int rc = header_field(r, obj, name, shown, &v);
    if (rc != TSR_OK)
        return rc;
    if (!v || v->type != TSR_JSON_NUMBER || !v->u.number.integer || v->u.number.value < 1 ||
        v->u.number.value > max)
        return invalid(r, "not an asciicast v%d header: \"%s\" must be an integer from 1 to %d",
                       r->version, shown, max);
    *out = (int)v->u.number.value;
    return TSR_OK;
}

/* v3 keeps the size in "term": {"cols", "rows", ...}. */
static int read_term(tsr_cast_reader *r, const tsr_json_value *hdr, tsr_cast_event *ev)
{
    const tsr_json_value *term;
    int rc = header_field(r, hdr, "term", "term", &term);
    if (rc != TSR_OK)
        return rc;
    if (!term || term->type != TSR_JSON_OBJECT)
        return invalid(r, "not an asciicast v3 header: \"term\" must be an object with \"cols\" "
                          "and \"rows\"");
    rc = header_size(r, term, "cols", "term.cols", TSR_MAX_COLS, &ev->cols);
    return rc == TSR_OK ? header_size(r, term, "rows", "term.rows", TSR_MAX_ROWS, &ev->rows) : rc;
}

static int read_header(tsr_cast_reader *r, const tsr_json_value *hdr, tsr_cast_event *ev)
{
    if (hdr->type != TSR_JSON_OBJECT)
        return invalid(r, "not an asciicast header: expected a JSON object");
    size_t count;
    const tsr_json_value *version = tsr_json_object_get(hdr, "version", &count);
    if (count > 1)
        return invalid(r, "not an asciicast header: \"version\" appears %zu times", count);
    if (!version || version->type != TSR_JSON_NUMBER || !version->u.number.integer ||
        (version->u.number.value != 2 && version->u.number.value != 3))
        return invalid(r, "not an asciicast header: \"version\" must be 2 or 3");
    r->version = (int)version->u.number.value;
    int rc;
    if (r->version == 3) {
        rc = read_term(r, hdr, ev);
    } else {
        rc = header_size(r, hdr, "width", "width", TSR_MAX_COLS, &ev->cols);
        if (rc == TSR_OK)
            rc = header_size(r, hdr, "height", "height", TSR_MAX_ROWS, &ev->rows);
    }
    if (rc == TSR_OK) {
        ev->kind = TSR_CAST_HEADER;
        ev->version = r->version;
    }
    return rc;
}

/* v3's exit status: "0".."255", digits only (a POSIX status; a program a
 * signal ended is written as 128 + the signal, as shells report it). */
static int read_exit(tsr_cast_reader *r, const tsr_json_value *data, tsr_cast_event *ev)
{
    const char *s = data->u.string.bytes;
    size_t len = data->u.string.len;
    int code = 0;
    size_t i = 0;
    for (; i < len && code <= 255 && s[i] >= '0' && s[i] <= '9'; i++)
        code = code * 10 + (s[i] - '0');
    if (len == 0 || i != len || code > 255) {
        char quoted[64];
        tsr_quote(quoted, sizeof quoted, s, len, 0);
        return invalid(r, "bad exit status %s: expected a whole number from 0 to 255", quoted);
    }
    ev->kind = TSR_CAST_EXIT;
    ev->exit_code = code;
    return TSR_OK;
}

/* A decimal size field of a resize: 1..max, digits only. -1 if it is not
 * a number, -2 if it is out of range. */
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

static int read_resize(tsr_cast_reader *r, const tsr_json_value *data, tsr_cast_event *ev)
{
    const char *s = data->u.string.bytes;
    size_t len = data->u.string.len;
    char quoted[64];
    tsr_quote(quoted, sizeof quoted, s, len, 0);
    const char *x = memchr(s, 'x', len);
    if (!x)
        return invalid(r, "bad resize %s: expected COLSxROWS", quoted);
    int rc_cols = parse_dimension(s, (size_t)(x - s), TSR_MAX_COLS, &ev->cols);
    int rc_rows = parse_dimension(x + 1, len - (size_t)(x - s) - 1, TSR_MAX_ROWS, &ev->rows);
    if (rc_cols == -1 || rc_rows == -1)
        return invalid(r, "bad resize %s: expected COLSxROWS", quoted);
    if (rc_cols != 0 || rc_rows != 0)
        return invalid(r, "bad resize %s: columns must be 1 to %d and rows 1 to %d", quoted,
                       TSR_MAX_COLS, TSR_MAX_ROWS);
    ev->kind = TSR_CAST_RESIZE;
    return TSR_OK;
}

/* Seconds to nanoseconds, rounded, saturating (times past 584 years). */
static uint64_t to_ns(double seconds)
{
    double ns = seconds * 1e9 + 0.5;
    if (ns >= 18446744073709551615.0)
        return UINT64_MAX;
    return (uint64_t)ns;
}

/* v3's time field: the interval since the previous event, a number >= 0.
 * Intervals are summed in whole nanoseconds, not as doubles, so the sum
 * does not drift from the times a v2 file of the same session holds. */
static int check_interval(tsr_cast_reader *r, const tsr_json_value *t, tsr_cast_event *ev)
{
    if (t->type != TSR_JSON_NUMBER || t->u.number.value < 0)
        return invalid(r, "event interval must be a number >= 0");
    uint64_t d = to_ns(t->u.number.value);
    r->now_ns = d > UINT64_MAX - r->now_ns ? UINT64_MAX : r->now_ns + d;
    r->events++;
    ev->time_ns = r->now_ns;
    ev->time = (double)r->now_ns / 1e9;
    return TSR_OK;
}

/* v2's time field: a number >= 0, not before the previous event's. Errors
 * show the numbers as the file wrote them (the JSON grammar allows only
 * digits, '-', '+', '.', 'e' and 'E' there, so they print safely). */
static int check_time(tsr_cast_reader *r, const char *line, const tsr_json_value *t,
                      tsr_cast_event *ev)
{
    if (r->version == 3)
        return check_interval(r, t, ev);
    if (t->type != TSR_JSON_NUMBER || t->u.number.value < 0)
        return invalid(r, "event time must be a number >= 0");
    char now[sizeof r->last_time_text];
    size_t n = t->u.number.len < sizeof now - 1 ? t->u.number.len : sizeof now - 1;
    memcpy(now, line + t->u.number.offset, n);
    now[n] = '\0';
    if (r->events > 0 && t->u.number.value < r->last_time)
        return invalid(r, "event time %s is before the previous event's %s", now,
                       r->last_time_text);
    r->last_time = t->u.number.value;
    memcpy(r->last_time_text, now, sizeof now);
    r->events++;
    ev->time = t->u.number.value;
    ev->time_ns = to_ns(t->u.number.value);
    return TSR_OK;
}

static int read_event(tsr_cast_reader *r, const char *line, const tsr_json_value *doc,
                      tsr_cast_event *ev)
{
    if (doc->type != TSR_JSON_ARRAY || doc->u.array.count != 3)
        return invalid(r, r->version == 3 ? "event must be a JSON array [interval, code, data]"
                                          : "event must be a JSON array [time, code, data]");
    const tsr_json_value *code = &doc->u.array.items[1];
    const tsr_json_value *data = &doc->u.array.items[2];
    int rc = check_time(r, line, &doc->u.array.items[0], ev);
    if (rc != TSR_OK)
        return rc;
    if (code->type != TSR_JSON_STRING)
        return invalid(r, "event code must be a string");
    if (data->type != TSR_JSON_STRING)
        return invalid(r, "event data must be a string");
    const char *c = code->u.string.bytes;
    ev->data = data->u.string.bytes;
    ev->len = data->u.string.len;
    if (code->u.string.len == 1) {
        switch (c[0]) {
        case 'o':
            ev->kind = TSR_CAST_OUTPUT;
            return TSR_OK;
        case 'i':
            ev->kind = TSR_CAST_INPUT;
            return TSR_OK;
        case 'm':
            ev->kind = TSR_CAST_MARKER;
            return TSR_OK;
        case 'r':
            return read_resize(r, data, ev);
        case 'x':
            if (r->version == 3)
                return read_exit(r, data, ev);
            break; /* v2 has no exit event */
        default:
            break;
        }
    }
    char quoted[48];
    tsr_quote(quoted, sizeof quoted, c, code->u.string.len, 0);
    return invalid(r, "unknown event code %s", quoted);
}

/* True if the line holds only JSON whitespace ('\n' cannot occur in it). */
static int blank(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            return 0;
    return 1;
}

int tsr_cast_reader_new(tsr_cast_reader **out)
{
    if (!out)
        return TSR_ERR_INVALID;
    tsr_cast_reader *r = calloc(1, sizeof *r);
    if (!r)
        return TSR_ERR_NOMEM;
    r->doc.type = TSR_JSON_NULL;
    *out = r;
    return TSR_OK;
}

void tsr_cast_reader_free(tsr_cast_reader *reader)
{
    if (!reader)
        return;
    tsr_json_free(&reader->doc);
    free(reader);
}

int tsr_cast_reader_line(tsr_cast_reader *r, const void *bytes, size_t len, tsr_cast_event *ev)
{
    if (!r || !ev || (!bytes && len > 0))
        return TSR_ERR_INVALID;
    const char *line = bytes ? bytes : "";
    memset(ev, 0, sizeof *ev);
    tsr_json_free(&r->doc); /* the previous event's data ends here */
    r->lines++;
    if (len > 0 && line[0] == '#') {
        if (r->lines == 1)
            return invalid(r, "a comment cannot come first: line 1 is the asciicast header");
        if (r->version == 3) {
            ev->kind = TSR_CAST_COMMENT;
            return TSR_OK;
        }
    }
    if (blank(line, len))
        return invalid(r, r->lines == 1 ? "empty line, expected an asciicast header"
                                        : "empty line, expected an event");
    int header = r->lines == 1;
    if (len > (header ? TSR_CAST_MAX_HEADER_BYTES : TSR_CAST_MAX_LINE_BYTES))
        return invalid(r, header ? "the header line is longer than 1 MiB, the limit for a header"
                                 : "the line is longer than 16 MiB, the limit for an event");
    tsr_json_error jerr;
    int rc = tsr_json_parse_bounded(
        line, len, header ? TSR_CAST_MAX_HEADER_VALUES : TSR_CAST_MAX_EVENT_VALUES, &r->doc, &jerr);
    if (rc == TSR_ERR_NOMEM) {
        r->lines--; /* the line can be offered again */
        return TSR_ERR_NOMEM;
    }
    if (rc != TSR_OK)
        return invalid(r, "bad JSON: %s at column %zu", jerr.reason, jerr.column);
    rc = r->lines == 1 ? read_header(r, &r->doc, ev) : read_event(r, line, &r->doc, ev);
    if (rc != TSR_OK)
        memset(ev, 0, sizeof *ev);
    return rc;
}

int tsr_cast_reader_finish(tsr_cast_reader *r)
{
    if (!r)
        return TSR_ERR_INVALID;
    if (r->lines > 0)
        return TSR_OK;
    int rc = invalid(r, "empty file, expected an asciicast header");
    r->error_line = 1; /* where the header should have been */
    return rc;
}

long tsr_cast_reader_lines(const tsr_cast_reader *r)
{
    return r ? r->lines : 0;
}

const char *tsr_cast_reader_error(const tsr_cast_reader *r, long *line)
{
    if (line)
        *line = r ? r->error_line : 0;
    return r ? r->reason : "";
}
