/* The dispatch layer: the parser's sink and the handlers it routes to.
 * Below the parser, above the screen state (term.h), which the handlers
 * change. */
#ifndef TSR_DISPATCH_H
#define TSR_DISPATCH_H

#include "term.h"

/* The sink a terminal's parser is created with; user is the tsr_term. */
extern const parser_sink dispatch_sink;

/* csi.c */
void term_csi(tsr_term *t, const parser_seq *seq, uint8_t final);
/* Checks of the CSI table for the tests: strictly ascending keys, and the
 * by-final index finds what the search finds. */
int csi_table_sorted(void);
int csi_index_agrees(void);
/* esc.c */
void term_esc(tsr_term *t, const parser_seq *seq, uint8_t final);
void term_execute(tsr_term *t, uint8_t c);
/* osc.c */
void term_osc(tsr_term *t, const uint8_t *data, size_t len, int truncated, uint8_t term_byte);
void term_dcs(tsr_term *t, const parser_seq *seq, uint8_t final, const uint8_t *data, size_t len,
              int truncated);

#endif
