/* The CSI table is found by binary search, so its rows must stay in
 * ascending key order; the by-final index of the plain rows must find
 * exactly what the search finds. */
#include "check.h"
#include "dispatch.h"

int main(void)
{
    CHECK_MSG(csi_table_sorted(), "core/src/csi.c: CSI_ROWS out of order (final, marker, inter)");
    CHECK_MSG(csi_index_agrees(), "core/src/csi.c: the by-final index disagrees with the search");
    return check_report();
}
