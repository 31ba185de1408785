/* --dump: the harness writes, per case, the actions it performed and the
 * final renderings, so other engines (the wasm builds under js/) can replay
 * the same actions and be compared byte for byte (js/test/parity). One
 * record per line, byte strings in hex:
 *
 *   case FILE NAME
 *   term ROWS COLS SCROLLBACK REFLOW        the terminal was made
 *   feed HEX | feed-repeat N HEX | resize ROWS COLS | reset
 *   text HEX / exact HEX / styled HEX       the final renderings
 *   cursor ROW COL VISIBLE SHAPE BLINK PENDING_WRAP
 *   end
 */
#ifndef CASE_DUMP_H
#define CASE_DUMP_H

#include <stddef.h>

#include "case_ctx.h"

void case_dump_start(case_ctx *c);
void case_dump_term(case_ctx *c);
void case_dump_feed(case_ctx *c, const char *bytes, size_t len);
void case_dump_feed_repeat(case_ctx *c, long n, const char *bytes, size_t len);
void case_dump_resize(case_ctx *c, int rows, int cols);
void case_dump_reset(case_ctx *c);
/* The final renderings and "end"; call before the terminal is freed. */
void case_dump_finish(case_ctx *c);

#endif
