//! `cargo xtask hot-functions`: writes `link/hot-functions.txt`, the
//! functions of `target/release/nomic` that `check`, `diff`, `parse` and
//! `render` run on a 10,000-rule ruleset, as the linker names them, for
//! `build.rs` to hand to the linker (`--symbol-ordering-file`). Laid out
//! together, the code a command runs fills fewer pages, and the kernel maps
//! fewer around each page it faults in (docs/performance.md, round 10).
//!
//! The names carry hashes: a change of toolchain, of Cargo.toml's version
//! or dependencies renames every function, and a change of code renames
//! those the compiler moved between its units (the `.llvm.` suffixes). A
//! stale list still links; it only saves less. `--check` says how much of
//! the list the release build (`cargo build --release`) still defines.
//!
//! Needs valgrind (callgrind names every function a run enters) and nm.

use crate::bench_peers;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where the list lives, from the top of the repository.
const LIST: &str = "link/hot-functions.txt";

/// Below this share of listed names still defined, `--check` fails.
const FRESH_ENOUGH: f64 = 0.9;

/// The runs that are profiled, in this order: `diff` holds two files and
/// has the least room, so its functions come first and lie together; then
/// those of `parse`, `check` and `render`. `OLD` and `NEW` stand for the
/// generated ruleset and its changed copy.
const RUNS: [&[&str]; 5] = [
    &["diff", "OLD", "NEW"],
    &["parse", "OLD"],
    &["check", "OLD"],
    &["render", "--to", "md-short", "OLD"],
    &["render", "--to", "txt-long", "OLD"],
];

/// `cargo xtask hot-functions [--inputs DIR] [--check]`.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let mut inputs = None;
    let mut check = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--check" => check = true,
            "--inputs" => {
                let dir = args.next().ok_or("--inputs needs a folder")?;
                inputs = Some(PathBuf::from(dir));
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let nomic = root.join("target/release/nomic");
    let list = root.join(LIST);
    // Built as a user builds it: `cargo test --release` links the same
    // path with the features its dev-dependencies add, and the features
    // are part of every crate's symbol names.
    if !crate::cargo(&["build", "--release", "--bin", "nomic"], &[], false) {
        return Err("the release build failed".into());
    }
    if check {
        return check_list(&nomic, &list);
    }
    let work = root.join("target/hot-functions");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let inputs = match inputs {
        Some(dir) => dir,
        None => {
            let dir = work.join("inputs");
            bench_peers::write_inputs(&["10000".into(), path_arg(&dir)?])?;
            dir
        }
    };
    let mut named = Vec::new();
    for (i, run) in RUNS.iter().enumerate() {
        let out = work.join(format!("callgrind-{i}.out"));
        callgrind(&nomic, run, &inputs, &out)?;
        let text =
            fs::read_to_string(&out).map_err(|e| format!("cannot read {}: {e}", out.display()))?;
        named.push(names_in_order(&text));
    }
    let defined = defined_functions(&nomic)?;
    let order = hot_order(&named, &defined);
    let mut text = order.join("\n");
    text.push('\n');
    fs::write(&list, text).map_err(|e| format!("cannot write {}: {e}", list.display()))?;
    println!("{LIST}: {} functions", order.len());
    Ok(())
}

/// Says how many of the listed names `nomic` defines; fails below
/// [`FRESH_ENOUGH`].
fn check_list(nomic: &Path, list: &Path) -> Result<(), String> {
    let text =
        fs::read_to_string(list).map_err(|e| format!("cannot read {}: {e}", list.display()))?;
    let defined = defined_functions(nomic)?;
    let listed: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    let found = listed
        .iter()
        .filter(|name| defined.contains(**name))
        .count();
    println!(
        "{found} of the {} functions {LIST} lists are in target/release/nomic",
        listed.len()
    );
    if (found as f64) < FRESH_ENOUGH * listed.len() as f64 {
        return Err(format!(
            "the list is stale: run `cargo xtask hot-functions` and build again ({:.0}% needed)",
            FRESH_ENOUGH * 100.0
        ));
    }
    Ok(())
}

/// Runs `nomic` with `args` under callgrind, writing its profile to `out`.
/// The command's own exit status is not looked at: `diff` exits 1 when the
/// files differ, which is the run wanted.
fn callgrind(nomic: &Path, args: &[&str], inputs: &Path, out: &Path) -> Result<(), String> {
    let file = |name: &str| path_arg(&inputs.join(name));
    let args: Vec<String> = args
        .iter()
        .map(|arg| match *arg {
            "OLD" => file(bench_peers::OLD),
            "NEW" => file(bench_peers::NEW),
            other => Ok(other.to_string()),
        })
        .collect::<Result<_, _>>()?;
    let _ = fs::remove_file(out);
    Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg("--demangle=no")
        .arg(format!("--callgrind-out-file={}", path_arg(out)?))
        .arg(nomic)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    if out.exists() {
        Ok(())
    } else {
        Err(format!(
            "callgrind wrote no profile for `nomic {}`",
            args.join(" ")
        ))
    }
}

/// The functions `nm` lists as defined in the text section of `binary`.
fn defined_functions(binary: &Path) -> Result<HashSet<String>, String> {
    let output = Command::new("nm")
        .arg(binary)
        .output()
        .map_err(|e| format!("cannot run nm: {e}"))?;
    if !output.status.success() {
        return Err(format!("nm cannot read {}", binary.display()));
    }
    Ok(text_symbols(&String::from_utf8_lossy(&output.stdout)))
}

/// The names of `nm`'s lines whose type is `t` or `T` (code).
fn text_symbols(nm: &str) -> HashSet<String> {
    nm.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_address, kind, name) = (fields.next()?, fields.next()?, fields.next()?);
            matches!(kind, "t" | "T").then(|| name.to_string())
        })
        .collect()
}

/// The functions a callgrind profile names, each once, in the order first
/// named. A profile names a function in full the first time (`fn=(12)
/// name` or `cfn=(12) name`) and by number after.
fn names_in_order(profile: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    profile
        .lines()
        .filter_map(|line| {
            let rest = line
                .strip_prefix("fn=(")
                .or_else(|| line.strip_prefix("cfn=("))?;
            let (_id, name) = rest.split_once(") ")?;
            Some(name)
        })
        .filter(|name| seen.insert(*name))
        .map(str::to_string)
        .collect()
}

/// The defined functions the runs named, grouped by which runs named them:
/// those of every run first, then by the runs in order (a function of the
/// first run before one only of later runs), each group in the order the
/// functions were first named.
fn hot_order(runs: &[Vec<String>], defined: &HashSet<String>) -> Vec<String> {
    let mut first_named: Vec<&str> = Vec::new();
    let mut runs_naming: HashMap<&str, u32> = HashMap::new();
    for (i, names) in runs.iter().enumerate() {
        // The first run is the highest bit, so that sorting by the mask,
        // highest first, puts every run's functions first and then the
        // earlier runs' before the later ones'.
        let bit = 1u32 << (runs.len() - 1 - i);
        for name in names.iter().filter(|name| defined.contains(*name)) {
            let mask = runs_naming.entry(name).or_insert_with(|| {
                first_named.push(name);
                0
            });
            *mask |= bit;
        }
    }
    let mut order: Vec<(u32, usize, &str)> = first_named
        .iter()
        .enumerate()
        .map(|(at, name)| (runs_naming[name], at, *name))
        .collect();
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    order
        .into_iter()
        .map(|(_, _, name)| name.to_string())
        .collect()
}

fn path_arg(path: &Path) -> Result<String, String> {
    path.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{} is not UTF-8", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_profile_names_each_function_once_in_the_order_first_named() {
        let profile = "version: 1\nfn=(1) main\ncfn=(2) parse\ncalls=1 0\nfn=(2)\n\
                       cfn=(3) alloc\nfn=(1)\ncfn=(3)\ncfn=(4) write\n";
        assert_eq!(
            names_in_order(profile),
            names(&["main", "parse", "alloc", "write"])
        );
    }

    #[test]
    fn nm_gives_only_code() {
        let nm = "0000000000001000 T main\n0000000000002000 t parse.llvm.123\n\
                  0000000000003000 r TABLE\n                 U malloc\n";
        let defined = text_symbols(nm);
        assert_eq!(defined.len(), 2);
        assert!(defined.contains("main") && defined.contains("parse.llvm.123"));
    }

    #[test]
    fn functions_every_run_names_come_first_then_by_the_first_run_naming_them() {
        let runs = [
            names(&["diff_only", "shared", "first_and_third"]),
            names(&["second_only", "shared"]),
            names(&["shared", "first_and_third", "gone", "third_only"]),
        ];
        let defined: HashSet<String> = [
            "diff_only",
            "shared",
            "first_and_third",
            "second_only",
            "third_only",
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            hot_order(&runs, &defined),
            names(&[
                "shared",
                "first_and_third",
                "diff_only",
                "second_only",
                "third_only"
            ])
        );
    }
}
