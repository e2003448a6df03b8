//! `nomic completions SHELL`: the completion script of a shell, printed
//! for the user to install (clap_complete, from the same definition of
//! the command line that parses it).

use super::io::{print_stdout, Failure};
use clap::CommandFactory;
use std::process::ExitCode;

/// Print the shell completion script for bash, zsh, fish, powershell or elvish
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic completions bash > ~/.local/share/bash-completion/completions/nomic\n  \
    nomic completions zsh > ~/.zfunc/_nomic\n  \
    nomic completions fish > ~/.config/fish/completions/nomic.fish")]
pub(super) struct Args {
    /// The shell
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut cli = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "nomic", &mut script);
    print_stdout(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}
