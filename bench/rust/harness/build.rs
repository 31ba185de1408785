// Compiles the C harness itself into the Rust drivers, so every engine runs
// through the very same timed loop and prints the very same result line.
fn main() {
    let bench = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    println!("cargo:rerun-if-changed={}/harness.c", bench);
    println!("cargo:rerun-if-changed={}/harness.h", bench);
    cc::Build::new()
        .file(format!("{}/harness.c", bench))
        .include(bench)
        .flag("-std=c11")
        .opt_level(2)
        .define("NDEBUG", None)
        .compile("bench_harness_c");
}
