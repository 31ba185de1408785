//! The line protocol of corpus/backends/README.md, shared by the Rust adapters: reads
//! commands on stdin, drives one emulator through `Backend` and prints what it reports.
//! What an emulator does not report is `None` and left out of the dump, so the runner
//! counts the expectations that need it as unreported instead of comparing a guess.
use std::io::{self, BufRead, Write};
use std::process::exit;

/// A colour as the dump prints it: `default`, `0`-`255` or `#rrggbb`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Color {
    Default,
    Index(u8),
    Rgb(u8, u8, u8),
}

/// One cell of a row. A blank has `text` ""; the right half of a wide character has
/// `width` 0 and adds nothing to the row's text.
pub struct Cell {
    pub text: String,
    pub width: u8,
    pub fg: Color,
    pub bg: Color,
    /// Names from the contract (bold dim italic blink inverse hidden strike overline).
    pub attrs: Vec<&'static str>,
    pub underline: &'static str,
    /// `None` where the emulator has no underline colour.
    pub ul_color: Option<Color>,
    /// `None` where the emulator has no hyperlinks, `Some(None)` for a cell without one.
    pub link: Option<Option<String>>,
}

impl Cell {
    /// A blank (never written, or a written space) with the default look: the dump
    /// leaves it out.
    fn is_plain_blank(&self) -> bool {
        (self.text.is_empty() || self.text == " ")
            && self.width == 1
            && self.fg == Color::Default
            && self.bg == Color::Default
            && self.attrs.is_empty()
            && self.underline == "none"
            && matches!(self.ul_color, None | Some(Color::Default))
            && matches!(self.link, None | Some(None))
    }
}

/// The state a dump prints; `None` (and an empty list) for what is not reported.
pub struct Dump {
    pub cursor: (usize, usize),
    pub cursor_visible: bool,
    pub cursor_blink: Option<bool>,
    /// default, block, underline or bar.
    pub cursor_shape: Option<&'static str>,
    pub pending_wrap: Option<bool>,
    pub alt_screen: bool,
    pub reverse_video: Option<bool>,
    /// Tracking (off x10 normal button any) and, where known, the encoding.
    pub mouse: Option<(&'static str, Option<&'static str>)>,
    pub keypad_app: Option<bool>,
    pub bell: Option<usize>,
    pub title: Option<String>,
    pub icon: Option<String>,
    pub replies: Option<Vec<u8>>,
    /// `known` lines: ("attrs" | "underline" | "shape" | "tokens", the values), for what
    /// the emulator keeps only some of, or cell tokens it always knows.
    pub known: Vec<(&'static str, &'static str)>,
    /// Oldest first.
    pub scrollback: Vec<Vec<Cell>>,
    pub rows: Vec<Vec<Cell>>,
}

/// One emulator behind the protocol.
pub trait Backend: Sized {
    fn open(rows: u16, cols: u16, scrollback: u32, reflow: bool) -> Self;
    fn feed(&mut self, bytes: &[u8]);
    fn resize(&mut self, rows: u16, cols: u16);
    /// Hard reset; every emulator here does it as RIS.
    fn reset(&mut self) {
        self.feed(b"\x1bc");
    }
    /// The mode's state as DECRQM says it: 0 unknown, 1 set, 2 reset.
    fn mode(&mut self, private: bool, number: u32) -> u8;
    /// `Some(true)` for the application keypad, `None` when unknown.
    fn keypad(&mut self) -> Option<bool>;
    fn dump(&mut self) -> Dump;
}

/// DECRQM's value for a flag the emulator keeps.
pub fn flag(set: bool) -> u8 {
    if set {
        1
    } else {
        2
    }
}

/// Bytes below 0x20, 0x7f, `"` and `\` as \xNN; everything else as it is.
fn quoted(bytes: &[u8]) -> Vec<u8> {
    let mut out = vec![b'"'];
    for &b in bytes {
        if b < 0x20 || b == 0x7f || b == b'"' || b == b'\\' {
            out.extend_from_slice(format!("\\x{:02x}", b).as_bytes());
        } else {
            out.push(b);
        }
    }
    out.push(b'"');
    out
}

fn color(c: Color) -> String {
    match c {
        Color::Default => "default".to_string(),
        Color::Index(i) => i.to_string(),
        Color::Rgb(r, g, b) => format!("#{:02x}{:02x}{:02x}", r, g, b),
    }
}

fn put_line(out: &mut Vec<u8>, parts: &[&[u8]]) {
    for p in parts {
        out.extend_from_slice(p);
    }
    out.push(b'\n');
}

/// A row's text (a blank adds a space, a wide character's right half nothing), then
/// for screen rows every cell that is not a plain blank.
fn put_row(out: &mut Vec<u8>, tag: &str, index: usize, cells: &[Cell]) {
    let mut text = String::new();
    for c in cells.iter().filter(|c| c.width > 0) {
        text.push_str(if c.text.is_empty() { " " } else { &c.text });
    }
    put_line(out, &[format!("{} {} ", tag, index).as_bytes(), &quoted(text.as_bytes())]);
    if tag != "row" {
        return;
    }
    for (col, c) in cells.iter().enumerate().filter(|(_, c)| !c.is_plain_blank()) {
        let attrs = if c.attrs.is_empty() { "none".to_string() } else { c.attrs.join(",") };
        let mut tail = format!(
            " width {} fg {} bg {} attrs {} underline {}",
            c.width,
            color(c.fg),
            color(c.bg),
            attrs,
            c.underline
        );
        if let Some(ul) = c.ul_color {
            tail += &format!(" ul-color {}", color(ul));
        }
        let link = match &c.link {
            Some(Some(uri)) => [b" link ".as_slice(), &quoted(uri.as_bytes())].concat(),
            Some(None) => b" nolink".to_vec(),
            None => Vec::new(),
        };
        put_line(
            out,
            &[format!("cell {} {} ", index, col).as_bytes(), &quoted(c.text.as_bytes()), tail.as_bytes(), &link],
        );
    }
}

fn put_dump(out: &mut Vec<u8>, d: &Dump) {
    let cols = d.rows.first().map_or(0, Vec::len);
    put_line(out, &[format!("size {} {}", d.rows.len(), cols).as_bytes()]);
    let mut cursor = format!(
        "cursor {} {} {}",
        d.cursor.0,
        d.cursor.1,
        if d.cursor_visible { "visible" } else { "hidden" }
    );
    if let Some(blink) = d.cursor_blink {
        cursor += if blink { " blink" } else { " steady" };
    }
    if let Some(shape) = d.cursor_shape {
        cursor += &format!(" shape {}", shape);
    }
    put_line(out, &[cursor.as_bytes()]);
    if let Some(pw) = d.pending_wrap {
        put_line(out, &[format!("pending-wrap {}", pw as u8).as_bytes()]);
    }
    put_line(out, &[format!("alt-screen {}", d.alt_screen as u8).as_bytes()]);
    if let Some(rv) = d.reverse_video {
        put_line(out, &[format!("reverse-video {}", rv as u8).as_bytes()]);
    }
    if let Some((tracking, encoding)) = d.mouse {
        let enc = encoding.map_or(String::new(), |e| format!(" {}", e));
        put_line(out, &[format!("mouse {}{}", tracking, enc).as_bytes()]);
    }
    if let Some(app) = d.keypad_app {
        put_line(out, &[if app { b"keypad app".as_slice() } else { b"keypad normal" }]);
    }
    if let Some(n) = d.bell {
        put_line(out, &[format!("bell {}", n).as_bytes()]);
    }
    for (tag, text) in [("title ", &d.title), ("icon ", &d.icon)] {
        if let Some(t) = text {
            put_line(out, &[tag.as_bytes(), &quoted(t.as_bytes())]);
        }
    }
    if let Some(r) = &d.replies {
        put_line(out, &[b"replies ", &quoted(r)]);
    }
    for (what, values) in &d.known {
        put_line(out, &[format!("known {} {}", what, values).as_bytes()]);
    }
    for (i, line) in d.scrollback.iter().enumerate() {
        put_row(out, "scrollback", i, line);
    }
    for (i, row) in d.rows.iter().enumerate() {
        put_row(out, "row", i, row);
    }
    put_line(out, &[b"end"]);
}

/// The adapters' size limits (corpus/backends/README.md: ours take up to 1000 rows and
/// columns), past which `open` and `resize` are refused like a malformed command.
const MAX_SIZE: u32 = 1000;
const MAX_SCROLLBACK: u32 = 1_000_000;

/// One command, read strictly: words separated by exactly one space, numbers as plain
/// decimal digits, hex as pairs of digits, the find needle quoted as dumps quote.
enum Command {
    Open { rows: u16, cols: u16, scrollback: u32, reflow: bool },
    Feed(Vec<u8>),
    Resize(u16, u16),
    Reset,
    Mode(bool, u32),
    Keypad,
    Dump,
    Unsupported(&'static str),
    Quit,
}

struct Reader {
    name: &'static str,
    number: u64,
    line: Vec<u8>,
    opened: bool,
}

/// Plain decimal digits, at most nine, within [min, max].
fn number(word: &[u8], min: u32, max: u32) -> Option<u32> {
    if word.is_empty() || word.len() > 9 || !word.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = word.iter().fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
    (min..=max).contains(&v).then(|| v)
}

fn hex_digit(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// The words after the command's own, each after exactly one space and not empty.
fn words(args: &[u8]) -> Option<Vec<&[u8]>> {
    if args.is_empty() {
        return Some(Vec::new());
    }
    let rest = args.strip_prefix(b" ")?;
    let words: Vec<&[u8]> = rest.split(|&b| b == b' ').collect();
    (!words.iter().any(|w| w.is_empty())).then(|| words)
}

impl Reader {
    /// Exits 2 naming the line: `NAME adapter: line N: WHAT: "LINE"`, the line quoted
    /// (printable ASCII as it is) and cut short, so a hostile line stays one line.
    fn fail(&self, what: &str) -> ! {
        let mut shown = String::from("\"");
        for &b in &self.line {
            let piece = match b {
                b'"' | b'\\' => format!("\\{}", b as char),
                b'\n' => "\\n".to_string(),
                0x20..=0x7e => (b as char).to_string(),
                _ => format!("\\x{:02x}", b),
            };
            if shown.len() + piece.len() + 5 > 96 {
                shown.push_str("...");
                break;
            }
            shown.push_str(&piece);
        }
        eprintln!("{} adapter: line {}: {}: {}\"", self.name, self.number, what, shown);
        exit(2)
    }

    fn feed(&self, args: &[u8]) -> Command {
        // `feed` alone and `feed ` with no digits are both zero bytes.
        let hex = args.strip_prefix(b" ").unwrap_or(args);
        if hex.len() % 2 != 0 {
            self.fail("feed takes HEX: an odd number of hex digits");
        }
        let bytes = hex.chunks(2).map(|p| match (hex_digit(p[0]), hex_digit(p[1])) {
            (Some(hi), Some(lo)) => hi << 4 | lo,
            _ => self.fail("feed takes HEX: not a hex digit"),
        });
        Command::Feed(bytes.collect())
    }

    /// Checks `find "NEEDLE" [exact] [in R C H W]`; no adapter here can search.
    fn find(&self, args: &[u8]) {
        let usage = "find takes \"NEEDLE\" [exact] [in R C H W]";
        let quoted = args.strip_prefix(b" \"").unwrap_or_else(|| self.fail(usage));
        let (mut i, mut n) = (0, 0);
        while i < quoted.len() && quoted[i] != b'"' {
            match quoted[i] {
                c if c < 0x20 || c == 0x7f => self.fail("find: a control byte in the needle must be written \\xNN"),
                b'\\' => {
                    let ok = quoted.len() > i + 3 && quoted[i + 1] == b'x';
                    if !ok || hex_digit(quoted[i + 2]).is_none() || hex_digit(quoted[i + 3]).is_none() {
                        self.fail("find: a backslash in the needle starts \\xNN");
                    }
                    i += 4;
                }
                _ => i += 1,
            }
            n += 1;
        }
        if i == quoted.len() {
            self.fail("find: the needle has no closing quote");
        }
        if n == 0 {
            self.fail("find: the needle is empty");
        }
        let w = words(&quoted[i + 1..]).unwrap_or_else(|| self.fail(usage));
        let mut k = usize::from(w.first() == Some(&&b"exact"[..]));
        if w.get(k) == Some(&&b"in"[..]) {
            if w.len() - k != 5 {
                self.fail(usage);
            }
            if w[k + 1..].iter().any(|x| number(x, 0, 100_000).is_none()) {
                self.fail("find: R C H W are numbers from 0 to 100000");
            }
            k += 5;
        }
        if k != w.len() {
            self.fail(usage);
        }
    }

    fn open(&self, w: &[&[u8]]) -> Command {
        let usage = "open takes ROWS COLS SCROLLBACK [reflow]";
        if w.len() != 3 && !(w.len() == 4 && w[3] == b"reflow") {
            self.fail(usage);
        }
        let n = [number(w[0], 1, 100_000), number(w[1], 1, 100_000), number(w[2], 0, 100_000_000)];
        let (rows, cols, scrollback) = match n {
            [Some(r), Some(c), Some(s)] => (r, c, s),
            _ => self.fail("open takes ROWS COLS SCROLLBACK [reflow]: ROWS and COLS from 1, SCROLLBACK from 0"),
        };
        if rows > MAX_SIZE || cols > MAX_SIZE || scrollback > MAX_SCROLLBACK {
            self.fail(&format!(
                "open: {} takes up to {} rows and columns and {} lines of scrollback",
                self.name, MAX_SIZE, MAX_SCROLLBACK
            ));
        }
        Command::Open { rows: rows as u16, cols: cols as u16, scrollback, reflow: w.len() == 4 }
    }

    fn resize(&self, w: &[&[u8]]) -> Command {
        let n: Vec<Option<u32>> = w.iter().map(|x| number(x, 1, 100_000)).collect();
        let (rows, cols) = match n[..] {
            [Some(r), Some(c)] => (r, c),
            _ => self.fail("resize takes ROWS COLS (each from 1)"),
        };
        if rows > MAX_SIZE || cols > MAX_SIZE {
            self.fail(&format!("resize: {} takes up to {} rows and columns", self.name, MAX_SIZE));
        }
        Command::Resize(rows as u16, cols as u16)
    }

    fn mode(&self, w: &[&[u8]]) -> Command {
        let usage = "mode takes ?N or N (N from 0 to 99999)";
        let word = match w {
            [word] => word,
            _ => self.fail(usage),
        };
        let private = word.first() == Some(&b'?');
        let n = number(&word[usize::from(private)..], 0, 99_999).unwrap_or_else(|| self.fail(usage));
        Command::Mode(private, n)
    }

    /// The next command; `Quit` at the end of input.
    fn next(&mut self, input: &mut impl BufRead) -> Command {
        self.line.clear();
        self.number += 1;
        match input.read_until(b'\n', &mut self.line) {
            Ok(0) => return Command::Quit,
            Ok(_) => {}
            Err(e) => {
                eprintln!("{} adapter: reading stdin: {}", self.name, e);
                exit(2)
            }
        }
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        if self.line.is_empty() {
            self.fail("an empty line is not a command");
        }
        let split = self.line.iter().position(|&b| b == b' ').unwrap_or(self.line.len());
        let (word, args) = self.line.split_at(split);
        const KNOWN: [&str; 9] = ["open", "feed", "resize", "reset", "mode", "keypad", "dump", "styled", "find"];
        if word == b"quit" {
            if !args.is_empty() {
                self.fail("quit takes no arguments");
            }
            return Command::Quit;
        }
        let known = KNOWN.iter().find(|k| k.as_bytes() == word).unwrap_or_else(|| self.fail("unknown command"));
        if !self.opened && *known != "open" {
            self.fail("the first command must be open");
        }
        match *known {
            "feed" => return self.feed(args),
            "find" => {
                self.find(args);
                return Command::Unsupported("find");
            }
            _ => {}
        }
        let w = words(args).unwrap_or_else(|| self.fail(&format!("{} takes no arguments", known)));
        match *known {
            "open" => {
                self.opened = true;
                self.open(&w)
            }
            "resize" => self.resize(&w),
            "mode" => self.mode(&w),
            _ if !w.is_empty() => self.fail(&format!("{} takes no arguments", known)),
            "reset" => Command::Reset,
            "keypad" => Command::Keypad,
            "dump" => Command::Dump,
            _ => Command::Unsupported("styled"),
        }
    }
}

/// An adapter needs little memory; an emulator looping on allocations (alacritty_terminal
/// 0.17 reflowing a wide character into one column) hits this cap and aborts, a crash
/// the runner sees, instead of taking the machine's memory.
const MEMORY_CAP: libc::rlim_t = 2 << 30;

/// Runs the protocol on stdin and stdout until `quit` or the end of input: exits 2 on a
/// malformed command or an output error, 3 when the emulator panics.
pub fn run<B: Backend>(name: &'static str) -> ! {
    let cap = libc::rlimit { rlim_cur: MEMORY_CAP, rlim_max: MEMORY_CAP };
    // SAFETY: setrlimit reads the struct it is given and nothing else.
    if unsafe { libc::setrlimit(libc::RLIMIT_AS, &cap) } != 0 {
        eprintln!("{} adapter: cannot cap its memory: {}", name, io::Error::last_os_error());
        exit(2);
    }
    std::panic::set_hook(Box::new(move |info| {
        eprintln!("{} adapter: the emulator crashed: {}", name, info);
        exit(3)
    }));
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut reader = Reader { name, number: 0, line: Vec::new(), opened: false };
    let mut backend: Option<B> = None;
    loop {
        let mut out = Vec::new();
        match (reader.next(&mut input), backend.as_mut()) {
            (Command::Quit, _) => break,
            (Command::Open { rows, cols, scrollback, reflow }, _) => {
                backend = Some(B::open(rows, cols, scrollback, reflow));
            }
            (_, None) => unreachable!("the reader refuses anything but open first"),
            (Command::Feed(bytes), Some(b)) => b.feed(&bytes),
            (Command::Resize(rows, cols), Some(b)) => b.resize(rows, cols),
            (Command::Reset, Some(b)) => b.reset(),
            (Command::Mode(private, n), Some(b)) => {
                let v = b.mode(private, n);
                put_line(&mut out, &[format!("mode {}{} {}", if private { "?" } else { "" }, n, v).as_bytes()]);
            }
            (Command::Keypad, Some(b)) => {
                let k = match b.keypad() {
                    Some(true) => "app",
                    Some(false) => "normal",
                    None => "unknown",
                };
                put_line(&mut out, &[format!("keypad {}", k).as_bytes()]);
            }
            (Command::Dump, Some(b)) => put_dump(&mut out, &b.dump()),
            (Command::Unsupported(what), Some(_)) => put_line(&mut out, &[b"unsupported ", what.as_bytes()]),
        }
        let mut o = stdout.lock();
        if o.write_all(&out).and_then(|_| o.flush()).is_err() {
            eprintln!("{} adapter: writing stdout failed", name);
            exit(2);
        }
    }
    exit(0)
}
