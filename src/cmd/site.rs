//! `nomic site`: the ruleset as a static website.

use super::git;
use super::io::{dialect_for, parse_input, print_stdout, read_input, Failure};
use nomic::output::{write_atomic, WriteOutcome};
use nomic::parse::{self, ReadOptions};
use nomic::render::build::stale_site_pages;
use nomic::render::PublishedFile;
use nomic::site::{self, SiteOptions, Version};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Write a static website of a ruleset: an index, a page per rule with
/// linked citations, search as you type, and changes per committed version
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic site rules-l.md -o site            # then open site/index.html\n  \
    nomic site rules-l.md -o site --no-git   # without the changes pages\n  \
    nomic site rules/ -o site                # a folder of rule files, one rule per file\n  \
    nomic site rules-l.md -o site --templates my-templates   # my-templates/site/*.j2 first")]
pub(super) struct Args {
    /// The source ruleset, in any format, or a folder: one rule per file,
    /// or Agora's source
    pub source: PathBuf,
    /// Output folder
    #[arg(short, long, value_name = "DIR")]
    pub output: PathBuf,
    /// Read SOURCE as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<nomic::model::Format>,
    /// Add a changes page per committed version of SOURCE (the default when
    /// SOURCE is in a git repository); fail if it is not
    #[arg(long, conflicts_with = "no_git")]
    pub git: bool,
    /// No changes pages, even when SOURCE is in a git repository
    #[arg(long)]
    pub no_git: bool,
    /// Take templates from DIR/site/ first, falling back to the built-in ones
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let folder = super::io::read_folder(&args.source)?;
    let is_folder = folder.is_some();
    let (name, parsed) = match folder {
        Some(read) => (args.source.display().to_string(), read.parsed),
        None => {
            let (name, bytes) = read_input(&args.source)?;
            let options = ReadOptions {
                from: args.from,
                ..ReadOptions::default()
            };
            let parsed = parse_input(&name, &bytes, &options)?;
            (name, parsed)
        }
    };
    super::io::refuse_duplicate_numbers(&name, &parsed)?;
    let versions = if args.no_git {
        Vec::new()
    } else if is_folder {
        // The changes pages are read from one file's committed versions.
        if args.git {
            return Err(Failure::message(format!(
                "--git: {name} is a folder; the changes pages are read from the history of one \
                 ruleset file (leave out --git for a site without them)"
            )));
        }
        Vec::new()
    } else {
        versions(&args.source, args.git)?
    };
    let files = site::site_files(
        &parsed.ruleset,
        &versions,
        &SiteOptions {
            templates: args.templates,
            ..SiteOptions::default()
        },
    )
    .map_err(|err| Failure::message(format!("{name}: {err}")))?;
    let (written, removed) = write(&args.output, &files)?;
    let mut report = format!(
        "{name} → {}: {} files, {} written, {} unchanged",
        args.output.display(),
        files.len(),
        written,
        files.len() - written
    );
    if removed > 0 {
        report.push_str(&format!(", {removed} removed"));
    }
    if !versions.is_empty() {
        report.push_str(&format!("; changes of {} versions", versions.len()));
    }
    report.push_str(&format!(
        "\nOpen {} in a browser.\n",
        args.output.join("index.html").display()
    ));
    print_stdout(&report)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes every file (atomically; identical files are left alone) and
/// removes numbered pages the site no longer has. Returns how many files
/// were written and removed.
fn write(dir: &Path, files: &[PublishedFile]) -> Result<(usize, usize), Failure> {
    let mut written = 0;
    for file in files {
        let path = dir.join(&file.path);
        let outcome = write_atomic(&path, file.contents.as_bytes())
            .map_err(|err| Failure::message(format!("cannot write {}: {err}", path.display())))?;
        if outcome != WriteOutcome::Unchanged {
            written += 1;
        }
    }
    let stale = stale_site_pages(dir, files.iter().map(|file| file.path.as_path()));
    for path in &stale {
        fs::remove_file(path)
            .map_err(|err| Failure::message(format!("cannot remove {}: {err}", path.display())))?;
    }
    Ok((written, stale.len()))
}

/// The committed versions of `source`, oldest first, read with `git` in
/// the source's dialect. Without `required`, a source outside a git
/// repository (or without `git`) has none; with it, that is an error. A
/// version that does not parse is left out, with a note.
pub(super) fn versions(source: &Path, required: bool) -> Result<Vec<Version>, Failure> {
    let history = match git::file_history(source) {
        Ok(history) => history,
        Err(reason) if required => {
            return Err(Failure::message(format!(
                "--git: cannot read the history of {}: {reason}",
                source.display()
            )))
        }
        Err(_) => return Ok(Vec::new()),
    };
    let dialect = dialect_for(&source.display().to_string())?;
    let mut versions = Vec::new();
    for committed in history {
        let label = committed.commit.chars().take(10).collect::<String>();
        let parsed = committed
            .bytes
            .map_err(|err| err.to_string())
            .and_then(|bytes| {
                parse::read_with(&bytes, &ReadOptions::default(), dialect.as_ref())
                    .map_err(|err| err.to_string())
            });
        match parsed {
            Ok(parsed) => versions.push(Version {
                label,
                date: committed.date,
                subject: committed.subject,
                ruleset: parsed.ruleset,
            }),
            Err(reason) => eprintln!(
                "note: {} at {label} is left out of the changes pages: {reason}",
                source.display()
            ),
        }
    }
    if versions.is_empty() && required {
        return Err(Failure::message(format!(
            "--git: {} has no committed version",
            source.display()
        )));
    }
    Ok(versions)
}
