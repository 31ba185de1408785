/* A journal replayed into a terminal, exactly as the live session applied
 * its frames, up to a replay point: what `tessera replay` prints and what
 * a failure's screen.txt holds (artifacts.c) are made here, once. */
#ifndef TSR_CLI_JOURNAL_SCREEN_H
#define TSR_CLI_JOURNAL_SCREEN_H

#include <stdint.h>
#include <stdio.h>

#include "journal.h"
#include "replay_point.h"
#include "tessera/tessera.h"

typedef struct journal_screen_args {
    tsr_options term;  /* the terminal's options; rows and cols come from the
                        * journal's first size unless keep_rows/keep_cols */
    int keep_rows, keep_cols;
    replay_point *point; /* where to stop (its progress is updated) */
    /* Optional: told of every MARK frame (its event number as --event counts,
     * its time from the start). Returns 0 to go on. */
    int (*on_mark)(void *ctx, long event, uint64_t t_ns, const char *label, size_t len);
    void *ctx;
} journal_screen_args;

typedef struct journal_screen_result {
    tsr_term *term;  /* the terminal at the point (the caller frees it); NULL on failure */
    long marks;      /* MARK frames in the whole journal */
    int status;      /* the core's status when a frame could not be applied */
} journal_screen_result;

/* Reads the journal from fp (at its start). Returns a journal_status
 * (JOURNAL_ERR_SINK: a frame was refused, status says why, or on_mark
 * stopped it); err says where an invalid journal went wrong. */
int journal_screen(FILE *fp, const journal_screen_args *a, journal_screen_result *out,
                   journal_error *err);

#endif
