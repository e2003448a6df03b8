//! `nomic build`: the whole published set of one ruleset, or of every
//! bundled ruleset.

pub(super) mod existing;
pub(super) mod pins;
pub(super) mod published;

use super::io::{print_stdout, read_input, stdout_color, Failure};
use super::progress::Files;
use anstyle::{AnsiColor, Style};
use nomic::model::Date;
use nomic::parse::SourceKind;
use nomic::render::build::Build;
use nomic::render::{Form, PublishError, RenderOptions, Renderer};
use published::render_source;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Build every published form: rules-l.md, rules-l.txt, rules-s.md,
/// rules-s.txt, rules/md/NNN.md, rules/txt/NNN.txt and the website in site/
/// (from an Agora source folder: flr.txt, slr.txt, full_rules/RNNN.txt and
/// short_rules/RNNN.txt, and the website)
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic build                              # every ruleset in rulesets/ into out/<name>/\n  \
    nomic build rules-l.md -o .              # publish next to the source\n  \
    nomic build rules-l.md -o . --check      # in CI: exit 1 if the published files are stale\n  \
    nomic build rules-l.md -o . --repair-encoding  # publish with mojibake repaired\n  \
    nomic build rulesets/agora/source -o out/agora   # Agora: flr.txt, slr.txt, full_rules/, short_rules/\n  \
    nomic build rulesets/agora/source -o out/agora --date 2026-07-26 --official  # as published that day")]
pub(super) struct Args {
    /// The source ruleset, in any format, a folder of rule files (one rule
    /// per file) or an Agora source folder [default: every file in
    /// rulesets/]
    pub source: Option<PathBuf>,
    /// Output folder [default: out/<source file stem>]; with no SOURCE, the
    /// folder that receives one sub-folder per bundled ruleset [default: out]
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Write nothing; report what would change and exit 1 if anything would
    #[arg(long)]
    pub check: bool,
    /// Take templates from DIR first, falling back to the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Give the website in site/ a changes page per committed version of the
    /// source (read with git)
    #[arg(long)]
    pub git: bool,
    /// Repair mojibake (UTF-8 once read as Windows-1252/1254) where the
    /// repair is certain, in what is published (the source is not changed);
    /// list the uncertain ones on stderr
    #[arg(long)]
    pub repair_encoding: bool,
    /// The forms to write, comma-separated: md-long, txt-long, md-short,
    /// txt-short, md-rule, txt-rule, site [default: the forms the folder
    /// already has; all of them in a fresh folder]
    #[arg(long, value_name = "FORMS", value_delimiter = ',')]
    pub forms: Option<Vec<Form>>,
    /// Write anew the rules whose published copy disagrees with the source
    /// (a hand slip) though no change touched them; without it they are
    /// kept as published and reported
    #[arg(long)]
    pub fix_copies: bool,
    /// Agora: the day of this copy, written into the header's `Date of this
    /// ruleset:` line, which the source leaves empty (YYYY-MM-DD)
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub date: Option<Date>,
    /// Agora: the FLR is the monthly report, so its notice that it is
    /// informational only is left out (with --date: the copy as published)
    #[arg(long)]
    pub official: bool,
}

/// A `YYYY-MM-DD` date that exists.
fn parse_date(text: &str) -> Result<Date, String> {
    Date::parse_iso(text)
        .ok_or_else(|| format!("`{text}` is not a day of the calendar written YYYY-MM-DD"))
}

/// One ruleset's build, with what its report names.
struct Job {
    source: String,
    /// Whether the certain repairs were applied (`build.damaged` then counts
    /// the uncertain ones left).
    repaired: bool,
    build: Build,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let jobs = jobs(&args)?;
    if let Some(source) = &args.source {
        if (args.date.is_some() || args.official)
            && SourceKind::of(source) != SourceKind::AgoraSource
        {
            return Err(Failure::message(format!(
                "{}: --date and --official stamp Agora's publication; they take Agora's \
                 source folder (the one holding rules_data/)",
                source.display()
            )));
        }
    }
    let renderer = Renderer::new(&RenderOptions {
        canonical: false,
        templates: args.templates.clone(),
    })
    .map_err(|err| Failure::message(err.to_string()))?;

    // Everything is rendered before anything is written, so a failure (a bad
    // template, an unreadable source) leaves the previous outputs untouched.
    let mut plans = Vec::new();
    let mut progress = Files::new(jobs.len(), "rendering");
    for (source, dir) in jobs {
        // The output depends on the source file, the options and the files
        // the folder holds (which a manifest records), so a manifest of the
        // folder may show it current.
        let keyed = args.templates.is_none()
            && !args.git
            && args.forms.is_none()
            && !args.fix_copies
            && SourceKind::of(&source) == SourceKind::File;
        let (name, bytes) = if keyed {
            read_input(&source)?
        } else {
            (String::new(), Vec::new())
        };
        let inputs = keyed.then_some((bytes, args.repair_encoding));
        // The bytes read for the key are the ones rendered: one read, one copy.
        let build = Build::plan(dir.clone(), inputs, manifest_store(), |bytes| {
            let read = bytes.map(|bytes| (name, bytes));
            render_source(&source, read, &dir, &renderer, &args)
                .map(|r| (r.files, r.assets, r.damaged))
        })?;
        if build.rendered() {
            progress.inc();
        }
        plans.push(Job {
            source: source.display().to_string(),
            repaired: args.repair_encoding,
            build,
        });
    }
    let pending = plans.iter().map(|job| job.build.plan.pending()).sum();
    progress.restart(if args.check { 0 } else { pending }, "writing");

    let mut report = String::new();
    let mut totals = [0; 3];
    for job in &plans {
        let counts = describe(job, args.check, &mut report);
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        if !args.check {
            job.build
                .execute_with(|| progress.inc())
                .map_err(|err| Failure::message(err.to_string()))?;
        }
    }
    progress.finish();
    let changes: usize = totals.iter().sum();
    let [created, changed, removed] = totals;
    report.push_str(&match (changes, plans.len(), args.check) {
        (0, 1, _) => "Everything is up to date.\n".to_string(),
        (0, n, _) => format!("All {n} rulesets are up to date.\n"),
        (_, _, true) => format!(
            "Out of date: {created} to create, {changed} to change, {removed} to remove. \
             Run the same command without --check to update.\n"
        ),
        (_, _, false) => {
            format!("Done: {created} created, {changed} changed, {removed} removed.\n")
        }
    });
    print_stdout(&report)?;
    Ok(if args.check && changes > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The (source, output folder) pairs to build.
fn jobs(args: &Args) -> Result<Vec<(PathBuf, PathBuf)>, Failure> {
    if let Some(source) = &args.source {
        let dir = args
            .output
            .clone()
            .unwrap_or_else(|| Path::new("out").join(stem(source)));
        return Ok(vec![(source.clone(), dir)]);
    }
    let bundled = Path::new("rulesets");
    let entries = nomic::input::scan(bundled).map_err(|err| {
        Failure::message(format!(
            "no SOURCE given and cannot read the bundled rulesets in ./rulesets ({err}); \
             run from the project folder or give a ruleset file: nomic build FILE -o DIR"
        ))
    })?;
    let mut sources: Vec<PathBuf> = entries
        .files
        .into_iter()
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.starts_with('.')
        })
        .collect();
    for skipped in &entries.skipped {
        eprintln!(
            "nomic: skipped {}: not a plain file (a pipe, device or broken link)",
            skipped.display()
        );
    }
    sources.sort();
    if sources.is_empty() {
        return Err(Failure::message("./rulesets holds no ruleset files"));
    }
    let root = args.output.clone().unwrap_or_else(|| PathBuf::from("out"));
    let mut jobs: Vec<(PathBuf, PathBuf)> = sources
        .into_iter()
        .map(|source| {
            let dir = root.join(stem(&source));
            (source, dir)
        })
        .collect();
    // Agora's source folder (rulesets/agora/source) is published too, into
    // out/agora: its flr.txt, slr.txt and rule pages.
    let agora = bundled.join("agora").join("source");
    if SourceKind::of(&agora) == SourceKind::AgoraSource {
        jobs.push((agora, root.join("agora")));
    }
    Ok(jobs)
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "ruleset".to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    )
}

/// Adds the plan's report to `out`; returns how many files are created,
/// changed and removed.
fn describe(job: &Job, check: bool, out: &mut String) -> [usize; 3] {
    let report = job.build.report();
    let slash = |paths: &[PathBuf]| -> Vec<String> { paths.iter().map(|p| slashed(p)).collect() };
    let created = slash(&report.created);
    let changed = slash(&report.changed);
    let removed = slash(&report.removed);
    let unchanged = report.unchanged;
    out.push_str(&format!(
        "{} → {}\n",
        job.source,
        job.build.plan.dir.display()
    ));
    let verbs = if check {
        ["would create", "would change", "would remove"]
    } else {
        ["created", "changed", "removed"]
    };
    // Green, yellow, red on a terminal.
    let colors = [AnsiColor::Green, AnsiColor::Yellow, AnsiColor::Red];
    let color = stdout_color();
    for ((verb, paths), tint) in verbs.iter().zip([&created, &changed, &removed]).zip(colors) {
        let style = Style::new().fg_color(Some(tint.into()));
        let verb = if color {
            format!("{style}{verb}{style:#}")
        } else {
            verb.to_string()
        };
        list(out, &verb, paths);
    }
    if job.build.damaged > 0 && job.repaired {
        out.push_str(&format!(
            "  note: {} damaged character sequences (mojibake) cannot be repaired with \
             certainty and are published as they are (listed on stderr)\n",
            job.build.damaged
        ));
    } else if job.build.damaged > 0 {
        out.push_str(&format!(
            "  note: {} damaged character sequences (mojibake) are published as they are; \
             `nomic build --repair-encoding {}` publishes the certain repairs\n",
            job.build.damaged, job.source
        ));
    }
    if unchanged > 0 {
        let files = if unchanged == 1 { "file" } else { "files" };
        out.push_str(&format!("  {unchanged} {files} up to date\n"));
    }
    [created.len(), changed.len(), removed.len()]
}

/// A relative path with `/` between its parts on every system.
fn slashed(path: &Path) -> String {
    path.components()
        .map(|part| part.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// `  created  rules-l.md rules-l.txt` — long lists of rule pages are counted.
fn list(out: &mut String, verb: &str, paths: &[String]) {
    const SHOWN: usize = 8;
    if paths.is_empty() {
        return;
    }
    let (site, paths): (Vec<&String>, Vec<&String>) =
        paths.iter().partition(|path| path.starts_with("site/"));
    let (forms, pages): (Vec<&String>, Vec<&String>) =
        paths.into_iter().partition(|path| !is_page_path(path));
    if !forms.is_empty() {
        let names: Vec<&str> = forms.iter().map(|s| s.as_str()).collect();
        out.push_str(&format!("  {verb} {}\n", names.join(" ")));
    }
    if pages.len() > SHOWN {
        out.push_str(&format!(
            "  {verb} {} rule pages in {}\n",
            pages.len(),
            page_folders(&pages)
        ));
    } else if !pages.is_empty() {
        let names: Vec<&str> = pages.iter().map(|s| s.as_str()).collect();
        out.push_str(&format!("  {verb} {}\n", names.join(" ")));
    }
    if !site.is_empty() {
        let files = if site.len() == 1 { "file" } else { "files" };
        out.push_str(&format!(
            "  {verb} {} {files} of the website in site/\n",
            site.len()
        ));
    }
}

/// Whether a published path is a one-rule page (nomic's `rules/…` or
/// Agora's `full_rules/…` and `short_rules/…`).
fn is_page_path(path: &str) -> bool {
    ["rules/", "full_rules/", "short_rules/"]
        .iter()
        .any(|folder| path.starts_with(folder))
}

/// `rules/md and rules/txt`: the folders the pages are in, in order.
fn page_folders(pages: &[&String]) -> String {
    let mut folders: Vec<&str> = Vec::new();
    for page in pages {
        let folder = page.rsplit_once('/').map_or(page.as_str(), |(f, _)| f);
        if !folders.contains(&folder) {
            folders.push(folder);
        }
    }
    folders.join(" and ")
}

impl From<PublishError> for Failure {
    fn from(err: PublishError) -> Failure {
        Failure::message(err.to_string())
    }
}

/// Where build manifests are kept: `$XDG_CACHE_HOME/nomic/build`, else
/// `$HOME/.cache/nomic/build`; none without either (every build then
/// compares in full). The library takes the folder from its caller: the
/// environment is the command line's to read.
fn manifest_store() -> Option<PathBuf> {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    let cache =
        absolute("XDG_CACHE_HOME").or_else(|| absolute("HOME").map(|h| h.join(".cache")))?;
    Some(cache.join("nomic").join("build"))
}
