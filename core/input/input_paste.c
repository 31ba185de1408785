/* Pasted text. Under bracketed paste (?2004) the program reads everything
 * between CSI 200~ and CSI 201~ as data, so an end marker inside the text
 * would let the rest of it run as typed keys: every ESC[201~ is removed. */
#include <string.h>

#include "tessera/text.h"
#include "input_why.h"

static const char paste_end[] = "\x1b[201~";
#define PASTE_END_LEN (sizeof paste_end - 1)

/* Appends text without any end marker: each byte goes in, and whenever the
 * pasted part now ends with the marker it is taken out again, so a marker
 * that only forms once an inner one is removed goes too. */
static int append_filtered(tsr_buf *out, size_t start, const char *text, size_t len)
{
    int rc = tsr_buf_reserve(out, len);
    if (rc)
        return rc;
    for (size_t i = 0; i < len; i++) {
        out->data[out->len++] = text[i];
        if (text[i] == '~' && out->len - start >= PASTE_END_LEN &&
            memcmp(out->data + out->len - PASTE_END_LEN, paste_end, PASTE_END_LEN) == 0)
            out->len -= PASTE_END_LEN;
    }
    out->data[out->len] = '\0';
    return TSR_OK;
}

int tsr_encode_paste(const tsr_term *t, const char *text, size_t len, tsr_buf *out)
{
    if (!t || !out || (!text && len))
        return TSR_ERR_INVALID;
    if (!input_mode_on(t, 2004, 1))
        return tsr_buf_append(out, text, len);
    size_t mark = out->len;
    int rc = tsr_buf_puts(out, "\x1b[200~");
    size_t start = out->len;
    if (!rc)
        rc = append_filtered(out, start, text, len);
    if (!rc)
        rc = tsr_buf_puts(out, paste_end);
    if (rc) {
        out->len = mark;
        if (out->data)
            out->data[mark] = '\0';
    }
    return rc;
}
