/* Character widths and grapheme-cluster boundaries (utf8proc underneath). */
#ifndef TSR_UNICODE_H
#define TSR_UNICODE_H

#include <stdint.h>

/* The boundary class of ASCII letters, digits and symbols (utf8proc's
 * OTHER; checked in unicode.c). */
#define UNI_BC_OTHER 1
#define UNI_BC_EXTEND 5
#define UNI_BC_SPACINGMARK 12

/* An emoji that VS16 turns into a wide, emoji-presentation glyph. */
int uni_is_pictographic(uint32_t cp);
/* Cell width (0, 1 or 2) and grapheme boundary class of cp with one table
 * lookup. Controls and unassigned code points are 1 wide so that nothing a
 * program prints can vanish. */
int uni_lookup(uint32_t cp, int *bclass);
/* A boundary between prev (class pbc) and cp (class bc)? Common pairs are
 * decided from the classes alone; the rest go to the full UAX #29 rules.
 * *state carries the UAX #29 state across calls (0 at a cluster's start). */
int uni_is_break_fast(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state);
/* No character after one of this class can join it, except one whose own
 * class is not simple. */
int uni_left_simple(int bclass);
/* A character of this class joins nothing before it of a simple class. */
int uni_right_simple(int bclass);
int uni_is_regional_indicator(uint32_t cp);

#endif
