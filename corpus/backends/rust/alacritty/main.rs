//! Backend adapter: alacritty_terminal (0.17) behind corpus/backends/README.md.
//! Bells, the title and replies reach an embedder only as events; the listener below
//! keeps them. alacritty_terminal keeps no icon name, reverse video, blink attribute
//! or DECRQM, and answers colour and pixel-size queries only through its host (those
//! replies are left out). The last OSC 52 store arrives decoded with its selection
//! folded to clipboard or primary, so the dump cannot say what was sent: left out.
use std::cell::RefCell;
use std::rc::Rc;

use alacritty_terminal::ansi::{Color as AColor, CursorShape, NamedColor, Processor};
use alacritty_terminal::config::Config;
use alacritty_terminal::event::{Event, EventListener};
use alacritty_terminal::grid::Dimensions;
use alacritty_terminal::index::{Column, Line};
use alacritty_terminal::term::cell::{Cell as ACell, Flags};
use alacritty_terminal::term::{Term, TermMode};
use backend_protocol::{flag, Backend, Cell, Color, Dump};

struct Size {
    rows: usize,
    cols: usize,
}

impl Dimensions for Size {
    fn total_lines(&self) -> usize {
        self.rows
    }

    fn screen_lines(&self) -> usize {
        self.rows
    }

    fn columns(&self) -> usize {
        self.cols
    }
}

#[derive(Default)]
struct Events {
    bells: usize,
    title: String,
    replies: Vec<u8>,
}

#[derive(Clone, Default)]
struct Listener(Rc<RefCell<Events>>);

impl EventListener for Listener {
    fn send_event(&self, event: Event) {
        let mut e = self.0.borrow_mut();
        match event {
            Event::Bell => e.bells += 1,
            Event::Title(t) => e.title = t,
            Event::ResetTitle => e.title.clear(),
            Event::PtyWrite(text) => e.replies.extend_from_slice(text.as_bytes()),
            _ => {}
        }
    }
}

struct Alacritty {
    term: Term<Listener>,
    processor: Processor,
    events: Listener,
}

fn color(c: AColor, default: NamedColor) -> Color {
    match c {
        AColor::Spec(rgb) => Color::Rgb(rgb.r, rgb.g, rgb.b),
        AColor::Indexed(i) => Color::Index(i),
        // SGR 30-37 and 90-97 name the first 16 colours.
        AColor::Named(n) if (n as usize) < 16 && n != default => Color::Index(n as u8),
        AColor::Named(_) => Color::Default,
    }
}

fn cell(c: &ACell) -> Cell {
    let f = c.flags;
    let mut text = match c.c {
        // A tab leaves '\t' in the cell it started from; it shows as a blank.
        ' ' | '\t' | '\0' => String::new(),
        ch => ch.to_string(),
    };
    if let Some(marks) = c.zerowidth().filter(|z| !z.is_empty()) {
        if text.is_empty() {
            text.push(' ');
        }
        text.extend(marks.iter());
    }
    let spacer = f.contains(Flags::WIDE_CHAR_SPACER);
    let names = [
        (Flags::BOLD, "bold"),
        (Flags::DIM, "dim"),
        (Flags::ITALIC, "italic"),
        (Flags::INVERSE, "inverse"),
        (Flags::HIDDEN, "hidden"),
        (Flags::STRIKEOUT, "strike"),
    ];
    let underlines = [
        (Flags::UNDERLINE, "single"),
        (Flags::DOUBLE_UNDERLINE, "double"),
        (Flags::UNDERCURL, "curly"),
        (Flags::DOTTED_UNDERLINE, "dotted"),
        (Flags::DASHED_UNDERLINE, "dashed"),
    ];
    Cell {
        text: if spacer { String::new() } else { text },
        width: if spacer { 0 } else if f.contains(Flags::WIDE_CHAR) { 2 } else { 1 },
        fg: color(c.fg, NamedColor::Foreground),
        bg: color(c.bg, NamedColor::Background),
        attrs: names.iter().filter(|(bit, _)| f.contains(*bit)).map(|(_, n)| *n).collect(),
        underline: underlines.iter().find(|(bit, _)| f.contains(*bit)).map_or("none", |(_, n)| *n),
        ul_color: Some(c.underline_color().map_or(Color::Default, |u| color(u, NamedColor::Foreground))),
        link: Some(c.hyperlink().map(|h| h.uri().to_string())),
    }
}

impl Alacritty {
    /// Line `line` of the active grid: 0 is the top of the screen, negative lines are
    /// the scrollback.
    fn line(&self, line: i32) -> Vec<Cell> {
        let grid = self.term.grid();
        (0..grid.columns()).map(|col| cell(&grid[Line(line)][Column(col)])).collect()
    }
}

impl Backend for Alacritty {
    fn open(rows: u16, cols: u16, scrollback: u32, _reflow: bool) -> Self {
        // alacritty_terminal always rewraps the primary screen on resize.
        let mut config = Config::default();
        config.scrolling.set_history(scrollback);
        let events = Listener::default();
        let size = Size { rows: rows as usize, cols: cols as usize };
        let term = Term::new(&config, &size, events.clone());
        Alacritty { term, processor: Processor::new(), events }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.processor.advance(&mut self.term, b);
        }
    }

    fn resize(&mut self, rows: u16, cols: u16) {
        self.term.resize(Size { rows: rows as usize, cols: cols as usize });
    }

    fn mode(&mut self, private: bool, number: u32) -> u8 {
        let m = *self.term.mode();
        let bit = match (private, number) {
            (false, 4) => TermMode::INSERT,
            (false, 20) => TermMode::LINE_FEED_NEW_LINE,
            (true, 1) => TermMode::APP_CURSOR,
            (true, 6) => TermMode::ORIGIN,
            (true, 7) => TermMode::LINE_WRAP,
            (true, 12) => return flag(self.term.cursor_style().blinking),
            (true, 25) => TermMode::SHOW_CURSOR,
            (true, 1000) => TermMode::MOUSE_REPORT_CLICK,
            (true, 1002) => TermMode::MOUSE_DRAG,
            (true, 1003) => TermMode::MOUSE_MOTION,
            (true, 1004) => TermMode::FOCUS_IN_OUT,
            (true, 1005) => TermMode::UTF8_MOUSE,
            (true, 1006) => TermMode::SGR_MOUSE,
            (true, 1007) => TermMode::ALTERNATE_SCROLL,
            (true, 1042) => TermMode::URGENCY_HINTS,
            (true, 1049) => TermMode::ALT_SCREEN,
            (true, 2004) => TermMode::BRACKETED_PASTE,
            _ => return 0,
        };
        flag(m.contains(bit))
    }

    fn keypad(&mut self) -> Option<bool> {
        Some(self.term.mode().contains(TermMode::APP_KEYPAD))
    }

    fn dump(&mut self) -> Dump {
        let m = *self.term.mode();
        let grid = self.term.grid();
        let style = self.term.cursor_style();
        let tracking = if m.contains(TermMode::MOUSE_MOTION) {
            "any"
        } else if m.contains(TermMode::MOUSE_DRAG) {
            "button"
        } else if m.contains(TermMode::MOUSE_REPORT_CLICK) {
            "normal"
        } else {
            "off"
        };
        let encoding = if m.contains(TermMode::SGR_MOUSE) {
            "sgr"
        } else if m.contains(TermMode::UTF8_MOUSE) {
            "utf8"
        } else {
            "default"
        };
        let mut events = self.events.0.borrow_mut();
        let history = grid.history_size() as i32;
        Dump {
            cursor: (grid.cursor.point.line.0 as usize, grid.cursor.point.column.0),
            cursor_visible: m.contains(TermMode::SHOW_CURSOR),
            cursor_blink: Some(style.blinking),
            cursor_shape: match style.shape {
                CursorShape::Block | CursorShape::HollowBlock => Some("block"),
                CursorShape::Underline => Some("underline"),
                CursorShape::Beam => Some("bar"),
                CursorShape::Hidden => None,
            },
            // alacritty keeps the flag with autowrap off too, where the next character
            // overwrites the last column instead: no wrap is pending then.
            pending_wrap: Some(grid.cursor.input_needs_wrap && m.contains(TermMode::LINE_WRAP)),
            alt_screen: m.contains(TermMode::ALT_SCREEN),
            reverse_video: None,
            mouse: Some((tracking, Some(encoding))),
            keypad_app: Some(m.contains(TermMode::APP_KEYPAD)),
            bell: Some(events.bells),
            title: Some(events.title.clone()),
            icon: None,
            replies: Some(std::mem::take(&mut events.replies)),
            known: vec![
                ("attrs", "bold,dim,italic,inverse,hidden,strike"),
                ("shape", "block,underline,bar"),
                ("tokens", "ul-color,link"),
            ],
            scrollback: (-history..0).map(|l| self.line(l)).collect(),
            rows: (0..grid.screen_lines() as i32).map(|l| self.line(l)).collect(),
        }
    }
}

fn main() {
    backend_protocol::run::<Alacritty>("alacritty")
}
