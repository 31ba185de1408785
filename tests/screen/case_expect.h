/* Running one directive of a screen case against the core (actions such
 * as feed and resize, and every expect-* check). */
#ifndef CASE_EXPECT_H
#define CASE_EXPECT_H

#include <stdio.h>

#include "case_lex.h"
#include "tessera/tessera.h"

typedef struct case_ctx {
    /* where we are */
    const char *file;
    int line;
    char **lines; /* the whole file, for blocks that follow a directive */
    int nlines;
    int idx;
    /* the current case */
    int in_case;
    int case_line;
    char name[128];
    int failed;
    int skip; /* malformed: ignore the rest of this case */
    int expectations;
    tsr_options opts;
    tsr_term *term; /* created by the first directive that needs it */
    /* totals */
    int npassed, nfailed;
    int verbose;
    FILE *dump; /* --dump: where the records go (case_dump.h), else NULL */
} case_ctx;

void case_directive(case_ctx *c, const lex_line *l);
/* Reports FILE:LINE: reason, fails the case and skips its remainder. */
void case_malformed(case_ctx *c, const char *reason);

#endif
