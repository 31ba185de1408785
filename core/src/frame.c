/* Frames: the binary unit a host sends an engine, and applying one. All
 * integers are little-endian; the layout is documented in core/README.md.
 *   0 u8 type   1 u8 version (1)   2 u16 reserved (0)   4 u32 payload length
 *   8 u64 time_ns   16 payload
 * A KEYFRAME's payload is u16 rows, u16 cols, then the keyframe's bytes. */
#include <string.h>

#include "term.h"

#define FRAME_VERSION 1

static void put_u16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}
static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get_u64(const uint8_t *p)
{
    return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

static int payload_len(const tsr_frame *f, size_t *n)
{
    switch (f->type) {
    case TSR_FRAME_OUTPUT:
    case TSR_FRAME_INPUT:
    case TSR_FRAME_MARK:
        if (f->len > TSR_FRAME_MAX_PAYLOAD || (!f->data && f->len))
            return TSR_ERR_INVALID;
        *n = f->len;
        return TSR_OK;
    case TSR_FRAME_KEYFRAME:
        if (f->len > TSR_FRAME_MAX_PAYLOAD - 4 || (!f->data && f->len) || f->rows < 1 ||
            f->rows > TSR_MAX_ROWS || f->cols < 1 || f->cols > TSR_MAX_COLS)
            return TSR_ERR_INVALID;
        *n = 4 + f->len;
        return TSR_OK;
    case TSR_FRAME_RESIZE:
        if (f->rows < 1 || f->rows > TSR_MAX_ROWS || f->cols < 1 || f->cols > TSR_MAX_COLS)
            return TSR_ERR_INVALID;
        *n = 4;
        return TSR_OK;
    case TSR_FRAME_RESET: *n = 0; return TSR_OK;
    case TSR_FRAME_EXIT: *n = 8; return TSR_OK;
    case TSR_FRAME_INPUT_ACK: *n = 8; return TSR_OK;
    default: return TSR_ERR_INVALID;
    }
}

int tsr_frame_encode(const tsr_frame *f, tsr_buf *out)
{
    size_t n;
    if (!f || !out)
        return TSR_ERR_INVALID;
    int rc = payload_len(f, &n);
    if (rc)
        return rc;
    if ((rc = buf_reserve(out, TSR_FRAME_HEADER_BYTES + n)))
        return rc;
    uint8_t *p = (uint8_t *)out->data + out->len;
    p[0] = (uint8_t)f->type;
    p[1] = FRAME_VERSION;
    put_u16(p + 2, 0);
    put_u32(p + 4, (uint32_t)n);
    put_u64(p + 8, f->time_ns);
    uint8_t *q = p + TSR_FRAME_HEADER_BYTES;
    switch (f->type) {
    case TSR_FRAME_OUTPUT:
    case TSR_FRAME_INPUT:
    case TSR_FRAME_MARK:
        if (n)
            memcpy(q, f->data, n);
        break;
    case TSR_FRAME_RESIZE:
        put_u16(q, (uint32_t)f->rows);
        put_u16(q + 2, (uint32_t)f->cols);
        break;
    case TSR_FRAME_KEYFRAME:
        put_u16(q, (uint32_t)f->rows);
        put_u16(q + 2, (uint32_t)f->cols);
        if (f->len)
            memcpy(q + 4, f->data, f->len);
        break;
    case TSR_FRAME_EXIT:
        put_u32(q, (uint32_t)f->exit_code);
        put_u32(q + 4, (uint32_t)f->exit_signal);
        break;
    case TSR_FRAME_INPUT_ACK:
        put_u64(q, f->action_id);
        break;
    default:
        break;
    }
    out->len += TSR_FRAME_HEADER_BYTES + n;
    out->data[out->len] = '\0';
    return TSR_OK;
}

int tsr_frame_decode(const void *bytes, size_t len, tsr_frame *f, size_t *consumed)
{
    if (!f || !consumed || (!bytes && len))
        return TSR_ERR_INVALID;
    const uint8_t *p = bytes;
    if (len < TSR_FRAME_HEADER_BYTES) {
        /* say FORMAT as early as the first bytes allow */
        if (len >= 1 && (p[0] < TSR_FRAME_OUTPUT || p[0] > TSR_FRAME_KEYFRAME))
            return TSR_ERR_FORMAT;
        if (len >= 2 && p[1] != FRAME_VERSION)
            return TSR_ERR_FORMAT;
        return TSR_ERR_AGAIN;
    }
    uint32_t n = get_u32(p + 4);
    memset(f, 0, sizeof *f);
    f->type = p[0];
    f->time_ns = get_u64(p + 8);
    if (p[1] != FRAME_VERSION || get_u16(p + 2) != 0)
        return TSR_ERR_FORMAT;
    size_t want;
    switch (f->type) {
    case TSR_FRAME_OUTPUT:
    case TSR_FRAME_INPUT:
    case TSR_FRAME_MARK:
        if (n > TSR_FRAME_MAX_PAYLOAD)
            return TSR_ERR_FORMAT;
        want = n;
        break;
    case TSR_FRAME_KEYFRAME:
        if (n < 4 || n > TSR_FRAME_MAX_PAYLOAD)
            return TSR_ERR_FORMAT;
        want = n;
        break;
    case TSR_FRAME_RESIZE: want = 4; break;
    case TSR_FRAME_RESET: want = 0; break;
    case TSR_FRAME_EXIT:
    case TSR_FRAME_INPUT_ACK: want = 8; break;
    default: return TSR_ERR_FORMAT;
    }
    if (n != want)
        return TSR_ERR_FORMAT;
    if (len - TSR_FRAME_HEADER_BYTES < n)
        return TSR_ERR_AGAIN;
    const uint8_t *q = p + TSR_FRAME_HEADER_BYTES;
    switch (f->type) {
    case TSR_FRAME_OUTPUT:
    case TSR_FRAME_INPUT:
    case TSR_FRAME_MARK:
        f->data = q;
        f->len = n;
        break;
    case TSR_FRAME_RESIZE:
    case TSR_FRAME_KEYFRAME:
        f->rows = (int)get_u16(q);
        f->cols = (int)get_u16(q + 2);
        if (f->rows < 1 || f->rows > TSR_MAX_ROWS || f->cols < 1 || f->cols > TSR_MAX_COLS)
            return TSR_ERR_FORMAT;
        if (f->type == TSR_FRAME_KEYFRAME) {
            f->data = q + 4;
            f->len = n - 4;
        }
        break;
    case TSR_FRAME_EXIT:
        f->exit_code = (int32_t)get_u32(q);
        f->exit_signal = (int32_t)get_u32(q + 4);
        break;
    case TSR_FRAME_INPUT_ACK:
        f->action_id = get_u64(q);
        break;
    default:
        break;
    }
    *consumed = TSR_FRAME_HEADER_BYTES + n;
    return TSR_OK;
}

/* The whole screen again: reset, sized, fed. The exit and the last
 * acknowledgement are the host's, not the screen's: they stay. */
static int apply_keyframe(tsr_term *t, const tsr_frame *f)
{
    if (f->rows < 1 || f->rows > TSR_MAX_ROWS || f->cols < 1 || f->cols > TSR_MAX_COLS ||
        (!f->data && f->len))
        return TSR_ERR_INVALID;
    term_reset_all(t);
    int rc = term_set_size(t, f->rows, f->cols);
    if (rc == TSR_OK)
        rc = term_feed(t, f->data, f->len);
    buf_clear(&t->replies); /* nothing in a keyframe asks, and nobody would answer */
    return rc;
}

int tsr_term_apply_frame(tsr_term *t, const tsr_frame *f, int *made)
{
    int dummy;
    if (!made)
        made = &dummy;
    *made = 0;
    if (!t || !f)
        return TSR_ERR_INVALID;
    int rc = TSR_OK;
    uint64_t raw = 0;
    switch (f->type) {
    case TSR_FRAME_OUTPUT:
        rc = f->data || !f->len ? term_feed(t, f->data, f->len) : TSR_ERR_INVALID;
        raw = f->len;
        break;
    case TSR_FRAME_RESIZE:
        rc = term_set_size(t, f->rows, f->cols);
        break;
    case TSR_FRAME_RESET:
        term_reset_all(t);
        break;
    case TSR_FRAME_EXIT:
        t->exited = 1;
        t->exit_code = f->exit_code;
        t->exit_signal = f->exit_signal;
        break;
    case TSR_FRAME_INPUT_ACK:
        t->last_ack = f->action_id;
        break;
    case TSR_FRAME_INPUT:
        break; /* what was typed; the program's answer is what shows */
    case TSR_FRAME_MARK:
        break; /* a note on the clock for whoever reads the journal */
    case TSR_FRAME_KEYFRAME:
        rc = apply_keyframe(t, f);
        raw = f->len;
        break;
    default:
        return TSR_ERR_INVALID;
    }
    int rc2 = term_record(t, f->time_ns, raw, made);
    return rc ? rc : rc2;
}

int tsr_term_exit_status(const tsr_term *t, int *code, int *signal)
{
    if (!t || !t->exited)
        return 0;
    if (code)
        *code = t->exit_code;
    if (signal)
        *signal = t->exit_signal;
    return 1;
}
