/* Widths and grapheme boundaries come from utf8proc, pinned to one version
 * for the native and wasm builds so every engine measures text alike. */
#include "unicode.h"

#include <utf8proc.h>

#include "tessera/tessera.h"

int uni_width(uint32_t cp)
{
    if (cp < 0x7f)
        return 1;
    if (cp > 0x10ffff)
        return 1;
    int w = utf8proc_charwidth((utf8proc_int32_t)cp);
    if (w == 0) {
        /* Only marks and format characters are zero-width; controls and
         * unassigned code points take a cell so they stay visible. */
        utf8proc_category_t cat = utf8proc_category((utf8proc_int32_t)cp);
        switch (cat) {
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

int tsr_codepoint_width(uint32_t cp)
{
    return uni_width(cp);
}

int uni_is_break(uint32_t prev, uint32_t cp, int32_t *state)
{
    return utf8proc_grapheme_break_stateful((utf8proc_int32_t)prev, (utf8proc_int32_t)cp,
                                            state) != 0;
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
