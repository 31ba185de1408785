/* OSC 8 hyperlink ids: interned, collected when nothing shows them any
 * more (the live screen, its scrollback, the pen, a saved cursor or a kept
 * revision), reset by RIS, and bounded (distinct live links, URI length). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera/tessera.h"

#include "check.h"

/* More than the old fixed table of 4096 URIs. */
#define MANY 5000

static tsr_term *new_term(int rows, int cols, int scrollback)
{
    tsr_options o;
    tsr_options_default(&o);
    o.rows = rows;
    o.cols = cols;
    o.scrollback = scrollback;
    tsr_term *t = NULL;
    CHECK(tsr_term_new(&o, &t) == TSR_OK);
    return t;
}

static void feed(tsr_term *t, const char *s)
{
    CHECK(tsr_term_feed(t, s, strlen(s)) == TSR_OK);
}

/* Prints one cell "L" linked to https://example.com/<prefix><i>. */
static void print_link(tsr_term *t, const char *prefix, int i)
{
    char s[128];
    snprintf(s, sizeof s, "\x1b]8;;https://example.com/%s%d\x1b\\L\x1b]8;;\x1b\\", prefix, i);
    feed(t, s);
}

static uint32_t link_at(tsr_term *t, int row, int col)
{
    tsr_cell_info c;
    CHECK(tsr_term_cell(t, row, col, &c) == TSR_OK);
    return c.style.link;
}

/* Whether id resolves to exactly uri. */
static int resolves(tsr_term *t, uint32_t id, const char *uri)
{
    tsr_buf b = {0};
    int ok = tsr_term_hyperlink(t, id, &b) == TSR_OK && b.data && strcmp(b.data, uri) == 0;
    tsr_buf_free(&b);
    return ok;
}

/* After more distinct links than the old table held and ESC c, a new link
 * still gets an id that resolves, and so does every link after it: the
 * ids of the old links, which nothing shows any more, are reused. */
static void test_ris_frees_links(void)
{
    tsr_term *t = new_term(24, 80, 0);
    for (int i = 0; i < MANY; i++)
        print_link(t, "old/", i);
    feed(t, "\x1b" "c");
    print_link(t, "after-reset/", 0);
    uint32_t id = link_at(t, 0, 0);
    CHECK_MSG(id != 0, "a link after RIS got no id");
    CHECK(resolves(t, id, "https://example.com/after-reset/0"));
    int missing = 0;
    for (int i = 1; i <= TSR_MAX_LIVE_LINKS; i++) {
        feed(t, "\x1b[H");
        print_link(t, "after-reset/", i);
        if (link_at(t, 0, 0) == 0)
            missing++;
    }
    CHECK_MSG(missing == 0, "%d links after RIS got no id", missing);
    /* no id still names an old link's URI */
    int stale = 0;
    tsr_buf b = {0};
    for (uint32_t old = 1; old <= MANY; old++) {
        tsr_buf_clear(&b);
        if (tsr_term_hyperlink(t, old, &b) == TSR_OK && b.data &&
            strncmp(b.data, "https://example.com/old/", 24) == 0)
            stale++;
    }
    CHECK_MSG(stale == 0, "%d old ids still resolve to their old URIs", stale);
    tsr_buf_free(&b);
    tsr_term_free(t);
}

/* A program that keeps printing new links on a scrolling screen never runs
 * out of ids: the ones scrolled away are collected. */
static void test_scrolled_away_links_are_collected(void)
{
    tsr_term *t = new_term(4, 20, 10);
    feed(t, "\x1b[4;1H"); /* each link lands on row 2 once the screen scrolls */
    int missing = 0;
    for (int i = 0; i < 3 * MANY; i++) {
        print_link(t, "log/", i);
        feed(t, "\r\n");
        if (link_at(t, 2, 0) == 0)
            missing++;
    }
    CHECK_MSG(missing == 0, "%d links got no id", missing);
    /* the last one printed still resolves */
    char uri[64];
    snprintf(uri, sizeof uri, "https://example.com/log/%d", 3 * MANY - 1);
    CHECK(resolves(t, link_at(t, 2, 0), uri));
    tsr_term_free(t);
}

/* Collection keeps what a kept revision shows and the pen a saved cursor
 * holds, while thousands of other links come and go. */
static void test_kept_links_survive_collection(void)
{
    tsr_term *t = new_term(4, 20, 0);
    const char *shown = "\x1b]8;;https://kept.example/\x1b\\K\x1b]8;;\x1b\\";
    tsr_frame f = {.type = TSR_FRAME_OUTPUT, .time_ns = 1, .data = (const uint8_t *)shown,
                   .len = strlen(shown)};
    int made = 0;
    CHECK(tsr_term_apply_frame(t, &f, &made) == TSR_OK && made == 1);
    uint64_t kept_rev = tsr_term_revision(t);
    /* a saved cursor's pen holds a link; then the screen is wiped */
    feed(t, "\x1b]8;;https://saved.example/\x1b\\\x1b" "7\x1b]8;;\x1b\\\x1b[2J");
    for (int i = 0; i < 2 * MANY; i++) {
        feed(t, "\x1b[H");
        print_link(t, "flood/", i);
    }
    feed(t, "\x1b" "8\x1b[3;1HS");
    CHECK_MSG(resolves(t, link_at(t, 2, 0), "https://saved.example/"),
              "the saved cursor's link no longer resolves");
    const tsr_snapshot *s;
    CHECK(tsr_term_history_get(t, kept_rev, &s) == TSR_OK);
    tsr_cell_info c;
    CHECK(tsr_snapshot_cell(s, 0, 0, &c) == TSR_OK && c.ncps == 1 && c.cps[0] == 'K');
    CHECK_MSG(resolves(t, c.style.link, "https://kept.example/"),
              "the link a kept revision shows no longer resolves");
    tsr_term_free(t);
}

/* Bounds: a URI longer than the limit is not stored; the text is written
 * without a link and the sequence is noted. */
static void test_uri_length_bound(void)
{
    tsr_term *t = new_term(4, 20, 0);
    size_t n = TSR_MAX_LINK_URI_BYTES + 1;
    char *s = malloc(n + 32);
    CHECK(s != NULL);
    if (!s)
        return;
    memcpy(s, "\x1b]8;;", 5);
    memset(s + 5, 'u', n);
    memcpy(s + 5 + n, "\x1b\\X", 4);
    feed(t, s);
    CHECK(link_at(t, 0, 0) == 0);
    CHECK(tsr_term_unhandled_count(t) == 1);
    /* exactly at the limit is kept */
    memset(s + 5, 'u', n);
    memcpy(s + 5 + n - 1, "\x1b\\Y", 4);
    feed(t, s);
    uint32_t id = link_at(t, 0, 1);
    CHECK(id != 0);
    tsr_buf b = {0};
    CHECK(tsr_term_hyperlink(t, id, &b) == TSR_OK && b.len == n - 1);
    tsr_buf_free(&b);
    free(s);
    tsr_term_free(t);
}

/* More distinct links alive at once than the bound: the ones past it are
 * written without a link and noted; nothing already shown changes. */
static void test_live_link_bound(void)
{
    tsr_term *t = new_term(100, 100, 0);
    int cells = 100 * 100;
    CHECK(cells > TSR_MAX_LIVE_LINKS);
    for (int i = 0; i < TSR_MAX_LIVE_LINKS + 10; i++)
        print_link(t, "live/", i);
    int linked = 0;
    for (int i = 0; i < TSR_MAX_LIVE_LINKS + 10; i++)
        if (link_at(t, i / 100, i % 100))
            linked++;
    CHECK_MSG(linked == TSR_MAX_LIVE_LINKS, "%d cells linked", linked);
    CHECK(resolves(t, link_at(t, 0, 0), "https://example.com/live/0"));
    CHECK(tsr_term_unhandled_count(t) >= 1);
    tsr_term_free(t);
}

int main(void)
{
    test_ris_frees_links();
    test_scrolled_away_links_are_collected();
    test_kept_links_survive_collection();
    test_uri_length_bound();
    test_live_link_bound();
    return check_report();
}
