"""Snapshot: one revision of a screen as plain, immutable Python values, the twin of the JS
package's ScreenSnapshot. Renderings, rows, cursor, modes and title are read from the core
when the snapshot is made, so they stay valid whatever happens to the history later; cells,
searches and SVG are asked of the core on use and raise HistoryEvictedError once the
revision has been evicted."""
import ctypes
import json
from ctypes import byref
from typing import NamedTuple, Optional

from . import _abi

ATTRS = (("bold", 1), ("dim", 2), ("italic", 4), ("blink", 8), ("inverse", 16), ("hidden", 32),
         ("strike", 64), ("overline", 128))
UNDERLINES = ("none", "single", "double", "curly", "dotted", "dashed")
SHAPES = ("default", "block", "underline", "bar")


# TSR_LINE_* by value: what tsr_snapshot_line_size returns.
LINE_SIZES = ("single", "double-width", "double-height-top", "double-height-bottom")


class Cursor(NamedTuple):
    row: int
    col: int
    visible: bool
    shape: str
    blink: bool
    pending_wrap: bool


class Style(NamedTuple):
    """How a cell looks: colours as 'default', a palette index 0..255 or '#rrggbb'."""
    fg: object
    bg: object
    underline_color: object
    underline: str
    bold: bool
    dim: bool
    italic: bool
    blink: bool
    inverse: bool
    hidden: bool
    strike: bool
    overline: bool
    link: Optional[str]


class Cell(NamedTuple):
    text: str       # the grapheme cluster, '' for a blank cell
    width: int      # 1, 2 for a wide character's first cell, 0 for its second
    protected: bool
    style: Style


class Match(NamedTuple):
    """Where a locator or a search matched: a row and the cells [column, column + width)."""
    row: int
    column: int
    width: int


def color_of(c):
    kind = c >> 24
    if kind == 1:
        return c & 0xFF
    if kind == 2:
        return "#%06x" % (c & 0xFFFFFF)
    return "default"


def read_cursor(c):
    return Cursor(c.row, c.col, c.visible != 0, SHAPES[c.shape] if 0 <= c.shape < len(SHAPES) else "default",
                  c.blink != 0, c.pending_wrap != 0)


def read_cell(info, link_uri):
    s = info.style
    attrs = {name: (s.attrs & bit) != 0 for name, bit in ATTRS}
    style = Style(fg=color_of(s.fg), bg=color_of(s.bg), underline_color=color_of(s.ul_color),
                  underline=UNDERLINES[s.underline] if s.underline < len(UNDERLINES) else "none",
                  link=link_uri(s.link) if s.link else None, **attrs)
    text = "".join(chr(info.cps[i]) for i in range(info.ncps))
    return Cell(text, info.width, info.protected_ != 0, style)


def find_all_with(core, call, text, exact=False, region=None):
    """Every match of a literal text, row-major: call(needle, len, exact, region, out, max, count)."""
    needle = str(text).encode("utf-8")
    reg = None
    if region is not None:
        reg = _abi.Region(region.get("row", 0), region.get("column", region.get("col", 0)),
                          region.get("height", 0), region.get("width", 0))
    room = 64
    while True:
        out = (_abi.Match * room)()
        count = ctypes.c_size_t()
        core.check(call(needle, len(needle), 1 if exact else 0, byref(reg) if reg else None, out, room,
                        byref(count)), "searching the screen")
        if count.value > room:
            room = count.value
            continue
        return [Match(out[i].row, out[i].col, out[i].cells) for i in range(count.value)]


class Snapshot:
    """One revision: seq, time_ns, rows, cols, alt_screen, modes, title, and its renderings."""

    def __init__(self, screen, ptr):
        core = self._core = screen.core
        self._screen = screen

        def render(fn, *args):
            return core.render_text(lambda b: fn(ptr, *args, b), "rendering a revision")

        self.seq = core.snapshot_seq(ptr)
        self.time_ns = core.snapshot_time_ns(ptr)
        self.hash = core.snapshot_hash(ptr)
        self.rows = core.snapshot_rows(ptr)
        self.cols = core.snapshot_cols(ptr)
        self.alt_screen = core.snapshot_alt_screen(ptr) != 0
        cur = _abi.Cursor()
        core.snapshot_cursor(ptr, byref(cur))
        self._cursor = read_cursor(cur)
        self._lines = tuple(render(core.snapshot_render_row, y) for y in range(self.rows))
        self._text = render(core.snapshot_render_text)
        self._exact = render(core.snapshot_render_exact)
        self._styled = render(core.snapshot_render_styled)
        doc = json.loads(render(core.snapshot_render_json))
        self.modes = doc["modes"]
        self.title = doc.get("title", "")
        self.icon_name = doc.get("icon", "")

    def __repr__(self):
        return f"<Snapshot revision {self.seq}, {self.rows}x{self.cols}>"

    def text(self):
        """Rows with trailing spaces trimmed, joined by newlines, trailing blank rows dropped."""
        return self._text

    def row_text(self, row):
        return self._lines[row] if 0 <= row < self.rows else ""

    def rows_text(self):
        return list(self._lines)

    def snapshot(self):
        """The exact grid: every row padded to the width."""
        return self._exact

    def styled_snapshot(self):
        """Run-length styled rows ({bold fg=2}Done{}), a brace of the text doubled."""
        return self._styled

    def cursor(self):
        return self._cursor

    def _ptr(self):
        return self._screen.snapshot_ptr(self.seq)

    def cell(self, row, col):
        info = _abi.CellInfo()
        self._core.check(self._core.snapshot_cell(self._ptr(), row, col, byref(info)), f"reading cell {row},{col}")
        return read_cell(info, self._screen.hyperlink)

    def line_size(self, row):
        """The size of row `row` (DECDWL, DECDHL): 'single', 'double-width', 'double-height-top'
        or 'double-height-bottom'; a TesseraError outside the screen."""
        size = self._core.snapshot_line_size(self._ptr(), row)
        self._core.check(min(size, 0), f"reading the size of line {row}")
        return LINE_SIZES[size]

    def to_svg(self):
        p = self._ptr()
        return self._core.render_text(lambda b: self._core.snapshot_render_svg(p, b), "rendering SVG")

    def find_all(self, text, exact=False, region=None):
        p = self._ptr()
        return find_all_with(self._core, lambda *a: self._core.snapshot_find_all(p, *a), text, exact, region)

    def palette_default(self, index):
        """The '#rrggbb' of palette entry index (0..255) before any OSC 4 change."""
        return "#%06x" % self._core.palette_default(index)

    def palette(self, index):
        """The '#rrggbb' of palette entry index (0..255) as this revision had it: the
        default unless the program changed it (OSC 4)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= 255:
            raise ValueError(f"palette(index): index is 0 to 255, got {index!r}")
        return "#%06x" % self._core.snapshot_palette(self._ptr(), index)

    def contains(self, text, exact=False):
        return bool(self.find_all(text, exact))
