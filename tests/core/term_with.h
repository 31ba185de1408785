/* The terminal the input tests encode against: 24x80, sent setup (mode
 * changes) first. Exits when no terminal can be made. */
#ifndef TSR_TEST_TERM_WITH_H
#define TSR_TEST_TERM_WITH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"

static inline tsr_term *term_with(const char *setup)
{
    tsr_options o;
    tsr_options_default(&o);
    tsr_term *t = NULL;
    if (tsr_term_new(&o, &t) != TSR_OK) {
        fprintf(stderr, "cannot make a terminal\n");
        exit(1);
    }
    CHECK(tsr_term_feed(t, setup, strlen(setup)) == TSR_OK);
    return t;
}

#endif
