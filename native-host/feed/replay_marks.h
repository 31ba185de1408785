/* `tessera replay --marks`: every mark of a recording (a trace's test steps,
 * asciicast "m" events) with the event number that `--event N` stops after
 * and its time from the start, one per line, so a step is picked by number
 * (`--step N`, `--event N`) instead of by retyping its label. */
#ifndef TSR_CLI_REPLAY_MARKS_H
#define TSR_CLI_REPLAY_MARKS_H

#include <stddef.h>
#include <stdint.h>

#include "tessera/text.h"

/* Appends "event N at T ms: LABEL\n" (controls in the label as \xHH). */
int replay_marks_add(tsr_buf *out, long event, uint64_t t_ns, const char *label, size_t len);

/* Writes the list to stdout (or "no marks" to stderr when it is empty).
 * Returns an exit code. */
int replay_marks_print(const tsr_buf *list, const char *file);

#endif
