//! alacritty_terminal driven as an embedder drives it: a `Term` of 80x24
//! with a scrollback history of 1000 lines and an `ansi::Processor` fed byte
//! by byte (its only input API). Replies come back as `Event::PtyWrite`
//! through the event listener; we count their bytes, as a host would write
//! them to the PTY after every chunk. Colour and text-area-size queries need
//! the host's palette and pixel size to answer, so they are not counted.
use std::cell::Cell;
use std::rc::Rc;

use alacritty_terminal::ansi::Processor;
use alacritty_terminal::config::Config;
use alacritty_terminal::event::{Event, EventListener};
use alacritty_terminal::grid::Dimensions;
use alacritty_terminal::index::{Column, Line};
use alacritty_terminal::term::cell::Flags;
use alacritty_terminal::term::Term;
use bench_harness::{Engine, COLS, ROWS, SCROLLBACK};

struct Size;

impl Dimensions for Size {
    fn total_lines(&self) -> usize {
        ROWS as usize
    }

    fn screen_lines(&self) -> usize {
        ROWS as usize
    }

    fn columns(&self) -> usize {
        COLS as usize
    }
}

#[derive(Clone, Default)]
struct Replies(Rc<Cell<u64>>);

impl EventListener for Replies {
    fn send_event(&self, event: Event) {
        if let Event::PtyWrite(text) = event {
            self.0.set(self.0.get() + text.len() as u64);
        }
    }
}

struct Alacritty {
    term: Term<Replies>,
    processor: Processor,
    replies: Replies,
}

impl Engine for Alacritty {
    fn create() -> Option<Self> {
        let mut config = Config::default();
        config.scrolling.set_history(SCROLLBACK as u32);
        let replies = Replies::default();
        let term = Term::new(&config, &Size, replies.clone());
        Some(Alacritty { term, processor: Processor::new(), replies })
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.processor.advance(&mut self.term, byte);
        }
    }

    fn visit_cells(&self, visit: &mut dyn FnMut(u32)) {
        let grid = self.term.grid();
        for line in 0..ROWS as i32 {
            let row = &grid[Line(line)];
            for col in 0..COLS as usize {
                let cell = &row[Column(col)];
                if cell.flags.contains(Flags::WIDE_CHAR_SPACER) {
                    continue;
                }
                visit(if cell.c == '\0' { ' ' as u32 } else { cell.c as u32 });
            }
        }
    }

    fn reply_bytes(&self) -> u64 {
        self.replies.0.get()
    }
}

fn main() {
    bench_harness::run::<Alacritty>("alacritty_terminal")
}
