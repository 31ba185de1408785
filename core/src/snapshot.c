/* The public accessors and renderings of a revision snapshot: its view is
 * read by the same code as the live terminal's. */
#include "history.h"
#include "render.h"

uint64_t tsr_snapshot_seq(const tsr_snapshot *s) { return s ? s->seq : 0; }
uint64_t tsr_snapshot_time_ns(const tsr_snapshot *s) { return s ? s->time_ns : 0; }
uint64_t tsr_snapshot_hash(const tsr_snapshot *s) { return s ? s->hash : 0; }
int tsr_snapshot_rows(const tsr_snapshot *s) { return s ? s->view.rows : 0; }
int tsr_snapshot_cols(const tsr_snapshot *s) { return s ? s->view.cols : 0; }
int tsr_snapshot_alt_screen(const tsr_snapshot *s) { return s ? s->view.meta.alt : 0; }

void tsr_snapshot_cursor(const tsr_snapshot *s, tsr_cursor *out)
{
    if (s && out)
        *out = s->view.meta.cursor;
}

int tsr_snapshot_cell(const tsr_snapshot *s, int row, int col, tsr_cell_info *out)
{
    return s && out ? view_cell(&s->view, row, col, out) : TSR_ERR_INVALID;
}
int tsr_snapshot_line_size(const tsr_snapshot *s, int row)
{
    return s ? view_line_size(&s->view, row) : TSR_ERR_INVALID;
}
uint32_t tsr_snapshot_palette(const tsr_snapshot *s, int index)
{
    return s ? view_palette(&s->view, index) : 0;
}
uint32_t tsr_snapshot_dynamic_color(const tsr_snapshot *s, int which)
{
    return s ? view_dynamic_color(&s->view, which) : 0;
}
int tsr_snapshot_render_text(const tsr_snapshot *s, tsr_buf *out)
{
    return s && out ? view_render_text(&s->view, out) : TSR_ERR_INVALID;
}
int tsr_snapshot_render_exact(const tsr_snapshot *s, tsr_buf *out)
{
    return s && out ? view_render_exact(&s->view, out) : TSR_ERR_INVALID;
}
int tsr_snapshot_render_styled(const tsr_snapshot *s, tsr_buf *out)
{
    return s && out ? view_render_styled(&s->view, out) : TSR_ERR_INVALID;
}
int tsr_snapshot_render_json(const tsr_snapshot *s, tsr_buf *out)
{
    return s && out ? view_render_json(&s->view, out) : TSR_ERR_INVALID;
}

int tsr_snapshot_render_row(const tsr_snapshot *s, int row, tsr_buf *out)
{
    if (!s || !out)
        return TSR_ERR_INVALID;
    if (row < 0 || row >= s->view.rows)
        return TSR_ERR_RANGE;
    return render_row(out, s->row[row], 0, s->view.cols, 1);
}

int tsr_snapshot_find_all(const tsr_snapshot *s, const char *needle, size_t len, int exact,
                          const tsr_region *region, tsr_match *out, size_t max, size_t *count)
{
    if (!s)
        return TSR_ERR_INVALID;
    return view_find_all(&s->view, needle, len, exact, region, out, max, count);
}
