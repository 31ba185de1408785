/* The wasm32 struct layouts that JavaScript reads and writes by offset.
 *
 * Compiled (never linked) by both wasm builds: if a struct of the public ABI
 * changes, the build stops here instead of a loader reading the wrong bytes.
 * The same table is in wasm/README.md. No code: static assertions only. */
#include <stddef.h>

#include "tessera/tessera.h"

#define LAYOUT(expr) _Static_assert(expr, #expr)

LAYOUT(sizeof(void *) == 4 && sizeof(size_t) == 4 && sizeof(int) == 4);

LAYOUT(sizeof(tsr_buf) == 12);
LAYOUT(offsetof(tsr_buf, data) == 0 && offsetof(tsr_buf, len) == 4 && offsetof(tsr_buf, cap) == 8);

LAYOUT(sizeof(tsr_history_limits) == 24);
LAYOUT(offsetof(tsr_history_limits, max_raw_bytes) == 8);
LAYOUT(offsetof(tsr_history_limits, max_decoded_bytes) == 16);
LAYOUT(sizeof(tsr_options) == 40);
LAYOUT(offsetof(tsr_options, rows) == 0 && offsetof(tsr_options, cols) == 4);
LAYOUT(offsetof(tsr_options, scrollback) == 8 && offsetof(tsr_options, reflow) == 12);
LAYOUT(offsetof(tsr_options, history) == 16);

LAYOUT(sizeof(tsr_cursor) == 24);
LAYOUT(offsetof(tsr_cursor, visible) == 8 && offsetof(tsr_cursor, pending_wrap) == 20);

LAYOUT(sizeof(tsr_style) == 20);
LAYOUT(offsetof(tsr_style, bg) == 4 && offsetof(tsr_style, ul_color) == 8);
LAYOUT(offsetof(tsr_style, attrs) == 12 && offsetof(tsr_style, underline) == 14);
LAYOUT(offsetof(tsr_style, link) == 16);
LAYOUT(sizeof(tsr_cell_info) == 96);
LAYOUT(offsetof(tsr_cell_info, ncps) == 64 && offsetof(tsr_cell_info, width) == 68);
LAYOUT(offsetof(tsr_cell_info, protected_) == 72 && offsetof(tsr_cell_info, style) == 76);

LAYOUT(sizeof(tsr_match) == 12 && sizeof(tsr_region) == 16);

LAYOUT(sizeof(tsr_frame) == 48);
LAYOUT(offsetof(tsr_frame, time_ns) == 8 && offsetof(tsr_frame, data) == 16);
LAYOUT(offsetof(tsr_frame, len) == 20 && offsetof(tsr_frame, rows) == 24);
LAYOUT(offsetof(tsr_frame, cols) == 28 && offsetof(tsr_frame, exit_code) == 32);
LAYOUT(offsetof(tsr_frame, exit_signal) == 36 && offsetof(tsr_frame, action_id) == 40);

LAYOUT(sizeof(tsr_history_stats) == 40);
LAYOUT(offsetof(tsr_history_stats, raw_bytes) == 8);
LAYOUT(offsetof(tsr_history_stats, decoded_bytes) == 16);
LAYOUT(offsetof(tsr_history_stats, full_copy_bytes) == 24);
LAYOUT(offsetof(tsr_history_stats, evicted) == 32);

/* js/src/cast_reader.js reads events straight from memory */
LAYOUT(sizeof(tsr_cast_event) == 40);
LAYOUT(offsetof(tsr_cast_event, time) == 8 && offsetof(tsr_cast_event, data) == 16);
LAYOUT(offsetof(tsr_cast_event, len) == 20 && offsetof(tsr_cast_event, kind) == 24);
LAYOUT(offsetof(tsr_cast_event, cols) == 28 && offsetof(tsr_cast_event, rows) == 32);
