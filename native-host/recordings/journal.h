/* The lossless journal: one header line, JOURNAL_MAGIC, then the session's
 * frames exactly as tsr_frame_encode makes them (core/README.md), starting
 * with a RESIZE frame of the initial size. Read boundaries, inputs,
 * resizes and the exit all survive, so a replay gives the same revisions. */
#ifndef TSR_CLI_JOURNAL_H
#define TSR_CLI_JOURNAL_H

#include <stdio.h>

#include "tessera/tessera.h"

#define JOURNAL_MAGIC TSR_JOURNAL_MAGIC /* tessera.h */

/* Writes the magic line. Returns 0 or -1 (errno). */
int journal_begin(FILE *fp);
/* Appends one frame; scratch is reused. Returns 0 or -1. */
int journal_frame(FILE *fp, const tsr_frame *f, tsr_buf *scratch);

/* The reader's callbacks: each returns 0 to go on. */
typedef struct journal_sink {
    void *ctx;
    int (*frame)(void *ctx, const tsr_frame *f, long index);
} journal_sink;

typedef enum journal_status {
    JOURNAL_OK = 0,
    JOURNAL_ERR_INVALID = -1, /* reason and byte offset */
    JOURNAL_ERR_IO = -2,
    JOURNAL_ERR_NOMEM = -3,
    JOURNAL_ERR_SINK = -4,
} journal_status;

typedef struct journal_error {
    long long offset;
    char reason[128];
    int read_errno;
} journal_error;

/* Reads a journal from fp (positioned at its start) and calls the sink
 * per frame. */
int journal_read(FILE *fp, const journal_sink *sink, journal_error *err);

#endif
