"""How text must look: get_by_text(text, style={...}) and to_have_style(...). The same words
and meaning as a tape's or spec's `expect "OK" fg=2 bold` and the JS package's
(js/src/style_match.js), so all of them agree on what a highlighted row is:
  fg, bg     a palette index 0..255, 'default', or '#rrggbb' (which also matches a palette
             index showing that colour: the palette the program set with OSC 4, the
             xterm defaults elsewhere)
  bold, dim, italic, underline, blink, inverse, hidden, strike, overline
             True: set, False: clear (underline: any kind of underline)
A key left out is not looked at; nor is the second cell of a wide character."""
import re

ATTRS = ("bold", "dim", "italic", "blink", "inverse", "hidden", "strike", "overline", "underline")
KEYS = ("fg", "bg") + ATTRS


def parse_style(style, what):
    """The style checked and normalised: (fg, bg, ((attr, bool), ...)); TypeError names a bad key."""
    if not isinstance(style, dict):
        raise TypeError(f"{what}: a style dict ({{'fg': 4, 'bold': True}}), got {style!r}")
    fg = bg = None
    attrs = []
    for key, value in style.items():
        if value is None:
            continue
        if key in ("fg", "bg"):
            color = _color_want(value, f"{what}: {key}")
            fg, bg = (color, bg) if key == "fg" else (fg, color)
        elif key in ATTRS:
            if not isinstance(value, bool):
                raise TypeError(f"{what}: {key} takes True (set) or False (clear), got {value!r}")
            attrs.append((key, value))
        else:
            raise TypeError(f"{what}: unknown style key {key!r} ({', '.join(KEYS)})")
    return fg, bg, tuple(sorted(attrs, key=lambda kv: ATTRS.index(kv[0])))


def _color_want(value, what):
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 255:
        return value
    if value == "default":
        return value
    if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    raise TypeError(f"{what} needs a colour: 0 to 255, '#rrggbb' or 'default', got {value!r}")


def wants_nothing(want):
    return want[0] is None and want[1] is None and not want[2]


def describe_style(want):
    """The wanted style in the CLI's words: "fg=7 bg=4 bold underline=false"."""
    fg, bg, attrs = want
    words = [f"{k}={v}" for k, v in (("fg", fg), ("bg", bg)) if v is not None]
    words += [name if on else f"{name}=false" for name, on in attrs]
    return " ".join(words)


def style_literal(want):
    fg, bg, attrs = want
    items = [(k, v) for k, v in (("fg", fg), ("bg", bg)) if v is not None] + list(attrs)
    return "{" + ", ".join(f"{k!r}: {v!r}" for k, v in items) + "}"


def _color_matches(want, have, palette):
    if want is None:
        return True
    if want == "default" or isinstance(want, int):
        return have == want
    if isinstance(have, str):
        return have == want  # rgb against rgb; 'default' is never #rrggbb
    return palette(have) == want  # the palette the program set: what a person sees


def style_matches(want, style, palette):
    fg, bg, attrs = want
    if not _color_matches(fg, style.fg, palette) or not _color_matches(bg, style.bg, palette):
        return False
    for name, on in attrs:
        is_set = style.underline != "none" if name == "underline" else getattr(style, name)
        if is_set != on:
            return False
    return True


def cells_of(snap, match):
    """(column, cell) of each cell of a match that shows something (wide tails left out)."""
    out = []
    for col in range(match.column, match.column + match.width):
        cell = snap.cell(match.row, col)
        if cell.width != 0:
            out.append((col, cell))
    return out


def match_looks(snap, match, want):
    if wants_nothing(want):
        return True
    return all(style_matches(want, cell.style, snap.palette) for _, cell in cells_of(snap, match))


def describe_cell_style(style):
    words = [f"{k}={getattr(style, k)}" for k in ("fg", "bg") if getattr(style, k) != "default"]
    words += [n for n in ATTRS if (style.underline != "none" if n == "underline" else getattr(style, n))]
    return " ".join(words) or "no colours or attributes"


def describe_match_style(snap, match):
    """How a match's cells look, in runs: "columns 3..8: fg=7 bg=4 bold; column 9: ..."."""
    runs = []
    for col, cell in cells_of(snap, match):
        words = describe_cell_style(cell.style)
        last = col + cell.width - 1
        if runs and runs[-1][2] == words:
            runs[-1][1] = last
        else:
            runs.append([col, last, words])
    return "; ".join(f"column {a}: {w}" if a == b else f"columns {a}..{b}: {w}" for a, b, w in runs)
