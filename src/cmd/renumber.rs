//! `nomic renumber`: give rules new numbers and rewrite every citation.

use super::io::{print_stdout, read_input, Failure};
use nomic::output::write_atomic;
use nomic::parse::ReadOptions;
use nomic::render::{self, RenderOptions};
use nomic::{amend, meaning};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Renumber rules and rewrite every citation of them in all rule texts
/// (only the digits change; untouched rules are written byte for byte, where
/// they stand)
#[derive(Debug, clap::Args)]
#[command(
    after_help = "A renumbered rule moves to its place by number if the file's rules are in \
number order, and stays where it stands if they are not (Where rules go, in \
`nomic help proposals`).\n\n\
Example:\n  nomic renumber nomic-1-final.txt 304=340 --in-place"
)]
pub(super) struct Args {
    /// The ruleset file (any format nomic reads; `-` for standard input),
    /// or a folder of rule files (one rule per file)
    pub ruleset: PathBuf,
    /// Renumberings, applied at once (`303=304 304=303` swaps)
    #[arg(required = true, value_name = "OLD=NEW", value_parser = parse_pair)]
    pub mapping: Vec<(u32, u32)>,
    /// Write the result back to RULESET
    #[arg(long, conflicts_with = "output")]
    pub in_place: bool,
    /// Write the result to this file, or for a folder into this folder
    /// (default: standard output)
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// Why an `OLD=NEW` argument was refused.
#[derive(Debug, thiserror::Error)]
enum PairError {
    #[error("`{0}` is not OLD=NEW, for example 304=340")]
    NotAPair(String),
    #[error("`{0}` is not a rule number")]
    NotANumber(String),
}

fn parse_pair(text: &str) -> Result<(u32, u32), PairError> {
    let (old, new) = text
        .split_once('=')
        .ok_or_else(|| PairError::NotAPair(text.to_string()))?;
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| PairError::NotANumber(s.to_string()))
    };
    Ok((number(old)?, number(new)?))
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut mapping = BTreeMap::new();
    for &(old, new) in &args.mapping {
        if mapping.insert(old, new).is_some_and(|before| before != new) {
            return Err(Failure::message(format!(
                "Rule {old} is given two new numbers"
            )));
        }
    }
    if let Some(read) = super::io::read_folder(&args.ruleset)? {
        return folder(&args, read, &mapping);
    }
    let (name, bytes) = read_input(&args.ruleset)?;
    let mut parsed = super::io::parse_input(&name, &bytes, &ReadOptions::default())?;
    let notes = amend::renumber(&mut parsed.ruleset, &mapping)
        .map_err(|err| Failure::message(format!("{err}; nothing was written")))?;
    for note in &notes {
        eprintln!("warning: {note}");
    }
    let text = render::render(&parsed.ruleset, parsed.format, &RenderOptions::default())
        .map_err(|err| Failure::message(err.to_string()))?;
    meaning::verify_written(&parsed.ruleset, &text, parsed.format)
        .map_err(|err| Failure::message(format!("{err}; nothing was written")))?;
    let target = match (&args.output, args.in_place) {
        (Some(out), _) => Some(out.clone()),
        (None, true) => Some(args.ruleset.clone()),
        (None, false) => None,
    };
    match target {
        None => print_stdout(&text)?,
        Some(path) => {
            write_atomic(&path, text.as_bytes()).map_err(|err| {
                Failure::message(format!("cannot write {}: {err}", path.display()))
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A folder of rule files renumbered, each rule written back to its file
/// (renamed where its name carries the number).
fn folder(
    args: &Args,
    read: nomic::parse::FolderRead,
    mapping: &BTreeMap<u32, u32>,
) -> Result<ExitCode, Failure> {
    if read.agora.is_some() {
        return Err(Failure::message(format!(
            "{}: Agora's source folder is the Rulekeepor's to edit; renumber its FLR instead",
            args.ruleset.display()
        )));
    }
    let mut ruleset = read.parsed.ruleset;
    let notes = amend::renumber(&mut ruleset, mapping)
        .map_err(|err| Failure::message(format!("{err}; nothing was written")))?;
    for note in &notes {
        eprintln!("warning: {note}");
    }
    let target = if args.in_place {
        Some(args.ruleset.as_path())
    } else {
        args.output.as_deref()
    };
    let (written, removed) =
        super::io::write_folder_back(&args.ruleset, &read.files, &ruleset, mapping, target)?;
    eprintln!(
        "{}: {}",
        args.ruleset.display(),
        super::io::files_written(written, removed)
    );
    Ok(ExitCode::SUCCESS)
}
