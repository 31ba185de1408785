/* Reporting for the screen harness: FAIL lines with expected and actual
 * values, FILE:LINE: reason for malformed input, and argument checks that
 * report through them. */
#ifndef CASE_REPORT_H
#define CASE_REPORT_H

#include "case_expect.h"

#include <stddef.h>

void malformedf(case_ctx *c, const char *fmt, ...);
void fail_head(case_ctx *c, const char *what);
void fail_bytes(case_ctx *c, const char *what, const char *exp, size_t elen, const char *act,
                size_t alen);
/* Prints a '\n'-joined value one row per line between bars. */
void case_print_rows(const char *label, const char *s, size_t len);
/* Each returns 0 when the argument is fine, else reports and returns -1. */
int need_args(case_ctx *c, const lex_line *l, int lo, int hi);
int need_string(case_ctx *c, const lex_token *t, const char *what);
int need_int(case_ctx *c, const lex_token *t, long lo, long hi, const char *what, long *v);

#endif
