//! `nomic blame`: a rule's current text, each span attributed by words.

use super::io::{json_document, print_stdout, Failure};
use super::log::{read_history, HumanOrJson};
use nomic::chronicle;
use std::path::PathBuf;
use std::process::ExitCode;

/// A rule's current text with each span attributed to the version that
/// wrote it, by words: re-wrapping and format changes attribute nothing
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Words already in the file's first commit are attributed \"before DATE\", \
with the rule's own history named. See `nomic help history`.\n\n\
Examples:\n  nomic blame 203 rules-l.md\n  nomic blame 101 . --format json"
)]
pub(super) struct Args {
    /// The rule (`203`, `Rule 203`, `R101`)
    rule: String,
    /// The file or folder that keeps the rule, inside a git repository
    #[arg(default_value = ".")]
    file: PathBuf,
    /// `human` (footnotes) for people, `json` (spans with byte ranges) for tools
    #[arg(long, value_enum, default_value_t = HumanOrJson::Human)]
    format: HumanOrJson,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let history = read_history(&args.rule, &args.file)?;
    let blame = chronicle::blame(&history);
    let out = match args.format {
        HumanOrJson::Human => chronicle::output::blame(&blame),
        HumanOrJson::Json => json_document(&blame)?,
    };
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}
