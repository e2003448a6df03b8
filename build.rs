//! Links the `nomic` executable at a fixed address on x86-64 Linux (glibc).
//!
//! A position-independent executable carries a 0.6 MB relocation table that
//! the loader reads at every start, and its 0.5 MB of `.data.rel.ro` is
//! copied as the relocations are applied: 0.8 MB of every command's peak
//! memory, a sixth of `nomic --version`'s (issue 15, round 10). Only the
//! binaries' final link drops `-pie`: the code is still compiled
//! position-independent, so the library, proc macros, tests and benches
//! build as before (`-no-pie` in `rustflags` would reach the proc macros'
//! shared objects too, and they do not link with it).

use std::env;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let is = |key: &str, value: &str| env::var(key).is_ok_and(|found| found == value);
    if is("CARGO_CFG_TARGET_ARCH", "x86_64")
        && is("CARGO_CFG_TARGET_OS", "linux")
        && is("CARGO_CFG_TARGET_ENV", "gnu")
    {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
