/* The lossless journal: one header line naming its version, then the
 * session's frames exactly as tsr_frame_encode makes them (core/README.md),
 * starting with a RESIZE frame of the initial size. Read boundaries,
 * inputs, resizes and the exit all survive, so a replay gives the same
 * revisions. Version 2 may hold KEYFRAME frames; version 1 never does, so
 * recordings and traces that dropped nothing (trace.h) write it, for older
 * readers. Readers take both. */
#ifndef TSR_CLI_JOURNAL_H
#define TSR_CLI_JOURNAL_H

#include <stdio.h>

#include "tessera/tessera.h"

#define JOURNAL_MAGIC TSR_JOURNAL_MAGIC       /* tessera.h: version 2, traces */
#define JOURNAL_MAGIC_V1 TSR_JOURNAL_MAGIC_V1 /* version 1, recordings */

/* The version a journal's first line names (1 or 2), or 0 with why:
 * "not a tessera journal (bad first line)", or for another version
 * "journal version N is not supported (this tessera reads versions 1 and 2)". */
int journal_version(const void *bytes, size_t len, char *why, size_t cap);

/* Writes the magic line of version 1. Returns 0 or -1 (errno). */
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
    long line;         /* 1: the first line (the version) is what is wrong; else 0 */
    char reason[128];
    int read_errno;
} journal_error;

/* Reads a journal from fp (positioned at its start) and calls the sink
 * per frame. */
int journal_read(FILE *fp, const journal_sink *sink, journal_error *err);

/* Says why the journal named name is invalid, "NAME:1: REASON" for its
 * first line, else "NAME: byte N: REASON". Returns TSR_EXIT_USAGE. */
int journal_diag(const char *name, const journal_error *err);

#endif
