#!/usr/bin/python3
"""Backend adapter: pyte (Debian's python3-pyte 0.8) behind the contract of
corpus/backends/README.md.

    /usr/bin/python3 corpus/backends/pyte_adapter.py

Reads commands on stdin, drives one pyte.HistoryScreen through a ByteStream and
answers on stdout, flushing after each command. Only Python's standard library
and pyte (with wcwidth, which pyte itself uses) are imported.

What pyte keeps no state for is not printed: the cursor's blink and shape, the
alternate screen, mouse tracking, the keypad mode, dim, blink, hidden and
overline attributes, underline styles beyond single, underline colour,
protection, hyperlinks, the clipboard. pyte cannot reflow (open's `reflow` is
accepted and ignored), render styled rows or search (`unsupported`). pyte 0.8
keeps colours as names (the eight of SGR 30-37, which SGR 90-97 share) or
rrggbb hex (SGR 38;5 and 38;2 alike), so an indexed colour above 7 comes out
as #rrggbb.
"""
import sys

import pyte
from pyte import modes as pyte_modes
from wcwidth import wcwidth

ADAPTER = "pyte"
MAX_SIZE = 1000
MAX_SCROLLBACK = 1000000
MAX_MODE = 99999

# pyte 0.8 names the eight base colours; later versions add bright names.
COLOR_INDEX = {
    name: i
    for i, names in enumerate([
        ["black"], ["red"], ["green"], ["brown", "yellow"], ["blue"], ["magenta"],
        ["cyan"], ["white"], ["brightblack"], ["brightred"], ["brightgreen"],
        ["brightbrown", "brightyellow"], ["brightblue"], ["brightmagenta"],
        ["brightcyan"], ["brightwhite"],
    ])
    for name in names
}

# The modes pyte acts on, as DECRQM numbers: (N, private).
TRACKED_MODES = {
    (4, False): pyte_modes.IRM,
    (20, False): pyte_modes.LNM,
    (3, True): pyte_modes.DECCOLM,
    (5, True): pyte_modes.DECSCNM,
    (6, True): pyte_modes.DECOM,
    (7, True): pyte_modes.DECAWM,
    (25, True): pyte_modes.DECTCEM,
}


class Malformed(Exception):
    """A command that breaks the protocol: the message says how."""


class CountingScreen(pyte.HistoryScreen):
    """pyte's screen with the bell counted and replies kept."""

    def __init__(self, columns, lines, history):
        self.bells = 0
        self.replies = bytearray()
        super().__init__(columns, lines, history=history)

    def bell(self, *args):
        self.bells += 1

    def write_process_input(self, data):
        self.replies += data.encode("utf-8", "replace")


def history_wrapped(event, handler):
    """The handler wrapped as HistoryScreen wraps it when the attribute is read."""
    def inner(self, *args, **kwargs):
        self.before_event(event)
        result = handler(self, *args, **kwargs)
        self.after_event(event)
        return result
    return inner


# HistoryScreen wraps its event handlers by catching every attribute read in Python
# (__getattribute__), which costs a call on each of the millions of reads its own methods
# make. The same wrappers as methods do what it does, and attribute reads stay plain.
Screen = type("Screen", (CountingScreen,), {
    "__getattribute__": object.__getattribute__,
    **{event: history_wrapped(event, getattr(CountingScreen, event))
       for event in pyte.HistoryScreen._wrapped if hasattr(CountingScreen, event)},
})


def quoted(data):
    """The protocol's quoting of bytes or text."""
    if isinstance(data, str):
        data = data.encode("utf-8", "replace")
    out = bytearray(b'"')
    for b in data:
        if b < 0x20 or b == 0x7F or b in b'"\\':
            out += b"\\x%02x" % b
        else:
            out.append(b)
    out += b'"'
    return bytes(out)


def number(word, low, high):
    if not (1 <= len(word) <= 9) or not word.isdigit() or not word.isascii():
        return None
    value = int(word)
    return value if low <= value <= high else None


def words(rest):
    """The words after the command's own, each non-empty (one space apart)."""
    if rest == b"":
        return []
    if not rest.startswith(b" "):
        raise Malformed("unknown command")
    parts = rest[1:].split(b" ")
    if any(p == b"" for p in parts):
        raise Malformed("words are separated by exactly one space")
    return [p.decode("latin-1") for p in parts]


def parse_needle(rest):
    """find's "NEEDLE" (\\xNN escapes) and what follows it."""
    if not rest.startswith(b' "'):
        raise Malformed('find takes "NEEDLE" [exact] [in R C H W]')
    out, i = bytearray(), 2
    while i < len(rest) and rest[i] != 0x22:
        b = rest[i]
        if b < 0x20 or b == 0x7F:
            raise Malformed("find: a control byte in the needle must be written \\xNN")
        if b == 0x5C:
            digits = rest[i + 2:i + 4]
            if rest[i + 1:i + 2] != b"x" or len(digits) != 2 or not all(
                    c in b"0123456789abcdefABCDEF" for c in digits):
                raise Malformed("find: a backslash in the needle starts \\xNN")
            out.append(int(digits, 16))
            i += 4
            continue
        out.append(b)
        i += 1
    if i == len(rest):
        raise Malformed("find: the needle has no closing quote")
    if not out:
        raise Malformed("find: the needle is empty")
    return bytes(out), rest[i + 1:]


def parse_find(rest):
    _, tail = parse_needle(rest)
    w = words(tail)
    if w[:1] == ["exact"]:
        w = w[1:]
    if w[:1] == ["in"]:
        if len(w) != 5:
            raise Malformed('find takes "NEEDLE" [exact] [in R C H W]')
        if any(number(x, 0, 100000) is None for x in w[1:]):
            raise Malformed("find: R C H W are numbers from 0 to 100000")
        w = []
    if w:
        raise Malformed('find takes "NEEDLE" [exact] [in R C H W]')


def parse(line, opened):
    """(name, arguments) of one command line, or Malformed."""
    if line == b"":
        raise Malformed("an empty line is not a command")
    name, _, _ = line.partition(b" ")
    rest = line[len(name):]
    name = name.decode("latin-1")
    if name == "quit":
        if rest:
            raise Malformed("quit takes no arguments")
        return name, None
    known = ("open", "feed", "resize", "reset", "mode", "keypad", "dump", "styled", "find")
    if name not in known:
        raise Malformed("unknown command")
    if name != "open" and not opened:
        raise Malformed("the first command must be open")
    if name == "feed":
        digits = rest[1:]
        if len(digits) % 2:
            raise Malformed("feed takes HEX: an odd number of hex digits")
        if not all(c in b"0123456789abcdefABCDEF" for c in digits):
            raise Malformed("feed takes HEX: not a hex digit")
        return name, bytes.fromhex(digits.decode("ascii"))
    if name == "find":
        parse_find(rest)
        return name, None
    w = words(rest)
    if name == "open":
        usage = "open takes ROWS COLS SCROLLBACK [reflow]"
        if len(w) not in (3, 4) or (len(w) == 4 and w[3] != "reflow"):
            raise Malformed(usage)
        rows, cols = number(w[0], 1, 100000), number(w[1], 1, 100000)
        scrollback = number(w[2], 0, 100000000)
        if rows is None or cols is None or scrollback is None:
            raise Malformed(usage + ": ROWS and COLS from 1, SCROLLBACK from 0")
        if rows > MAX_SIZE or cols > MAX_SIZE or scrollback > MAX_SCROLLBACK:
            raise Malformed("open: this adapter takes up to 1000 rows and columns and "
                            "1000000 scrollback lines")
        return name, (rows, cols, scrollback)
    if name == "resize":
        rows = number(w[0], 1, 100000) if len(w) == 2 else None
        cols = number(w[1], 1, 100000) if len(w) == 2 else None
        if rows is None or cols is None:
            raise Malformed("resize takes ROWS COLS (each from 1)")
        if rows > MAX_SIZE or cols > MAX_SIZE:
            raise Malformed("resize: this adapter takes up to 1000 rows and columns")
        return name, (rows, cols)
    if name == "mode":
        private = len(w) == 1 and w[0].startswith("?")
        n = number(w[0][1:] if private else w[0], 0, MAX_MODE) if len(w) == 1 else None
        if n is None:
            raise Malformed("mode takes ?N or N (N from 0 to 99999)")
        return name, (n, private)
    if w:
        raise Malformed(name + " takes no arguments")
    return name, None


def color(c):
    if c == "default":
        return "default"
    if c in COLOR_INDEX:
        return str(COLOR_INDEX[c])
    if len(c) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in c):
        return "#" + c.lower()
    return "default"


def cell_width(line, x):
    ch = line[x].data
    if ch == "":
        return 0
    return 2 if wcwidth(ch[0]) == 2 else 1


def is_plain_blank(c):
    return (c.data == " " and c.fg == "default" and c.bg == "default" and not c.bold
            and not c.italics and not c.underscore and not c.strikethrough and not c.reverse)


def row_text(line, columns):
    return "".join(line[x].data for x in range(columns))


# A cell line's text after its position, by (cell, width): pyte's cells are immutable
# tuples, a screen holds few distinct ones, and the sessions dump after every event.
CELL_TAILS = {}
CELL_TAILS_MAX = 65536


def cell_line(y, x, c, width):
    tail = CELL_TAILS.get((c, width))
    if tail is None:
        attrs = [name for name, on in (("bold", c.bold), ("italic", c.italics),
                                       ("inverse", c.reverse), ("strike", c.strikethrough)) if on]
        tail = b"%s width %d fg %s bg %s attrs %s underline %s\n" % (
            quoted(c.data), width, color(c.fg).encode(), color(c.bg).encode(),
            (",".join(attrs) or "none").encode(), b"single" if c.underscore else b"none")
        if len(CELL_TAILS) < CELL_TAILS_MAX:
            CELL_TAILS[(c, width)] = tail
    return b"cell %d %d " % (y, x) + tail


class Adapter:
    def __init__(self):
        self.screen = None
        self.stream = None

    def open(self, rows, cols, scrollback):
        self.screen = Screen(cols, rows, scrollback)
        self.stream = pyte.ByteStream(self.screen)

    def mode(self, n, private):
        tracked = TRACKED_MODES.get((n, private))
        value = 0 if tracked is None else 1 if tracked in self.screen.mode else 2
        return b"mode %s%d %d\n" % (b"?" if private else b"", n, value)

    def dump(self):
        s = self.screen
        out = [b"size %d %d\n" % (s.lines, s.columns)]
        x = min(s.cursor.x, s.columns - 1)
        out.append(b"cursor %d %d %s\n" % (s.cursor.y, x,
                                           b"hidden" if s.cursor.hidden else b"visible"))
        wrap = s.cursor.x == s.columns and pyte_modes.DECAWM in s.mode
        out.append(b"pending-wrap %d\n" % wrap)
        out.append(b"reverse-video %d\n" % (pyte_modes.DECSCNM in s.mode))
        out.append(b"bell %d\n" % s.bells)
        out.append(b"title " + quoted(s.title) + b"\n")
        out.append(b"icon " + quoted(s.icon_name) + b"\n")
        out.append(b"replies " + quoted(bytes(s.replies)) + b"\n")
        s.replies.clear()
        for i, line in enumerate(s.history.top):
            width = max([s.columns] + [k + 1 for k in line])
            out.append(b"scrollback %d %s\n" % (i, quoted(row_text(line, width))))
        blank = s.default_char  # a plain blank one column wide: no cell line
        for y in range(s.lines):
            line = s.buffer[y]
            out.append(b"row %d %s\n" % (y, quoted(row_text(line, s.columns))))
            for x in range(s.columns):
                c = line[x]
                if c == blank:
                    continue
                width = cell_width(line, x)
                if width != 1 or not is_plain_blank(c):
                    out.append(cell_line(y, x, c, width))
        # What pyte keeps of each (README.md, "known"): the rest is unreported, not wrong.
        out.append(b"known attrs bold,italic,inverse,strike\nknown underline none,single\n")
        out.append(b"end\n")
        return b"".join(out)

    def run(self, name, args):
        if name == "open":
            self.open(*args)
        elif name == "feed":
            self.stream.feed(args)
        elif name == "resize":
            self.screen.resize(*args)
        elif name == "reset":
            self.screen.reset()
        elif name == "mode":
            return self.mode(*args)
        elif name == "keypad":
            return b"keypad unknown\n"
        elif name == "dump":
            return self.dump()
        else:
            return b"unsupported %s\n" % name.encode()
        return b""


def shown(line, limit=80):
    """The line for a message, as the C adapters show it (tsr_quote): one line, cut short."""
    out = []
    for b in line[:limit]:
        if b in b'"\\':
            out.append("\\" + chr(b))
        elif b == 0x0A:
            out.append("\\n")
        elif b < 0x20 or b >= 0x7F:
            out.append("\\x%02x" % b)
        else:
            out.append(chr(b))
    return '"%s%s"' % ("".join(out), "..." if len(line) > limit else "")


def fail(number, line, what, status):
    sys.stderr.write("%s adapter: line %d: %s: %s\n" % (ADAPTER, number, what, shown(line)))
    sys.exit(status)


def main():
    adapter, opened, number = Adapter(), False, 0
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0
        number += 1
        if line.endswith(b"\n"):
            line = line[:-1]
        try:
            name, args = parse(line, opened)
        except Malformed as e:
            fail(number, line, str(e), 2)
        if name == "quit":
            return 0
        opened = True
        try:
            answer = adapter.run(name, args)
        except Exception as e:  # pyte failing is the emulator crashing
            fail(number, line, "pyte raised %s: %s" % (type(e).__name__, e), 3)
        stdout.write(answer)
        stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
