//! The vt100 crate driven as an embedder drives it: one `vt100::Parser` of
//! 24x80 with 1000 lines of scrollback, fed with `process`. vt100 0.15 has no
//! way to hand back replies (it answers no queries), so there is nothing to
//! drain and the reply count stays 0.
use bench_harness::{Engine, COLS, ROWS, SCROLLBACK};

struct Vt100 {
    parser: vt100::Parser,
}

impl Engine for Vt100 {
    fn create() -> Option<Self> {
        Some(Vt100 { parser: vt100::Parser::new(ROWS, COLS, SCROLLBACK) })
    }

    fn feed(&mut self, bytes: &[u8]) {
        self.parser.process(bytes);
    }

    fn visit_cells(&self, visit: &mut dyn FnMut(u32)) {
        let screen = self.parser.screen();
        for row in 0..ROWS {
            for col in 0..COLS {
                let cell = screen.cell(row, col).expect("a cell inside the screen");
                if cell.is_wide_continuation() {
                    continue;
                }
                visit(cell.contents().chars().next().map_or(' ' as u32, |c| c as u32));
            }
        }
    }

    fn reply_bytes(&self) -> u64 {
        0
    }
}

fn main() {
    bench_harness::run::<Vt100>("vt100")
}
