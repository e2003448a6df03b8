//! `nomic diff OLD NEW`: what changed between two rulesets, in the game's
//! terms. Exit status as diff(1): 0 same meaning, 1 differences, 2 trouble.

use super::git;
use super::io::{parse_input_owned, print_stdout, read_input, stdout_color, Failure};
use nomic::diff::{diff, output, DiffOptions, RulesetDiff};
use nomic::model::{Format, Ruleset};
use nomic::parse::{ReadDepth, ReadOptions};
use std::path::Path;
use std::process::ExitCode;

/// Show what changed between two rulesets, rule by rule and word by word
///
/// Rules are matched by number; a rule that vanished while nearly the same
/// text appeared under another number is reported as renumbered. The two
/// sides may be in different formats (say txt-long and md-long): only
/// differences of meaning are reported. Exit status: 0 when both mean the
/// same, 1 when they differ, 2 on trouble.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic diff HEAD~1:rules/rules-l.md rules/rules-l.md\n  \
    nomic diff --format md HEAD~1:rules-l.md rules-l.md   # the week's announcement\n  \
    nomic diff --format md --full rules-early.txt rules-l.md > changelog.md\n  \
    nomic diff --format unified old.md new.md | patch -p0\n\n\
    OLD and NEW are files, `-` for standard input, Agora source folders, or REVISION:PATH read \
    through `git show` in the current repository. PATH is taken from the top of \
    the repository as in git, or from the current directory when only that \
    exists. A file that exists wins over the REVISION:PATH reading.")]
pub(super) struct Args {
    /// The old ruleset (a file, `-`, or REVISION:PATH)
    old: String,
    /// The new ruleset (a file, `-`, or REVISION:PATH)
    new: String,
    /// How to show the changes
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    format: DiffFormat,
    /// One line per changed rule, then a summary
    #[arg(long, conflicts_with = "format")]
    stat: bool,
    /// Also show rules whose meaning is the same but whose bytes differ
    /// (both sides in the same format)
    #[arg(long)]
    layout: bool,
    /// With --format md: the whole text of every changed rule, not only
    /// the sentences that changed (the default fits one Discord message)
    #[arg(long)]
    full: bool,
    /// Read OLD as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    from_old: Option<Format>,
    /// Read NEW as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    from_new: Option<Format>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DiffFormat {
    /// Readable in a terminal; coloured there, `[-old-]{+new+}` elsewhere
    Human,
    /// A Markdown announcement for Discord or a pull request
    Md,
    /// The changes as JSON, for tools
    Json,
    /// A unified diff of the canonical texts, for `patch`
    Unified,
}

/// One side of the comparison, read and parsed.
struct Side {
    /// As given on the command line.
    name: String,
    /// The file name for a unified diff header (`REV:` dropped).
    path: String,
    /// The ruleset read (the file's bytes and decoded text are let go).
    ruleset: Ruleset,
    /// The format it was read as.
    format: Format,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    if args.full && (args.stat || args.format != DiffFormat::Md) {
        return Err(Failure::message(
            "--full is for --format md (the announcement); the other formats show whole texts \
             or their own summary",
        ));
    }
    if args.old == "-" && args.new == "-" {
        return Err(Failure::message(
            "only one of OLD and NEW can be standard input (`-`)",
        ));
    }
    // The sides are fetched and read independently: one on each core. The
    // old side's failure is the one reported when both fail.
    let (old, new) = std::thread::scope(|scope| {
        let new = scope.spawn(|| read_side(&args.new, args.from_new));
        let old = read_side(&args.old, args.from_old);
        (old, new.join())
    });
    let old = old?;
    let new = new.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
    if args.layout && old.format != new.format {
        eprintln!(
            "note: --layout compares bytes only between files of one format; {} is {} and {} is {}",
            old.name, old.format, new.name, new.format
        );
    }
    let options = DiffOptions {
        old_format: Some(old.format),
        new_format: Some(new.format),
        layout: args.layout,
        ..DiffOptions::default()
    };
    let changes = diff(&old.ruleset, &new.ruleset, &options);
    let code = report(&args, &changes, &old, &new)?;
    // The process ends with this command: freeing the two whole rulesets
    // rule by rule costs about what comparing them did, and the system
    // takes the memory back at exit anyway.
    std::mem::forget((old, new, changes));
    Ok(code)
}

/// Prints the changes as asked (the unified diff renders both sides whole).
/// Returns the exit status.
fn report(args: &Args, changes: &RulesetDiff, old: &Side, new: &Side) -> Result<ExitCode, Failure> {
    let text = if args.stat {
        output::stat::render(changes)
    } else {
        match args.format {
            DiffFormat::Human => output::human::render(changes, stdout_color()),
            DiffFormat::Md => output::md::render(
                changes,
                &output::md::MdOptions {
                    detail: if args.full {
                        output::md::Detail::Full
                    } else {
                        output::md::Detail::Announcement
                    },
                    titles: output::md::titles(&old.ruleset, &new.ruleset),
                },
            ),
            DiffFormat::Json => output::json::render(changes),
            DiffFormat::Unified => output::unified::render(
                &old.ruleset,
                &new.ruleset,
                (old.format, new.format),
                &old.path,
                &new.path,
            )
            .map_err(|err| Failure::message(format!("cannot render {}: {err}", new.name)))?,
        }
    };
    print_stdout(&text)?;
    Ok(if changes.same_meaning() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Reads a side whole: an existing file (or `-`) first, else `REV:path`
/// from git, as `from` says or its detected format; a folder (Agora's
/// source, or one rule per file) is read as one ruleset.
fn read_side(spec: &str, from: Option<Format>) -> Result<Side, Failure> {
    let path = Path::new(spec);
    if let Some(read) = super::io::read_folder(path)? {
        let parsed = read.parsed;
        return Ok(Side {
            name: spec.to_string(),
            path: spec.to_string(),
            ruleset: parsed.ruleset,
            format: parsed.format,
        });
    }
    let git_spec = git::split_spec(spec).filter(|_| spec != "-" && !path.exists());
    let (name, path, bytes) = match git_spec {
        Some((_, file)) => (spec.to_string(), file.to_string(), git::show(spec)?),
        None => {
            let (name, bytes) = read_input(path)?;
            (name.clone(), name, bytes)
        }
    };
    let options = ReadOptions {
        from,
        ..ReadOptions::default()
    };
    // Nothing is written back: the read keeps the layout (compared with
    // `--layout`, counted without) and skips the rules' fingerprints.
    let parsed = parse_input_owned(&name, bytes, &options, ReadDepth::Layout)?;
    Ok(Side {
        name,
        path,
        ruleset: parsed.ruleset,
        format: parsed.format,
    })
}
