//! `cargo xtask bench-peers`: whole-process timings of `nomic` beside the
//! programs a user would compare it with, on generated md-long rulesets.
//!
//! Each row runs `nomic` and its peer in turn (interleaved, so a busy
//! machine slows both alike), several times, and reports medians of wall
//! time and peak memory. Peers that are not installed are reported as
//! missing rather than skipped silently. The table it prints is the one in
//! the README's performance section.

use nomic::model::{synthetic_ruleset, Format, Ruleset};
use nomic::render::{render, RenderOptions};
use std::fmt::Write as _;
use std::fs;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the caller asked for.
pub struct Options {
    /// Rule counts of the generated rulesets.
    pub sizes: Vec<usize>,
    /// Runs of each command per size (the median is reported).
    pub runs: usize,
    /// Monte Carlo games for the throughput row (0 skips it).
    pub games: u64,
    /// A `nomic` binary to measure instead of building this checkout's
    /// (`--nomic PATH`, e.g. an earlier build for a before/after table).
    pub nomic: Option<PathBuf>,
    /// Whether to measure `build` (`--without-build` leaves its two rows
    /// out: at 100,000 rules each writes 200,000 files).
    pub build: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            sizes: vec![1_000, 10_000, 100_000],
            runs: 5,
            games: 200_000,
            nomic: None,
            build: true,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let mut value = || {
                args.next()
                    .ok_or_else(|| format!("{arg} needs a value"))
                    .cloned()
            };
            match arg.as_str() {
                "--sizes" => {
                    options.sizes = value()?
                        .split(',')
                        .map(|s| s.trim().parse().map_err(|_| format!("bad size `{s}`")))
                        .collect::<Result<_, _>>()?;
                }
                "--runs" => {
                    options.runs = value()?.parse().map_err(|_| "bad --runs".to_string())?;
                }
                "--games" => {
                    options.games = value()?.parse().map_err(|_| "bad --games".to_string())?;
                }
                "--nomic" => options.nomic = Some(PathBuf::from(value()?)),
                "--without-build" => options.build = false,
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        if options.runs == 0 || options.sizes.is_empty() {
            return Err("--runs and --sizes need at least one".to_string());
        }
        Ok(options)
    }
}

/// One measured process: wall time and peak resident memory.
#[derive(Clone, Copy)]
struct Sample {
    wall: Duration,
    max_rss_kib: u64,
}

/// A command line to measure, with where its standard output goes.
struct Job {
    program: PathBuf,
    args: Vec<String>,
    /// Run before every measured run (not timed), e.g. removing an output folder.
    prepare: Option<Box<dyn Fn()>>,
}

impl Job {
    fn new(program: impl Into<PathBuf>, args: &[&str]) -> Job {
        Job {
            program: program.into(),
            args: args.iter().map(|s| (*s).to_string()).collect(),
            prepare: None,
        }
    }

    fn prepared(mut self, prepare: impl Fn() + 'static) -> Job {
        self.prepare = Some(Box::new(prepare));
        self
    }

    fn run(&self) -> Result<Sample, String> {
        if let Some(prepare) = &self.prepare {
            prepare();
        }
        let mut command = Command::new(&self.program);
        // A hook to run before `exec`, even one that does nothing, has the
        // standard library fork the child instead of spawning it with
        // `vfork`. A `vfork`ed child runs in this process's memory until it
        // calls `exec`, and Linux then records this process's peak as the
        // child's first (`ru_maxrss` keeps the highest of every memory a
        // process has had): every sample, `nomic`'s and its peers', would
        // read at least what xtask itself has mapped. A forked child's
        // memory is a copy of only the pages xtask wrote.
        // SAFETY: the hook calls nothing, so nothing in it can deadlock or
        // touch state the fork left inconsistent.
        unsafe {
            command.pre_exec(|| Ok(()));
        }
        let start = Instant::now();
        let mut child = command
            .args(&self.args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.program.display()))?;
        let pid = i32::try_from(child.id()).map_err(|_| "pid out of range".to_string())?;
        let mut status = 0;
        // SAFETY: an all-zero `rusage` is a valid value; `wait4` fills it in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is our own child, not yet reaped; both pointers are valid.
        let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        let wall = start.elapsed();
        let mut stderr = String::new();
        if let Some(mut pipe) = child.stderr.take() {
            use std::io::Read;
            let _ = pipe.read_to_string(&mut stderr);
        }
        if reaped != pid {
            return Err(format!("wait4 failed for {}", self.program.display()));
        }
        // diff exits 1 when the sides differ; that is its success here.
        let code = libc::WEXITSTATUS(status);
        if !libc::WIFEXITED(status) || code > 1 {
            return Err(format!(
                "{} {} failed ({code}): {}",
                self.program.display(),
                self.args.join(" "),
                stderr.trim()
            ));
        }
        Ok(Sample {
            wall,
            max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
        })
    }
}

/// A row of the table: `nomic`'s job, and its peer's if there is one.
struct Row {
    name: String,
    input_bytes: u64,
    nomic: Job,
    peer: Option<(String, Job)>,
}

struct Measured {
    name: String,
    input_bytes: u64,
    nomic: Sample,
    peer: Option<(String, Sample)>,
}

fn median(mut samples: Vec<Sample>) -> Sample {
    samples.sort_by_key(|s| s.wall);
    let wall = samples[samples.len() / 2].wall;
    samples.sort_by_key(|s| s.max_rss_kib);
    Sample {
        wall,
        max_rss_kib: samples[samples.len() / 2].max_rss_kib,
    }
}

fn measure(row: &Row, runs: usize) -> Result<Measured, String> {
    let mut ours = Vec::with_capacity(runs);
    let mut theirs = Vec::with_capacity(runs);
    for _ in 0..runs {
        ours.push(row.nomic.run()?);
        if let Some((_, job)) = &row.peer {
            theirs.push(job.run()?);
        }
    }
    Ok(Measured {
        name: row.name.clone(),
        input_bytes: row.input_bytes,
        nomic: median(ours),
        peer: row
            .peer
            .as_ref()
            .map(|(name, _)| (name.clone(), median(theirs))),
    })
}

/// The program on `PATH` called `name`, if any.
fn installed(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The same ruleset with one rule in a hundred reworded.
fn one_percent_changed(ruleset: &Ruleset) -> Ruleset {
    let mut changed = ruleset.clone();
    for rule in changed.rules.iter_mut().step_by(100) {
        rule.text = rule.text.replacen("the", "every", 1) + " Amended for the benchmark.";
    }
    changed
}

fn write_md_long(ruleset: &Ruleset, path: &Path) -> Result<(), String> {
    let text = render(ruleset, Format::MdLong, &RenderOptions::default())
        .map_err(|e| format!("cannot render the generated ruleset: {e}"))?;
    fs::write(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn path_arg(path: &Path) -> String {
    path.display().to_string()
}

/// The first row of each size, which the others are compared with.
const PARSE_ROW: &str = "parse to JSON";

/// The hidden task that writes one size's inputs (`SIZE DIR`).
pub const INPUTS_TASK: &str = "bench-peers-inputs";

/// The two inputs of one size, under the folder that holds them.
pub const OLD: &str = "rules-l.md";
pub const NEW: &str = "rules-l-changed.md";

/// [`INPUTS_TASK`]: generates `SIZE` rules and writes them as md-long to
/// `DIR/rules-l.md`, and with one rule in a hundred changed to
/// `DIR/rules-l-changed.md`.
pub fn write_inputs(args: &[String]) -> Result<(), String> {
    let [size, dir] = args else {
        return Err(format!("{INPUTS_TASK} takes SIZE DIR"));
    };
    let size: usize = size.parse().map_err(|_| format!("bad size `{size}`"))?;
    let dir = Path::new(dir);
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let ruleset = synthetic_ruleset(size, 1);
    write_md_long(&ruleset, &dir.join(OLD))?;
    write_md_long(&one_percent_changed(&ruleset), &dir.join(NEW))?;
    Ok(())
}

/// Writes one size's inputs through [`INPUTS_TASK`] in a child process.
///
/// Not in this process: a child's peak memory as `wait4` reports it starts
/// from the peak of the process that spawned it (Linux carries the parent's
/// high-water mark across the `vfork` and `exec` of a spawn), so generating
/// 100,000 rules here would add this process's peak to every measured
/// command's memory.
fn generate(size: usize, dir: &Path) -> Result<(), String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    let status = Command::new(me)
        .args([INPUTS_TASK, &size.to_string(), &path_arg(dir)])
        .status()
        .map_err(|e| format!("cannot generate the inputs: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("generating {size} rules failed"))
    }
}

/// The rows for one size (the `build` rows when `with_build`); generates
/// its inputs under `dir`.
fn rows_for(size: usize, dir: &Path, nomic: &Path, with_build: bool) -> Result<Vec<Row>, String> {
    generate(size, dir)?;
    let old = dir.join(OLD);
    let new = dir.join(NEW);
    let bytes = fs::metadata(&old)
        .map_err(|e| format!("cannot read {}: {e}", old.display()))?
        .len();
    let (old_s, new_s) = (path_arg(&old), path_arg(&new));
    let pulldown = installed("pulldown-cmark");
    let peer_markdown = |label: &str| {
        pulldown
            .as_ref()
            .map(|p| (label.to_string(), Job::new(p, &[old_s.as_str()])))
    };
    let name = |what: &str| format!("{what} ({size} rules)");
    let mut rows = vec![
        Row {
            name: name(PARSE_ROW),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["parse", &old_s]),
            peer: peer_markdown("pulldown-cmark"),
        },
        Row {
            name: name("render txt-long"),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["render", &old_s, "--to", "txt-long"]),
            peer: peer_markdown("pulldown-cmark"),
        },
    ];
    // Issue 15 asks for every form, not only txt-long.
    for form in ["md-long", "md-short", "txt-short", "txt-plain"] {
        rows.push(Row {
            name: name(&format!("render {form}")),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["render", &old_s, "--to", form]),
            peer: peer_markdown("pulldown-cmark"),
        });
    }
    rows.extend([
        Row {
            name: name("check"),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["check", "--format", "json", &old_s]),
            peer: Some(("nomic parse".into(), Job::new(nomic, &["parse", &old_s]))),
        },
        Row {
            name: name("diff, 1% changed"),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["diff", &old_s, &new_s]),
            peer: installed("git").map(|git| {
                (
                    "git diff --word-diff".into(),
                    Job::new(git, &["diff", "--no-index", "--word-diff", &old_s, &new_s]),
                )
            }),
        },
    ]);
    if with_build {
        rows.extend(build_rows(dir, &old_s, bytes, nomic, name)?);
    }
    Ok(rows)
}

/// The two `build` rows of one size (a fresh folder beside `cp -r` of the
/// same tree, and a build where nothing changed).
fn build_rows(
    dir: &Path,
    old_s: &str,
    bytes: u64,
    nomic: &Path,
    name: impl Fn(&str) -> String,
) -> Result<Vec<Row>, String> {
    let build_dir = dir.join("build-fresh");
    let tree = dir.join("build-tree");
    let copy = dir.join("cp-copy");
    // The tree `cp -r` copies is the one `build` writes.
    let status = Command::new(nomic)
        .args(["build", old_s, "-o", &path_arg(&tree)])
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run nomic build: {e}"))?;
    if !status.success() {
        return Err("nomic build failed while preparing the cp tree".to_string());
    }
    let fresh = || {
        let build_dir = build_dir.clone();
        Job::new(nomic, &["build", old_s, "-o", &path_arg(&build_dir)])
            .prepared(move || remove_settled(&build_dir))
    };
    let copied = copy.clone();
    let copied_durably = copy.clone();
    // `build` makes what it wrote durable (one syncfs); `cp -r` leaves it in
    // the page cache. Both rows are printed: the issue's peer, and the same
    // copy made durable as `build` makes its output.
    let durable_copy = [
        "-c",
        r#"cp -r "$1" "$2" && sync -f "$2""#,
        "sh",
        &path_arg(&tree),
        &path_arg(&copy),
    ];
    Ok(vec![
        Row {
            name: name("build, fresh folder"),
            input_bytes: bytes,
            nomic: fresh(),
            peer: Some((
                "cp -r".into(),
                Job::new("cp", &["-r", &path_arg(&tree), &path_arg(&copy)])
                    .prepared(move || remove_settled(&copied)),
            )),
        },
        Row {
            name: name("build, fresh folder, durable peer"),
            input_bytes: bytes,
            nomic: fresh(),
            peer: Some((
                "cp -r, then sync -f".into(),
                Job::new("sh", &durable_copy).prepared(move || remove_settled(&copied_durably)),
            )),
        },
        Row {
            name: name("build, nothing changed"),
            input_bytes: bytes,
            nomic: Job::new(nomic, &["build", old_s, "-o", &path_arg(&tree)]),
            peer: Some(("nomic parse".into(), Job::new(nomic, &["parse", old_s]))),
        },
    ])
}

/// Removes a previous run's output folder and waits until the removal is on
/// disk, so that no run is charged for the one before it (the file system
/// frees 30,000 inodes lazily, and the next run's writes would wait for it).
fn remove_settled(path: &Path) {
    let _ = fs::remove_dir_all(path);
    // SAFETY: `sync` takes no arguments and cannot fail.
    unsafe { libc::sync() };
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The table; `start_kib` is the peak of `nomic --version`, the memory any
/// command starts from (its code and libraries mapped, its heap set up),
/// which the last column leaves out to show what the input costs.
fn table(measured: &[Measured], start_kib: u64) -> String {
    let mut out = String::from(
        "| command | nomic | peer | peer time | ratio | ÷ nomic parse | nomic peak memory / input \
         | peer peak memory / input | nomic peak above its start / input |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    // Each size's rows start with its parse, which every row is also
    // compared with (the issue's goal for check and diff).
    let mut parse = None;
    for m in measured {
        if m.name.starts_with(PARSE_ROW) {
            parse = Some(m.nomic.wall);
        }
        let (peer, peer_time, ratio) = match &m.peer {
            Some((name, sample)) => (
                name.as_str(),
                format!("{:.3} s", sample.wall.as_secs_f64()),
                format!(
                    "{:.2}×",
                    m.nomic.wall.as_secs_f64() / sample.wall.as_secs_f64().max(1e-9)
                ),
            ),
            None => ("(not installed)", "—".to_string(), "—".to_string()),
        };
        let to_parse = parse.map_or_else(
            || "—".to_string(),
            |parse| {
                format!(
                    "{:.2}×",
                    m.nomic.wall.as_secs_f64() / parse.as_secs_f64().max(1e-9)
                )
            },
        );
        let per_input = |kib: u64| {
            let ratio = mib(kib) / (m.input_bytes as f64 / 1_048_576.0).max(1e-9);
            format!("{ratio:.1}×")
        };
        let memory = per_input(m.nomic.max_rss_kib);
        let peer_memory = m.peer.as_ref().map_or_else(
            || "—".to_string(),
            |(_, sample)| per_input(sample.max_rss_kib),
        );
        let above_start = per_input(m.nomic.max_rss_kib.saturating_sub(start_kib));
        let _ = writeln!(
            out,
            "| {} | {:.3} s, {:.0} MiB | {peer} | {peer_time} | {ratio} | {to_parse} | {memory} \
             | {peer_memory} | {above_start} |",
            m.name,
            m.nomic.wall.as_secs_f64(),
            mib(m.nomic.max_rss_kib),
        );
    }
    out
}

/// Growth of each command's time from one size to the next, tenfold, size.
fn scaling(measured: &[Measured], sizes: &[usize]) -> String {
    let mut out = String::new();
    let per_size = measured.len() / sizes.len().max(1);
    for pair in sizes.windows(2) {
        let (small, large) = (pair[0], pair[1]);
        let at = |size: usize| sizes.iter().position(|&s| s == size).unwrap_or(0) * per_size;
        for i in 0..per_size {
            let (a, b) = (&measured[at(small) + i], &measured[at(large) + i]);
            let _ = writeln!(
                out,
                "{}: {:.1}× the time for {:.0}× the rules",
                b.name,
                b.nomic.wall.as_secs_f64() / a.nomic.wall.as_secs_f64().max(1e-9),
                large as f64 / small as f64
            );
        }
    }
    out
}

/// Monte Carlo throughput on the bundled Nomic IV ruleset.
fn monte_carlo(nomic: &Path, root: &Path, games: u64, runs: usize) -> Result<String, String> {
    let ruleset = path_arg(&root.join("rulesets/nomic-4-long.md"));
    let job = |games: u64| {
        let games = games.to_string();
        Job::new(
            nomic,
            &[
                "simulate",
                "--monte-carlo",
                &games,
                "--ruleset",
                &ruleset,
                "--players",
                "5",
                "--threads",
                "1",
                "--format",
                "json",
            ],
        )
    };
    // A one-game run beside each full one: what the process takes to start
    // and read the rules, which is not the games' time.
    let (full, setup) = (job(games), job(1));
    let (mut fulls, mut setups) = (Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        fulls.push(full.run()?);
        setups.push(setup.run()?);
    }
    let (full, setup) = (median(fulls).wall, median(setups).wall);
    let playing = full.saturating_sub(setup).as_secs_f64().max(1e-9);
    Ok(format!(
        "Monte Carlo, Nomic IV, 5 players, one thread: {:.0} games/s ({games} games in {:.2} s, \
         the median of {} runs; {:.0} games/s of the {:.3} s left after the {:.3} s a one-game \
         run takes)\n",
        games as f64 / full.as_secs_f64().max(1e-9),
        full.as_secs_f64(),
        runs.max(1),
        (games - 1) as f64 / playing,
        playing,
        setup.as_secs_f64()
    ))
}

/// Builds `nomic` in release mode (unless `--nomic` names one), generates
/// the inputs and prints the table.
pub fn run(root: &Path, options: &Options) -> Result<(), String> {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let work = target.join("bench-peers");
    let nomic = match &options.nomic {
        Some(nomic) => nomic.clone(),
        None => build_nomic(root, &target)?,
    };
    if installed("pulldown-cmark").is_none() {
        eprintln!(
            "note: pulldown-cmark is not installed, so its rows have no peer \
             (`cargo install pulldown-cmark` adds it)"
        );
    }
    let start = (0..options.runs)
        .map(|_| Job::new(&nomic, &["--version"]).run())
        .collect::<Result<Vec<_>, _>>()?;
    let start_kib = median(start).max_rss_kib;
    let mut measured = Vec::new();
    let mut floors = Vec::new();
    for &size in &options.sizes {
        eprintln!("generating and measuring {size} rules …");
        let dir = work.join(size.to_string());
        for row in rows_for(size, &dir, &nomic, options.build)? {
            measured.push(measure(&row, options.runs)?);
        }
        floors.push((size, reading_floor(&dir.join(OLD), options.runs)?));
    }
    print!("{}", table(&measured, start_kib));
    println!();
    println!(
        "nomic's start (`nomic --version`, the median of {} runs): {:.1} MiB",
        options.runs,
        mib(start_kib)
    );
    print!("{}", floor_lines(&floors, options.runs)?);
    println!();
    print!("{}", scaling(&measured, &options.sizes));
    if options.games > 0 {
        println!();
        print!(
            "{}",
            monte_carlo(&nomic, root, options.games, options.runs)?
        );
    }
    Ok(())
}

/// What any process peaks at that only reads one size's input: `cat` of
/// it, as a floor for the memory columns (a process's code and libraries
/// are in its peak before it reads a byte), with the input's size.
struct Floor {
    input_bytes: u64,
    cat: Sample,
}

fn reading_floor(input: &Path, runs: usize) -> Result<Floor, String> {
    let input_bytes = fs::metadata(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?
        .len();
    let cat = Job::new("cat", &[path_arg(input).as_str()]);
    let samples = (0..runs)
        .map(|_| cat.run())
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Floor {
        input_bytes,
        cat: median(samples),
    })
}

/// The floor lines under the table: `true`'s peak (a process that does
/// nothing) and `cat`'s of each input, each also as a multiple of the input.
fn floor_lines(floors: &[(usize, Floor)], runs: usize) -> Result<String, String> {
    let nothing = (0..runs)
        .map(|_| Job::new("true", &[]).run())
        .collect::<Result<Vec<_>, _>>()?;
    Ok(describe_floors(median(nothing).max_rss_kib, floors, runs))
}

fn describe_floors(nothing: u64, floors: &[(usize, Floor)], runs: usize) -> String {
    let mut out = format!(
        "A process that does nothing (`true`, the median of {runs} runs): {:.1} MiB\n",
        mib(nothing)
    );
    for (size, floor) in floors {
        let input_mib = floor.input_bytes as f64 / 1_048_576.0;
        let _ = writeln!(
            out,
            "Reading the {size}-rule input ({input_mib:.2} MiB) with `cat`: {:.1} MiB, {:.1}× the \
             input (`true`: {:.1}×)",
            mib(floor.cat.max_rss_kib),
            mib(floor.cat.max_rss_kib) / input_mib.max(1e-9),
            mib(nothing) / input_mib.max(1e-9),
        );
    }
    out
}

/// Builds this checkout's `nomic` in release mode; the binary's path.
fn build_nomic(root: &Path, target: &Path) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let built = Command::new(cargo)
        .args(["build", "--release", "--package", "nomic", "--bin", "nomic"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.success() {
        return Err("cargo build --release failed".to_string());
    }
    Ok(target.join("release/nomic"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floors_are_given_in_mib_and_as_multiples_of_the_input() {
        let floor = Floor {
            input_bytes: 1_048_576 / 2,
            cat: Sample {
                wall: Duration::from_millis(1),
                max_rss_kib: 1536,
            },
        };
        assert_eq!(
            describe_floors(1024, &[(1000, floor)], 5),
            "A process that does nothing (`true`, the median of 5 runs): 1.0 MiB\n\
             Reading the 1000-rule input (0.50 MiB) with `cat`: 1.5 MiB, 3.0× the input \
             (`true`: 2.0×)\n"
        );
    }

    #[test]
    fn the_median_takes_time_and_memory_each_from_their_own_middle() {
        let sample = |ms, kib| Sample {
            wall: Duration::from_millis(ms),
            max_rss_kib: kib,
        };
        let m = median(vec![sample(3, 10), sample(1, 30), sample(2, 20)]);
        assert_eq!((m.wall, m.max_rss_kib), (Duration::from_millis(2), 20));
    }
}
