/* libFuzzer target over the asciicast reader (tessera/recording.h): the
 * input is a whole recording, split at '\n' the way the hosts split files
 * and offered line by line until the first error. Checks what the header
 * promises of every accepted line and that a rejection names its line. */
#include <string.h>

#include "fuzz_check.h"
#include "tessera/recording.h"
#include "tessera/tessera.h"

static void check_event(const tsr_cast_event *ev, long line, uint64_t *last_ns)
{
    if (line == 1) {
        FUZZ_CHECK(ev->kind == TSR_CAST_HEADER);
        FUZZ_CHECK(ev->version == 2 || ev->version == 3);
        FUZZ_CHECK(ev->cols >= 1 && ev->cols <= TSR_MAX_COLS);
        FUZZ_CHECK(ev->rows >= 1 && ev->rows <= TSR_MAX_ROWS);
        return;
    }
    FUZZ_CHECK(ev->kind >= TSR_CAST_OUTPUT && ev->kind <= TSR_CAST_COMMENT);
    if (ev->kind == TSR_CAST_COMMENT)
        return; /* a v3 comment line: not an event, no time */
    FUZZ_CHECK(ev->time >= 0);
    FUZZ_CHECK(ev->time_ns >= *last_ns); /* times never go back */
    *last_ns = ev->time_ns;
    if (ev->kind == TSR_CAST_RESIZE) {
        FUZZ_CHECK(ev->cols >= 1 && ev->cols <= TSR_MAX_COLS);
        FUZZ_CHECK(ev->rows >= 1 && ev->rows <= TSR_MAX_ROWS);
    } else if (ev->kind == TSR_CAST_EXIT) {
        FUZZ_CHECK(ev->exit_code >= 0 && ev->exit_code <= 255);
    } else {
        FUZZ_CHECK(ev->len == 0 || ev->data != NULL);
        fuzz_touch(ev->data, ev->len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tsr_cast_reader *r = NULL;
    FUZZ_CHECK(tsr_cast_reader_new(&r) == TSR_OK && r != NULL);
    const char *text = (const char *)data;
    size_t pos = 0;
    long line = 0;
    uint64_t last_ns = 0;
    int rc = TSR_OK;
    while (pos < size) {
        const char *nl = memchr(text + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (text + pos)) : size - pos;
        tsr_cast_event ev;
        rc = tsr_cast_reader_line(r, text + pos, len, &ev);
        line++;
        FUZZ_CHECK(tsr_cast_reader_lines(r) == line);
        if (rc != TSR_OK)
            break;
        check_event(&ev, line, &last_ns);
        pos += len + 1;
    }
    if (rc == TSR_OK) {
        rc = tsr_cast_reader_finish(r);
        FUZZ_CHECK((rc == TSR_OK) == (line > 0)); /* only an empty file is refused here */
    }
    long where = -1;
    const char *why = tsr_cast_reader_error(r, &where);
    FUZZ_CHECK(why != NULL);
    if (rc != TSR_OK) {
        FUZZ_CHECK(rc == TSR_ERR_FORMAT);
        FUZZ_CHECK(why[0] != '\0' && strlen(why) < 256 && !strchr(why, '\n'));
        FUZZ_CHECK(where == (line > 0 ? line : 1));
    }
    tsr_cast_reader_free(r);
    return 0;
}
