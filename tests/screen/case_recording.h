/* A case's recordingRef: an asciicast (v2 or v3) beside the case file,
 * replayed into the case's terminal as corpus/run.mjs replays it. */
#ifndef CASE_RECORDING_H
#define CASE_RECORDING_H

#include <stddef.h>

#include "case_ctx.h"
#include "tessera/json.h"

/* Checks ref (a string naming a .cast file that exists, resolved from
 * the case file's folder) and writes the path to out: 0, or -1 with the
 * reason reported. */
int case_recording_path(case_ctx *c, const tsr_json_value *ref, char *out, size_t size);

/* Feeds the recording's output events and applies its resizes (the case's
 * cols and rows are the starting size, as the runner does); a failure is
 * reported at offset. */
void case_recording_play(case_ctx *c, size_t offset, const char *path);

#endif
