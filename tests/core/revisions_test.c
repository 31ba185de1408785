/* Frames, revisions and the history: encoding, applying, what makes a
 * revision and what does not, immutability, sharing and eviction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"


static int out(tsr_term *t, uint64_t ns, const char *s)
{
    tsr_frame f = {.type = TSR_FRAME_OUTPUT, .time_ns = ns, .data = (const uint8_t *)s,
                   .len = strlen(s)};
    int made = -1;
    CHECK(tsr_term_apply_frame(t, &f, &made) == TSR_OK);
    return made;
}

static void test_encode_decode(void)
{
    tsr_buf b = {0};
    tsr_frame in[5] = {
        {.type = TSR_FRAME_OUTPUT, .time_ns = 123456789012ull, .data = (const uint8_t *)"hi\x1b[m", .len = 5},
        {.type = TSR_FRAME_RESIZE, .time_ns = 2, .rows = 30, .cols = 100},
        {.type = TSR_FRAME_RESET, .time_ns = 3},
        {.type = TSR_FRAME_EXIT, .time_ns = 4, .exit_code = -1, .exit_signal = 9},
        {.type = TSR_FRAME_INPUT_ACK, .time_ns = 5, .action_id = 0x1122334455667788ull},
    };
    for (int i = 0; i < 5; i++)
        CHECK(tsr_frame_encode(&in[i], &b) == TSR_OK);
    CHECK(b.len == 16 * 5 + 5 + 4 + 0 + 8 + 8);
    /* the header bytes are exactly as documented */
    CHECK((uint8_t)b.data[0] == 1 && (uint8_t)b.data[1] == 1 && b.data[2] == 0 && b.data[3] == 0);
    CHECK((uint8_t)b.data[4] == 5 && b.data[5] == 0);
    CHECK((uint8_t)b.data[8] == (123456789012ull & 0xff));
    size_t at = 0;
    for (int i = 0; i < 5; i++) {
        tsr_frame f;
        size_t used;
        /* every strict prefix is incomplete, never an error */
        for (size_t cut = 0; cut < 16; cut++)
            CHECK(tsr_frame_decode(b.data + at, cut, &f, &used) == TSR_ERR_AGAIN);
        CHECK(tsr_frame_decode(b.data + at, b.len - at, &f, &used) == TSR_OK);
        CHECK(f.type == in[i].type && f.time_ns == in[i].time_ns);
        at += used;
        if (i == 0)
            CHECK(f.len == 5 && memcmp(f.data, "hi\x1b[m", 5) == 0);
        if (i == 1)
            CHECK(f.rows == 30 && f.cols == 100);
        if (i == 3)
            CHECK(f.exit_code == -1 && f.exit_signal == 9);
        if (i == 4)
            CHECK(f.action_id == 0x1122334455667788ull);
    }
    CHECK(at == b.len);
    /* invalid: unknown type, wrong version, wrong payload size, bad size */
    tsr_frame f;
    size_t used;
    uint8_t bad[24] = {9, 1};
    CHECK(tsr_frame_decode(bad, sizeof bad, &f, &used) == TSR_ERR_FORMAT);
    CHECK(tsr_frame_decode(bad, 1, &f, &used) == TSR_ERR_FORMAT);
    uint8_t badv[16] = {1, 2};
    CHECK(tsr_frame_decode(badv, 16, &f, &used) == TSR_ERR_FORMAT);
    uint8_t badlen[16] = {2, 1, 0, 0, 5};
    CHECK(tsr_frame_decode(badlen, 16, &f, &used) == TSR_ERR_FORMAT);
    uint8_t badsize[20] = {2, 1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 80, 0};
    CHECK(tsr_frame_decode(badsize, 20, &f, &used) == TSR_ERR_FORMAT);
    tsr_frame huge = {.type = TSR_FRAME_RESIZE, .rows = 0, .cols = 10};
    CHECK(tsr_frame_encode(&huge, &b) == TSR_ERR_INVALID);
    tsr_buf_free(&b);
}

/* A mark (a test's step in a trace) round-trips with its label, and applying
 * it changes nothing a person sees: no revision. */
static void test_mark_frame(void)
{
    tsr_buf b = {0};
    tsr_frame m = {.type = TSR_FRAME_MARK, .time_ns = 77, .data = (const uint8_t *)"type 5 bytes",
                   .len = 12};
    CHECK(tsr_frame_encode(&m, &b) == TSR_OK);
    CHECK(b.len == 16 + 12 && (uint8_t)b.data[0] == 7);
    tsr_frame f;
    size_t used;
    CHECK(tsr_frame_decode(b.data, 1, &f, &used) == TSR_ERR_AGAIN);
    CHECK(tsr_frame_decode(b.data, b.len, &f, &used) == TSR_OK);
    CHECK(used == b.len && f.type == TSR_FRAME_MARK && f.time_ns == 77);
    CHECK(f.len == 12 && memcmp(f.data, "type 5 bytes", 12) == 0);
    tsr_options o;
    tsr_options_default(&o);
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    int made = -1;
    CHECK(tsr_term_apply_frame(t, &f, &made) == TSR_OK && made == 0);
    CHECK(tsr_term_revision(t) == 0);
    tsr_term_free(t);
    tsr_buf_free(&b);
}

static void test_what_makes_revisions(void)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = 4;
    o.cols = 20;
    tsr_term *t;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    CHECK(tsr_term_revision(t) == 0);
    CHECK(out(t, 10, "hello") == 1);
    CHECK(tsr_term_revision(t) == 1);
    /* identical redraw, title, bell, clipboard: nothing a person sees */
    CHECK(out(t, 20, "\rhello") == 0);
    CHECK(out(t, 30, "\x1b]2;title\x07\x07") == 0);
    CHECK(out(t, 35, "\x1b]52;c;aGk=\x07") == 0);
    CHECK(out(t, 36, "") == 0);
    /* style, cursor move, visibility, shape, alt screen, reverse video do */
    CHECK(out(t, 40, "\r\x1b[1mhello") == 1);
    CHECK(out(t, 50, "\x1b[2;1H") == 1);
    CHECK(out(t, 60, "\x1b[?25l") == 1);
    CHECK(out(t, 70, "\x1b[5 q") == 1);
    CHECK(out(t, 80, "\x1b[?1049h") == 1);
    CHECK(out(t, 90, "\x1b[?5h") == 1);
    tsr_frame rs = {.type = TSR_FRAME_RESIZE, .time_ns = 100, .rows = 5, .cols = 20};
    int made;
    CHECK(tsr_term_apply_frame(t, &rs, &made) == TSR_OK && made == 1);
    tsr_frame ack = {.type = TSR_FRAME_INPUT_ACK, .time_ns = 110, .action_id = 7};
    CHECK(tsr_term_apply_frame(t, &ack, &made) == TSR_OK && made == 0);
    tsr_frame ex = {.type = TSR_FRAME_EXIT, .time_ns = 120, .exit_code = 3};
    CHECK(tsr_term_apply_frame(t, &ex, &made) == TSR_OK && made == 0);
    int code = -9, sig = -9;
    CHECK(tsr_term_exit_status(t, &code, &sig) == 1 && code == 3 && sig == 0);
    /* each revision carries its frame's time */
    const tsr_snapshot *s;
    CHECK(tsr_term_history_get(t, 1, &s) == TSR_OK && tsr_snapshot_time_ns(s) == 10);
    CHECK(tsr_term_history_get(t, tsr_term_revision(t), &s) == TSR_OK &&
          tsr_snapshot_time_ns(s) == 100 && tsr_snapshot_rows(s) == 5);
    CHECK(tsr_term_history_get(t, tsr_term_revision(t) + 1, &s) == TSR_ERR_RANGE);
    tsr_term_free(t);
}

static void test_snapshots_are_immutable(void)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = 3;
    o.cols = 10;
    tsr_term *t;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    out(t, 1, "idle");
    out(t, 2, "\rsaving");
    out(t, 3, "\r\x1b[Kcomplete\r\n\x1b[31mred\x1b[0m\x1b[2J");
    tsr_buf b = {0};
    const tsr_snapshot *s;
    CHECK(tsr_term_history_get(t, 1, &s) == TSR_OK);
    CHECK(tsr_snapshot_render_text(s, &b) == TSR_OK && strcmp(b.data, "idle") == 0);
    tsr_buf_clear(&b);
    CHECK(tsr_term_history_get(t, 2, &s) == TSR_OK);
    CHECK(tsr_snapshot_render_text(s, &b) == TSR_OK && strcmp(b.data, "saving") == 0);
    tsr_match m[4];
    size_t n = 0;
    CHECK(tsr_snapshot_find_all(s, "saving", 6, 0, NULL, m, 4, &n) == TSR_OK && n == 1 &&
          m[0].row == 0 && m[0].col == 0 && m[0].cells == 6);
    tsr_buf_clear(&b);
    /* the live screen was erased; revision 2 still shows what it showed */
    CHECK(tsr_render_text(t, &b) == TSR_OK && strcmp(b.data, "") == 0);
    tsr_buf_free(&b);
    tsr_term_free(t);
}

static void test_sharing_and_eviction(void)
{
    tsr_options o;
    tsr_options_default(&o);
    o.history.max_revisions = 50;
    tsr_term *t;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    char line[64];
    for (int i = 0; i < 200; i++) {
        /* one changing row, like a status line under a static screen */
        snprintf(line, sizeof line, "\x1b[24;1Hstep %d", i);
        CHECK(out(t, (uint64_t)i + 1, line) == 1);
    }
    tsr_history_stats st;
    tsr_term_history_stats(t, &st);
    CHECK(st.revisions == 50);
    CHECK(st.evicted == 151);
    CHECK(st.decoded_bytes * 10 < st.full_copy_bytes); /* rows are shared */
    CHECK(tsr_term_oldest_revision(t) == 151);
    const tsr_snapshot *s;
    CHECK(tsr_term_history_get(t, 150, &s) == TSR_ERR_EVICTED);
    CHECK(tsr_term_history_get(t, 151, &s) == TSR_OK);
    tsr_term_free(t);

    /* the raw-bytes bound evicts too */
    o.history.max_revisions = 0;
    o.history.max_raw_bytes = 1000;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    for (int i = 0; i < 100; i++) {
        snprintf(line, sizeof line, "\r%-40d", i);
        out(t, (uint64_t)i + 1, line);
    }
    tsr_term_history_stats(t, &st);
    CHECK(st.raw_bytes <= 1000 && st.revisions < 100 && st.revisions > 1);
    tsr_term_free(t);
}

int main(void)
{
    test_encode_decode();
    test_mark_frame();
    test_what_makes_revisions();
    test_snapshots_are_immutable();
    test_sharing_and_eviction();
    return check_report();
}
