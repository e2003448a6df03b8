//! Development tasks, in Rust, behind `cargo xtask` (see `.cargo/config.toml`).

mod bench_peers;

use std::env;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{exit, Command, Stdio};

mod fuzz;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  ci [lint|test]
           what CI runs: `lint` is cargo fmt --check and clippy -D warnings;
           `test` is the README's all-tests command built with the declared
           rust-version, and its one-line tally; no argument runs both
  bless    run the tests and accept every changed snapshot (review with git diff)
  bench    run every benchmark in release mode (extra arguments go to cargo bench)
  bench-peers [--sizes 1000,10000,30000,100000] [--runs 5] [--games 200000]
              [--nomic PATH] [--without-build]
           time nomic on the real rulesets and beside its peers (pulldown-cmark,
           git diff) on generated ones; print the goals table of the README
  fuzz     run every fuzz target (nightly; installs cargo-fuzz when missing):
           cargo xtask fuzz [--seconds N] [TARGET...]  (N per target, default 60)
";

fn main() {
    let mut args = env::args().skip(1);
    let task = args.next();
    let rest: Vec<String> = args.collect();
    let ok = match task.as_deref() {
        Some("ci") => match rest.first().map(String::as_str) {
            None => lint() && tests(),
            Some("lint") => lint(),
            Some("test") => tests(),
            Some(other) => {
                eprintln!("ci: unknown step `{other}` (lint or test)\n\n{USAGE}");
                exit(2);
            }
        },
        Some("bless") => cargo(
            &["test", "--workspace"],
            &[("INSTA_UPDATE", "always")],
            true,
        ),
        Some("bench") => {
            let mut bench = vec!["bench", "--package", "nomic"];
            bench.extend(rest.iter().map(String::as_str));
            cargo(&bench, &[], false)
        }
        Some("bench-peers") => match bench_peers::Options::parse(&rest) {
            Ok(options) => reported("bench-peers", bench_peers::run(&root(), &options)),
            Err(err) => {
                eprintln!("bench-peers: {err}\n\n{USAGE}");
                exit(2);
            }
        },
        // Internal: bench-peers writes its inputs in a child process, so
        // that its own memory stays small (see `bench_peers::write_inputs`).
        Some(bench_peers::INPUTS_TASK) => reported("bench-peers", bench_peers::write_inputs(&rest)),
        Some("fuzz") => fuzz::run(&rest),
        _ => {
            eprint!("{USAGE}");
            exit(2);
        }
    };
    exit(if ok { 0 } else { 1 });
}

/// The top of the repository.
fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether `task` succeeded; its error, if any, on standard error.
fn reported(task: &str, result: Result<(), String>) -> bool {
    result.map_err(|err| eprintln!("{task}: {err}")).is_ok()
}

/// The checks of CI before its tests: `.ci/run` installs the toolchains
/// and calls this, then [`tests`]. Stops at the first step that fails.
fn lint() -> bool {
    cargo(&["fmt", "--all", "--", "--check"], &[], false)
        && cargo(
            &[
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ],
            &[],
            false,
        )
}

/// The `rust-version` that Cargo.toml declares.
fn declared_rust_version() -> Result<String, String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml"))
        .map_err(|err| format!("cannot read Cargo.toml: {err}"))?;
    manifest
        .lines()
        .find_map(|line| {
            let value = line.strip_prefix("rust-version")?.trim_start();
            Some(
                value
                    .strip_prefix('=')?
                    .trim()
                    .trim_matches('"')
                    .to_string(),
            )
        })
        .ok_or_else(|| "Cargo.toml declares no rust-version".to_string())
}

/// The README's all-tests command, `cargo test --workspace --
/// --include-ignored` (the slow tests that a contributor's `cargo test`
/// leaves out run here), built with the declared `rust-version` through
/// rustup: one build is both the tests and the proof that the crate builds
/// with its minimum Rust. Its output passes through, then one closing line
/// summed over every test binary: `tests: N passed, M failed`.
fn tests() -> bool {
    let version = match declared_rust_version() {
        Ok(version) => version,
        Err(err) => {
            eprintln!("{err}");
            return false;
        }
    };
    let args = [
        "run",
        version.as_str(),
        "cargo",
        "test",
        "--workspace",
        "--locked",
        "--",
        "--include-ignored",
    ];
    eprintln!("$ rustup {}", args.join(" "));
    // rustup sets CARGO/RUSTC for the toolchain it runs; ours must not leak.
    let mut child = match Command::new("rustup")
        .args(args)
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("RUSTUP_TOOLCHAIN")
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(err) => {
            eprintln!("cannot run rustup for rust-version {version}: {err}");
            return false;
        }
    };
    let (mut passed, mut failed) = (0u64, 0u64);
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            println!("{line}");
            if let Some((p, f)) = tally(&line) {
                passed += p;
                failed += f;
            }
        }
    }
    let ok = child.wait().is_ok_and(|status| status.success());
    println!("tests: {passed} passed, {failed} failed");
    ok
}

/// The counts of a `test result: ok. 12 passed; 0 failed; …` line.
fn tally(line: &str) -> Option<(u64, u64)> {
    let rest = line.strip_prefix("test result: ")?;
    let count = |word: &str| {
        rest.split(';')
            .map(str::trim)
            .find_map(|part| {
                let part = part.rsplit(". ").next().unwrap_or(part);
                part.strip_suffix(word)?.trim().parse::<u64>().ok()
            })
            .unwrap_or(0)
    };
    Some((count("passed"), count("failed")))
}

/// Runs cargo with arguments and environment; `unset_ci` removes `CI`, since
/// insta refuses to write snapshots when it is set.
fn cargo(args: &[&str], envs: &[(&str, &str)], unset_ci: bool) -> bool {
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command.args(args).envs(envs.iter().copied());
    if unset_ci {
        command.env_remove("CI");
    }
    eprintln!("$ cargo {}", args.join(" "));
    match command.status() {
        Ok(status) => status.success(),
        Err(err) => {
            eprintln!("cannot run cargo: {err}");
            false
        }
    }
}
