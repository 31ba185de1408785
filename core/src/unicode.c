/* Widths and grapheme boundaries come from utf8proc, pinned to one version
 * for the native and wasm builds so every engine measures text alike. */
#include "unicode.h"

#include <utf8proc.h>

#include "tessera/tessera.h"

_Static_assert(UNI_BC_OTHER == UTF8PROC_BOUNDCLASS_OTHER, "boundary class OTHER");
_Static_assert(UNI_BC_EXTEND == UTF8PROC_BOUNDCLASS_EXTEND, "boundary class EXTEND");
_Static_assert(UNI_BC_SPACINGMARK == UTF8PROC_BOUNDCLASS_SPACINGMARK, "boundary class SPACINGMARK");

static int width_of(uint32_t cp, const utf8proc_property_t *p)
{
    int w = p->charwidth;
    if (w == 0) {
        /* Only marks and format characters are zero-width; controls and
         * unassigned code points take a cell so they stay visible. */
        switch ((utf8proc_category_t)p->category) {
        case UTF8PROC_CATEGORY_MN:
        case UTF8PROC_CATEGORY_ME:
        case UTF8PROC_CATEGORY_MC:
        case UTF8PROC_CATEGORY_CF:
            return 0;
        default:
            /* Hangul medial vowels and final consonants join their syllable. */
            if (cp >= 0x1160 && cp <= 0x11ff)
                return 0;
            if (cp >= 0xd7b0 && cp <= 0xd7ff)
                return 0;
            return 1;
        }
    }
    return w > 2 ? 2 : w;
}

int uni_lookup(uint32_t cp, int *bclass)
{
    if (cp > 0x10ffff) {
        *bclass = UTF8PROC_BOUNDCLASS_OTHER;
        return 1;
    }
    const utf8proc_property_t *p = utf8proc_get_property((utf8proc_int32_t)cp);
    *bclass = p->boundclass;
    return cp < 0x7f ? 1 : width_of(cp, p);
}

int uni_left_simple(int bc)
{
    switch (bc) {
    case UTF8PROC_BOUNDCLASS_OTHER:
    case UTF8PROC_BOUNDCLASS_CONTROL:
    case UTF8PROC_BOUNDCLASS_LF:
    case UTF8PROC_BOUNDCLASS_EXTEND:
    case UTF8PROC_BOUNDCLASS_SPACINGMARK:
    case UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC:
        return 1;
    default:
        return 0;
    }
}

int uni_right_simple(int bc)
{
    return bc == UTF8PROC_BOUNDCLASS_OTHER || bc == UTF8PROC_BOUNDCLASS_CONTROL ||
           bc == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC;
}

/* The full UAX #29 rules, for the pairs the classes cannot decide. */
static int uni_is_break(uint32_t prev, uint32_t cp, int32_t *state)
{
    return utf8proc_grapheme_break_stateful((utf8proc_int32_t)prev, (utf8proc_int32_t)cp,
                                            state) != 0;
}

int uni_is_break_fast(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state)
{
    if (uni_left_simple(pbc) && uni_right_simple(bc)) {
        *state = 0; /* a fresh cluster starts at cp */
        return 1;
    }
    return uni_is_break(prev, cp, state);
}


int uni_is_pictographic(uint32_t cp)
{
    if (cp > 0x10ffff)
        return 0;
    const utf8proc_property_t *p = utf8proc_get_property((utf8proc_int32_t)cp);
    return p->boundclass == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC;
}

int uni_is_regional_indicator(uint32_t cp)
{
    return cp >= 0x1f1e6 && cp <= 0x1f1ff;
}
