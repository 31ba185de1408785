/* The grapheme rules that the boundary classes of a pair alone cannot
 * decide. The state is utf8proc's (utf8proc_grapheme_break_stateful): 0 at
 * a cluster's start, then the class of the last character, except
 * EXTENDED_PICTOGRAPHIC while an emoji's Extend characters follow it and
 * E_ZWG after its ZWJ (UAX #29 GB11), and OTHER after a pair of regional
 * indicators (GB12, GB13). The marks and joiners inside a cluster, the
 * commonest of these pairs, are decided here in that same state; the rest
 * go to utf8proc, pinned to one version for the native and wasm builds (as
 * is the generated table, uni_table.c) so every engine measures text
 * alike. tests/core/print_text_test.c checks every decision made here against
 * utf8proc's own. */
#include "unicode.h"

#include <utf8proc.h>

_Static_assert(UNI_BC_START == UTF8PROC_BOUNDCLASS_START, "boundary class START");
_Static_assert(UNI_BC_OTHER == UTF8PROC_BOUNDCLASS_OTHER, "boundary class OTHER");
_Static_assert(UNI_BC_CR == UTF8PROC_BOUNDCLASS_CR, "boundary class CR");
_Static_assert(UNI_BC_LF == UTF8PROC_BOUNDCLASS_LF, "boundary class LF");
_Static_assert(UNI_BC_CONTROL == UTF8PROC_BOUNDCLASS_CONTROL, "boundary class CONTROL");
_Static_assert(UNI_BC_EXTEND == UTF8PROC_BOUNDCLASS_EXTEND, "boundary class EXTEND");
_Static_assert(UNI_BC_LV == UTF8PROC_BOUNDCLASS_LV, "boundary class LV");
_Static_assert(UNI_BC_LVT == UTF8PROC_BOUNDCLASS_LVT, "boundary class LVT");
_Static_assert(UNI_BC_REGIONAL_INDICATOR == UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR,
               "boundary class REGIONAL_INDICATOR");
_Static_assert(UNI_BC_SPACINGMARK == UTF8PROC_BOUNDCLASS_SPACINGMARK, "boundary class SPACINGMARK");
_Static_assert(UNI_BC_ZWJ == UTF8PROC_BOUNDCLASS_ZWJ, "boundary class ZWJ");
_Static_assert(UNI_BC_EXTENDED_PICTOGRAPHIC == UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC,
               "boundary class EXTENDED_PICTOGRAPHIC");
_Static_assert(UNI_BC_E_ZWG == UTF8PROC_BOUNDCLASS_E_ZWG, "state E_ZWG");

int uni_is_break_rules(uint32_t prev, int pbc, uint32_t cp, int bc, int32_t *state)
{
    /* the class standing for what came before: the previous character's
     * at a cluster's start, else the state */
    int left = *state ? (int)*state : pbc;
    int after_control = left == UNI_BC_START || left == UNI_BC_CR || left == UNI_BC_LF ||
                        left == UNI_BC_CONTROL;
    if ((bc == UNI_BC_EXTEND || bc == UNI_BC_SPACINGMARK || bc == UNI_BC_ZWJ) && !after_control) {
        /* GB9, GB9a: no break before a mark or a joiner; an emoji keeps
         * its state through its Extend characters and turns it to E_ZWG
         * at its ZWJ (GB11) */
        if (left == UNI_BC_EXTENDED_PICTOGRAPHIC && bc == UNI_BC_EXTEND)
            *state = UNI_BC_EXTENDED_PICTOGRAPHIC;
        else if (left == UNI_BC_EXTENDED_PICTOGRAPHIC && bc == UNI_BC_ZWJ)
            *state = UNI_BC_E_ZWG;
        else
            *state = bc;
        return 0;
    }
    if (bc == UNI_BC_EXTENDED_PICTOGRAPHIC && left == UNI_BC_E_ZWG) {
        /* GB11: an emoji after an emoji's ZWJ joins it */
        *state = bc;
        return 0;
    }
    return utf8proc_grapheme_break_stateful((utf8proc_int32_t)prev, (utf8proc_int32_t)cp,
                                            state) != 0;
}
