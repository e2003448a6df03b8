//! The command line: argument parsing, wiring and reporting. No command
//! holds game or format logic; each calls the library and prints.

mod apply;
mod build;
mod check;
mod diff;
mod fmt;
mod formats;
mod git;
mod parse;
mod refs;
mod render;
mod renumber;
mod simulate;
// Shared by the commands; some helpers serve only commands still to come.
#[allow(dead_code)]
mod io;

pub use io::{print_stdout, Failure};

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "nomic",
    version,
    about = "Ingest, publish, check, diff, amend and simulate Nomic rulesets",
    propagate_version = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Diff(diff::Args),
    Check(check::Args),
    Fmt(fmt::Args),
    Formats(formats::Args),
    Simulate(simulate::Args),
    Parse(parse::Args),
    Apply(apply::Args),
    Renumber(renumber::Args),
    Render(render::Args),
    Build(build::Args),
    Refs(refs::Args),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Diff(args) => diff::run(args),
        Command::Check(args) => check::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Formats(args) => formats::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Parse(args) => parse::run(args),
        Command::Apply(args) => apply::run(args),
        Command::Renumber(args) => renumber::run(args),
        Command::Render(args) => render::run(args),
        Command::Build(args) => build::run(args),
        Command::Refs(args) => refs::run(args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
