/* The grapheme rules that the boundary classes alone cannot decide, from
 * utf8proc, pinned to one version for the native and wasm builds (as is the
 * generated table, uni_table.c) so every engine measures text alike. */
#include "unicode.h"

#include <utf8proc.h>

_Static_assert(UNI_BC_OTHER == UTF8PROC_BOUNDCLASS_OTHER, "boundary class OTHER");
_Static_assert(UNI_BC_LF == UTF8PROC_BOUNDCLASS_LF, "boundary class LF");
_Static_assert(UNI_BC_CONTROL == UTF8PROC_BOUNDCLASS_CONTROL, "boundary class CONTROL");
_Static_assert(UNI_BC_EXTEND == UTF8PROC_BOUNDCLASS_EXTEND, "boundary class EXTEND");
_Static_assert(UNI_BC_SPACINGMARK == UTF8PROC_BOUNDCLASS_SPACINGMARK, "boundary class SPACINGMARK");
_Static_assert(UNI_BC_EXTENDED_PICTOGRAPHIC == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC,
               "boundary class EXTENDED_PICTOGRAPHIC");

int uni_is_break_fast(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state)
{
    if (uni_left_simple(pbc) && uni_right_simple(bc)) {
        *state = 0; /* a fresh cluster starts at cp */
        return 1;
    }
    return utf8proc_grapheme_break_stateful((utf8proc_int32_t)prev, (utf8proc_int32_t)cp,
                                            state) != 0;
}

int uni_is_regional_indicator(uint32_t cp)
{
    return cp >= 0x1f1e6 && cp <= 0x1f1ff;
}
