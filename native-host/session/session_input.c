/* The encoders only produce bytes; this file sends them and turns the
 * core's reasons into messages. */
#include "session_input.h"

#include <stdio.h>
#include <string.h>

#include "tessera/input.h"

/* Copies a core reason (or the status name) into why. */
static int refuse(tsr_buf *reason, int rc, char *why, size_t cap)
{
    if (reason->len > 0)
        snprintf(why, cap, "%.*s", (int)reason->len, reason->data);
    else
        snprintf(why, cap, "%s", tsr_status_str(rc));
    tsr_buf_free(reason);
    return -1;
}

/* Sends what an encoder produced. */
static int send(session *s, tsr_buf *bytes, char *why, size_t cap)
{
    int rc = session_write(s, bytes->data, bytes->len);
    if (rc != 0)
        snprintf(why, cap, "%s", s->error);
    tsr_buf_free(bytes);
    return rc;
}

int session_press(session *s, const char *key, size_t len, char *why, size_t cap)
{
    tsr_key k;
    tsr_buf reason = {0}, bytes = {0};
    int rc = tsr_key_parse_why(key, len, &k, &reason);
    if (rc == TSR_OK)
        rc = tsr_encode_key_why(s->term, &k, &bytes, &reason);
    if (rc != TSR_OK) {
        tsr_buf_free(&bytes);
        return refuse(&reason, rc, why, cap);
    }
    tsr_buf_free(&reason);
    return send(s, &bytes, why, cap);
}

int session_type(session *s, const char *text, size_t len, char *why, size_t cap)
{
    tsr_buf bytes = {0}, none = {0};
    int rc = tsr_encode_text(s->term, text, len, &bytes);
    if (rc != TSR_OK) {
        tsr_buf_free(&bytes);
        return refuse(&none, rc, why, cap);
    }
    return send(s, &bytes, why, cap);
}

int session_paste(session *s, const char *text, size_t len, char *why, size_t cap)
{
    tsr_buf bytes = {0}, none = {0};
    int rc = tsr_encode_paste(s->term, text, len, &bytes);
    if (rc != TSR_OK) {
        tsr_buf_free(&bytes);
        return refuse(&none, rc, why, cap);
    }
    return send(s, &bytes, why, cap);
}

int session_click(session *s, int row, int col, char *why, size_t cap)
{
    return session_mouse(s, TSR_MOUSE_ACT_CLICK, TSR_MOUSE_BTN_LEFT, row, col, why, cap);
}

int session_mouse(session *s, int action, int button, int row, int col, char *why, size_t cap)
{
    tsr_buf bytes = {0}, reason = {0};
    int rc = tsr_encode_mouse_why(s->term, action, button, row, col, 0, &bytes, &reason);
    if (rc != TSR_OK) {
        tsr_buf_free(&bytes);
        return refuse(&reason, rc, why, cap);
    }
    tsr_buf_free(&reason);
    return send(s, &bytes, why, cap);
}

int session_focus(session *s, int in, char *why, size_t cap)
{
    tsr_buf bytes = {0}, reason = {0};
    int rc = tsr_encode_focus_why(s->term, in, &bytes, &reason);
    if (rc != TSR_OK) {
        tsr_buf_free(&bytes);
        return refuse(&reason, rc, why, cap);
    }
    tsr_buf_free(&reason);
    return send(s, &bytes, why, cap);
}
