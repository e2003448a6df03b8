//! `nomic lsp`: the language server, over standard input and output.

use super::io::Failure;
use std::process::ExitCode;

/// Run the language server over standard input and output (for editors;
/// see `nomic help editor`)
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  nomic lsp")]
pub(super) struct Args {}

pub(super) fn run(_args: Args) -> Result<ExitCode, Failure> {
    nomic::lsp::serve_stdio().map_err(|err| Failure::message(format!("nomic lsp: {err}")))?;
    Ok(ExitCode::SUCCESS)
}
