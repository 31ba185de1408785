/* The core's asciicast reader (tessera/recording.h) on its own: what each
 * line becomes, times in nanoseconds, data with NUL bytes, line counting,
 * and the reasons and lines of rejections (the CLI's cases in tests/cli
 * check the same messages end to end). The v3 lines are written from the
 * published description, https://docs.asciinema.org/manual/asciicast/v3/. */
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
    REJECT("empty line, expected an asciicast header", " \t");
    REJECT("empty line, expected an event", HDR, "");
    REJECT("not an asciicast header: \"version\" must be 2 or 3", "{\"version\": 4}");
    REJECT("not an asciicast header: \"version\" must be 2 or 3", "{\"version\": 3.0}");
    REJECT("a comment cannot come first: line 1 is the asciicast header", "# hi");
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
    CHECK_MSG(strcmp(tsr_cast_reader_error(r, &at), "empty file, expected an asciicast header") == 0 &&
              at == 1,
          "empty recording: %s at %ld", tsr_cast_reader_error(r, NULL), at);
    tsr_cast_event ev;
    CHECK_MSG(tsr_cast_reader_line(r, NULL, 1, &ev) == TSR_ERR_INVALID, "NULL line with a length");
    CHECK_MSG(tsr_cast_reader_line(NULL, "x", 1, &ev) == TSR_ERR_INVALID, "NULL reader");
    CHECK_MSG(tsr_cast_reader_new(NULL) == TSR_ERR_INVALID, "NULL out");
    tsr_cast_reader_free(r);
    tsr_cast_reader_free(NULL);
}

/* The published example's shape: every v3 event code, comments anywhere
 * after the header, times that are sums of intervals. */
static void v3_events(void)
{
    tsr_cast_reader *r = NULL;
    tsr_cast_event ev;
    if (tsr_cast_reader_new(&r) != TSR_OK) {
        CHECK_MSG(0, "new");
        return;
    }
    CHECK_MSG(line(r, "{\"version\": 3, \"term\": {\"cols\": 90, \"rows\": 30, \"type\": "
                      "\"xterm-256color\", \"theme\": {\"fg\": \"#d0d0d0\"}}, \"timestamp\": 1, "
                      "\"idle_time_limit\": 2.5, \"tags\": [\"a\"]}",
                   &ev) == TSR_OK,
              "v3 header rejected: %s", tsr_cast_reader_error(r, NULL));
    CHECK_MSG(ev.kind == TSR_CAST_HEADER && ev.cols == 90 && ev.rows == 30 && ev.version == 3,
              "v3 header %d %dx%d v%d", ev.kind, ev.cols, ev.rows, ev.version);
    CHECK_MSG(line(r, "# a comment, not an event", &ev) == TSR_OK && ev.kind == TSR_CAST_COMMENT,
              "comment %d", ev.kind);
    CHECK_MSG(line(r, "[0.248, \"o\", \"hi\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_OUTPUT &&
                  ev.time_ns == 248000000u && ev.len == 2,
              "output at %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "[0.000001, \"i\", \"typed\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_INPUT &&
                  ev.time_ns == 248001000u,
              "input at %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "[0, \"m\", \"here\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_MARKER &&
                  ev.time_ns == 248001000u && ev.len == 4,
              "marker at %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "#", &ev) == TSR_OK && ev.kind == TSR_CAST_COMMENT, "bare comment");
    CHECK_MSG(line(r, "[2.05, \"r\", \"100x50\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_RESIZE &&
                  ev.cols == 100 && ev.rows == 50 && ev.time_ns == 2298001000u,
              "resize at %llu", (unsigned long long)ev.time_ns);
    CHECK_MSG(line(r, "[0.887, \"x\", \"130\"]", &ev) == TSR_OK && ev.kind == TSR_CAST_EXIT &&
                  ev.exit_code == 130 && ev.time_ns == 3185001000u && ev.time == 3.185001,
              "exit %d at %llu", ev.exit_code, (unsigned long long)ev.time_ns);
    CHECK_MSG(tsr_cast_reader_lines(r) == 8 && tsr_cast_reader_finish(r) == TSR_OK, "v3 lines");
    tsr_cast_reader_free(r);

    /* a million intervals of 1us: summed in nanoseconds they make exactly 1s,
     * which adding doubles would miss */
    if (tsr_cast_reader_new(&r) != TSR_OK)
        return;
    line(r, "{\"version\": 3, \"term\": {\"cols\": 2, \"rows\": 1}}", &ev);
    int ok = 1;
    for (int i = 0; i < 1000000 && ok; i++)
        ok = line(r, "[0.000001, \"m\", \"\"]", &ev) == TSR_OK;
    CHECK_MSG(ok && ev.time_ns == 1000000000u, "summed to %llu", (unsigned long long)ev.time_ns);
    tsr_cast_reader_free(r);
}

#define HDR3 "{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 24}}"

static void v3_errors(void)
{
    REJECT("not an asciicast v3 header: \"term\" must be an object with \"cols\" and \"rows\"",
           "{\"version\": 3, \"width\": 80, \"height\": 24}");
    REJECT("not an asciicast v3 header: \"term\" must be an object with \"cols\" and \"rows\"",
           "{\"version\": 3, \"term\": [80, 24]}");
    REJECT("not an asciicast v3 header: \"term\" appears 2 times",
           "{\"version\": 3, \"term\": {}, \"term\": {}}");
    REJECT("not an asciicast v3 header: \"term.cols\" must be an integer from 1 to 1000",
           "{\"version\": 3, \"term\": {\"cols\": 0, \"rows\": 24}}");
    REJECT("not an asciicast v3 header: \"term.rows\" must be an integer from 1 to 1000",
           "{\"version\": 3, \"term\": {\"cols\": 80}}");
    REJECT("not an asciicast v3 header: \"term.rows\" appears 2 times",
           "{\"version\": 3, \"term\": {\"cols\": 80, \"rows\": 2, \"rows\": 2}}");
    REJECT("event interval must be a number >= 0", HDR3, "[-0.5, \"o\", \"\"]");
    REJECT("event interval must be a number >= 0", HDR3, "[\"1\", \"o\", \"\"]");
    REJECT("event must be a JSON array [interval, code, data]", HDR3, "[1, \"o\"]");
    REJECT("unknown event code \"z\"", HDR3, "[1, \"z\", \"\"]");
    REJECT("bad resize \"80 24\": expected COLSxROWS", HDR3, "# fine", "[1, \"r\", \"80 24\"]");
    REJECT("bad exit status \"\": expected a whole number from 0 to 255", HDR3, "[1, \"x\", \"\"]");
    REJECT("bad exit status \"-1\": expected a whole number from 0 to 255", HDR3, "[1, \"x\", \"-1\"]");
    REJECT("bad exit status \"256\": expected a whole number from 0 to 255", HDR3, "[1, \"x\", \"256\"]");
    REJECT("bad exit status \"1e3\": expected a whole number from 0 to 255", HDR3, "[1, \"x\", \"1e3\"]");
    REJECT("bad exit status \"1.5\": expected a whole number from 0 to 255", HDR3, "[1, \"x\", \"1.5\"]");
    REJECT("event data must be a string", HDR3, "[1, \"x\", 0]");
    REJECT("empty line, expected an event", HDR3, "");
    /* v2 keeps its rules: no exit event, no comments */
    REJECT("unknown event code \"x\"", HDR, "[1, \"x\", \"0\"]");
    REJECT("bad JSON: unexpected character '#', expected a JSON value at column 1", HDR,
           "# not in v2");
}

int main(void)
{
    events();
    errors();
    v3_events();
    v3_errors();
    return check_report();
}
