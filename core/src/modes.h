/* The modes the terminal tracks as one bit each in a uint32_t. Read by the
 * screen state and by the renderings (through a view's metadata). */
#ifndef TSR_MODES_H
#define TSR_MODES_H

#include <stdint.h>

enum mode {
    M_IRM,      /* 4: insert */
    M_LNM,      /* 20: LF also returns */
    M_DECCKM,   /* ?1 */
    M_DECSCNM,  /* ?5 */
    M_DECOM,    /* ?6 */
    M_DECAWM,   /* ?7 */
    M_BLINK12,  /* ?12 */
    M_DECTCEM,  /* ?25 */
    M_DECKPAM,  /* keypad application (ESC =), also ?66 */
    M_FOCUS,    /* ?1004 */
    M_PASTE,    /* ?2004 */
    M_SYNC,     /* ?2026 */
    M_COUNT
};

static inline int modes_bit(uint32_t modes, enum mode m)
{
    return (modes >> m) & 1u;
}

#endif
