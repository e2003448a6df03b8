//! `nomic apply`: carry adopted proposals into a ruleset file.

use super::git::{GitError, Repository};
use super::io::{print_stdout, read_input, read_proposal_file, Failure, ProposalFile};
use super::progress::Files;
use nomic::amend::{self, Applied, ApplyOptions, Links, Numbering, Proposal};
use nomic::meaning;
use nomic::model::{Format, Ruleset};
use nomic::output::write_atomic;
use nomic::parse::ReadOptions;
use nomic::render::{self, Existing, Form, Pins, Plan, RenderOptions, Renderer};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Apply adopted proposals to a ruleset: new texts, revisions, mutability,
/// history entries in the ruleset's own style, renumbered citations
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Proposal files, and where new and renumbered rules go (no other rule \
moves), are described by `nomic help proposals`.\n\n\
Example:\n  nomic apply ruleset.md proposals/342.md --in-place\n  \
nomic apply ruleset.md 342.md --commit --link-template \
'https://github.com/me/nomic/blob/{commit}/rules/md/{rule}.md'"
)]
pub(super) struct Args {
    /// The ruleset file (any format nomic reads; `-` for standard input),
    /// or a folder of rule files (one rule per file)
    pub ruleset: PathBuf,
    /// Proposal files, applied in order
    #[arg(required = true)]
    pub proposals: Vec<PathBuf>,
    /// Write the result back to RULESET
    #[arg(long, conflicts_with = "output")]
    pub in_place: bool,
    /// Write the result to this file, or for a folder into this folder
    /// (default: standard output)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// How amended rules are numbered (default: as the ruleset's text says, else revision)
    #[arg(long, value_name = "revision|renumber")]
    pub numbering: Option<Numbering>,
    /// With --commit: link new history entries to URL, {commit} and {rule} filled in
    #[arg(long, value_name = "URL", requires = "commit")]
    pub link_template: Option<String>,
    /// Publish and commit with git: first the changed per-rule pages (the
    /// links name that commit), then the ruleset with every other form the
    /// folder holds that changed; writes in place unless -o
    #[arg(long)]
    pub commit: bool,
}

/// Each proposal with the index of the file it was read from.
type Batch = Vec<(usize, Proposal)>;

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(read) = super::io::read_folder(&args.ruleset)? {
        return folder(&args, read);
    }
    let (name, bytes) = read_input(&args.ruleset)?;
    let parsed = super::io::parse_input(&name, &bytes, &ReadOptions::default())?;
    let (files, proposals) = read_proposals(&args.proposals)?;
    let mut options = ApplyOptions {
        numbering: args.numbering,
        links: None,
    };
    let applied = apply(&parsed.ruleset, &proposals, &options, &files)?;
    let pins = super::build::pins::beside(&args.ruleset)?;
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
        write(&applied.ruleset, parsed.format, target.as_deref(), &pins)?;
        if let Some(target) = &target {
            eprintln!("{}: {}", target.display(), summary(&applied));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let target = target.expect("--commit always has a target");
    let repo = Repository::containing(&target).map_err(|err| Failure::message(err.to_string()))?;
    let git = |err: GitError| Failure::message(err.to_string());
    let dir = folder_of(&target);
    let forms = forms_to_commit(&dir, &target);
    // Read before anything is written: the folder's files are the style
    // the new pages and forms are written in.
    let (existing, unread) = super::build::existing::read(&dir, &forms, &target);
    for path in unread {
        eprintln!("note: {path} does not read in its form; it is written anew");
    }
    let subject = subject(&proposals);
    let pages: Vec<Form> = forms.iter().copied().filter(|f| is_pages(*f)).collect();
    let plan = publish(
        &applied.ruleset,
        &pages,
        &existing,
        &dir,
        &pins,
        Vec::new(),
        Vec::new(),
    )?;
    let pages_commit = match repo
        .commit_paths(&plan.paths(), &format!("{subject}: rule pages"))
        .map_err(git)?
    {
        Some(commit) => commit,
        None => repo.head().map_err(git)?,
    };
    let linked = match &args.link_template {
        Some(template) => {
            options.links = Some(Links {
                template: template.clone(),
                commit: pages_commit.clone(),
            });
            apply(&parsed.ruleset, &proposals, &options, &files)?
        }
        None => applied.clone(),
    };
    write(&linked.ruleset, parsed.format, Some(&target), &pins)?;
    let whole: Vec<Form> = forms.iter().copied().filter(|f| !is_pages(*f)).collect();
    // The website, when the folder has one, is rebuilt with the forms, and
    // the images its rule pages show copied into it.
    let (site, images) = if dir.join(Form::Site.path()).exists() {
        let images = super::build::published::images(&target, &linked.ruleset, &[Form::Site]);
        let shown = images
            .iter()
            .filter_map(|image| image.path.strip_prefix(Form::Site.path()).ok())
            .map(Path::to_path_buf)
            .collect();
        let site =
            super::build::published::site_files(&target, &linked.ruleset, false, None, shown)?;
        (site, images)
    } else {
        (Vec::new(), Vec::new())
    };
    let plan = publish(
        &linked.ruleset,
        &whole,
        &existing,
        &dir,
        &pins,
        site,
        images,
    )?;
    let mut paths = plan.paths();
    paths.push(target.clone());
    repo.commit_paths(&paths, &subject).map_err(git)?;
    if args.link_template.is_some() {
        eprintln!(
            "{}: {}; committed, history linked to {}",
            target.display(),
            summary(&applied),
            pages_commit
        );
    } else {
        eprintln!("{}: {}; committed", target.display(), summary(&applied));
    }
    Ok(ExitCode::SUCCESS)
}

/// `Apply Proposal 342, 343`; `Apply Temporary Rule 650` for temporary
/// rules becoming rules, which no proposal enacts.
fn subject(proposals: &Batch) -> String {
    let mut numbers = Vec::new();
    let mut temporaries = Vec::new();
    for (_, proposal) in proposals {
        match proposal.number {
            Some(number) => numbers.push(number.to_string()),
            None => temporaries.extend(proposal.operations.iter().filter_map(|op| match op.kind {
                amend::OperationKind::FromTemporary { temporary, .. } => {
                    Some(temporary.to_string())
                }
                _ => None,
            })),
        }
    }
    let mut parts = Vec::new();
    if !numbers.is_empty() {
        parts.push(format!("Proposal {}", numbers.join(", ")));
    }
    if !temporaries.is_empty() {
        let noun = if temporaries.len() == 1 {
            "Rule"
        } else {
            "Rules"
        };
        parts.push(format!("Temporary {noun} {}", temporaries.join(", ")));
    }
    format!("Apply {}", parts.join(" and "))
}

/// `changed Rules 203, 303; repealed Rule 213`, for the moderator.
/// Proposals applied to a folder of rule files, each rule written back to
/// its file (an enacted rule to a new one named as its neighbours are, a
/// repealed rule's file removed).
fn folder(args: &Args, read: nomic::parse::FolderRead) -> Result<ExitCode, Failure> {
    if read.agora.is_some() {
        return Err(Failure::message(format!(
            "{}: Agora's source folder is the Rulekeepor's to edit; apply proposals to its FLR \
             instead",
            args.ruleset.display()
        )));
    }
    if args.commit {
        return Err(Failure::message(
            "--commit publishes a ruleset file's forms; for a folder of rule files, apply with \
             --in-place and commit the folder",
        ));
    }
    let (files, proposals) = read_proposals(&args.proposals)?;
    let options = ApplyOptions {
        numbering: args.numbering,
        links: None,
    };
    let applied = apply(&read.parsed.ruleset, &proposals, &options, &files)?;
    for note in &applied.notes {
        eprintln!("warning: {note}");
    }
    let target = if args.in_place {
        Some(args.ruleset.as_path())
    } else {
        args.output.as_deref()
    };
    let (written, removed) = super::io::write_folder_back(
        &args.ruleset,
        &read.files,
        &applied.ruleset,
        &Default::default(),
        target,
    )?;
    eprintln!(
        "{}: {}; {}",
        args.ruleset.display(),
        summary(&applied),
        super::io::files_written(written, removed)
    );
    Ok(ExitCode::SUCCESS)
}

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

/// Writes the ruleset in its file's format, what the proposals changed in
/// the style the file shows (with what `nomic.toml` pins in its place).
fn write(
    ruleset: &Ruleset,
    format: Format,
    target: Option<&Path>,
    pins: &Pins,
) -> Result<ExitCode, Failure> {
    let failed = |err: render::RenderError| Failure::message(err.to_string());
    let renderer = Renderer::new(&RenderOptions::default()).map_err(failed)?;
    let style = match Form::ALL
        .into_iter()
        .find(|form| form.format() == Some(format))
    {
        Some(form) => pins.apply(form, renderer.own_style(ruleset, format)),
        None => renderer.own_style(ruleset, format),
    };
    let text = renderer
        .render_styled(ruleset, format, style)
        .map_err(failed)?;
    meaning::verify_written_in(ruleset, &text, format, &style).map_err(refused)?;
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

/// The folder a ruleset file is published in: the one it is in.
fn folder_of(ruleset_path: &Path) -> PathBuf {
    match ruleset_path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// What `--commit` publishes besides the ruleset: the per-rule pages (the
/// history links name them), and every other form the folder already
/// holds, except the ruleset's own file (written from the ruleset itself)
/// and the website (rebuilt beside them when the folder has one).
fn forms_to_commit(dir: &Path, ruleset_path: &Path) -> Vec<Form> {
    let own = ruleset_path.file_name();
    Form::ALL
        .into_iter()
        .filter(|&form| form != Form::Site && own != Some(std::ffi::OsStr::new(form.path())))
        .filter(|&form| is_pages(form) || dir.join(form.path()).is_file())
        .collect()
}

fn is_pages(form: Form) -> bool {
    matches!(form, Form::MdPages | Form::TxtPages)
}

/// Publishes `forms` of `ruleset` onto the folder's files as `nomic build`
/// does (every rule the proposals did not touch keeps its bytes), reads
/// every file back, then writes the ones that changed, with `site` (the
/// website's files) and the `images` it shows, and removes the pages of
/// rules that are gone; returns the plan, whose paths the commit names.
fn publish(
    ruleset: &Ruleset,
    forms: &[Form],
    existing: &Existing,
    dir: &Path,
    pins: &Pins,
    site: Vec<render::PublishedFile>,
    images: Vec<render::Asset>,
) -> Result<Plan, Failure> {
    let renderer = Renderer::new(&RenderOptions::default())
        .map_err(|err| Failure::message(err.to_string()))?;
    let published = render::publish_onto(ruleset, &renderer, forms, existing, pins)
        .map_err(|err| Failure::message(err.to_string()))?;
    // Every file is read back and checked before any is written.
    meaning::verify_published(ruleset, &published).map_err(refused)?;
    let mut files = published.files;
    files.extend(site);
    let plan = Plan::compare(dir.to_path_buf(), files)
        .and_then(|plan| plan.with_assets(images))
        .map_err(|err| Failure::message(err.to_string()))?;
    let progress = Files::new(plan.pending(), "writing");
    plan.execute_with(|| progress.inc())
        .map_err(|err| Failure::message(err.to_string()))?;
    Ok(plan)
}

/// A write the meaning check refused: exit 2, nothing written.
fn refused(err: meaning::MeaningError) -> Failure {
    Failure::message(format!("{err}; nothing was written"))
}
