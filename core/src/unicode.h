/* Character widths and grapheme-cluster boundaries. Widths and boundary
 * classes come from a table generated from utf8proc (uni_table.c, written by
 * core/tools/uni_table_gen.c); the UAX #29 rules that need more than the two
 * classes still go to utf8proc. */
#ifndef TSR_UNICODE_H
#define TSR_UNICODE_H

#include <stdint.h>

/* utf8proc's boundary classes that the fast paths name (checked against
 * utf8proc.h in unicode.c). */
#define UNI_BC_OTHER 1
#define UNI_BC_LF 3
#define UNI_BC_CONTROL 4
#define UNI_BC_EXTEND 5
#define UNI_BC_SPACINGMARK 12
#define UNI_BC_EXTENDED_PICTOGRAPHIC 19

/* The generated table: uni_stage2[uni_stage1[cp >> UNI_SHIFT] << UNI_SHIFT |
 * (cp & low bits)] is width << UNI_BC_BITS | boundary class. */
#define UNI_SHIFT 7
#define UNI_BC_BITS 5
extern const uint8_t uni_stage1[0x110000 >> UNI_SHIFT];
extern const uint8_t uni_stage2[];

/* Cell width (0, 1 or 2) and grapheme boundary class of cp with one table
 * lookup. Controls and unassigned code points are 1 wide so that nothing a
 * program prints can vanish. */
static inline int uni_lookup(uint32_t cp, int *bclass)
{
    if (cp > 0x10ffff) {
        *bclass = UNI_BC_OTHER;
        return 1;
    }
    uint8_t v = uni_stage2[(uint32_t)uni_stage1[cp >> UNI_SHIFT] << UNI_SHIFT |
                           (cp & ((1u << UNI_SHIFT) - 1))];
    *bclass = v & ((1 << UNI_BC_BITS) - 1);
    return v >> UNI_BC_BITS;
}

/* An emoji that VS16 turns into a wide, emoji-presentation glyph. */
static inline int uni_is_pictographic(uint32_t cp)
{
    int bc;
    uni_lookup(cp, &bc);
    return bc == UNI_BC_EXTENDED_PICTOGRAPHIC;
}

/* No character after one of this class can join it, except one whose own
 * class is not simple. */
static inline int uni_left_simple(int bclass)
{
    const uint32_t simple = 1u << UNI_BC_OTHER | 1u << UNI_BC_CONTROL | 1u << UNI_BC_LF |
                            1u << UNI_BC_EXTEND | 1u << UNI_BC_SPACINGMARK |
                            1u << UNI_BC_EXTENDED_PICTOGRAPHIC;
    return (simple >> bclass) & 1u;
}

/* A character of this class joins nothing before it of a simple class. */
static inline int uni_right_simple(int bclass)
{
    return bclass == UNI_BC_OTHER || bclass == UNI_BC_CONTROL ||
           bclass == UNI_BC_EXTENDED_PICTOGRAPHIC;
}

/* A boundary between prev (class pbc) and cp (class bc)? Common pairs are
 * decided from the classes alone; the rest go to the full UAX #29 rules.
 * *state carries the UAX #29 state across calls (0 at a cluster's start). */
int uni_is_break_fast(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state);
int uni_is_regional_indicator(uint32_t cp);

#endif
