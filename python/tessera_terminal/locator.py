"""Strict text locators: lazy descriptions evaluated on a snapshot by the core's search
(literal, case-sensitive, one row, the visible viewport) or, for a compiled regular
expression, by regex_search (one row at a time). The same rules as the JS package's."""
import json
import re

from .regex_search import find_all_regex
from .style_match import match_looks, parse_style, style_literal, wants_nothing


class Locator:
    def __init__(self, session, text, exact=False, region=None, nth=None, style=None):
        if not isinstance(text, re.Pattern) and (not isinstance(text, str) or text == ""):
            raise TypeError("get_by_text(text): text must be a non-empty str or a compiled re.Pattern")
        self.session = session
        self.text = text
        self.exact = bool(exact)
        self._region = region
        self._nth = nth
        if isinstance(style, tuple):
            want = style  # already parsed (_with)
        else:
            want = None if style is None else parse_style(style, "get_by_text(text, style=)")
        self._style = want if want and not wants_nothing(want) else None

    def _with(self, **changes):
        fields = {"exact": self.exact, "region": self._region, "nth": self._nth, "style": self._style}
        fields.update(changes)
        return Locator(self.session, self.text, **fields)

    def nth(self, i):
        """The i-th candidate (zero-based, row-major)."""
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise TypeError(f"nth({i!r}): a whole number >= 0")
        return self._with(nth=i)

    def region(self, row=0, column=0, height=0, width=0):
        """Only matches wholly inside the region (zero-based cells; 0 = to the edge)."""
        for name, v in (("row", row), ("column", column), ("height", height), ("width", width)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise TypeError(f"region({name}={v!r}): a whole number >= 0")
        return self._with(region={"row": row, "column": column, "height": height, "width": width})

    def resolve(self, snapshot=None):
        """(candidates, match, ambiguous) on a snapshot: match is None for no candidate, and
        for several without nth (then ambiguous is True)."""
        snap = self.session.screen if snapshot is None else snapshot
        if isinstance(self.text, re.Pattern):
            candidates = find_all_regex(snap, self.text, self.exact, self._region)
        else:
            candidates = snap.find_all(self.text, self.exact, self._region)
        if self._style is not None:
            candidates = [m for m in candidates if match_looks(snap, m, self._style)]
        if self._nth is not None:
            return candidates, candidates[self._nth] if self._nth < len(candidates) else None, False
        if len(candidates) > 1:
            return candidates, None, True
        return candidates, candidates[0] if candidates else None, False

    def __str__(self):
        what = f"re.compile({self.text.pattern!r})" if isinstance(self.text, re.Pattern) else quote(self.text)
        opts = (", exact=True" if self.exact else "") + (f", style={style_literal(self._style)}" if self._style else "")
        s = f"get_by_text({what}{opts})"
        if self._region is not None:
            r = self._region
            s += f".region(row={r['row']}, column={r['column']}, height={r['height']}, width={r['width']})"
        if self._nth is not None:
            s += f".nth({self._nth})"
        return s

    __repr__ = __str__


def quote(text):
    """text as JSON quotes it, so a message reads the same from Python and JS."""
    return json.dumps(text, ensure_ascii=False)


def format_range(m):
    return f"row {m.row}, columns {m.column}..{m.column + m.width - 1}"


def middle_of(m):
    """Where a click on a match lands: its middle cell (the left one of two)."""
    return m.row, m.column + (m.width - 1) // 2
