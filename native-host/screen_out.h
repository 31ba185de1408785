/* Writing a rendered screen to stdout (the "snapshot" the CLI prints). */
#ifndef TSR_CLI_SCREEN_OUT_H
#define TSR_CLI_SCREEN_OUT_H

#include "tessera/tessera.h"

/* Renders (styled, else exact grid or trimmed text), adds one '\n', writes
 * it to stdout. Returns an exit code (5 on a failure, reported). */
int screen_out_print(const tsr_term *term, int styled, int exact);

#endif
