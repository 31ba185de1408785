/* Character widths and grapheme-cluster boundaries. Widths and boundary
 * classes come from a table generated from utf8proc (uni_table.c, written by
 * core/tools/uni_table_gen.c); the UAX #29 rules that need more than the two
 * classes of a pair are decided here with utf8proc's own state, and the
 * rarest still go to utf8proc. */
#ifndef TSR_UNICODE_H
#define TSR_UNICODE_H

#include <stdint.h>

/* utf8proc's boundary classes that the fast paths name (checked against
 * utf8proc.h in unicode.c). */
#define UNI_BC_START 0
#define UNI_BC_OTHER 1
#define UNI_BC_CR 2
#define UNI_BC_LF 3
#define UNI_BC_CONTROL 4
#define UNI_BC_EXTEND 5
#define UNI_BC_LV 9
#define UNI_BC_LVT 10
#define UNI_BC_REGIONAL_INDICATOR 11
#define UNI_BC_SPACINGMARK 12
#define UNI_BC_ZWJ 14
#define UNI_BC_EXTENDED_PICTOGRAPHIC 19
/* Not a class but a state of utf8proc's: an emoji's ZWJ (UAX #29 GB11). */
#define UNI_BC_E_ZWG 20

/* The generated table: uni_stage2[uni_stage1[cp >> UNI_SHIFT] << UNI_SHIFT |
 * (cp & low bits)] is UNI_SIMPLE (or 0) | width << UNI_BC_BITS | boundary
 * class. */
#define UNI_SHIFT 7
#define UNI_BC_BITS 5
#define UNI_BC_MASK ((1u << UNI_BC_BITS) - 1)
#define UNI_WIDTH_MASK 3u
/* The character takes one or two cells and its class is right-simple
 * (uni_right_simple): after any left-simple character a cluster boundary
 * is certain before it, and it is itself left-simple, so a run of such
 * characters needs no grapheme state at all. */
#define UNI_SIMPLE 0x80u
extern const uint8_t uni_stage1[0x110000 >> UNI_SHIFT];
extern const uint8_t uni_stage2[];

/* The table's byte for a Unicode scalar value (at most U+10FFFF). */
static inline unsigned uni_scalar_value(uint32_t cp)
{
    return uni_stage2[(uint32_t)uni_stage1[cp >> UNI_SHIFT] << UNI_SHIFT |
                      (cp & ((1u << UNI_SHIFT) - 1))];
}

/* The table's byte for cp. Beyond U+10FFFF: a simple character one cell
 * wide of class Other, so that nothing a program prints can vanish. */
static inline unsigned uni_value(uint32_t cp)
{
    if (cp > 0x10ffff)
        return UNI_SIMPLE | 1u << UNI_BC_BITS | UNI_BC_OTHER;
    return uni_scalar_value(cp);
}

static inline int uni_value_width(unsigned v)
{
    return (int)(v >> UNI_BC_BITS & UNI_WIDTH_MASK);
}

/* Cell width (0, 1 or 2) and grapheme boundary class of cp with one table
 * lookup. Controls and unassigned code points are 1 wide so that nothing a
 * program prints can vanish. */
static inline int uni_lookup(uint32_t cp, int *bclass)
{
    unsigned v = uni_value(cp);
    *bclass = (int)(v & UNI_BC_MASK);
    return uni_value_width(v);
}

/* An emoji that VS16 turns into a wide, emoji-presentation glyph. */
static inline int uni_is_pictographic(uint32_t cp)
{
    return (uni_value(cp) & UNI_BC_MASK) == UNI_BC_EXTENDED_PICTOGRAPHIC;
}

static inline int uni_is_regional_indicator(uint32_t cp)
{
    return cp >= 0x1f1e6 && cp <= 0x1f1ff;
}

/* No character after one of this class can join it, except one whose own
 * class is not simple. A Hangul syllable (LV, LVT) joins only the vowel or
 * trailing jamo after it (UAX #29 GB7, GB8), which are not simple. */
static inline int uni_left_simple(int bclass)
{
    const uint32_t simple = 1u << UNI_BC_OTHER | 1u << UNI_BC_CONTROL | 1u << UNI_BC_LF |
                            1u << UNI_BC_EXTEND | 1u << UNI_BC_SPACINGMARK |
                            1u << UNI_BC_EXTENDED_PICTOGRAPHIC | 1u << UNI_BC_LV |
                            1u << UNI_BC_LVT;
    return (simple >> bclass) & 1u;
}

/* A character of this class joins nothing before it of a simple class. A
 * Hangul syllable joins only a leading jamo before it (GB6), which is not
 * simple. */
static inline int uni_right_simple(int bclass)
{
    const uint32_t simple = 1u << UNI_BC_OTHER | 1u << UNI_BC_CONTROL |
                            1u << UNI_BC_EXTENDED_PICTOGRAPHIC | 1u << UNI_BC_LV |
                            1u << UNI_BC_LVT;
    return (simple >> bclass) & 1u;
}

/* The pairs the classes alone cannot decide (unicode.c). */
int uni_is_break_rules(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state);

/* A boundary between prev (class pbc) and cp (class bc)? Common pairs are
 * decided from the classes alone; the rest by the UAX #29 rules.
 * *state carries utf8proc's grapheme state across calls (0 at a cluster's
 * start: the class of prev then stands for it). */
static inline int uni_is_break(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state)
{
    if (uni_left_simple(pbc) && uni_right_simple(bc)) {
        *state = 0; /* a fresh cluster starts at cp */
        return 1;
    }
    return uni_is_break_rules(prev, pbc, cp, bc, state);
}

#endif
