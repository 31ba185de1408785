/* Reporting for the screen harness. A malformed case file or case is
 *   FILE:LINE:COL: case NAME: FIELD: reason
 * and a failing expectation
 *   FILE:LINE:COL: FAIL case NAME: FIELD
 * followed by the expected and actual values (controls shown as \e, \xNN). */
#ifndef CASE_REPORT_H
#define CASE_REPORT_H

#include <stddef.h>

#include "case_ctx.h"

/* Reports a malformed field at offset (field may be NULL for the file or
 * the case itself), fails the case; returns -1 so callers can return it. */
int case_bad(case_ctx *c, size_t offset, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void fail_head(case_ctx *c, size_t offset, const char *field);
void fail_bytes(case_ctx *c, size_t offset, const char *field, const char *exp, size_t elen,
                const char *act, size_t alen);
void fail_ints(case_ctx *c, size_t offset, const char *field, long exp, long act);
/* For values that are names (true/false, enums): prints them as they are. */
void fail_words(case_ctx *c, size_t offset, const char *field, const char *exp, const char *act);
/* The name of the n-th of names (NULL-terminated), or "?" past its end. */
const char *name_of(const char *const *names, int n);
/* Prints a '\n'-joined value one row per line between bars. */
void case_print_rows(const char *label, const char *s, size_t len);

/* The path of a member or an item below base ("steps[1].expectedCells[0].fg"). */
void path_key(char *out, size_t cap, const char *base, const char *key);
void path_index(char *out, size_t cap, const char *base, size_t index);

#endif
