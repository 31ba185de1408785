/* Reading asciicast v2 and v3 recordings
 * (https://docs.asciinema.org/manual/asciicast/v2/,
 * https://docs.asciinema.org/manual/asciicast/v3/) from a stream; the format
 * itself is judged by the core (tessera/recording.h says what each version
 * holds). v3's comment lines reach no sink: they are not events. Every line
 * must hold exactly one JSON value: an empty line is an error, except that
 * the file may end with a newline. The reader streams: it calls the sink per
 * event and keeps only the current line in memory. */
#ifndef TSR_CLI_CAST_READER_H
#define TSR_CLI_CAST_READER_H

#include <stddef.h>
#include <stdio.h>

#include "tessera/recording.h"

typedef struct cast_sink {
    void *ctx;
    /* Each returns 0 to go on, non-zero to stop (cast_read then returns
     * CAST_ERR_SINK; the sink keeps its own reason). */
    int (*header)(void *ctx, int width, int height);
    int (*output)(void *ctx, const char *data, size_t len);
    int (*resize)(void *ctx, int cols, int rows);
    /* Optional: sees every event line (any kind, with its time) first;
     * returns 1 to skip it (replay --at, --event, --mark), -1 to stop
     * (CAST_ERR_SINK). v3's exit event (TSR_CAST_EXIT) reaches only this one. */
    int (*event)(void *ctx, const tsr_cast_event *ev);
} cast_sink;

typedef enum cast_status {
    CAST_OK = 0,
    CAST_ERR_INVALID = -1, /* the file is not a valid asciicast: line and reason */
    CAST_ERR_IO = -2,      /* a read failed: read_errno */
    CAST_ERR_NOMEM = -3,
    CAST_ERR_SINK = -4,
} cast_status;

typedef struct cast_error {
    long line;
    char reason[256];
    int read_errno;
} cast_error;

int cast_read(FILE *fp, const cast_sink *sink, cast_error *err);

#endif
