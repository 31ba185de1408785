/* The keyboard modes a program asks for, which the key encoder
 * (core/input) reads: the kitty keyboard protocol's flag stacks and xterm's
 * modifyOtherKeys level.
 *
 * Kitty keeps one stack per buffer, so a full-screen program's flags end
 * with its alternate screen. A stack holds up to TSR_KITTY_STACK_DEPTH
 * entries, oldest first; the flags in force are the newest entry's, 0 on
 * an empty stack. As in kitty, the first push or set on an empty stack
 * keeps flags 0 beneath as an entry of its own, so popping it returns to
 * 0, and a push onto a full stack drops the oldest entry. */
#include <string.h>

#include "term.h"

#define KITTY_FLAGS_MASK 0x1f /* the five flags the protocol defines */

static int screen_of(const tsr_term *t)
{
    return t->g == &t->alt;
}

int term_kitty_flags(const tsr_term *t)
{
    int s = screen_of(t);
    return t->kitty_depth[s] ? t->kitty_stack[s][t->kitty_depth[s] - 1] : 0;
}

/* The newest entry, made (flags 0) on an empty stack. */
static uint8_t *top_entry(tsr_term *t)
{
    int s = screen_of(t);
    if (!t->kitty_depth[s]) {
        t->kitty_stack[s][0] = 0;
        t->kitty_depth[s] = 1;
    }
    return &t->kitty_stack[s][t->kitty_depth[s] - 1];
}

void term_kitty_push(tsr_term *t, int flags)
{
    int s = screen_of(t);
    uint8_t *stack = t->kitty_stack[s];
    top_entry(t);
    if (t->kitty_depth[s] == TSR_KITTY_STACK_DEPTH) {
        memmove(stack, stack + 1, TSR_KITTY_STACK_DEPTH - 1);
        t->kitty_depth[s]--;
    }
    stack[t->kitty_depth[s]++] = (uint8_t)(flags & KITTY_FLAGS_MASK);
}

void term_kitty_pop(tsr_term *t, int n)
{
    int s = screen_of(t);
    t->kitty_depth[s] = n >= t->kitty_depth[s] ? 0 : t->kitty_depth[s] - n;
}

/* how: 1 the flags exactly, 2 these flags on, 3 these flags off; any
 * other mode changes nothing. */
void term_kitty_set(tsr_term *t, int flags, int how)
{
    uint8_t f = (uint8_t)(flags & KITTY_FLAGS_MASK);
    if (how < 1 || how > 3)
        return;
    uint8_t *e = top_entry(t);
    if (how == 1)
        *e = f;
    else if (how == 2)
        *e |= f;
    else
        *e &= (uint8_t)~f;
}

void term_kitty_report(tsr_term *t)
{
    int flags = term_kitty_flags(t);
    term_replyf_csi(t, "\x1b[?", &flags, 1, "u");
}

/* XTMODKEYS: CSI > Pp ; Pv m. Only Pp 4 (modifyOtherKeys) is kept; no
 * parameters, or Pp 4 without Pv, resets it to xterm's default, 0. */
void term_modify_keys(tsr_term *t, const parser_seq *s)
{
    int pp = s->nparams ? s->params[0] : -1;
    if (pp < 0) {
        t->modify_other_keys = 0;
        return;
    }
    if (pp != 4)
        return;
    int pv = s->nparams > 1 ? s->params[1] : -1;
    if (pv < 0)
        t->modify_other_keys = 0;
    else if (pv <= 2)
        t->modify_other_keys = pv;
}

/* XTQMODKEYS: CSI ? 4 m answers CSI > 4 ; level m. */
void term_modify_keys_report(tsr_term *t, const parser_seq *s)
{
    if (s->nparams != 1 || s->params[0] != 4)
        return;
    int nums[2] = {4, t->modify_other_keys};
    term_replyf_csi(t, "\x1b[>", nums, 2, "m");
}

void term_keyboard_reset(tsr_term *t)
{
    memset(t->kitty_stack, 0, sizeof t->kitty_stack);
    t->kitty_depth[0] = t->kitty_depth[1] = 0;
    t->modify_other_keys = 0;
}
