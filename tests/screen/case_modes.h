/* The mode names of expectedModes, read from corpus/modes.json (the one
 * table of them): {"modes": {"NAME": "?N" or "N", ...}}. */
#ifndef CASE_MODES_H
#define CASE_MODES_H

#include "case_ctx.h"

/* Reads path into *out; on failure prints PATH:LINE:COL: reason and
 * returns -1 (*out is then empty). */
int case_modes_load(const char *path, case_modes *out);
void case_modes_free(case_modes *m);
const case_mode *case_modes_find(const case_modes *m, const char *name);

#endif
