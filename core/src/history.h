/* Revisions and their bounded history. A revision is an immutable
 * snapshot of what a person would see; its rows are shared (reference
 * counted) with the live grid and with neighbouring revisions, so a
 * revision costs only the rows that changed. */
#ifndef TSR_HISTORY_H
#define TSR_HISTORY_H

#include "grid.h"
#include "view.h"

/* The colours a revision shows, shared by the neighbours that show the same. */
typedef struct kept_colours {
    uint32_t refs;
    screen_colours c;
} kept_colours;

struct tsr_snapshot {
    uint64_t seq, time_ns, hash;
    view view;          /* over row[], with its own copies of the texts */
    char *title, *icon; /* owned; view.meta points at them */
    kept_colours *colours; /* NULL when the program set none; view.meta points at it */
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
/* Before recording: a row of g rewritten with text the newest revision
 * already holds takes that kept row back, so revisions share it. */
void history_share_rows(const history *h, grid *g);
/* Records a revision of what v shows at time_ns if it differs from the
 * newest one; *made says whether it did. v's rows are retained. */
int history_record(history *h, const view *v, uint64_t time_ns, uint64_t raw_bytes, int *made);
/* The newest and oldest revision numbers kept (0 when none). */
uint64_t history_newest_seq(const history *h);
uint64_t history_oldest_seq(const history *h);
/* Revision seq: TSR_ERR_RANGE if never made, TSR_ERR_EVICTED if dropped. */
int history_get(const history *h, uint64_t seq, const tsr_snapshot **out);
void history_stats(const history *h, tsr_history_stats *out);
/* Marks the style ids the kept revisions use (for the style collector). */
void history_mark_styles(const history *h, style_table *st);
uint64_t snapshot_row_bytes(const row *r);

#endif
