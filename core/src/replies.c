/* Replies the program is owed: device attributes, status and cursor
 * reports, the version, window-size reports and colour queries. They queue
 * here until the host takes them (tsr_term_take_replies). The queue is
 * bounded: a program that floods queries without reading loses the excess. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "term.h"

#define REPLY_QUEUE_MAX (64 * 1024)
#define CELL_PX_W 8
#define CELL_PX_H 16

void term_reply(tsr_term *t, const char *s)
{
    size_t n = strlen(s);
    if (t->replies.len + n > REPLY_QUEUE_MAX) {
        term_note(t, "reply", "queue full, reply dropped");
        return;
    }
    term_fail(t, buf_append(&t->replies, s, n));
}

void term_replyf_csi(tsr_term *t, const char *prefix, const int *nums, int n, const char *suffix)
{
    char out[128];
    size_t len = (size_t)snprintf(out, sizeof out, "%s", prefix);
    for (int i = 0; i < n && len < sizeof out; i++)
        len += (size_t)snprintf(out + len, sizeof out - len, i ? ";%d" : "%d", nums[i]);
    if (len < sizeof out)
        snprintf(out + len, sizeof out - len, "%s", suffix);
    term_reply(t, out);
}

void term_device_attributes(tsr_term *t, const parser_seq *s)
{
    int p = s->nparams && s->params[0] > 0 ? s->params[0] : 0;
    if (p != 0)
        return;
    if (s->marker == '>')
        term_reply(t, "\x1b[>1;10;0c"); /* a VT220, firmware 10 */
    else if (s->marker == '=')
        term_reply(t, "\x1bP!|00000000\x1b\\"); /* DA3: the unit id xterm gives */
    else
        /* A VT420 (xterm's default class) with what tessera has of its list:
         * 132 columns, selective erase, horizontal scrolling, ANSI colour and
         * rectangular editing (xterm ctlseqs, DA1 for ids of 200 and up). */
        term_reply(t, "\x1b[?64;1;6;21;22;28c");
}

void term_device_status(tsr_term *t, const parser_seq *s)
{
    int p = s->nparams && s->params[0] >= 0 ? s->params[0] : 0;
    int row = t->y + 1 - (mode_get(t, M_DECOM) ? t->top : 0);
    int col = t->x + 1 - (mode_get(t, M_DECOM) ? t->left : 0);
    if (s->marker == '?') {
        if (p == 6) {
            int nums[3] = {row, col, 1};
            term_replyf_csi(t, "\x1b[?", nums, 3, "R");
        } else if (p == 15) {
            term_reply(t, "\x1b[?13n"); /* no printer */
        } else if (p == 25) {
            term_reply(t, "\x1b[?20n"); /* user-defined keys unlocked */
        } else if (p == 26) {
            term_reply(t, "\x1b[?27;1;0;0n"); /* North American keyboard, ready */
        } else if (p == 53 || p == 55) {
            term_reply(t, "\x1b[?50n"); /* no locator device */
        } else if (p == 56) {
            term_reply(t, "\x1b[?57;0n"); /* locator type: none */
        } else if (p == 62) {
            term_reply(t, "\x1b[0000*{"); /* macro space: none, as xterm words it */
        } else if (p == 63) {
            /* memory checksum of the (absent) macros, with the request's id */
            char out[32];
            int id = s->nparams > 1 && s->params[1] >= 0 ? s->params[1] : 0;
            snprintf(out, sizeof out, "\x1bP%d!~0000\x1b\\", id > 65535 ? 65535 : id);
            term_reply(t, out);
        } else if (p == 75) {
            term_reply(t, "\x1b[?70n"); /* no communication errors */
        } else if (p == 85) {
            term_reply(t, "\x1b[?83n"); /* multiple sessions: not configured */
        } else {
            term_note_seq(t, "CSI", s, 'n', "unhandled");
        }
        return;
    }
    if (p == 5) {
        term_reply(t, "\x1b[0n");
    } else if (p == 6) {
        int nums[2] = {row, col};
        term_replyf_csi(t, "\x1b[", nums, 2, "R");
    } else {
        term_note_seq(t, "CSI", s, 'n', "unhandled");
    }
}

void term_terminal_parameters(tsr_term *t, const parser_seq *s)
{
    int p = s->nparams && s->params[0] > 0 ? s->params[0] : 0;
    if (p > 1)
        return;
    /* no parity, 8 bits, 38400 baud both ways, clock multiplier 1, no flags:
     * what xterm reports (as a VT100) */
    int nums[7] = {p + 2, 1, 1, 128, 128, 1, 0};
    term_replyf_csi(t, "\x1b[", nums, 7, "x");
}

/* DECCIR: where the cursor is and how it writes, as DEC STD 070 lays it
 * out and xterm fills it in. */
static void cursor_information(tsr_term *t)
{
    static const char designators[] = {[CS_ASCII] = 'B', [CS_DEC_GRAPHICS] = '0', [CS_UK] = 'A'};
    int row = t->y + 1, col = t->x + 1;
    const tsr_style *pen = &t->pen;
    int rendition = (pen->attrs & TSR_ATTR_BOLD ? 1 : 0) | (pen->underline ? 2 : 0) |
                    (pen->attrs & TSR_ATTR_BLINK ? 4 : 0) | (pen->attrs & TSR_ATTR_INVERSE ? 8 : 0);
    int flags = (mode_get(t, M_DECOM) ? 1 : 0) | (t->single_shift == 2 ? 2 : 0) |
                (t->single_shift == 3 ? 4 : 0) | (t->pending_wrap ? 8 : 0);
    char out[96];
    /* Pgr is G2 (the VT220's default; tessera decodes UTF-8, not GR); every
     * set tessera designates has 94 characters, which xterm reports as 'O' */
    snprintf(out, sizeof out, "\x1bP1$u%d;%d;1;%c;%c;%c;%d;2;O;%c%c%c%c\x1b\\", row, col,
             0x40 | rendition, 0x40 | (t->protect ? 1 : 0), 0x40 | flags, t->gl,
             designators[t->cs[0] % 3], designators[t->cs[1] % 3], designators[t->cs[2] % 3],
             designators[t->cs[3] % 3]);
    term_reply(t, out);
}

/* DECTABSR: the columns of the tab stops, '/' between them. */
static void tab_stops(tsr_term *t)
{
    tsr_buf out = {0};
    int rc = buf_append(&out, "\x1bP2$u", 5), first = 1;
    for (int x = 0; x < t->cols && rc == TSR_OK; x++) {
        if (!t->tabs[x])
            continue;
        char num[16];
        int n = snprintf(num, sizeof num, "%s%d", first ? "" : "/", x + 1);
        rc = buf_append(&out, num, (size_t)n);
        first = 0;
    }
    if (rc == TSR_OK)
        rc = buf_append(&out, "\x1b\\", 2); /* the buffer stays NUL-terminated */
    if (rc == TSR_OK)
        term_reply(t, out.data);
    else
        term_fail(t, rc);
    tsr_buf_free(&out);
}

void term_presentation_report(tsr_term *t, const parser_seq *s)
{
    int p = s->nparams && s->params[0] > 0 ? s->params[0] : 0;
    if (p == 1)
        cursor_information(t);
    else if (p == 2)
        tab_stops(t);
    else
        term_note_seq(t, "CSI", s, 'w', "unhandled");
}

/* DECRQTSR (DEC STD 070): Ps 1 the terminal state (DECTSR: the modes set,
 * modes.c), Ps 2 the colour table (DECCTR: the palette, in DEC's HLS by
 * default or when Pu is 1, in RGB when Pu is 2). */
void term_terminal_state_report(tsr_term *t, const parser_seq *s)
{
    int p = s->nparams && s->params[0] > 0 ? s->params[0] : 0;
    int space = s->nparams > 1 && s->params[1] > 0 ? s->params[1] : 1;
    if ((p != 1 && p != 2) || (p == 2 && space > 2)) {
        term_note_seq(t, "CSI", s, 'u', "unhandled");
        return;
    }
    tsr_buf out = {0};
    int rc = buf_puts(&out, p == 1 ? "\x1bP1$s" : "\x1bP2$s");
    if (rc == TSR_OK)
        rc = p == 1 ? term_mode_state(t, &out) : colours_table_report(&t->colours, space == 2, &out);
    if (rc == TSR_OK)
        rc = buf_puts(&out, "\x1b\\"); /* the buffer stays NUL-terminated */
    if (rc == TSR_OK)
        term_reply(t, out.data);
    else
        term_fail(t, rc);
    tsr_buf_free(&out);
}

void term_version_report(tsr_term *t)
{
    term_reply(t, "\x1bP>|tessera 0.1.0\x1b\\");
}

static int dup_str(const char *s, size_t n, char **out)
{
    if (!s) {
        *out = NULL;
        return TSR_OK;
    }
    char *c = malloc(n + 1);
    if (!c)
        return TSR_ERR_NOMEM;
    memcpy(c, s, n);
    c[n] = '\0';
    *out = c;
    return TSR_OK;
}

static void push_title(tsr_term *t)
{
    if (t->title_depth == TSR_TITLE_STACK_DEPTH) {
        /* full: the oldest entry falls off, as in xterm */
        free(t->title_stack[0].title);
        free(t->title_stack[0].icon);
        memmove(&t->title_stack[0], &t->title_stack[1],
                sizeof t->title_stack[0] * (TSR_TITLE_STACK_DEPTH - 1));
        t->title_depth--;
    }
    title_entry *e = &t->title_stack[t->title_depth];
    if (dup_str(t->title, t->title_len, &e->title) || dup_str(t->icon, t->icon_len, &e->icon)) {
        free(e->title);
        e->title = NULL;
        term_fail(t, TSR_ERR_NOMEM);
        return;
    }
    t->title_depth++;
}

static void pop_title(tsr_term *t, int which)
{
    if (t->title_depth == 0)
        return;
    title_entry *e = &t->title_stack[--t->title_depth];
    if (which == 0 || which == 2) {
        free(t->title);
        t->title = e->title;
        t->title_len = e->title ? strlen(e->title) : 0;
        e->title = NULL;
    }
    if (which == 0 || which == 1) {
        free(t->icon);
        t->icon = e->icon;
        t->icon_len = e->icon ? strlen(e->icon) : 0;
        e->icon = NULL;
    }
    free(e->title);
    free(e->icon);
    e->title = e->icon = NULL;
}

void term_window_ops(tsr_term *t, const parser_seq *s)
{
    int op = s->nparams && s->params[0] >= 0 ? s->params[0] : 0;
    int which = s->nparams > 1 && s->params[1] >= 0 ? s->params[1] : 0;
    switch (op) {
    case 11: term_reply(t, "\x1b[1t"); return; /* not iconified */
    case 13: {
        int nums[3] = {3, 0, 0};
        term_replyf_csi(t, "\x1b[", nums, 3, "t");
        return;
    }
    case 14: {
        int nums[3] = {4, t->rows * CELL_PX_H, t->cols * CELL_PX_W};
        term_replyf_csi(t, "\x1b[", nums, 3, "t");
        return;
    }
    case 16: {
        int nums[3] = {6, CELL_PX_H, CELL_PX_W};
        term_replyf_csi(t, "\x1b[", nums, 3, "t");
        return;
    }
    case 18: case 19: {
        int nums[3] = {op == 18 ? 8 : 9, t->rows, t->cols};
        term_replyf_csi(t, "\x1b[", nums, 3, "t");
        return;
    }
    case 22: push_title(t); return;
    case 23: pop_title(t, which); return;
    default:
        term_note_seq(t, "CSI", s, 't', "window operation not supported");
        return;
    }
}

void term_color_report(tsr_term *t, int osc, int index, uint32_t rgb, uint8_t term_byte)
{
    char out[64];
    unsigned r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
    const char *end = term_byte == 0x07 ? "\a" : "\x1b\\";
    if (osc == 4)
        snprintf(out, sizeof out, "\x1b]4;%d;rgb:%02x%02x/%02x%02x/%02x%02x%s", index, r, r, g, g,
                 b, b, end);
    else
        snprintf(out, sizeof out, "\x1b]%d;rgb:%02x%02x/%02x%02x/%02x%02x%s", osc, r, r, g, g, b,
                 b, end);
    term_reply(t, out);
}

int tsr_term_take_replies(tsr_term *t, tsr_buf *out)
{
    if (!t || !out)
        return TSR_ERR_INVALID;
    int rc = buf_append(out, t->replies.data ? t->replies.data : "", t->replies.len);
    if (rc)
        return rc;
    buf_clear(&t->replies);
    return TSR_OK;
}

size_t tsr_term_pending_replies(const tsr_term *t)
{
    return t ? t->replies.len : 0;
}
