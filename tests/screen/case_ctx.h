/* What the screen harness knows while it reads and runs the cases of one
 * JSON case file (schema v1, corpus/README.md). */
#ifndef CASE_CTX_H
#define CASE_CTX_H

#include <stddef.h>
#include <stdio.h>

#include "tessera/tessera.h"

/* One name of corpus/modes.json: "?N" is DEC private, "N" ANSI. */
typedef struct case_mode {
    char *name;
    int number;
    int priv;
} case_mode;

typedef struct case_modes {
    case_mode *items;
    size_t count;
} case_modes;

typedef struct case_ctx {
    /* the file being read, for FILE:LINE:COL */
    const char *file;
    const char *text;
    size_t len;
    /* the current case; name is empty for what is wrong with the file itself */
    char name[128];
    int failed;
    tsr_options opts;
    /* NULL while a case is being checked, before anything runs; the
     * expectation handlers then only check their field */
    tsr_term *term;
    /* every case name seen so far in the run (a name is unique in the suite) */
    char **seen;
    size_t nseen, capseen;
    const case_modes *modes;
    int npassed, nfailed;
    FILE *dump; /* --dump: where the records go (case_dump.h), else NULL */
} case_ctx;

#endif
