//! `nomic show`: a rule as it stood on a day or at a commit.

use super::io::{json_document, print_stdout, Failure};
use super::log::read_history;
use nomic::chronicle;
use std::path::PathBuf;
use std::process::ExitCode;

/// A rule as it stood then (point in time), or now
#[derive(Debug, clap::Args)]
#[command(after_help = "See `nomic help history`.\n\n\
Examples:\n  nomic show 203 rules-l.md --at 2020-08-01\n  nomic show 203 rules-l.md --at HEAD~3\n  \
nomic show 101 . --format md")]
pub(super) struct Args {
    /// The rule (`203`, `Rule 203`, `R101`)
    rule: String,
    /// The file or folder that keeps the rule, inside a git repository
    #[arg(default_value = ".")]
    file: PathBuf,
    /// A day (YYYY-MM-DD: the rule at its end) or a commit (any revision git knows)
    #[arg(long, value_name = "DATE|COMMIT")]
    at: Option<String>,
    /// `human`, `md` (a quote for a chat message) or `json`
    #[arg(long, value_enum, default_value_t = ShowFormat::Human)]
    format: ShowFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ShowFormat {
    Human,
    Md,
    Json,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let history = read_history(&args.rule, &args.file)?;
    let version = match &args.at {
        Some(point) => chronicle::version_at(&history, &args.file, point)
            .map_err(|err| Failure::message(format!("{}: {err}", args.file.display())))?,
        None => history.current(),
    };
    let out = match args.format {
        ShowFormat::Human => chronicle::output::show(&history, version, args.at.as_deref()),
        ShowFormat::Md => chronicle::output::show_md(&history, version, args.at.as_deref()),
        ShowFormat::Json => json_document(version)?,
    };
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}
