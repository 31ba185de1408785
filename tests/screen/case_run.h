/* One case of a case file: checked whole first (every field, the rules of
 * corpus/README.md), then, when nothing is wrong, run on a fresh terminal:
 * its input, or its steps in order, each followed by its expectations. */
#ifndef CASE_RUN_H
#define CASE_RUN_H

#include <stddef.h>

#include "case_ctx.h"
#include "tessera/json.h"

/* Runs cases[index] of the file; counts it passed or failed in c. */
void case_run(case_ctx *c, const tsr_json_value *v, size_t index);

#endif
