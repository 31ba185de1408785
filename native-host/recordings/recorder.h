/* A live session written as it happens: asciicast v2 (o, i, r events) or
 * v3 (o, i, r and the x exit event)
 * and/or the lossless journal, one frame at a time, flushed per frame so a
 * recording cut short keeps everything up to its last frame. `tessera
 * record` and `tessera script --cast/--journal` both write through it. */
#ifndef TSR_CLI_RECORDER_H
#define TSR_CLI_RECORDER_H

#include <stdint.h>
#include <stdio.h>

#include "cast_writer.h"
#include "tessera/tessera.h"

typedef struct recorder {
    FILE *cast_fp, *journal_fp; /* NULL: not written */
    int cast_version;           /* 2 or 3 */
    cast_writer cast;
    tsr_buf scratch;
    int failed;                 /* a write failed: the recording is incomplete */
} recorder;

/* Opens the files named (either may be NULL); the cast is written in
 * asciicast version cast_version (2 or 3). Returns TSR_EXIT_OK, or
 * TSR_EXIT_USAGE after printing "PATH: cannot open: REASON"; nothing needs
 * closing then, but recorder_close is harmless. */
int recorder_open(recorder *r, const char *cast_path, int cast_version,
                  const char *journal_path);

/* Writes the headers: the cast's with the starting size, the journal's
 * magic and its first RESIZE frame. Event times count from t0_ns. Returns 0
 * or -1. */
int recorder_begin(recorder *r, int cols, int rows, uint64_t t0_ns);

/* A frame_sink's function (session.h): OUTPUT, INPUT and RESIZE go to the
 * cast (and EXIT to a v3 cast), every frame to the journal. Returns 0, or -1 when a write failed. */
int recorder_frame(void *ctx, const tsr_frame *f);

/* Closes the files. Returns 0, or -1 when closing or any earlier write
 * failed. */
int recorder_close(recorder *r);

#endif
