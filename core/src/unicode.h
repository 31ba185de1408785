/* Character widths and grapheme-cluster boundaries (utf8proc underneath). */
#ifndef TSR_UNICODE_H
#define TSR_UNICODE_H

#include <stdint.h>

/* Cell width 0, 1 or 2. Controls and unassigned code points count as 1 so
 * that nothing a program prints can vanish. */
int uni_width(uint32_t cp);
/* True if a grapheme boundary lies between prev and cp; *state carries the
 * UAX #29 state across calls (start each cluster with 0). */
int uni_is_break(uint32_t prev, uint32_t cp, int32_t *state);
/* An emoji that VS16 turns into a wide, emoji-presentation glyph. */
int uni_is_pictographic(uint32_t cp);
int uni_is_regional_indicator(uint32_t cp);

#endif
