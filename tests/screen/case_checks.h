/* The structured expectations: expectedCells, expectedCursor and
 * expectedFind (handlers as in case_expect.h). */
#ifndef CASE_CHECKS_H
#define CASE_CHECKS_H

#include "case_ctx.h"
#include "tessera/json.h"

int case_expect_cells(case_ctx *c, const char *field, const tsr_json_value *v);
int case_expect_cursor(case_ctx *c, const char *field, const tsr_json_value *v);
int case_expect_find(case_ctx *c, const char *field, const tsr_json_value *v);

#endif
