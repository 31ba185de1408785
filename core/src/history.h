/* Revisions and their bounded history. A revision is an immutable
 * snapshot of what a person would see; its rows are shared (reference
 * counted) with the live grid and with neighbouring revisions, so a
 * revision costs only the rows that changed. */
#ifndef TSR_HISTORY_H
#define TSR_HISTORY_H

#include "row.h"
#include "style.h"

struct tsr_snapshot {
    uint64_t seq, time_ns, hash;
    int rows, cols, alt;
    tsr_cursor cursor;
    uint32_t modes;
    int mouse_tracking, mouse_encoding;
    char *title, *icon;
    size_t title_len, icon_len;
    const style_table *styles;
    uint64_t raw_bytes; /* output bytes between the previous revision and this */
    uint64_t own_bytes; /* bytes of rows the previous revision did not have */
    row *row[];         /* retained */
};

typedef struct history {
    tsr_snapshot **ring;
    uint32_t cap, start, count;
    uint64_t next_seq;
    tsr_history_limits lim;
    uint64_t raw_total, decoded_total, full_total, evicted;
} history;


int history_init(history *h, const tsr_history_limits *lim);
void history_free(history *h);
/* Records a revision of t's current state at time_ns if it differs from
 * the newest one; *made says whether it did. */
int history_record(tsr_term *t, uint64_t time_ns, uint64_t raw_bytes, int *made);
/* Marks the style ids the kept revisions use (for the style collector). */
void history_mark_styles(const history *h, style_table *st);
uint64_t snapshot_row_bytes(const row *r);

#endif
