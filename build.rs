//! Sets `cfg(nomic_avx512)` where the compiler has AVX-512's target
//! features and intrinsics (stable from Rust 1.89), so that the crate still
//! builds with its rust-version, 1.88, without the AVX-512 ChaCha8 kernel
//! (src/engine/chacha8.rs).

use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(nomic_avx512)");
    println!("cargo:rerun-if-changed=build.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let minor = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|version| {
            // "rustc 1.95.0 (…)"
            let number = version.split_whitespace().nth(1)?;
            let mut parts = number.split('.');
            let major: u32 = parts.next()?.parse().ok()?;
            let minor: u32 = parts.next()?.parse().ok()?;
            Some((major, minor))
        });
    if minor.is_some_and(|version| version >= (1, 89)) {
        println!("cargo:rustc-cfg=nomic_avx512");
    }
}
