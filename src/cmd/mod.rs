//! The command line: argument parsing, wiring and reporting. No command
//! holds game or format logic; each calls the library and prints.

mod agora;
mod apply;
mod blame;
mod build;
mod check;
mod completions;
mod dialect;
mod diff;
mod fmt;
mod formats;
mod git;
mod help;
mod io;
mod log;
mod lsp;
mod man;
mod parse;
mod progress;
mod refs;
mod render;
mod renumber;
mod show;
mod simulate;
mod site;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "nomic",
    version,
    about = "Ingest, publish, check, diff, amend and simulate Nomic rulesets",
    propagate_version = true,
    disable_help_subcommand = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Read rulesets in the dialect this file describes (TOML, or YAML for
    /// .yaml/.yml) instead of `nomic.toml` beside them or inference
    #[arg(long, global = true, value_name = "FILE")]
    dialect: Option<std::path::PathBuf>,
    /// Refuse an input file larger than this many bytes (default 256 MiB)
    #[arg(long, global = true, value_name = "BYTES")]
    max_input_size: Option<u64>,
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
    Log(log::Args),
    Blame(blame::Args),
    Show(show::Args),
    Simulate(simulate::Args),
    Formats(formats::Args),
    Lsp(lsp::Args),
    #[command(subcommand)]
    Dialect(dialect::Command),
    Help(help::Args),
    Completions(completions::Args),
    Man(man::Args),
}

/// Runs the command line and returns the process exit code.
pub(crate) fn main() -> ExitCode {
    let cli = help::parse();
    io::set_dialect_file(cli.dialect.clone());
    io::set_max_input_size(cli.max_input_size);
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
        Command::Log(args) => log::run(args),
        Command::Blame(args) => blame::run(args),
        Command::Show(args) => show::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Formats(args) => formats::run(args),
        Command::Lsp(args) => lsp::run(args),
        Command::Dialect(command) => dialect::run(command),
        Command::Help(args) => help::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    };
    match result {
        Ok(code) => code,
        Err(failure) => failure.report(),
    }
}
