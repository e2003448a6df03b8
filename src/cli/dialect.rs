//! `nomic dialect`: the dialect file of a ruleset in another community's layout.

use super::io::{print_stdout, read_input, Failure};
use crate::parse::{self, dialect, ReadOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Describe a community's ruleset layout as a dialect file
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Print the dialect inferred from a ruleset, as a dialect file to keep
    /// (as `nomic.toml` beside it) and edit
    #[command(
        after_help = "Examples:\n  nomic dialect infer RULES.md > nomic.toml\n  \
                            nomic dialect infer README.md --yaml > dialect.yaml\n  \
                            nomic parse RULES.md --dialect dialect.yaml"
    )]
    Infer(InferArgs),
}

#[derive(Debug, clap::Args)]
pub struct InferArgs {
    /// The ruleset (`-` for standard input)
    pub file: PathBuf,
    /// Print YAML instead of TOML
    #[arg(long)]
    pub yaml: bool,
}

pub fn run(command: Command) -> Result<ExitCode, Failure> {
    match command {
        Command::Infer(args) => infer(&args),
    }
}

fn infer(args: &InferArgs) -> Result<ExitCode, Failure> {
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions::default();
    let text = parse::error_source(&bytes, &options);
    let candidate =
        dialect::infer(&text).map_err(|err| Failure::message(format!("{name}: {err}")))?;
    let file = if args.yaml {
        dialect::to_yaml(&candidate.dialect)
    } else {
        dialect::to_toml(&candidate.dialect)
    };
    let comment = format!(
        "# The dialect of {name}: {}, {} rules ({} to {}).\n# Keep it as nomic.toml beside the ruleset, or pass it with --dialect; see docs/dialects.md.\n",
        candidate.dialect.start_kind(),
        candidate.rules,
        candidate.first,
        candidate.last
    );
    print_stdout(&format!("{comment}{file}"))?;
    Ok(ExitCode::SUCCESS)
}
