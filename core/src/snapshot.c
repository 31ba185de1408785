/* The public accessors and renderings of a revision snapshot: a view over
 * its retained rows, read by the same code as the live terminal. */
#include "history.h"
#include "render.h"
#include "view.h"

static void snap_view(const tsr_snapshot *s, view *v)
{
    v->ring = s->row;
    v->head = 0;
    v->mask = UINT32_MAX;
    v->rows = s->rows;
    v->cols = s->cols;
    v->styles = s->styles;
    v->cursor = s->cursor;
    v->modes = s->modes;
    v->mouse_tracking = s->mouse_tracking;
    v->mouse_encoding = s->mouse_encoding;
    v->alt = s->alt;
    v->title = s->title;
    v->title_len = s->title_len;
    v->icon = s->icon;
    v->icon_len = s->icon_len;
}

uint64_t tsr_snapshot_seq(const tsr_snapshot *s) { return s ? s->seq : 0; }
uint64_t tsr_snapshot_time_ns(const tsr_snapshot *s) { return s ? s->time_ns : 0; }
uint64_t tsr_snapshot_hash(const tsr_snapshot *s) { return s ? s->hash : 0; }
int tsr_snapshot_rows(const tsr_snapshot *s) { return s ? s->rows : 0; }
int tsr_snapshot_cols(const tsr_snapshot *s) { return s ? s->cols : 0; }
int tsr_snapshot_alt_screen(const tsr_snapshot *s) { return s ? s->alt : 0; }

void tsr_snapshot_cursor(const tsr_snapshot *s, tsr_cursor *out)
{
    if (s && out)
        *out = s->cursor;
}

#define WITH_VIEW(call)            \
    do {                           \
        if (!s || !out)            \
            return TSR_ERR_INVALID; \
        view v;                    \
        snap_view(s, &v);          \
        return call;               \
    } while (0)

int tsr_snapshot_cell(const tsr_snapshot *s, int row, int col, tsr_cell_info *out)
{
    WITH_VIEW(view_cell(&v, row, col, out));
}
int tsr_snapshot_render_text(const tsr_snapshot *s, tsr_buf *out)
{
    WITH_VIEW(view_render_text(&v, out));
}
int tsr_snapshot_render_exact(const tsr_snapshot *s, tsr_buf *out)
{
    WITH_VIEW(view_render_exact(&v, out));
}
int tsr_snapshot_render_styled(const tsr_snapshot *s, tsr_buf *out)
{
    WITH_VIEW(view_render_styled(&v, out));
}
int tsr_snapshot_render_json(const tsr_snapshot *s, tsr_buf *out)
{
    WITH_VIEW(view_render_json(&v, out));
}

int tsr_snapshot_render_row(const tsr_snapshot *s, int row, tsr_buf *out)
{
    if (!s || !out)
        return TSR_ERR_INVALID;
    if (row < 0 || row >= s->rows)
        return TSR_ERR_RANGE;
    return render_row(out, s->row[row], 0, s->cols, 1);
}

int tsr_snapshot_find_all(const tsr_snapshot *s, const char *needle, size_t len, int exact,
                          const tsr_region *region, tsr_match *out, size_t max, size_t *count)
{
    if (!s)
        return TSR_ERR_INVALID;
    view v;
    snap_view(s, &v);
    return view_find_all(&v, needle, len, exact, region, out, max, count);
}
