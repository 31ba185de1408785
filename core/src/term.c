/* The terminal's public life: creation, feeding, reset, resize and the
 * revision made after each frame. The top of the emulator: it wires the
 * parser to the dispatch, and the screen state to the history. */
#include "term.h"

#include <stdlib.h>

#include "ascii.h"
#include "dispatch.h"

int tsr_abi_version(void)
{
    return TSR_ABI_VERSION;
}

const char *tsr_status_str(int status)
{
    switch (status) {
    case TSR_OK:
        return "ok";
    case TSR_ERR_NOMEM:
        return "out of memory";
    case TSR_ERR_INVALID:
        return "invalid argument";
    case TSR_ERR_RANGE:
        return "out of range";
    case TSR_ERR_EVICTED:
        return "revision evicted from the history";
    case TSR_ERR_AGAIN:
        return "incomplete frame: more bytes needed";
    case TSR_ERR_FORMAT:
        return "not a valid frame or recording";
    case TSR_ERR_MODE:
        return "input the program has not enabled";
    default:
        return "unknown error";
    }
}

static void options_default(tsr_options *o)
{
    o->rows = 24;
    o->cols = 80;
    o->scrollback = TSR_DEFAULT_SCROLLBACK;
    o->reflow = 0;
    o->history.max_revisions = 0; /* the defaults */
    o->history.max_raw_bytes = 0;
    o->history.max_decoded_bytes = 0;
}

void tsr_options_default(tsr_options *o)
{
    if (o)
        options_default(o);
}

static void term_free(tsr_term *t)
{
    parser_free(&t->parser);
    history_free(&t->hist);
    term_state_free(t);
    free(t);
}

int term_record(tsr_term *t, uint64_t time_ns, uint64_t raw_bytes, int *made)
{
    history_share_rows(&t->hist, t->g);
    view v;
    term_view(t, &v);
    return history_record(&t->hist, &v, time_ns, raw_bytes, made);
}

int tsr_term_new(const tsr_options *opts, tsr_term **out)
{
    tsr_options def;
    if (!out)
        return TSR_ERR_INVALID;
    if (!opts) {
        options_default(&def);
        opts = &def;
    }
    if (opts->rows < 1 || opts->rows > TSR_MAX_ROWS || opts->cols < 1 ||
        opts->cols > TSR_MAX_COLS || opts->scrollback < 0 ||
        opts->scrollback > TSR_MAX_SCROLLBACK)
        return TSR_ERR_INVALID;
    tsr_term *t = calloc(1, sizeof *t);
    if (!t)
        return TSR_ERR_NOMEM;
    t->rows = opts->rows;
    t->cols = opts->cols;
    t->sb_limit = opts->scrollback;
    t->reflow = opts->reflow != 0;
    parser_init(&t->parser, &dispatch_sink, t);
    /* chosen once, here: the CPU a terminal runs on does not change */
    t->ascii_isa = ascii_isa_detect();
    t->parser.ascii_isa = (uint8_t)t->ascii_isa;
    int made;
    if (history_init(&t->hist, &opts->history) || term_state_init(t) ||
        term_record(t, 0, 0, &made)) { /* revision 0: the blank screen */
        term_free(t);
        return TSR_ERR_NOMEM;
    }
    *out = t;
    return TSR_OK;
}

void tsr_term_free(tsr_term *t)
{
    if (t)
        term_free(t);
}

void term_reset_all(tsr_term *t)
{
    parser_reset(&t->parser);
    term_full_reset(t);
    t->nunhandled = 0;
    t->unhandled_total = 0;
    buf_clear(&t->replies);
}

int tsr_term_reset(tsr_term *t)
{
    if (!t)
        return TSR_ERR_INVALID;
    term_reset_all(t);
    return TSR_OK;
}

int term_feed(tsr_term *t, const void *bytes, size_t len)
{
    t->error = TSR_OK;
    parser_feed(&t->parser, bytes, len);
    return t->error;
}

int tsr_term_feed(tsr_term *t, const void *bytes, size_t len)
{
    if (!t || (!bytes && len))
        return TSR_ERR_INVALID;
    return term_feed(t, bytes, len);
}

int term_set_size(tsr_term *t, int rows, int cols)
{
    if (rows < 1 || rows > TSR_MAX_ROWS || cols < 1 || cols > TSR_MAX_COLS)
        return TSR_ERR_INVALID;
    if (rows == t->rows && cols == t->cols)
        return TSR_OK;
    t->gc_valid = 0;
    t->gc_y = -1; /* the cell written last may be gone */
    int rc = term_resize(t, rows, cols);
    /* DECCOLM reports the 132 columns it set only while they last */
    if (rc == TSR_OK && cols != 132)
        mode_put(t, M_DECCOLM, 0);
    return rc;
}

int tsr_term_resize(tsr_term *t, int rows, int cols)
{
    return t ? term_set_size(t, rows, cols) : TSR_ERR_INVALID;
}

int tsr_term_rows(const tsr_term *t)
{
    return t ? t->rows : 0;
}
int tsr_term_cols(const tsr_term *t)
{
    return t ? t->cols : 0;
}
int tsr_term_reflow(const tsr_term *t)
{
    return t ? t->reflow : 0;
}
