//! `nomic formats`: the ruleset formats nomic reads and writes.

use super::io::{print_stdout, Failure};
use nomic::model::Format;
use std::process::ExitCode;

/// List the ruleset formats and what each carries
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  nomic formats")]
pub(super) struct Args {}

pub(super) fn run(_args: Args) -> Result<ExitCode, Failure> {
    let mut out = String::new();
    // A dialect is never named with --from, but it is a format nomic reads.
    for format in Format::every().chain([Format::Dialect]) {
        out.push_str(&format!("{:<16} {}\n", format.name(), format.description()));
    }
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}
