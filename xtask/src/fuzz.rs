//! `cargo xtask fuzz`: seeds each target's corpus from the bundled rulesets
//! and the test fixtures, then runs every `cargo fuzz` target for a while.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The targets in `fuzz/fuzz_targets`, in the order they run.
const TARGETS: [&str; 6] = ["read", "lossless", "canonical", "fmt", "apply", "lsp"];

/// Folders whose files seed every corpus (searched recursively).
const SEEDS: [&str; 2] = ["rulesets", "tests/fixtures"];

/// The first byte of an input asks the targets to detect the format.
const DETECT: u8 = 0xFF;

pub fn run(args: &[String]) -> bool {
    let mut seconds = 60u64;
    let mut targets = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => seconds = n,
                None => {
                    eprintln!("--seconds needs a whole number of seconds");
                    return false;
                }
            },
            name if TARGETS.contains(&name) => targets.push(name),
            other => {
                eprintln!(
                    "unknown fuzz target or option `{other}`; targets: {}",
                    TARGETS.join(", ")
                );
                return false;
            }
        }
    }
    if targets.is_empty() {
        targets.extend(TARGETS);
    }
    if !ensure_cargo_fuzz() {
        return false;
    }
    // Every target runs, even after one failed: each failure is reported.
    let mut ok = true;
    for target in targets {
        let corpus = Path::new("fuzz/corpus").join(target);
        if let Err(err) = seed(&corpus, target) {
            eprintln!("cannot seed {}: {err}", corpus.display());
            ok = false;
            continue;
        }
        ok &= fuzz_target(target, seconds, &corpus);
    }
    ok
}

/// `cargo fuzz` on the nightly toolchain, installed when missing.
fn ensure_cargo_fuzz() -> bool {
    let present = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|out| out.status.success());
    if present {
        return true;
    }
    eprintln!("$ cargo install cargo-fuzz");
    Command::new("cargo")
        .args(["install", "cargo-fuzz", "--locked"])
        .status()
        .is_ok_and(|status| status.success())
}

fn fuzz_target(target: &str, seconds: u64, corpus: &Path) -> bool {
    let args = [
        "+nightly".to_string(),
        "fuzz".to_string(),
        "run".to_string(),
        "--fuzz-dir".to_string(),
        "fuzz".to_string(),
        target.to_string(),
        corpus.display().to_string(),
        "--".to_string(),
        format!("-max_total_time={seconds}"),
        // A hang is a failure too.
        "-timeout=10".to_string(),
        "-rss_limit_mb=2048".to_string(),
        "-print_final_stats=1".to_string(),
    ];
    eprintln!("$ cargo {}", args.join(" "));
    let ok = Command::new("cargo")
        .args(&args)
        .env_remove("RUSTUP_TOOLCHAIN")
        .status()
        .is_ok_and(|status| status.success());
    if !ok {
        eprintln!(
            "fuzz target `{target}` failed: the input is in fuzz/artifacts/{target}/; \
             copy it to tests/fixtures/fuzz/{target}/ so `cargo test --test fuzz` replays it"
        );
    }
    ok
}

/// Writes every seed file into the corpus (first byte: detect the format;
/// for `apply`, a recipe after the ruleset that amends its first rule; for
/// `lsp`, a script of requests and edits on it), and
/// the inputs kept from earlier failures.
fn seed(corpus: &Path, target: &str) -> std::io::Result<()> {
    fs::create_dir_all(corpus)?;
    let mut files = Vec::new();
    for folder in SEEDS {
        collect(Path::new(folder), &mut files)?;
    }
    for (index, path) in files.iter().enumerate() {
        if path.starts_with("tests/fixtures/fuzz") {
            fs::write(corpus.join(format!("kept-{index}")), fs::read(path)?)?;
            continue;
        }
        let mut input = vec![DETECT];
        input.extend(fs::read(path)?);
        if target == "apply" {
            input.extend([0xFF, 0, 0]);
            input.extend(b"Every player gets one cookie.");
        }
        if target == "lsp" {
            // Hover, symbols, an edit, completion, a rename, formatting.
            input.extend([
                0xFF, 0, 4, 8, 3, 0, 0, 14, 2, 201, 7, 2, 5, 6, 4, 6, 11, 0, 0,
            ]);
        }
        fs::write(corpus.join(format!("seed-{index}")), input)?;
    }
    Ok(())
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(fs::DirEntry::path);
    for entry in entries {
        let kind = entry.file_type()?;
        if kind.is_dir() {
            collect(&entry.path(), files)?;
        } else if kind.is_file() {
            files.push(entry.path());
        }
    }
    Ok(())
}
