//! `nomic build`: the whole published set of one ruleset, or of every
//! bundled ruleset.

use super::io::{print_stdout, read_input, stdout_color, Failure};
use crate::check;
use crate::output::{write_atomic, WriteOutcome};
use crate::parse::{self, ReadOptions};
use crate::render::{published_files, PublishedFile, RenderOptions, Renderer};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Build every published form: rules-l.md, rules-l.txt, rules-s.md,
/// rules-s.txt, rules/md/NNN.md, rules/txt/NNN.txt and the website in site/
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic build                              # every ruleset in rulesets/ into out/<name>/\n  \
    nomic build rules-l.md -o .              # publish next to the source\n  \
    nomic build rules-l.md -o . --check      # in CI: exit 1 if the published files are stale")]
pub struct Args {
    /// The source ruleset, in any format [default: every file in rulesets/]
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
}

/// One ruleset's published set, rendered and compared with what is on disk.
struct Plan {
    source: String,
    /// Damaged characters (mojibake) the source carries into every form.
    damaged: usize,
    dir: PathBuf,
    writes: Vec<(PublishedFile, WriteOutcome)>,
    removals: Vec<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let jobs = jobs(&args)?;
    let renderer = Renderer::new(&RenderOptions {
        canonical: false,
        templates: args.templates.clone(),
    })
    .map_err(|err| Failure::message(err.to_string()))?;

    // Everything is rendered before anything is written, so a failure (a bad
    // template, an unreadable source) leaves the previous outputs untouched.
    let mut plans = Vec::new();
    for (source, dir) in jobs {
        let (mut files, damaged) = render_source(&source, &renderer)?;
        files.extend(site_files(&source, &args)?);
        let mut plan = plan(&source, dir, files)?;
        plan.damaged = damaged;
        plans.push(plan);
    }

    let mut report = String::new();
    let mut totals = [0; 3];
    for plan in &plans {
        let counts = describe(plan, args.check, &mut report);
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        if !args.check {
            apply(plan)?;
        }
    }
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
    let entries = fs::read_dir(bundled).map_err(|err| {
        Failure::message(format!(
            "no SOURCE given and cannot read the bundled rulesets in ./rulesets ({err}); \
             run from the project folder or give a ruleset file: nomic build FILE -o DIR"
        ))
    })?;
    let mut sources: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_file())
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.starts_with('.')
        })
        .collect();
    sources.sort();
    if sources.is_empty() {
        return Err(Failure::message("./rulesets holds no ruleset files"));
    }
    let root = args.output.clone().unwrap_or_else(|| PathBuf::from("out"));
    Ok(sources
        .into_iter()
        .map(|source| {
            let dir = root.join(stem(&source));
            (source, dir)
        })
        .collect())
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "ruleset".to_string())
}

/// The published files of one source, and how many damaged characters it holds.
fn render_source(
    source: &Path,
    renderer: &Renderer,
) -> Result<(Vec<PublishedFile>, usize), Failure> {
    let (name, bytes) = read_input(source)?;
    let parsed = parse::read(&bytes, &ReadOptions::default()).map_err(|err| Failure::Located {
        name: name.clone(),
        text: String::from_utf8_lossy(&bytes).into_owned(),
        diagnostics: vec![err.to_diagnostic()],
    })?;
    refuse_duplicate_numbers(&name, &parsed)?;
    let files = published_files(&parsed.ruleset, renderer)
        .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    Ok((files, parsed.encoding.len()))
}

/// The website of a source, its paths under `site/`.
fn site_files(source: &Path, args: &Args) -> Result<Vec<PublishedFile>, Failure> {
    let (name, bytes) = read_input(source)?;
    let parsed = parse::read(&bytes, &ReadOptions::default())
        .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    let versions = if args.git {
        super::site::versions(source, true)?
    } else {
        Vec::new()
    };
    let options = crate::site::SiteOptions {
        templates: args.templates.clone(),
    };
    let files = crate::site::site_files(&parsed.ruleset, &versions, &options)
        .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    Ok(files
        .into_iter()
        .map(|file| PublishedFile {
            path: Path::new("site").join(file.path),
            contents: file.contents,
        })
        .collect())
}

/// Two rules with one number would share one `rules/*/NNN` page, and one of
/// them would silently not be published: refuse, with `check`'s finding.
fn refuse_duplicate_numbers(name: &str, parsed: &parse::Parsed) -> Result<(), Failure> {
    let diagnostics = check::duplicate_numbers(&check::Input::from_parsed(parsed, None));
    if diagnostics.is_empty() {
        return Ok(());
    }
    Err(Failure::Located {
        name: name.to_string(),
        text: parsed.text.clone(),
        diagnostics,
    })
}

/// Compares the rendered files with the output folder.
fn plan(source: &Path, dir: PathBuf, files: Vec<PublishedFile>) -> Result<Plan, Failure> {
    let mut writes = Vec::with_capacity(files.len());
    for file in files {
        let path = dir.join(&file.path);
        let outcome = match fs::read(&path) {
            Ok(existing) if existing == file.contents.as_bytes() => WriteOutcome::Unchanged,
            Ok(_) => WriteOutcome::Changed,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => WriteOutcome::Created,
            Err(err) => {
                return Err(Failure::message(format!(
                    "cannot read {}: {err}",
                    path.display()
                )))
            }
        };
        writes.push((file, outcome));
    }
    let wanted: BTreeSet<&Path> = writes.iter().map(|(file, _)| file.path.as_path()).collect();
    let mut removals = Vec::new();
    for (folder, extension) in [("rules/md", "md"), ("rules/txt", "txt")] {
        let Ok(entries) = fs::read_dir(dir.join(folder)) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = Path::new(folder).join(&name);
            if is_rule_page(&name, extension) && !wanted.contains(relative.as_path()) {
                removals.push(relative);
            }
        }
    }
    let site_files: Vec<PublishedFile> = writes
        .iter()
        .filter_map(|(file, _)| {
            let path = file.path.strip_prefix("site").ok()?;
            Some(PublishedFile {
                path: path.to_path_buf(),
                contents: String::new(),
            })
        })
        .collect();
    for stale in super::site::stale_pages(&dir.join("site"), &site_files) {
        if let Ok(relative) = stale.strip_prefix(&dir) {
            removals.push(relative.to_path_buf());
        }
    }
    removals.sort();
    Ok(Plan {
        source: source.display().to_string(),
        damaged: 0,
        dir,
        writes,
        removals,
    })
}

/// `203.md`: the pages nomic writes; other files in those folders are left alone.
fn is_rule_page(name: &str, extension: &str) -> bool {
    name.strip_suffix(extension)
        .and_then(|stem| stem.strip_suffix('.'))
        .is_some_and(|stem| !stem.is_empty() && stem.bytes().all(|b| b.is_ascii_digit()))
}

/// Adds the plan's report to `out`; returns how many files are created,
/// changed and removed.
fn describe(plan: &Plan, check: bool, out: &mut String) -> [usize; 3] {
    let group = |outcome: WriteOutcome| -> Vec<String> {
        plan.writes
            .iter()
            .filter(|(_, o)| *o == outcome)
            .map(|(file, _)| slashed(&file.path))
            .collect()
    };
    let created = group(WriteOutcome::Created);
    let changed = group(WriteOutcome::Changed);
    let removed: Vec<String> = plan.removals.iter().map(|p| slashed(p)).collect();
    let unchanged = plan.writes.len() - created.len() - changed.len();
    out.push_str(&format!("{} → {}\n", plan.source, plan.dir.display()));
    let verbs = if check {
        ["would create", "would change", "would remove"]
    } else {
        ["created", "changed", "removed"]
    };
    // Green, yellow, red on a terminal.
    let colors = ["32", "33", "31"];
    let color = stdout_color();
    for ((verb, paths), code) in verbs.iter().zip([&created, &changed, &removed]).zip(colors) {
        let verb = if color {
            format!("\x1b[{code}m{verb}\x1b[0m")
        } else {
            verb.to_string()
        };
        list(out, &verb, paths);
    }
    if plan.damaged > 0 {
        out.push_str(&format!(
            "  note: {} damaged character sequences (mojibake) are published as they are; \
             `nomic parse --repair-encoding {}` shows the repairs\n",
            plan.damaged, plan.source
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
    let (forms, pages): (Vec<&String>, Vec<&String>) = paths
        .into_iter()
        .partition(|path| !path.starts_with("rules/"));
    if !forms.is_empty() {
        let names: Vec<&str> = forms.iter().map(|s| s.as_str()).collect();
        out.push_str(&format!("  {verb} {}\n", names.join(" ")));
    }
    if pages.len() > SHOWN {
        out.push_str(&format!(
            "  {verb} {} rule pages in rules/md and rules/txt\n",
            pages.len()
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

fn apply(plan: &Plan) -> Result<(), Failure> {
    for (file, outcome) in &plan.writes {
        if *outcome == WriteOutcome::Unchanged {
            continue;
        }
        let path = plan.dir.join(&file.path);
        write_atomic(&path, file.contents.as_bytes())
            .map_err(|err| Failure::message(format!("cannot write {}: {err}", path.display())))?;
    }
    for relative in &plan.removals {
        let path = plan.dir.join(relative);
        fs::remove_file(&path)
            .map_err(|err| Failure::message(format!("cannot remove {}: {err}", path.display())))?;
    }
    Ok(())
}
