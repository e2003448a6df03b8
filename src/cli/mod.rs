//! The command line: argument parsing, wiring and reporting. No command
//! holds game or format logic; each calls the library and prints.

mod apply;
mod build;
mod check;
mod diff;
mod fmt;
mod formats;
mod git;
mod io;
mod parse;
mod refs;
mod render;
mod renumber;
mod simulate;
mod site;

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

/// The commands, in the order `--help` lists them: the weekly job first.
#[derive(Debug, Subcommand)]
enum Command {
    Parse(parse::Args),
    Render(render::Args),
    Build(build::Args),
    Site(site::Args),
    Check(check::Args),
    Fmt(fmt::Args),
    Diff(diff::Args),
    Refs(refs::Args),
    Apply(apply::Args),
    Renumber(renumber::Args),
    Simulate(simulate::Args),
    Formats(formats::Args),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Parse(args) => parse::run(args),
        Command::Render(args) => render::run(args),
        Command::Build(args) => build::run(args),
        Command::Site(args) => site::run(args),
        Command::Check(args) => check::run(args),
        Command::Fmt(args) => fmt::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Refs(args) => refs::run(args),
        Command::Apply(args) => apply::run(args),
        Command::Renumber(args) => renumber::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Formats(args) => formats::run(args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
