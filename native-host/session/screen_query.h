/* What an expectation looks for on the screen: a literal text or a pattern
 * (one row at a time), and optionally how every cell of a match must look
 * (highlighted menu rows: inverse video, a background colour). */
#ifndef TSR_CLI_SCREEN_QUERY_H
#define TSR_CLI_SCREEN_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "pattern.h"
#include "tessera/tessera.h"

/* A wanted colour: the default, a palette index, or #rrggbb (which a
 * palette index of that default colour also matches). */
typedef struct color_want {
    int kind; /* 0: not wanted, 1: default, 2: index, 3: rgb */
    uint32_t value;
} color_want;

typedef struct style_want {
    color_want fg, bg;
    uint16_t attrs_on, attrs_off; /* TSR_ATTR_* that must be set / clear */
    int underline;                /* -1: any, 0: none, 1: some underline */
} style_want;

/* Nothing wanted: any look. */
void style_want_none(style_want *w);
int style_want_any(const style_want *w);

/* One style word: bold, italic, underline, inverse, dim, blink, hidden,
 * strike, overline (set), NAME=false (clear), fg=COLOR, bg=COLOR (COLOR: 0
 * to 255, #rrggbb or default). Returns 0, or -1 with why. */
int style_want_word(style_want *w, const char *word, size_t len, char *why, size_t cap);
/* The wanted style as words again ("fg=2 bold"), for messages. */
void style_want_describe(const style_want *w, char *out, size_t cap);

typedef struct screen_query {
    const char *text; /* a literal (len bytes), or NULL with re */
    size_t len;
    const pattern *re;
    const style_want *style; /* NULL: any look */
} screen_query;

/* The matches on the visible screen whose every cell looks as wanted, in
 * reading order: up to max into out (may be NULL with max 0), their number
 * into *count. Returns TSR_OK or a core error. */
int screen_query_find(const tsr_term *t, const screen_query *q, tsr_match *out, size_t max,
                      size_t *count);

#endif
