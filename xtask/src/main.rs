//! Development tasks, in Rust, behind `cargo xtask` (see `.cargo/config.toml`).

mod bench_peers;

use std::env;
use std::path::Path;
use std::process::{exit, Command};

mod fuzz;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  ci       what CI runs: cargo fmt --check, clippy -D warnings, the test suite
  bless    run the tests and accept every changed snapshot (review with git diff)
  bench    run every benchmark in release mode (extra arguments go to cargo bench)
  bench-peers [--sizes 1000,10000,100000] [--runs 5] [--games 200000]
           time nomic beside its peers (pulldown-cmark, git diff, cp) on generated
           rulesets and print the ratio table of the README
  fuzz     run every fuzz target (nightly; installs cargo-fuzz when missing):
           cargo xtask fuzz [--seconds N] [TARGET...]  (N per target, default 60)
";

fn main() {
    let mut args = env::args().skip(1);
    let task = args.next();
    let rest: Vec<String> = args.collect();
    let ok = match task.as_deref() {
        Some("ci") => ci(),
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
            Ok(options) => {
                let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
                match bench_peers::run(&root, &options) {
                    Ok(()) => true,
                    Err(err) => {
                        eprintln!("bench-peers: {err}");
                        false
                    }
                }
            }
            Err(err) => {
                eprintln!("bench-peers: {err}\n\n{USAGE}");
                exit(2);
            }
        },
        Some("fuzz") => fuzz::run(&rest),
        _ => {
            eprint!("{USAGE}");
            exit(2);
        }
    };
    exit(if ok { 0 } else { 1 });
}

fn ci() -> bool {
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
        && cargo(&["test", "--workspace"], &[], false)
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
