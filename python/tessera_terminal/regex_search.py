"""get_by_text(re.compile(...)): an expression tried on each visible row's text (trailing
spaces removed), one row at a time, so a match never crosses rows. A match covers the cells
its characters are in (a wide character's two, a grapheme's one), like the core's literal
search; empty matches are skipped. exact: the expression must match the whole row. region:
matches are found on the whole row, then kept if wholly inside."""
from .snapshot import Match


def find_all_regex(snap, pattern, exact=False, region=None):
    r = region or {}
    top, left = r.get("row", 0), r.get("column", 0)
    bottom = min(top + r["height"], snap.rows) if r.get("height") else snap.rows
    right = min(left + r["width"], snap.cols) if r.get("width") else snap.cols
    out = []
    for row in range(top, bottom):
        text = snap.row_text(row)
        if exact:
            m = pattern.fullmatch(text)
            found = [m] if m else []
        else:
            found = list(pattern.finditer(text))
        found = [m for m in found if m.end() > m.start()]
        if not found:
            continue
        cells = _row_cells(snap, row)
        for m in found:
            first, last = cells[m.start()], cells[m.end() - 1]
            hit = Match(row, first[0], last[0] + last[1] - first[0])
            if hit.column >= left and hit.column + hit.width <= right:
                out.append(hit)
    return out


def _row_cells(snap, row):
    """For each character index of the row's text, the (column, width) of its cell."""
    out = []
    for col in range(snap.cols):
        c = snap.cell(row, col)
        if c.width == 0:
            continue  # the second cell of a wide character
        out.extend([(col, c.width)] * len(c.text or " "))
    return out
