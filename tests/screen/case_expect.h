/* The expectations of schema v1 (corpus/README.md), one handler each. A
 * handler checks its field; with a terminal (c->term) it then compares the
 * terminal's state with it and reports a difference with the expected and
 * actual values. */
#ifndef CASE_EXPECT_H
#define CASE_EXPECT_H

#include "case_ctx.h"
#include "tessera/json.h"

/* Whether key names an expectation. */
int case_is_expectation(const char *key);
/* Runs the expectation key (case_is_expectation) on v; field is its path
 * for reports. Returns 0, or -1 when v is malformed (reported). */
int case_expectation(case_ctx *c, const char *field, const char *key, const tsr_json_value *v);

#endif
