/* The core's asciicast v2 reader (tessera/recording.h) on its own: what each
 * line becomes, times in nanoseconds, data with NUL bytes, line counting,
 * and the reasons and lines of rejections (the CLI's cases in tests/cli
 * check the same messages end to end). */
#include <stdio.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"


static int line(tsr_cast_reader *r, const char *text, tsr_cast_event *ev)
{
    return tsr_cast_reader_line(r, text, strlen(text), ev);
}

static void events(void)
{
    tsr_cast_reader *r = NULL;
    tsr_cast_event ev;
    CHECK_MSG(tsr_cast_reader_new(&r) == TSR_OK && r, "new");
    CHECK_MSG(line(r, "{\"version\": 2, \"width\": 100, \"height\": 30, \"env\": {}}", &ev) == TSR_OK,
          "header rejected");
    CHECK_MSG(ev.kind == TSR_CAST_HEADER && ev.cols == 100 && ev.rows == 30, "header %d %dx%d", ev.kind,
          ev.cols, ev.rows);
    CHECK_MSG(line(r, "[0.25, \"o\", \"a\\u0000b\\u001b[1m\"]", &ev) == TSR_OK, "output rejected");
    CHECK_MSG(ev.kind == TSR_CAST_OUTPUT && ev.len == 7 && memcmp(ev.data, "a\0b\x1b[1m", 7) == 0,
          "output data");
    CHECK_MSG(ev.time_ns == 250000000u && ev.time == 0.25, "time %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "[1.000000001, \"i\", \"typed\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_INPUT &&
              ev.time_ns == 1000000001u && ev.len == 5,
          "input %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "[2, \"m\", \"chapter\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_MARKER &&
              ev.len == 7,
          "marker");
    CHECK_MSG(line(r, "[3, \"r\", \"132x43\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_RESIZE &&
              ev.cols == 132 && ev.rows == 43,
          "resize");
    CHECK_MSG(tsr_cast_reader_lines(r) == 5, "lines %ld", tsr_cast_reader_lines(r));
    CHECK_MSG(tsr_cast_reader_finish(r) == TSR_OK, "finish");
    long at = -1;
    CHECK_MSG(strcmp(tsr_cast_reader_error(r, &at), "") == 0 && at == 0, "no error yet");
    tsr_cast_reader_free(r);
}

/* The lines, the last of which must be rejected with this reason. */
static void rejected(const char *const *lines, int n, const char *reason)
{
    tsr_cast_reader *r = NULL;
    tsr_cast_event ev;
    if (tsr_cast_reader_new(&r) != TSR_OK) {
        CHECK_MSG(0, "new");
        return;
    }
    for (int i = 0; i < n; i++) {
        int rc = line(r, lines[i], &ev);
        if (i < n - 1) {
            CHECK_MSG(rc == TSR_OK, "line %d rejected: %s", i + 1, tsr_cast_reader_error(r, NULL));
            continue;
        }
        long at = 0;
        const char *why = tsr_cast_reader_error(r, &at);
        CHECK_MSG(rc == TSR_ERR_FORMAT, "%s: accepted", reason);
        CHECK_MSG(strcmp(why, reason) == 0, "expected \"%s\", got \"%s\"", reason, why);
        CHECK_MSG(at == n, "%s: line %ld, expected %d", reason, at, n);
        CHECK_MSG(ev.kind == 0 && ev.data == NULL, "%s: event not cleared", reason);
    }
    tsr_cast_reader_free(r);
}

#define HDR "{\"version\": 2, \"width\": 80, \"height\": 24}"
#define REJECT(reason, ...)                                                   \
    do {                                                                      \
        const char *const ls[] = {__VA_ARGS__};                               \
        rejected(ls, (int)(sizeof ls / sizeof ls[0]), reason);                \
    } while (0)

static void errors(void)
{
    REJECT("empty line, expected an asciicast v2 header", " \t");
    REJECT("empty line, expected an event", HDR, "");
    REJECT("not an asciicast v2 header: \"version\" must be 2", "{\"version\": 3}");
    REJECT("not an asciicast v2 header: \"width\" must be an integer from 1 to 1000",
           "{\"version\": 2, \"width\": 1e2, \"height\": 5}");
    REJECT("bad JSON: unexpected end of input, expected a JSON value at column 2", HDR, "[");
    REJECT("event time 1.50 is before the previous event's 2", HDR, "[2, \"o\", \"\"]",
           "[1.50, \"o\", \"\"]");
    REJECT("unknown event code \"\\n\\x7f\"", HDR, "[1, \"\\n\\u007f\", \"\"]");
    REJECT("bad resize \"12x\": expected COLSxROWS", HDR, "[1, \"r\", \"12x\"]");
    REJECT("bad resize \"99999999999999999999x1\": columns must be 1 to 1000 and rows 1 to 1000",
           HDR, "[1, \"r\", \"99999999999999999999x1\"]");

    tsr_cast_reader *r = NULL;
    if (tsr_cast_reader_new(&r) != TSR_OK)
        return;
    long at = 0;
    CHECK_MSG(tsr_cast_reader_finish(r) == TSR_ERR_FORMAT, "empty recording accepted");
    CHECK_MSG(strcmp(tsr_cast_reader_error(r, &at), "empty file, expected an asciicast v2 header") == 0 &&
              at == 1,
          "empty recording: %s at %ld", tsr_cast_reader_error(r, NULL), at);
    tsr_cast_event ev;
    CHECK_MSG(tsr_cast_reader_line(r, NULL, 1, &ev) == TSR_ERR_INVALID, "NULL line with a length");
    CHECK_MSG(tsr_cast_reader_line(NULL, "x", 1, &ev) == TSR_ERR_INVALID, "NULL reader");
    CHECK_MSG(tsr_cast_reader_new(NULL) == TSR_ERR_INVALID, "NULL out");
    tsr_cast_reader_free(r);
    tsr_cast_reader_free(NULL);
}

int main(void)
{
    events();
    errors();
    return check_report();
}
