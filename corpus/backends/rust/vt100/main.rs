//! Backend adapter: the vt100 crate (0.15) behind corpus/backends/README.md.
//! vt100 keeps no replies, cursor shape or blink, reverse video, dim, blink, hidden or
//! strike attributes, underline styles or colours, and no hyperlinks: the dump leaves
//! them out. Its only view of the scrollback is a scroll offset (read below).
use backend_protocol::{flag, Backend, Cell, Color, Dump};
use vt100::{MouseProtocolEncoding as Encoding, MouseProtocolMode as Tracking, Parser};

struct Vt100 {
    parser: Parser,
}

fn color(c: vt100::Color) -> Color {
    match c {
        vt100::Color::Default => Color::Default,
        vt100::Color::Idx(i) => Color::Index(i),
        vt100::Color::Rgb(r, g, b) => Color::Rgb(r, g, b),
    }
}

fn cell(c: &vt100::Cell) -> Cell {
    let spacer = c.is_wide_continuation();
    let on = [(c.bold(), "bold"), (c.italic(), "italic"), (c.inverse(), "inverse")];
    Cell {
        text: if spacer { String::new() } else { c.contents() },
        width: if spacer { 0 } else if c.is_wide() { 2 } else { 1 },
        fg: color(c.fgcolor()),
        bg: color(c.bgcolor()),
        attrs: on.iter().filter(|(set, _)| *set).map(|(_, name)| *name).collect(),
        underline: if c.underline() { "single" } else { "none" },
        ul_color: None,
        link: None,
    }
}

impl Vt100 {
    /// Row `row` of what the screen shows at the current scroll offset.
    fn view_row(&self, row: u16) -> Vec<Cell> {
        let screen = self.parser.screen();
        (0..screen.size().1).filter_map(|col| screen.cell(row, col)).map(cell).collect()
    }

    /// The scrollback, oldest first. vt100 shows it only through the view's offset: at
    /// offset k the view's first row is the k-th newest line. Offsets beyond the height
    /// make vt100's `visible_rows` wrap a usize subtraction, harmless with the release
    /// profile's overflow-checks off (see ../Cargo.toml). On the alternate screen this
    /// is the alternate grid's scrollback, which vt100 keeps empty.
    fn scrollback(&mut self) -> Vec<Vec<Cell>> {
        self.parser.set_scrollback(usize::MAX);
        let n = self.parser.screen().scrollback();
        let lines = (0..n)
            .map(|i| {
                self.parser.set_scrollback(n - i);
                self.view_row(0)
            })
            .collect();
        self.parser.set_scrollback(0);
        lines
    }
}

impl Backend for Vt100 {
    fn open(rows: u16, cols: u16, scrollback: u32, _reflow: bool) -> Self {
        // vt100 never rewraps on resize, asked to or not.
        Vt100 { parser: Parser::new(rows, cols, scrollback as usize) }
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
    }

    fn resize(&mut self, rows: u16, cols: u16) {
        self.parser.set_size(rows, cols);
    }

    fn mode(&mut self, private: bool, number: u32) -> u8 {
        let s = self.parser.screen();
        let tracking = s.mouse_protocol_mode();
        let encoding = s.mouse_protocol_encoding();
        match (private, number) {
            (true, 1) => flag(s.application_cursor()),
            (true, 9) => flag(tracking == Tracking::Press),
            (true, 25) => flag(!s.hide_cursor()),
            // vt100 enters the same alternate screen for both.
            (true, 47 | 1049) => flag(s.alternate_screen()),
            (true, 1000) => flag(tracking == Tracking::PressRelease),
            (true, 1002) => flag(tracking == Tracking::ButtonMotion),
            (true, 1003) => flag(tracking == Tracking::AnyMotion),
            (true, 1005) => flag(encoding == Encoding::Utf8),
            (true, 1006) => flag(encoding == Encoding::Sgr),
            (true, 2004) => flag(s.bracketed_paste()),
            _ => 0,
        }
    }

    fn keypad(&mut self) -> Option<bool> {
        Some(self.parser.screen().application_keypad())
    }

    fn dump(&mut self) -> Dump {
        let scrollback = self.scrollback();
        let s = self.parser.screen();
        let (rows, cols) = s.size();
        // After the last column vt100 leaves the cursor one past it: the pending wrap.
        let (row, col) = s.cursor_position();
        let tracking = match s.mouse_protocol_mode() {
            Tracking::None => "off",
            Tracking::Press => "x10",
            Tracking::PressRelease => "normal",
            Tracking::ButtonMotion => "button",
            Tracking::AnyMotion => "any",
        };
        let encoding = match s.mouse_protocol_encoding() {
            Encoding::Default => "default",
            Encoding::Utf8 => "utf8",
            Encoding::Sgr => "sgr",
        };
        Dump {
            cursor: (row as usize, col.min(cols - 1) as usize),
            cursor_visible: !s.hide_cursor(),
            cursor_blink: None,
            cursor_shape: None,
            pending_wrap: Some(col >= cols),
            alt_screen: s.alternate_screen(),
            reverse_video: None,
            mouse: Some((tracking, Some(encoding))),
            keypad_app: Some(s.application_keypad()),
            bell: Some(s.audible_bell_count()),
            title: Some(s.title().to_string()),
            icon: Some(s.icon_name().to_string()),
            replies: None,
            known: vec![("attrs", "bold,italic,inverse"), ("underline", "none,single")],
            scrollback,
            rows: (0..rows).map(|r| self.view_row(r)).collect(),
        }
    }
}

fn main() {
    backend_protocol::run::<Vt100>("vt100")
}
