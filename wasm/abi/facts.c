/* The facts of the public C ABI that JavaScript needs: struct sizes and field offsets, enum
 * values, status codes and format constants, as the wasm32 compiler sees them. Printed as one
 * JSON object on stdout; wasm/abi/generate.mjs turns it into js/src/abi.generated.js.
 *
 * Built for wasm32 by both toolchains and run under node:wasi, so the numbers are the ones
 * a loader must use; the check compares both builds' output with the committed file. Built
 * natively too (python/CMakeLists.txt), for the Python package's ctypes layouts. This
 * file holds names only: every number comes from the headers through the compiler, and a
 * renamed field or constant stops the build here. */
#include <stddef.h>
#include <stdio.h>

#include "tessera/recording.h"
#include "tessera/svg.h"
#include "tessera/tessera.h"

/* JSON writer state: whether the next item of the open object needs a comma. */
typedef struct emitter {
    int need_comma;
} emitter;

static void key(emitter *e, const char *name)
{
    printf("%s\"%s\":", e->need_comma ? "," : "", name);
    e->need_comma = 1;
}

static void open_object(emitter *e, const char *name)
{
    key(e, name);
    printf("{");
    e->need_comma = 0;
}

static void close_object(emitter *e)
{
    printf("}");
    e->need_comma = 1;
}

static void number(emitter *e, const char *name, long long value)
{
    key(e, name);
    printf("%lld", value);
}

/* A string constant as its bytes (no escaping needed on either side). */
static void bytes(emitter *e, const char *name, const char *s, size_t len)
{
    key(e, name);
    printf("[");
    for (size_t i = 0; i < len; i++)
        printf("%s%u", i ? "," : "", (unsigned)(unsigned char)s[i]);
    printf("]");
}

/* The shift that TSR_COLOR_KIND applies: the lowest bit that reaches the kind. */
static int color_kind_shift(void)
{
    int shift = 0;
    while (shift < 32 && TSR_COLOR_KIND(1u << shift) == 0)
        shift++;
    return shift;
}

#define STRUCT(e, T)                           \
    do {                                       \
        open_object(e, #T);                    \
        number(e, "size", (long long)sizeof(T)); \
        open_object(e, "fields");              \
    } while (0)
#define FIELD(e, T, f) number(e, #f, (long long)offsetof(T, f))
#define END_STRUCT(e)   \
    do {                \
        close_object(e); \
        close_object(e); \
    } while (0)
#define VALUE(e, js_name, c_value) number(e, #js_name, (long long)(c_value))

static void structs(emitter *e)
{
    open_object(e, "structs");
    STRUCT(e, tsr_buf);
    FIELD(e, tsr_buf, data);
    FIELD(e, tsr_buf, len);
    FIELD(e, tsr_buf, cap);
    END_STRUCT(e);

    STRUCT(e, tsr_history_limits);
    FIELD(e, tsr_history_limits, max_revisions);
    FIELD(e, tsr_history_limits, max_raw_bytes);
    FIELD(e, tsr_history_limits, max_decoded_bytes);
    END_STRUCT(e);

    STRUCT(e, tsr_options);
    FIELD(e, tsr_options, rows);
    FIELD(e, tsr_options, cols);
    FIELD(e, tsr_options, scrollback);
    FIELD(e, tsr_options, reflow);
    FIELD(e, tsr_options, history);
    END_STRUCT(e);

    STRUCT(e, tsr_cursor);
    FIELD(e, tsr_cursor, row);
    FIELD(e, tsr_cursor, col);
    FIELD(e, tsr_cursor, visible);
    FIELD(e, tsr_cursor, shape);
    FIELD(e, tsr_cursor, blink);
    FIELD(e, tsr_cursor, pending_wrap);
    END_STRUCT(e);

    STRUCT(e, tsr_style);
    FIELD(e, tsr_style, fg);
    FIELD(e, tsr_style, bg);
    FIELD(e, tsr_style, ul_color);
    FIELD(e, tsr_style, attrs);
    FIELD(e, tsr_style, underline);
    FIELD(e, tsr_style, reserved);
    FIELD(e, tsr_style, link);
    END_STRUCT(e);

    STRUCT(e, tsr_cell_info);
    FIELD(e, tsr_cell_info, cps);
    FIELD(e, tsr_cell_info, ncps);
    FIELD(e, tsr_cell_info, width);
    FIELD(e, tsr_cell_info, protected_);
    FIELD(e, tsr_cell_info, style);
    END_STRUCT(e);

    STRUCT(e, tsr_match);
    FIELD(e, tsr_match, row);
    FIELD(e, tsr_match, col);
    FIELD(e, tsr_match, cells);
    END_STRUCT(e);

    STRUCT(e, tsr_region);
    FIELD(e, tsr_region, row);
    FIELD(e, tsr_region, col);
    FIELD(e, tsr_region, height);
    FIELD(e, tsr_region, width);
    END_STRUCT(e);

    STRUCT(e, tsr_frame);
    FIELD(e, tsr_frame, type);
    FIELD(e, tsr_frame, time_ns);
    FIELD(e, tsr_frame, data);
    FIELD(e, tsr_frame, len);
    FIELD(e, tsr_frame, rows);
    FIELD(e, tsr_frame, cols);
    FIELD(e, tsr_frame, exit_code);
    FIELD(e, tsr_frame, exit_signal);
    FIELD(e, tsr_frame, action_id);
    END_STRUCT(e);

    STRUCT(e, tsr_history_stats);
    FIELD(e, tsr_history_stats, revisions);
    FIELD(e, tsr_history_stats, raw_bytes);
    FIELD(e, tsr_history_stats, decoded_bytes);
    FIELD(e, tsr_history_stats, full_copy_bytes);
    FIELD(e, tsr_history_stats, evicted);
    END_STRUCT(e);

    STRUCT(e, tsr_paint);
    FIELD(e, tsr_paint, fg);
    FIELD(e, tsr_paint, bg);
    FIELD(e, tsr_paint, underline);
    END_STRUCT(e);

    STRUCT(e, tsr_cast_event);
    FIELD(e, tsr_cast_event, time_ns);
    FIELD(e, tsr_cast_event, time);
    FIELD(e, tsr_cast_event, data);
    FIELD(e, tsr_cast_event, len);
    FIELD(e, tsr_cast_event, kind);
    FIELD(e, tsr_cast_event, cols);
    FIELD(e, tsr_cast_event, rows);
    FIELD(e, tsr_cast_event, version);
    FIELD(e, tsr_cast_event, exit_code);
    END_STRUCT(e);
    close_object(e);
}

/* Each group becomes one frozen object in JS, named as here. */
static void enums(emitter *e)
{
    open_object(e, "enums");
    open_object(e, "STATUS");
    VALUE(e, OK, TSR_OK);
    VALUE(e, NOMEM, TSR_ERR_NOMEM);
    VALUE(e, INVALID, TSR_ERR_INVALID);
    VALUE(e, RANGE, TSR_ERR_RANGE);
    VALUE(e, EVICTED, TSR_ERR_EVICTED);
    VALUE(e, AGAIN, TSR_ERR_AGAIN);
    VALUE(e, FORMAT, TSR_ERR_FORMAT);
    VALUE(e, MODE, TSR_ERR_MODE);
    close_object(e);

    open_object(e, "FRAME_TYPE");
    VALUE(e, OUTPUT, TSR_FRAME_OUTPUT);
    VALUE(e, RESIZE, TSR_FRAME_RESIZE);
    VALUE(e, RESET, TSR_FRAME_RESET);
    VALUE(e, EXIT, TSR_FRAME_EXIT);
    VALUE(e, INPUT_ACK, TSR_FRAME_INPUT_ACK);
    VALUE(e, INPUT, TSR_FRAME_INPUT);
    VALUE(e, MARK, TSR_FRAME_MARK);
    VALUE(e, KEYFRAME, TSR_FRAME_KEYFRAME);
    close_object(e);

    open_object(e, "CAST_KIND");
    VALUE(e, HEADER, TSR_CAST_HEADER);
    VALUE(e, OUTPUT, TSR_CAST_OUTPUT);
    VALUE(e, INPUT, TSR_CAST_INPUT);
    VALUE(e, RESIZE, TSR_CAST_RESIZE);
    VALUE(e, MARKER, TSR_CAST_MARKER);
    VALUE(e, EXIT, TSR_CAST_EXIT);
    VALUE(e, COMMENT, TSR_CAST_COMMENT);
    close_object(e);

    open_object(e, "CURSOR_SHAPE");
    VALUE(e, DEFAULT, TSR_CURSOR_DEFAULT);
    VALUE(e, BLOCK, TSR_CURSOR_BLOCK);
    VALUE(e, UNDERLINE, TSR_CURSOR_UNDERLINE);
    VALUE(e, BAR, TSR_CURSOR_BAR);
    close_object(e);

    open_object(e, "UNDERLINE");
    VALUE(e, NONE, TSR_UNDERLINE_NONE);
    VALUE(e, SINGLE, TSR_UNDERLINE_SINGLE);
    VALUE(e, DOUBLE, TSR_UNDERLINE_DOUBLE);
    VALUE(e, CURLY, TSR_UNDERLINE_CURLY);
    VALUE(e, DOTTED, TSR_UNDERLINE_DOTTED);
    VALUE(e, DASHED, TSR_UNDERLINE_DASHED);
    close_object(e);

    open_object(e, "ATTR");
    VALUE(e, BOLD, TSR_ATTR_BOLD);
    VALUE(e, DIM, TSR_ATTR_DIM);
    VALUE(e, ITALIC, TSR_ATTR_ITALIC);
    VALUE(e, BLINK, TSR_ATTR_BLINK);
    VALUE(e, INVERSE, TSR_ATTR_INVERSE);
    VALUE(e, HIDDEN, TSR_ATTR_HIDDEN);
    VALUE(e, STRIKE, TSR_ATTR_STRIKE);
    VALUE(e, OVERLINE, TSR_ATTR_OVERLINE);
    close_object(e);

    open_object(e, "MOUSE_TRACKING");
    VALUE(e, OFF, TSR_MOUSE_OFF);
    VALUE(e, X10, TSR_MOUSE_X10);
    VALUE(e, NORMAL, TSR_MOUSE_NORMAL);
    VALUE(e, BUTTON, TSR_MOUSE_BUTTON);
    VALUE(e, ANY, TSR_MOUSE_ANY);
    close_object(e);

    open_object(e, "MOUSE_ENCODING");
    VALUE(e, DEFAULT, TSR_MOUSE_ENC_DEFAULT);
    VALUE(e, UTF8, TSR_MOUSE_ENC_UTF8);
    VALUE(e, SGR, TSR_MOUSE_ENC_SGR);
    VALUE(e, URXVT, TSR_MOUSE_ENC_URXVT);
    close_object(e);

    /* A colour's kind sits above KIND_SHIFT; an indexed colour's index and an RGB colour's
     * value are the bits of INDEX_MASK and RGB_MASK. */
    open_object(e, "COLOR");
    VALUE(e, KIND_DEFAULT, TSR_COLOR_KIND_DEFAULT);
    VALUE(e, KIND_INDEXED, TSR_COLOR_KIND_INDEXED);
    VALUE(e, KIND_RGB, TSR_COLOR_KIND_RGB);
    VALUE(e, KIND_SHIFT, color_kind_shift());
    VALUE(e, INDEX_MASK, TSR_COLOR_INDEXED(0xff) ^ TSR_COLOR_INDEXED(0));
    VALUE(e, RGB_MASK, TSR_COLOR_RGB(0xff, 0xff, 0xff) ^ TSR_COLOR_RGB(0, 0, 0));
    close_object(e);

    open_object(e, "DYNAMIC");
    VALUE(e, FG, TSR_DYNAMIC_FG);
    VALUE(e, BG, TSR_DYNAMIC_BG);
    VALUE(e, CURSOR, TSR_DYNAMIC_CURSOR);
    close_object(e);

    open_object(e, "FRAME");
    VALUE(e, HEADER_BYTES, TSR_FRAME_HEADER_BYTES);
    VALUE(e, MAX_PAYLOAD, TSR_FRAME_MAX_PAYLOAD);
    close_object(e);
    close_object(e);
}

int main(void)
{
    emitter e = {0};
    printf("{");
    number(&e, "abi_version", TSR_ABI_VERSION);
    open_object(&e, "target");
    number(&e, "pointer", (long long)sizeof(void *));
    number(&e, "size_t", (long long)sizeof(size_t));
    number(&e, "int", (long long)sizeof(int));
    close_object(&e);
    structs(&e);
    enums(&e);
    open_object(&e, "strings");
    bytes(&e, "JOURNAL_MAGIC", TSR_JOURNAL_MAGIC, sizeof TSR_JOURNAL_MAGIC - 1);
    bytes(&e, "JOURNAL_MAGIC_V1", TSR_JOURNAL_MAGIC_V1, sizeof TSR_JOURNAL_MAGIC_V1 - 1);
    close_object(&e);
    printf("}\n");
    return fflush(stdout) == 0 ? 0 : 1;
}
