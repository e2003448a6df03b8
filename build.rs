//! How the `nomic` executable is linked, to lower the memory every command
//! starts from (issue 15, rounds 10 and 11; docs/performance.md).
//!
//! The functions that `check`, `diff`, `parse` and `render` run are laid out
//! together (`link/hot-functions.txt`, written by `cargo xtask hot-functions`),
//! where the linker takes an ordering file (lld, Rust's default linker here
//! since 1.90; mold): the kernel maps the 64 KiB around each page of code
//! faulted in, and the code a command runs was spread over most of the
//! binary's 8 MB. Names the file lists that the binary lacks are skipped; a
//! linker that does not take the file is found by linking an empty program
//! with it first, and then left alone. The names are v0 symbols
//! (`.cargo/config.toml`), which a change of code leaves as they were but
//! for the `.llvm.` suffixes of functions the compiler moved between units;
//! the legacy scheme's hashes renamed 7,000 functions at a one-line change.
//!
//! Its relative relocations are packed (`-z pack-relative-relocs`, round
//! 11) where the linker takes that and the machine's loader runs the result.
//!
//! The executable stays position-independent. Linking it at a fixed address
//! (`-no-pie`) would save another 0.5 MB at start (the copy of
//! `.data.rel.ro` that relocation writes), but `nomic` reads input written by anyone
//! (docs/security.md), and a fixed address gives up address-space layout
//! randomisation of its own code.

use std::env;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The ordering file, from the top of the package.
const HOT_FUNCTIONS: &str = "link/hot-functions.txt";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={HOT_FUNCTIONS}");
    if let Some(ordering) = ordering_args() {
        if probe(&ordering, Probe::Link) {
            link_bins_with(&ordering);
        }
    }
    // Relative relocations packed (`DT_RELR`): the table the dynamic
    // loader reads at every start shrinks from 25,000 entries of 24 bytes
    // (0.6 MB read in) to a few kilobytes; the code stays
    // position-independent. The loader must know the table (glibc 2.36,
    // which the linker marks as a version the binary needs), so the probe
    // must also run, which it can only where the binary is built for the
    // machine that builds it.
    let relr = ["-z", "pack-relative-relocs"]
        .map(|arg| ["-Xlinker", arg])
        .concat();
    let relr: Vec<String> = relr.iter().map(ToString::to_string).collect();
    if env::var("HOST").ok() == env::var("TARGET").ok() && probe(&relr, Probe::LinkAndRun) {
        link_bins_with(&relr);
    }
}

fn link_bins_with(args: &[String]) {
    for arg in args {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}

/// The linker arguments that hand it the ordering file, if it is there.
fn ordering_args() -> Option<Vec<String>> {
    let hot = hot_functions()?;
    let hot = hot.to_str()?;
    // `-Xlinker` pairs, not `-Wl,`: a comma in the path would split it.
    let ordering = [
        "-Xlinker",
        "--symbol-ordering-file",
        "-Xlinker",
        hot,
        "-Xlinker",
        "--no-warn-symbol-ordering",
    ];
    Some(ordering.iter().map(ToString::to_string).collect())
}

/// A copy of the ordering file named after what it holds, so that a new
/// list changes the binaries' link arguments and they are linked again
/// (cargo does not look into a file a link argument names).
fn hot_functions() -> Option<PathBuf> {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR")?);
    let bytes = std::fs::read(manifest.join(HOT_FUNCTIONS)).ok()?;
    // FNV-1a: a name, not a defence.
    let digest = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    });
    let copy =
        PathBuf::from(env::var_os("OUT_DIR")?).join(format!("hot-functions-{digest:016x}.txt"));
    std::fs::write(&copy, bytes).ok()?;
    Some(copy)
}

/// How far a probe must get.
#[derive(PartialEq)]
enum Probe {
    Link,
    LinkAndRun,
}

/// Whether an empty program links with `args` as the binaries will be
/// linked (for the same target, with the same linker and flags) and, with
/// [`Probe::LinkAndRun`], then runs.
fn probe(args: &[String], how: Probe) -> bool {
    let Some(out) = env::var_os("OUT_DIR").map(PathBuf::from) else {
        return false;
    };
    let source = out.join("probe.rs");
    if std::fs::write(&source, "fn main() {}\n").is_err() {
        return false;
    }
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let mut command = Command::new(rustc);
    command
        .arg("--crate-type=bin")
        .arg("--crate-name=probe")
        .arg("-o")
        .arg(out.join("probe"))
        .arg(&source);
    if let Ok(target) = env::var("TARGET") {
        command.arg("--target").arg(target);
    }
    if let Some(linker) = env::var_os("RUSTC_LINKER") {
        let mut arg = std::ffi::OsString::from("linker=");
        arg.push(linker);
        command.arg("-C").arg(arg);
    }
    if let Ok(flags) = env::var("CARGO_ENCODED_RUSTFLAGS") {
        command.args(flags.split('\u{1f}').filter(|flag| !flag.is_empty()));
    }
    for arg in args {
        command.arg("-C").arg(format!("link-arg={arg}"));
    }
    let quiet = |command: &mut Command| {
        command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success())
    };
    let binary = out.join("probe");
    let passed = quiet(&mut command) && (how == Probe::Link || quiet(&mut Command::new(&binary)));
    let _ = std::fs::remove_file(&binary);
    passed
}
