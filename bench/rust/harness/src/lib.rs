//! The bridge from a Rust terminal engine to `bench/harness.c`.
//!
//! A driver implements [`Engine`] and calls [`run`]; the C harness then does
//! what it does for libvterm and libtsm: reads the workload into memory, makes
//! a fresh terminal per round, times only the feeding loop and prints the
//! `key=value` result line that `bench/run.sh` tabulates.

use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_void};
use std::os::unix::ffi::OsStrExt;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Rows, columns and scrollback lines every engine is made with.
pub const ROWS: u16 = 24;
pub const COLS: u16 = 80;
pub const SCROLLBACK: usize = 1000;

/// One terminal engine as the harness drives it.
pub trait Engine: Sized {
    /// Makes an 80x24 UTF-8 terminal with 1000 lines of scrollback.
    fn create() -> Option<Self>;
    /// Consumes one chunk of program output, then drains any replies.
    fn feed(&mut self, bytes: &[u8]);
    /// The first codepoint of every visible cell, row by row, tails of wide
    /// characters skipped and blanks as spaces, each handed to `visit`.
    fn visit_cells(&self, visit: &mut dyn FnMut(u32));
    /// Reply bytes drained since `create`.
    fn reply_bytes(&self) -> u64;
}

// The layout of `bench_engine` in harness.h.
#[repr(C)]
struct BenchEngine {
    name: *const c_char,
    create: extern "C" fn() -> *mut c_void,
    feed: extern "C" fn(*mut c_void, *const c_char, usize) -> c_int,
    checksum: extern "C" fn(*mut c_void) -> u64,
    reply_bytes: extern "C" fn(*mut c_void) -> u64,
    destroy: extern "C" fn(*mut c_void),
}

extern "C" {
    fn bench_main(argc: c_int, argv: *mut *mut c_char, engine: *const BenchEngine) -> c_int;
    fn bench_hash_start() -> u64;
    fn bench_hash_step(h: u64, v: u32) -> u64;
}

// A panic must not unwind into C: it becomes the failure the harness reports.
extern "C" fn create<E: Engine>() -> *mut c_void {
    match catch_unwind(E::create) {
        Ok(Some(engine)) => Box::into_raw(Box::new(engine)) as *mut c_void,
        _ => std::ptr::null_mut(),
    }
}

extern "C" fn feed<E: Engine>(ctx: *mut c_void, bytes: *const c_char, len: usize) -> c_int {
    // SAFETY: ctx came from create::<E>; the harness passes a valid chunk.
    let engine = unsafe { &mut *(ctx as *mut E) };
    let chunk = unsafe { std::slice::from_raw_parts(bytes as *const u8, len) };
    match catch_unwind(AssertUnwindSafe(|| engine.feed(chunk))) {
        Ok(()) => 0,
        Err(_) => -1,
    }
}

extern "C" fn checksum<E: Engine>(ctx: *mut c_void) -> u64 {
    // SAFETY: ctx came from create::<E>.
    let engine = unsafe { &*(ctx as *const E) };
    let mut h = unsafe { bench_hash_start() };
    let hashed = catch_unwind(AssertUnwindSafe(|| {
        engine.visit_cells(&mut |cp| h = unsafe { bench_hash_step(h, cp) })
    }));
    // A checksum of 0 never matches the warm-up's, so the harness reports it.
    if hashed.is_err() {
        return 0;
    }
    h
}

extern "C" fn reply_bytes<E: Engine>(ctx: *mut c_void) -> u64 {
    // SAFETY: ctx came from create::<E>.
    unsafe { &*(ctx as *const E) }.reply_bytes()
}

extern "C" fn destroy<E: Engine>(ctx: *mut c_void) {
    if !ctx.is_null() {
        // SAFETY: ctx came from Box::into_raw in create::<E>.
        drop(unsafe { Box::from_raw(ctx as *mut E) });
    }
}

/// Runs the benchmark on the command line's arguments and exits with the
/// harness's status (0, 1 on a failure, 2 on bad usage).
pub fn run<E: Engine>(name: &str) -> ! {
    let args: Vec<CString> = std::env::args_os()
        .map(|a| CString::new(a.as_bytes()).expect("an argument holds a NUL byte"))
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    let name = CString::new(name).expect("the engine name holds a NUL byte");
    let engine = BenchEngine {
        name: name.as_ptr(),
        create: create::<E>,
        feed: feed::<E>,
        checksum: checksum::<E>,
        reply_bytes: reply_bytes::<E>,
        destroy: destroy::<E>,
    };
    let argc = (argv.len() - 1) as c_int;
    // SAFETY: argv is NULL-terminated and outlives the call, as does engine.
    let rc = unsafe { bench_main(argc, argv.as_mut_ptr(), &engine) };
    std::process::exit(rc)
}
