/* Diagnostics about a live program: one line of reason, then the screen
 * the program showed at that moment, on stderr. */
#ifndef TSR_CLI_SCREEN_DIAG_H
#define TSR_CLI_SCREEN_DIAG_H

#include "diag.h"
#include "tessera/tessera.h"

/* "tessera: <reason>" then the screen framed by marker lines; returns code. */
int diag_screen(const tsr_term *term, int code, const char *fmt, ...) TSR_PRINTF(3, 4);

#endif
