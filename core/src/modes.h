/* The modes the terminal keeps as one bit each in a uint32_t, one per BIT
 * row of modes.def. Read by the screen state and by the renderings
 * (through a view's metadata). */
#ifndef TSR_MODES_H
#define TSR_MODES_H

#include <stdint.h>

#define MODE_BIT_BIT(v) M_##v,
#define MODE_BIT_TRACK(v)
#define MODE_BIT_ENCODING(v)
#define MODE_BIT_SCREEN(v)
#define MODE_BIT_CURSOR(v)
enum mode {
#define MODE(kind, number, store, value, ...) MODE_BIT_##store(value)
#include "modes.def"
#undef MODE
    M_COUNT
};
_Static_assert(M_COUNT <= 32, "the mode bits fit a uint32_t");

static inline int modes_bit(uint32_t modes, enum mode m)
{
    return (modes >> m) & 1u;
}

#endif
