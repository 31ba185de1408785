/* libFuzzer target over the tape loader (native-host/tape: lexer and
 * checker, through tape_load_bytes). A tape it accepts must hold what
 * tape_run relies on without checking again: one program, steps after the
 * run line, their arguments in range and their strings NUL-terminated, and
 * waits that can match a screen. A rejection is exit 2 (or 5 when memory
 * ran out), with its message on stderr. */
#include <string.h>

#include "exit_codes.h"
#include "fuzz_check.h"
#include "tape.h"

static void check_text(const tape_step *s)
{
    FUZZ_CHECK(s->str != NULL && s->str[s->len] == '\0');
    fuzz_touch(s->str, s->len);
}

static void check_step(const tape *t, const tape_step *s)
{
    FUZZ_CHECK(s->line > t->run_line && s->column >= 1);
    switch (s->op) {
    case TAPE_WAIT:
    case TAPE_EXPECT:
    case TAPE_EXPECT_NOT:
        check_text(s);
        FUZZ_CHECK(s->len > 0); /* "" would match any screen */
        for (size_t i = 0; i < s->len; i++) /* no screen shows a control character */
            FUZZ_CHECK((unsigned char)s->str[i] >= 0x20 && s->str[i] != 0x7f);
        break;
    case TAPE_IDLE:
        FUZZ_CHECK(s->dur[0] <= s->dur[1]);
        break;
    case TAPE_TYPE:
    case TAPE_PASTE:
    case TAPE_PRESS:
        check_text(s);
        break;
    case TAPE_SNAPSHOT:
        if (s->str) {
            check_text(s);
            FUZZ_CHECK(strlen(s->str) == s->len); /* a file name holds no NUL */
        }
        break;
    case TAPE_CLICK:
        FUZZ_CHECK(s->num[0] >= 0 && s->num[0] <= 999 && s->num[1] >= 0 && s->num[1] <= 999);
        break;
    case TAPE_RESIZE:
        FUZZ_CHECK(s->num[0] >= 1 && s->num[0] <= 1000 && s->num[1] >= 1 && s->num[1] <= 1000);
        break;
    case TAPE_EXPECT_EXIT:
        FUZZ_CHECK(s->num[0] >= 0 && s->num[0] <= 255);
        break;
    case TAPE_SEND_EXIT:
    case TAPE_SLEEP:
    case TAPE_READY:
        break;
    default: /* the spec-only kinds (wait for redraw, snapshot check) included */
        FUZZ_CHECK(!"a step of no known kind");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tape t;
    int code = tape_load_bytes("fuzz.tape", data, size, &t);
    if (code != TSR_EXIT_OK) {
        FUZZ_CHECK(code == TSR_EXIT_USAGE || code == TSR_EXIT_INTERNAL);
        FUZZ_CHECK(t.argv == NULL && t.steps == NULL); /* nothing left to free */
        return 0;
    }
    FUZZ_CHECK(t.argv != NULL && t.argv[0] != NULL && t.run_line >= 1);
    for (char **a = t.argv; *a; a++)
        fuzz_touch(*a, strlen(*a));
    FUZZ_CHECK(t.rows >= 0 && t.rows <= 1000 && t.cols >= 0 && t.cols <= 1000);
    FUZZ_CHECK(t.nsteps <= t.cap);
    for (size_t i = 0; i < t.nsteps; i++)
        check_step(&t, &t.steps[i]);
    tape_free(&t);
    return 0;
}
