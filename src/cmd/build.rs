//! `nomic build`: the whole published set of one ruleset, or of every
//! bundled ruleset.

mod published;

use super::io::{print_stdout, read_input, stdout_color, Failure};
use super::progress::Files;
use anstyle::{AnsiColor, Style};
use nomic::output::WriteOutcome;
use nomic::render::{has_stale_rule_pages, Manifest, Plan, RenderOptions, Renderer};
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
    nomic build rulesets/agora/source -o out/agora   # Agora: flr.txt, slr.txt, full_rules/, short_rules/")]
pub(super) struct Args {
    /// The source ruleset, in any format, or an Agora source folder
    /// [default: every file in rulesets/]
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
}

/// One ruleset's published set, compared with its output folder.
struct Job {
    source: String,
    /// Damaged characters (mojibake) the source carries into every form.
    damaged: usize,
    /// Whether the certain repairs were applied (`damaged` then counts the
    /// uncertain ones left).
    repaired: bool,
    plan: Plan,
    /// Files found current through the folder's manifest, without a plan.
    current: usize,
    /// The key of the inputs, when a manifest is to be written after the plan.
    key: Option<String>,
}

/// The manifest key of a build's inputs: the program's version and the
/// source's bytes. None where the output depends on more than those files
/// (templates of one's own, the git history, an Agora source folder).
fn input_key(source: &Path, args: &Args) -> Result<Option<String>, Failure> {
    if !keyed(source, args) {
        return Ok(None);
    }
    let (_, bytes) = read_input(source)?;
    let repair: &[u8] = if args.repair_encoding {
        b"repair-encoding"
    } else {
        b""
    };
    Ok(Some(Manifest::key(&[
        env!("CARGO_PKG_VERSION").as_bytes(),
        b"build",
        repair,
        &bytes,
    ])))
}

/// Whether the build's output depends on the source file and options alone,
/// so that its inputs have a manifest key.
fn keyed(source: &Path, args: &Args) -> bool {
    args.templates.is_none() && !args.git && !super::agora::is_source(source)
}

/// Where build manifests are kept: `$XDG_CACHE_HOME/nomic/build`, else
/// `$HOME/.cache/nomic/build`; none without either (every build then
/// compares in full).
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

/// The manifest of `dir`, when it shows that the folder holds exactly the set
/// it records (no file changed by hand, no stale page); whether that set was
/// built from the same inputs is for the caller to compare (its key).
fn current(dir: &Path) -> Option<Manifest> {
    let manifest = Manifest::read(&manifest_store()?, dir)?;
    // The folders' pages are counted against the manifest's while its files
    // are looked at, on the other core; the count means something only once
    // every recorded file is found in place.
    let (in_place, (stale_rules, stale_site)) = rayon::join(
        || manifest.files_in_place(dir),
        || {
            rayon::join(
                || has_stale_rule_pages(dir, |folder| manifest.names_in(folder)),
                || {
                    super::site::has_stale_pages(&dir.join("site"), |folder| {
                        manifest.names_in(&Path::new("site").join(folder))
                    })
                },
            )
        },
    );
    (in_place && !stale_rules && !stale_site).then_some(manifest)
}

/// After a plan was carried out: a manifest of the folder for the next build,
/// or none where the inputs have no key. The manifest is a cache: when it
/// cannot be kept (no writable cache folder), the next build compares the
/// folder in full, so a failure here is not the build's.
fn record(job: &Job) {
    let Some(store) = manifest_store() else {
        return;
    };
    let dir = &job.plan.dir;
    match &job.key {
        Some(key) => {
            if let Ok(manifest) = Manifest::of_plan(&job.plan, key.clone(), job.damaged) {
                if Manifest::read(&store, dir).as_ref() != Some(&manifest) {
                    let _ = manifest.write(&store, dir);
                }
            }
        }
        // Built from more than the source: the next build compares in full.
        None if job.current == 0 => {
            let _ = Manifest::remove(&store, dir);
        }
        None => {}
    }
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let jobs = jobs(&args)?;
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
        match plan_job(source, dir, &args, &renderer) {
            Ok((job, rendered)) => {
                plans.push(job);
                if rendered {
                    progress.inc();
                }
            }
            Err(failure) => return Err(failure),
        }
    }
    let pending = plans.iter().map(|job| job.plan.pending()).sum();
    progress.restart(if args.check { 0 } else { pending }, "writing");

    let mut report = String::new();
    let mut totals = [0; 3];
    for plan in &mut plans {
        let counts = describe(plan, args.check, &mut report);
        for (total, count) in totals.iter_mut().zip(counts) {
            *total += count;
        }
        if !args.check {
            plan.plan
                .execute_with(|| progress.inc())
                .map_err(|err| Failure::message(err.to_string()))?;
            record(plan);
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

/// One source's job: its plan against its output folder, rendered unless
/// the folder's manifest shows it current; whether it was rendered.
fn plan_job(
    source: PathBuf,
    dir: PathBuf,
    args: &Args,
    renderer: &Renderer,
) -> Result<(Job, bool), Failure> {
    // The source is read and digested on one core while the folder is
    // looked at on the other; the look counts only if the keys agree.
    let (key, found) = rayon::join(
        || input_key(&source, args),
        || keyed(&source, args).then(|| current(&dir)).flatten(),
    );
    let key = key?;
    let found = found.filter(|manifest| key.as_deref() == Some(manifest.key.as_str()));
    if let Some(current) = found {
        let job = Job {
            source: source.display().to_string(),
            damaged: current.note,
            repaired: args.repair_encoding,
            plan: Plan {
                dir,
                writes: Vec::new(),
                removals: Vec::new(),
            },
            current: current.len(),
            key: None,
        };
        return Ok((job, false));
    }
    let rendered = render_source(&source, renderer, args)?;
    let mut plan =
        Plan::compare(dir, rendered.files).map_err(|err| Failure::message(err.to_string()))?;
    remove_stale_site_pages(&mut plan);
    let job = Job {
        source: source.display().to_string(),
        damaged: rendered.damaged,
        repaired: args.repair_encoding,
        plan,
        current: 0,
        key,
    };
    Ok((job, true))
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
    Ok(sources
        .into_iter()
        .map(|source| {
            let dir = root.join(stem(&source));
            (source, dir)
        })
        .collect())
}

fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "ruleset".to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    )
}

/// Pages of the website that the new site no longer has (rules repealed or
/// renumbered) join the plan's removals.
fn remove_stale_site_pages(plan: &mut Plan) {
    let site_files = plan
        .writes
        .iter()
        .filter_map(|(file, _)| file.path.strip_prefix("site").ok());
    for stale in super::site::stale_pages(&plan.dir.join("site"), site_files) {
        if let Ok(relative) = stale.strip_prefix(&plan.dir) {
            plan.removals.push(relative.to_path_buf());
        }
    }
    plan.removals.sort();
}

/// Adds the plan's report to `out`; returns how many files are created,
/// changed and removed.
fn describe(job: &Job, check: bool, out: &mut String) -> [usize; 3] {
    let plan = &job.plan;
    let group = |outcome: WriteOutcome| -> Vec<String> {
        plan.with_outcome(outcome).map(slashed).collect()
    };
    let created = group(WriteOutcome::Created);
    let changed = group(WriteOutcome::Changed);
    let removed: Vec<String> = plan.removals.iter().map(|p| slashed(p)).collect();
    let unchanged = plan.writes.len() - created.len() - changed.len() + job.current;
    out.push_str(&format!("{} → {}\n", job.source, plan.dir.display()));
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
    if job.damaged > 0 && job.repaired {
        out.push_str(&format!(
            "  note: {} damaged character sequences (mojibake) cannot be repaired with \
             certainty and are published as they are (listed on stderr)\n",
            job.damaged
        ));
    } else if job.damaged > 0 {
        out.push_str(&format!(
            "  note: {} damaged character sequences (mojibake) are published as they are; \
             `nomic build --repair-encoding {}` publishes the certain repairs\n",
            job.damaged, job.source
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
