//! `cargo xtask bench-peers`: whole-process timings of `nomic` on the real
//! rulesets it ships and on generated md-long rulesets beside the programs a
//! user would compare it with, and the goals they are held to.
//!
//! Each row runs `nomic` and its peer in turn (interleaved, so a busy
//! machine slows both alike), several times, and reports medians of wall
//! time and peak memory. Peers that are not installed are reported as
//! missing rather than skipped silently. The goals table it prints is the
//! one in the README's performance section.

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
    /// Whether to measure `build` on generated rulesets (`--without-build`
    /// leaves its rows out; it is never measured above 30,000 rules, where
    /// it writes 200,000 files).
    pub build: bool,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            sizes: vec![1_000, 10_000, 30_000, 100_000],
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
    size: usize,
    input_bytes: u64,
    nomic: Job,
    peer: Option<(String, Job)>,
}

struct Measured {
    name: String,
    size: usize,
    input_bytes: u64,
    nomic: Sample,
    peer: Option<(String, Sample)>,
}

impl Measured {
    /// nomic's time over its peer's.
    fn ratio(&self) -> Option<f64> {
        let (_, peer) = self.peer.as_ref()?;
        Some(self.nomic.wall.as_secs_f64() / peer.wall.as_secs_f64().max(1e-9))
    }

    /// nomic's peak memory as a multiple of the input.
    fn memory_per_input(&self) -> f64 {
        (self.nomic.max_rss_kib as f64 * 1024.0) / (self.input_bytes as f64).max(1.0)
    }
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
        size: row.size,
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

/// The real rulesets: the bundled ones, Agora's source folder and the
/// Full Logical Ruleset its Rulekeepor published from it.
const REAL: [&str; 7] = [
    "rulesets/nomic-1-final.txt",
    "rulesets/nomic-3.md",
    "rulesets/nomic-4-long-early.txt",
    "rulesets/nomic-4-long.md",
    "rulesets/nomic-5-initial.txt",
    "rulesets/agora/source",
    "tests/fixtures/agora/published/flr.txt",
];

/// The commands run on each real ruleset; `FILE` stands for it. A folder
/// (Agora's source) takes those marked as taking one.
const REAL_COMMANDS: [(&str, &[&str], bool); 7] = [
    ("parse", &["parse", FILE], false),
    ("render", &["render", FILE], false),
    (
        "render txt-long",
        &["render", FILE, "--to", "txt-long"],
        false,
    ),
    ("check", &["check", FILE], true),
    ("refs", &["refs", FILE], true),
    ("diff", &["diff", FILE, FILE], true),
    ("build", &["build", FILE, "-o", OUT], true),
];
const FILE: &str = "{file}";
const OUT: &str = "{out}";

/// The largest wall time allowed for any command on a real ruleset, and
/// for the build of Agora's source with its website.
const REAL_GOAL: Duration = Duration::from_millis(50);
const AGORA_BUILD_GOAL: Duration = Duration::from_secs(1);

/// One real ruleset's samples, a command's `None` where it does not apply.
struct RealRow {
    ruleset: &'static str,
    samples: Vec<Option<Sample>>,
}

fn measure_real(
    root: &Path,
    work: &Path,
    nomic: &Path,
    runs: usize,
) -> Result<Vec<RealRow>, String> {
    let mut rows = Vec::new();
    for ruleset in REAL {
        let path = root.join(ruleset);
        let folder = path.is_dir();
        let out = work.join("real-build");
        let mut samples = Vec::new();
        for (_, args, takes_folder) in REAL_COMMANDS {
            if folder && !takes_folder {
                samples.push(None);
                continue;
            }
            let args: Vec<String> = args
                .iter()
                .map(|arg| match *arg {
                    FILE => path_arg(&path),
                    OUT => path_arg(&out),
                    other => other.to_string(),
                })
                .collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let fresh = out.clone();
            let job = Job::new(nomic, &args).prepared(move || remove_settled(&fresh));
            // A command that refuses a real ruleset is reported, and its
            // cell left empty, rather than ending the run.
            match (0..runs).map(|_| job.run()).collect::<Result<Vec<_>, _>>() {
                Ok(runs) => samples.push(Some(median(runs))),
                Err(err) => {
                    eprintln!("note: {err}");
                    samples.push(None);
                }
            }
        }
        rows.push(RealRow { ruleset, samples });
    }
    Ok(rows)
}

fn real_table(rows: &[RealRow]) -> String {
    let mut out = String::from("| ruleset |");
    for (name, _, _) in REAL_COMMANDS {
        let _ = write!(out, " {name} |");
    }
    out.push('\n');
    out.push_str(&"|---".repeat(REAL_COMMANDS.len() + 1));
    out.push_str("|\n");
    for row in rows {
        let _ = write!(out, "| {} |", row.ruleset);
        for sample in &row.samples {
            match sample {
                Some(sample) => {
                    let _ = write!(out, " {:.0} ms |", sample.wall.as_secs_f64() * 1000.0);
                }
                None => out.push_str(" — |"),
            }
        }
        out.push('\n');
    }
    out
}

/// The rows for one size; generates its inputs under `dir`.
fn rows_for(size: usize, dir: &Path, nomic: &Path, with_build: bool) -> Result<Vec<Row>, String> {
    generate(size, dir)?;
    let old = dir.join(OLD);
    let new = dir.join(NEW);
    let bytes = fs::metadata(&old)
        .map_err(|e| format!("cannot read {}: {e}", old.display()))?
        .len();
    let (old_s, new_s) = (path_arg(&old), path_arg(&new));
    let pulldown = || {
        installed("pulldown-cmark")
            .map(|p| ("pulldown-cmark".to_string(), Job::new(p, &[old_s.as_str()])))
    };
    let row = |name: &str, args: &[&str], peer: Option<(String, Job)>| Row {
        name: name.to_string(),
        size,
        input_bytes: bytes,
        nomic: Job::new(nomic, args),
        peer,
    };
    let mut rows = vec![
        row(PARSE_ROW, &["parse", &old_s], pulldown()),
        row(
            RENDER_ROW,
            &["render", &old_s, "--to", "txt-long"],
            pulldown(),
        ),
        row("check", &["check", "--format", "json", &old_s], None),
        row(
            "diff, 1% changed",
            &["diff", &old_s, &new_s],
            installed("git").map(|git| {
                (
                    "git diff --word-diff".into(),
                    Job::new(git, &["diff", "--no-index", "--word-diff", &old_s, &new_s]),
                )
            }),
        ),
    ];
    if with_build {
        let fresh = dir.join("build");
        let out = path_arg(&fresh);
        rows.push(Row {
            nomic: Job::new(nomic, &["build", &old_s, "-o", &out])
                .prepared(move || remove_settled(&fresh)),
            ..row("build, fresh folder", &[], None)
        });
    }
    Ok(rows)
}

/// Removes a previous run's output folder and waits until the removal is on
/// disk, so that no run is charged for the one before it.
fn remove_settled(path: &Path) {
    if fs::remove_dir_all(path).is_ok() {
        // SAFETY: `sync` takes no arguments and cannot fail.
        unsafe { libc::sync() };
    }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The two rows compared with pulldown-cmark.
const PARSE_ROW: &str = "parse to JSON";
const RENDER_ROW: &str = "render txt-long";

fn table(measured: &[Measured]) -> String {
    let mut out = String::from(
        "| rules | command | nomic | peak memory / input | peer | peer time | ratio |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for m in measured {
        let (peer, peer_time) = match &m.peer {
            Some((name, sample)) => (name.as_str(), format!("{:.3} s", sample.wall.as_secs_f64())),
            None => ("—", "—".to_string()),
        };
        let ratio = m
            .ratio()
            .map_or_else(|| "—".to_string(), |r| format!("{r:.2}×"));
        let _ = writeln!(
            out,
            "| {} | {} | {:.3} s, {:.0} MiB | {:.1}× | {peer} | {peer_time} | {ratio} |",
            m.size,
            m.name,
            m.nomic.wall.as_secs_f64(),
            mib(m.nomic.max_rss_kib),
            m.memory_per_input(),
        );
    }
    out
}

/// The worst growth of time over tenfold steps of the sizes: (growth, the
/// command and step it was seen at).
fn worst_scaling(measured: &[Measured]) -> Option<(f64, String)> {
    let mut worst: Option<(f64, String)> = None;
    for large in measured {
        let Some(small) = measured
            .iter()
            .find(|m| m.name == large.name && m.size * 10 == large.size)
        else {
            continue;
        };
        let growth = large.nomic.wall.as_secs_f64() / small.nomic.wall.as_secs_f64().max(1e-9);
        if worst.as_ref().is_none_or(|(w, _)| growth > *w) {
            worst = Some((
                growth,
                format!("{}, {} → {}", large.name, small.size, large.size),
            ));
        }
    }
    worst
}

/// Monte Carlo games a second on one thread, on the bundled Nomic IV
/// ruleset with five players: the games over the time a run takes beyond
/// a one-game run (starting and reading the rules).
fn monte_carlo(nomic: &Path, root: &Path, games: u64, runs: usize) -> Result<f64, String> {
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
    let (full, setup) = (job(games), job(1));
    let (mut fulls, mut setups) = (Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        fulls.push(full.run()?);
        setups.push(setup.run()?);
    }
    let (full, setup) = (median(fulls).wall, median(setups).wall);
    let playing = full.saturating_sub(setup).as_secs_f64().max(1e-9);
    Ok((games - 1) as f64 / playing)
}

/// One line of the goals table.
struct Goal {
    what: &'static str,
    measured: String,
    met: Option<bool>,
}

fn goals(real: &[RealRow], measured: &[Measured], games_per_second: Option<f64>) -> Vec<Goal> {
    let mut goals = Vec::new();
    let (mut slowest, mut agora_build) = (None::<(Duration, String)>, None);
    for row in real {
        for ((name, _, _), sample) in REAL_COMMANDS.iter().zip(&row.samples) {
            let Some(sample) = sample else { continue };
            if row.ruleset.ends_with("agora/source") && *name == "build" {
                agora_build = Some(sample.wall);
            } else if slowest.as_ref().is_none_or(|(wall, _)| sample.wall > *wall) {
                slowest = Some((sample.wall, format!("{name} {}", row.ruleset)));
            }
        }
    }
    let ms = |wall: Duration| format!("{:.0} ms", wall.as_secs_f64() * 1000.0);
    goals.push(Goal {
        what: "real rulesets: every command ≤ 50 ms",
        measured: slowest.as_ref().map_or_else(
            || "—".into(),
            |(wall, what)| format!("slowest {} ({what})", ms(*wall)),
        ),
        met: slowest.map(|(wall, _)| wall <= REAL_GOAL),
    });
    goals.push(Goal {
        what: "build of Agora's source with its site ≤ 1 s",
        measured: agora_build.map_or_else(|| "—".into(), ms),
        met: agora_build.map(|wall| wall <= AGORA_BUILD_GOAL),
    });
    let worst = worst_scaling(measured);
    goals.push(Goal {
        what: "10× the rules ≤ 12× the time",
        measured: worst.as_ref().map_or_else(
            || "—".into(),
            |(growth, what)| format!("worst {growth:.1}× ({what})"),
        ),
        met: worst.map(|(growth, _)| growth <= 12.0),
    });
    let at_30k = |name: &str| measured.iter().find(|m| m.size == 30_000 && m.name == name);
    for (what, name, most) in [
        ("30,000 rules: parse ≤ 1.5× pulldown-cmark", PARSE_ROW, 1.5),
        (
            "30,000 rules: render txt-long ≤ 3× pulldown-cmark",
            RENDER_ROW,
            3.0,
        ),
    ] {
        let ratio = at_30k(name).and_then(Measured::ratio);
        goals.push(Goal {
            what,
            measured: ratio.map_or_else(
                || "— (pulldown-cmark not installed)".into(),
                |r| format!("{r:.2}×"),
            ),
            met: ratio.map(|r| r <= most),
        });
    }
    let memory = measured
        .iter()
        .filter(|m| m.size == 30_000)
        .map(|m| (m.memory_per_input(), m.name.as_str()))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    goals.push(Goal {
        what: "30,000 rules: peak memory ≤ 4× the input",
        measured: memory.map_or_else(|| "—".into(), |(m, name)| format!("worst {m:.1}× ({name})")),
        met: memory.map(|(m, _)| m <= 4.0),
    });
    goals.push(Goal {
        what: "Monte Carlo, Nomic IV, 5 players, one core ≥ 100,000 games/s",
        measured: games_per_second.map_or_else(|| "—".into(), |g| format!("{g:.0} games/s")),
        met: games_per_second.map(|g| g >= 100_000.0),
    });
    goals
}

fn goals_table(goals: &[Goal]) -> String {
    let mut out = String::from("| goal | measured | met |\n|---|---|---|\n");
    for goal in goals {
        let met = match goal.met {
            Some(true) => "✔",
            Some(false) => "✘",
            None => "not measured",
        };
        let _ = writeln!(out, "| {} | {} | {met} |", goal.what, goal.measured);
    }
    out
}

/// Builds `nomic` in release mode (unless `--nomic` names one), generates
/// the inputs and prints the tables.
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
    eprintln!("measuring the real rulesets …");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let real = measure_real(root, &work, &nomic, options.runs)?;
    let mut measured = Vec::new();
    for &size in &options.sizes {
        eprintln!("generating and measuring {size} rules …");
        let dir = work.join(size.to_string());
        // A build of 100,000 rules writes 200,000 files: measured up to 30,000.
        let with_build = options.build && size <= 30_000;
        for row in rows_for(size, &dir, &nomic, with_build)? {
            measured.push(measure(&row, options.runs)?);
        }
    }
    let games = if options.games > 0 {
        eprintln!("playing {} Monte Carlo games …", options.games);
        Some(monte_carlo(&nomic, root, options.games, options.runs)?)
    } else {
        None
    };
    println!("Goals (the medians of {} runs):\n", options.runs);
    print!("{}", goals_table(&goals(&real, &measured, games)));
    println!("\nReal rulesets, wall time:\n");
    print!("{}", real_table(&real));
    println!("\nGenerated md-long rulesets:\n");
    print!("{}", table(&measured));
    Ok(())
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

    fn measured(name: &str, size: usize, ms: u64) -> Measured {
        Measured {
            name: name.to_string(),
            size,
            input_bytes: 1024,
            nomic: Sample {
                wall: Duration::from_millis(ms),
                max_rss_kib: 4,
            },
            peer: None,
        }
    }

    #[test]
    fn scaling_takes_the_worst_tenfold_step_of_one_command() {
        let rows = [
            measured("parse", 1_000, 10),
            measured("parse", 10_000, 50),
            measured("check", 1_000, 10),
            measured("check", 10_000, 130),
            measured("check", 30_000, 900),
            measured("check", 100_000, 1_300),
        ];
        let (growth, what) = worst_scaling(&rows).unwrap();
        assert!((growth - 13.0).abs() < 1e-9, "{growth}");
        assert_eq!(what, "check, 1000 → 10000");
        assert_eq!(rows[0].memory_per_input(), 4.0);
    }

    #[test]
    fn goals_without_measurements_say_so() {
        let table = goals_table(&goals(&[], &[], None));
        assert!(
            table
                .lines()
                .skip(2)
                .all(|line| line.ends_with("| not measured |")),
            "{table}"
        );
        assert_eq!(table.lines().count(), 2 + 7);
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
