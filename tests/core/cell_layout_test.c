/* The text fast path stores a cell as one uint64_t when CELL_CP_IS_LOW_BITS
 * says the codepoint bit-field is the low bits of the first word. Check
 * that promise against the compiler's real layout. */
#include <stdio.h>
#include <string.h>

#include "row.h"

int main(void)
{
    cell c = {.cp = 0x10ffff, .flags = 0xa5, .style = 0x12345678};
    uint64_t w;
    memcpy(&w, &c, sizeof w);
    int ok = sizeof(cell) == 8;
    if (CELL_CP_IS_LOW_BITS)
        ok = ok && w == (0x12345678ull << 32 | 0xa5ull << 24 | 0x10ffffull);
    ok = ok && c.cp == 0x10ffff && c.flags == 0xa5 && c.style == 0x12345678;
    printf("%d passed, %d failed\n", ok, !ok);
    return !ok;
}
