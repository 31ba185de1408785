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

fn die(name: &str, what: &str) -> ! {
    eprintln!("{} adapter: {}", name, what);
    exit(2)
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
    for (i, line) in d.scrollback.iter().enumerate() {
        put_row(out, "scrollback", i, line);
    }
    for (i, row) in d.rows.iter().enumerate() {
        put_row(out, "row", i, row);
    }
    put_line(out, &[b"end"]);
}

fn hex_bytes(name: &str, hex: &[u8]) -> Vec<u8> {
    if hex.len() % 2 != 0 {
        die(name, "feed: odd number of hex digits");
    }
    let digit = |c: u8| match (c as char).to_digit(16) {
        Some(d) => d as u8,
        None => die(name, "feed: not a hex digit"),
    };
    hex.chunks(2).map(|p| digit(p[0]) << 4 | digit(p[1])).collect()
}

/// Parses every word as a number, or dies with `usage`.
fn numbers<T: std::str::FromStr>(name: &str, words: &[&str], usage: &str) -> Vec<T> {
    words.iter().map(|w| w.parse().unwrap_or_else(|_| die(name, usage))).collect()
}

/// Runs the protocol on stdin and stdout until `quit` or the end of input; exits 2 on a
/// malformed command or an output error.
pub fn run<B: Backend>(name: &str) -> ! {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut backend: Option<B> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => die(name, &e.to_string()),
        }
        while matches!(line.last(), Some(b'\n' | b'\r')) {
            line.pop();
        }
        let (cmd, arg) = match line.iter().position(|&b| b == b' ') {
            Some(i) => (&line[..i], &line[i + 1..]),
            None => (&line[..], &b""[..]),
        };
        if cmd == b"feed" {
            let b = backend.as_mut().unwrap_or_else(|| die(name, "the first command must be open"));
            b.feed(&hex_bytes(name, arg));
            continue;
        }
        let arg = std::str::from_utf8(arg).unwrap_or_else(|_| die(name, "a command must be ASCII"));
        let words: Vec<&str> = arg.split(' ').filter(|w| !w.is_empty()).collect();
        let mut out = Vec::new();
        match (cmd, backend.as_mut()) {
            (b"open", _) => {
                let usage = "open takes ROWS COLS SCROLLBACK [reflow]";
                let reflow = words.len() == 4 && words[3] == "reflow";
                if words.len() != 3 && !reflow {
                    die(name, usage);
                }
                let size: Vec<u16> = numbers(name, &words[..2], usage);
                let scrollback: u32 = numbers(name, &words[2..3], usage)[0];
                if size[0] < 1 || size[1] < 1 {
                    die(name, usage);
                }
                backend = Some(B::open(size[0], size[1], scrollback, reflow));
            }
            (b"quit", _) if words.is_empty() => break,
            (_, None) => die(name, "the first command must be open"),
            (b"resize", Some(b)) => {
                let usage = "resize takes ROWS COLS";
                let size: Vec<u16> = numbers(name, &words, usage);
                if size.len() != 2 || size[0] < 1 || size[1] < 1 {
                    die(name, usage);
                }
                b.resize(size[0], size[1]);
            }
            (b"reset", Some(b)) if words.is_empty() => b.reset(),
            (b"mode", Some(b)) if words.len() == 1 => {
                let (private, digits) = match words[0].strip_prefix('?') {
                    Some(rest) => (true, rest),
                    None => (false, words[0]),
                };
                if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
                    die(name, "mode takes ?N or N");
                }
                let n: u32 = numbers(name, &[digits], "mode takes ?N or N")[0];
                let v = b.mode(private, n);
                put_line(&mut out, &[format!("mode {}{} {}", if private { "?" } else { "" }, n, v).as_bytes()]);
            }
            (b"keypad", Some(b)) if words.is_empty() => {
                let k = match b.keypad() {
                    Some(true) => "app",
                    Some(false) => "normal",
                    None => "unknown",
                };
                put_line(&mut out, &[format!("keypad {}", k).as_bytes()]);
            }
            (b"dump", Some(b)) if words.is_empty() => put_dump(&mut out, &b.dump()),
            (b"styled" | b"find", Some(_)) => {
                put_line(&mut out, &[b"unsupported ", cmd]);
            }
            _ => die(name, "unknown or malformed command"),
        }
        let mut o = stdout.lock();
        if o.write_all(&out).and_then(|_| o.flush()).is_err() {
            die(name, "cannot write to stdout");
        }
    }
    exit(0)
}
