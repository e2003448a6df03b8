//! `nomic apply`: carry adopted proposals into a ruleset file.

use super::git::{GitError, Repository};
use super::io::{print_stdout, read_input, read_proposal_file, Failure, ProposalFile};
use super::progress::Files;
use nomic::amend::{self, Applied, ApplyOptions, Links, Numbering, Proposal};
use nomic::meaning;
use nomic::model::{Format, Ruleset};
use nomic::output::write_atomic;
use nomic::parse::ReadOptions;
use nomic::render::{self, Plan, RenderOptions, Renderer};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Apply adopted proposals to a ruleset: new texts, revisions, mutability,
/// history entries in the ruleset's own style, renumbered citations
#[derive(Debug, clap::Args)]
#[command(after_help = "Proposal files are described in docs/amend.md.\n\n\
Example:\n  nomic apply ruleset.md proposals/342.md --in-place\n  \
nomic apply ruleset.md 342.md --commit --link-template \
'https://github.com/me/nomic/blob/{commit}/rules/md/{rule}.md'")]
pub(super) struct Args {
    /// The ruleset file (any format nomic reads; `-` for standard input)
    pub ruleset: PathBuf,
    /// Proposal files, applied in order
    #[arg(required = true)]
    pub proposals: Vec<PathBuf>,
    /// Write the result back to RULESET
    #[arg(long, conflicts_with = "output")]
    pub in_place: bool,
    /// Write the result to this file (default: standard output)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// How amended rules are numbered (default: as the ruleset's text says, else revision)
    #[arg(long, value_name = "revision|renumber")]
    pub numbering: Option<Numbering>,
    /// With --commit: link new history entries to URL, {commit} and {rule} filled in
    #[arg(long, value_name = "URL", requires = "commit")]
    pub link_template: Option<String>,
    /// Write the per-rule pages and the ruleset and commit them with git
    /// (the links name the pages' commit); writes in place unless -o
    #[arg(long)]
    pub commit: bool,
}

/// Each proposal with the index of the file it was read from.
type Batch = Vec<(usize, Proposal)>;

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let (name, bytes) = read_input(&args.ruleset)?;
    let parsed = super::io::parse_input(&name, &bytes, &ReadOptions::default())?;
    let (files, proposals) = read_proposals(&args.proposals)?;
    let mut options = ApplyOptions {
        numbering: args.numbering,
        links: None,
    };
    let applied = apply(&parsed.ruleset, &proposals, &options, &files)?;
    for note in &applied.notes {
        eprintln!("warning: {note}");
    }
    let target = match (&args.output, args.in_place || args.commit) {
        (Some(out), _) => Some(out.clone()),
        (None, true) if args.ruleset == Path::new("-") => {
            return Err(Failure::message(
                "--in-place and --commit need a ruleset file, not standard input",
            ))
        }
        (None, true) => Some(args.ruleset.clone()),
        (None, false) => None,
    };
    if !args.commit {
        write(&applied.ruleset, parsed.format, target.as_deref())?;
        if let Some(target) = &target {
            eprintln!("{}: {}", target.display(), summary(&applied));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let target = target.expect("--commit always has a target");
    let repo = Repository::containing(&target).map_err(|err| Failure::message(err.to_string()))?;
    let pages = write_pages(&applied, &target)?;
    let numbers: Vec<String> = proposals
        .iter()
        .map(|(_, p)| p.number.to_string())
        .collect();
    let subject = format!("Apply Proposal {}", numbers.join(", "));
    let git = |err: GitError| Failure::message(err.to_string());
    let Some(template) = &args.link_template else {
        write(&applied.ruleset, parsed.format, Some(&target))?;
        let mut paths = pages;
        paths.push(target.clone());
        repo.commit_paths(&paths, &subject).map_err(git)?;
        eprintln!("{}: {}; committed", target.display(), summary(&applied));
        return Ok(ExitCode::SUCCESS);
    };
    let pages_commit = match repo
        .commit_paths(&pages, &format!("{subject}: rule pages"))
        .map_err(git)?
    {
        Some(commit) => commit,
        None => repo.head().map_err(git)?,
    };
    options.links = Some(Links {
        template: template.clone(),
        commit: pages_commit.clone(),
    });
    let linked = apply(&parsed.ruleset, &proposals, &options, &files)?;
    write(&linked.ruleset, parsed.format, Some(&target))?;
    repo.commit_paths(std::slice::from_ref(&target), &subject)
        .map_err(git)?;
    eprintln!(
        "{}: {}; committed, history linked to {}",
        target.display(),
        summary(&applied),
        pages_commit
    );
    Ok(ExitCode::SUCCESS)
}

/// `changed Rules 203, 303; repealed Rule 213`, for the moderator.
fn summary(applied: &Applied) -> String {
    let list = |numbers: &std::collections::BTreeSet<u32>| {
        let numbers: Vec<String> = numbers.iter().map(u32::to_string).collect();
        let noun = if numbers.len() == 1 { "Rule" } else { "Rules" };
        format!("{noun} {}", numbers.join(", "))
    };
    let mut parts = Vec::new();
    if !applied.changed.is_empty() {
        parts.push(format!("changed {}", list(&applied.changed)));
    }
    if !applied.repealed.is_empty() {
        parts.push(format!("repealed {}", list(&applied.repealed)));
    }
    if parts.is_empty() {
        parts.push("no rule changed".to_string());
    }
    format!("{} ({} numbering)", parts.join("; "), applied.numbering)
}

fn read_proposals(paths: &[PathBuf]) -> Result<(Vec<ProposalFile>, Batch), Failure> {
    let mut files = Vec::new();
    let mut proposals = Vec::new();
    let progress = Files::new(paths.len(), "reading proposals");
    for path in paths {
        let mut file = read_proposal_file(path)?;
        let index = files.len();
        proposals.extend(file.proposals.drain(..).map(|p| (index, p)));
        files.push(file);
        progress.inc();
    }
    Ok((files, proposals))
}

/// Applies, and locates a refusal in the proposal file it came from.
fn apply(
    ruleset: &Ruleset,
    proposals: &[(usize, Proposal)],
    options: &ApplyOptions,
    files: &[ProposalFile],
) -> Result<Applied, Failure> {
    let plain: Vec<Proposal> = proposals.iter().map(|(_, p)| p.clone()).collect();
    amend::apply(ruleset, &plain, options).map_err(|err| match err.proposal {
        Some(index) if err.span.is_some() => {
            let file = &files[proposals[index].0];
            Failure::Located {
                name: file.name.clone(),
                text: file.text.clone(),
                diagnostics: vec![err.to_diagnostic()],
            }
        }
        _ => Failure::message(format!("{err}; nothing was written")),
    })
}

fn write(ruleset: &Ruleset, format: Format, target: Option<&Path>) -> Result<ExitCode, Failure> {
    let text = render::render(ruleset, format, &RenderOptions::default())
        .map_err(|err| Failure::message(err.to_string()))?;
    meaning::verify_written(ruleset, &text, format).map_err(refused)?;
    match target {
        None => print_stdout(&text)?,
        Some(path) => {
            write_atomic(path, text.as_bytes()).map_err(|err| {
                Failure::message(format!("cannot write {}: {err}", path.display()))
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `rules/md/NNN.md` and `rules/txt/NNN.txt` next to the ruleset for
/// every rule and removes the pages of rules that are gone (repealed or
/// renumbered), through the publish plan `nomic build` uses; returns every
/// path the plan covers, for the commit.
fn write_pages(applied: &Applied, ruleset_path: &Path) -> Result<Vec<PathBuf>, Failure> {
    let dir = match ruleset_path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let renderer = Renderer::new(&RenderOptions::default())
        .map_err(|err| Failure::message(err.to_string()))?;
    let pages = render::rule_pages(&applied.ruleset, &renderer)
        .map_err(|err| Failure::message(err.to_string()))?;
    // Every page is read back and checked before any is written.
    let pages = render::Published {
        files: pages,
        carried: Default::default(),
    };
    meaning::verify_published(&applied.ruleset, &pages).map_err(refused)?;
    let plan = Plan::compare(dir, pages.files).map_err(|err| Failure::message(err.to_string()))?;
    let progress = Files::new(plan.pending(), "writing pages");
    plan.execute_with(|| progress.inc())
        .map_err(|err| Failure::message(err.to_string()))?;
    Ok(plan.paths())
}

/// A write the meaning check refused: exit 2, nothing written.
fn refused(err: meaning::MeaningError) -> Failure {
    Failure::message(format!("{err}; nothing was written"))
}
