/* Shared by the input encoders: reasons for failures, and the modes they
 * read. Reasons go to an optional caller buffer, so there is no state. */
#ifndef TSR_INPUT_WHY_H
#define TSR_INPUT_WHY_H

#include "tessera/tessera.h"

/* Appends s to why (why may be NULL). */
void why_put(tsr_buf *why, const char *s);
/* Appends 'text' quoted by tsr_quote: single marks, well-formed UTF-8 kept,
 * cut to under 80 bytes, so a reason is always one printable line. */
void why_quote(tsr_buf *why, const char *text, size_t len);
void why_int(tsr_buf *why, long v);

/* A tracked mode's value; an untracked one reads as off. */
int input_mode_on(const tsr_term *t, int mode, int private_);

/* The key checker shared by the parser and the encoder (input_keys.c). */
int input_key_check(const tsr_key *key, tsr_buf *why);

#endif
