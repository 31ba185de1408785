/* The style table alone (core/src/style.c): one id per distinct style,
 * found again whatever the table did since (grown, collected), the
 * reserved byte ignored, ids of collected styles recycled, and a full
 * table asking for a collection instead of growing without bound. */
#include <string.h>

#include "check.h"
#include "style.h"

/* A style made from n, distinct for distinct n: fg, bg, underline colour
 * and attributes all vary, so styles differ in every word. */
static tsr_style nth(uint32_t n)
{
    tsr_style s;
    memset(&s, 0, sizeof s);
    s.fg = TSR_COLOR_RGB(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff);
    s.bg = n % 3 ? TSR_COLOR_INDEXED(n % 256) : TSR_COLOR_DEFAULT;
    s.ul_color = n % 5 ? TSR_COLOR_DEFAULT : TSR_COLOR_INDEXED(n % 7);
    s.attrs = (uint16_t)(n % 11 == 0 ? TSR_ATTR_BOLD : 0);
    s.underline = (uint8_t)(n % 13 == 0 ? TSR_UNDERLINE_CURLY : TSR_UNDERLINE_NONE);
    s.link = n % 17 == 0 ? n : 0;
    return s;
}

static void default_is_zero(void)
{
    style_table st;
    CHECK(style_table_init(&st) == TSR_OK);
    tsr_style d;
    memset(&d, 0, sizeof d);
    uint32_t id = 99;
    CHECK(style_intern(&st, &d, &id) == TSR_OK && id == 0);
    d.reserved = 5; /* takes no part */
    CHECK(style_intern(&st, &d, &id) == TSR_OK && id == 0);
    CHECK(st.count == 1);
    CHECK(style_is_default(style_get(&st, 0)));
    style_table_free(&st);
}

static void same_style_same_id(void)
{
    style_table st;
    CHECK(style_table_init(&st) == TSR_OK);
    tsr_style a = nth(1), b = nth(1), c = nth(2);
    uint32_t ia, ib, ic;
    CHECK(style_intern(&st, &a, &ia) == TSR_OK && ia != 0);
    b.reserved = 0xff;
    CHECK(style_intern(&st, &b, &ib) == TSR_OK && ib == ia);
    CHECK(style_intern(&st, &c, &ic) == TSR_OK && ic != ia && ic != 0);
    CHECK(style_equal(style_get(&st, ia), &a));
    CHECK(style_equal(style_get(&st, ic), &c));
    /* styles that differ in one field only are different styles */
    tsr_style fields[6];
    for (int f = 0; f < 6; f++)
        fields[f] = a;
    fields[0].fg ^= 1;
    fields[1].bg = TSR_COLOR_INDEXED(200);
    fields[2].ul_color = TSR_COLOR_INDEXED(3);
    fields[3].attrs ^= TSR_ATTR_STRIKE;
    fields[4].underline = TSR_UNDERLINE_DASHED;
    fields[5].link ^= 7;
    uint32_t ids[6];
    for (int f = 0; f < 6; f++) {
        CHECK_MSG(style_intern(&st, &fields[f], &ids[f]) == TSR_OK, "field %d", f);
        CHECK_MSG(ids[f] != ia && ids[f] != ic && ids[f] != 0, "field %d shares an id", f);
        for (int g = 0; g < f; g++)
            CHECK_MSG(ids[f] != ids[g], "fields %d and %d share an id", f, g);
    }
    CHECK(st.count == 9 && st.live == 9);
    style_table_free(&st);
}

/* Fills the table until it asks for a collection; every style keeps its
 * id through each growth. Returns how many were added (ids 1..n). */
static uint32_t fill(style_table *st)
{
    uint32_t n = 0;
    for (;;) {
        tsr_style s = nth(n + 1);
        uint32_t id;
        int rc = style_intern(st, &s, &id);
        if (rc == STYLE_FULL)
            return n;
        if (!check_record(rc == TSR_OK && id == n + 1)) {
            fprintf(stderr, "%s:%d: style %u: rc %d id %u\n", __FILE__, __LINE__, n + 1, rc, id);
            return n;
        }
        n++;
    }
}

static void grows_then_asks_for_collection(void)
{
    style_table st;
    CHECK(style_table_init(&st) == TSR_OK);
    uint32_t cap0 = st.cap;
    uint32_t n = fill(&st);
    CHECK_MSG(n + 1 == st.cap && st.cap > cap0, "%u styles in a table of %u", n, st.cap);
    int found = 1;
    for (uint32_t i = 1; i <= n && found; i++) {
        tsr_style s = nth(i);
        uint32_t id;
        found = style_intern(&st, &s, &id) == TSR_OK && id == i &&
                style_equal(style_get(&st, id), &s);
        CHECK_MSG(found, "style %u lost after growing", i);
    }
    CHECK(st.count == n + 1 && st.live == n + 1);
    style_table_free(&st);
}

static void collection_recycles_ids(void)
{
    style_table st;
    CHECK(style_table_init(&st) == TSR_OK);
    uint32_t n = fill(&st);
    /* keep every third style */
    style_gc_begin(&st);
    for (uint32_t i = 3; i <= n; i += 3)
        style_gc_mark(&st, i);
    int released = style_gc_end(&st);
    uint32_t kept = n / 3;
    CHECK_MSG((uint32_t)released == n - kept, "released %d of %u", released, n);
    CHECK(st.live == kept + 1 && st.nfree == n - kept);
    for (uint32_t i = 3; i <= n; i += 3) {
        tsr_style s = nth(i);
        uint32_t id;
        if (!check_record(style_intern(&st, &s, &id) == TSR_OK && id == i)) {
            fprintf(stderr, "%s:%d: kept style %u not found at its id\n", __FILE__, __LINE__, i);
            break;
        }
    }
    CHECK(st.nfree == n - kept); /* finding adds nothing */
    /* a freed style comes back under a recycled id, the lowest first */
    tsr_style s = nth(1);
    uint32_t id;
    CHECK(style_intern(&st, &s, &id) == TSR_OK && id == 1);
    tsr_style t = nth(n + 100);
    CHECK(style_intern(&st, &t, &id) == TSR_OK && id == 2);
    CHECK(style_equal(style_get(&st, 2), &t));
    CHECK(style_intern(&st, &s, &id) == TSR_OK && id == 1);
    CHECK(st.count == n + 1); /* no new ids while recycled ones remain */
    /* collected too little: the next full table grows instead */
    style_gc_begin(&st);
    for (uint32_t i = 1; i <= n; i++)
        style_gc_mark(&st, i);
    CHECK(style_gc_end(&st) == 0);
    uint32_t cap = st.cap;
    tsr_style u = nth(n + 200);
    CHECK(style_intern(&st, &u, &id) == TSR_OK && id == n + 1 && st.cap == 2 * cap);
    style_table_free(&st);
}

static void clear_forgets(void)
{
    style_table st;
    CHECK(style_table_init(&st) == TSR_OK);
    for (uint32_t i = 1; i <= 200; i++) {
        tsr_style s = nth(i);
        uint32_t id;
        CHECK(style_intern(&st, &s, &id) == TSR_OK);
    }
    style_table_clear(&st);
    CHECK(st.count == 1 && st.live == 1);
    tsr_style s = nth(150);
    uint32_t id;
    CHECK(style_intern(&st, &s, &id) == TSR_OK && id == 1);
    style_table_free(&st);
}

int main(void)
{
    default_is_zero();
    same_style_same_id();
    grows_then_asks_for_collection();
    collection_recycles_ids();
    clear_forgets();
    return check_report();
}
