//! `nomic man [COMMAND]`: the manual page of nomic or of one of its
//! commands, in roff (clap_mangen, from the definition of the command line).

use super::io::{print_stdout, Failure};
use clap::CommandFactory;
use std::process::ExitCode;

/// Print the manual page of nomic, or of one command, in roff
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    nomic man | man -l -\n  \
    nomic man check > ~/.local/share/man/man1/nomic-check.1")]
pub(super) struct Args {
    /// The command whose page to print (`check`, `dialect infer`); none
    /// for nomic's own
    #[arg(value_name = "COMMAND", num_args = 0..)]
    pub command: Vec<String>,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let mut cli = super::Cli::command();
    // Built, each command knows its full name (`nomic check`).
    cli.build();
    let mut page = &cli;
    let mut name = String::from("nomic");
    for word in &args.command {
        page = page.find_subcommand(word).ok_or_else(|| {
            let known: Vec<&str> = page
                .get_subcommands()
                .map(clap::Command::get_name)
                .collect();
            Failure::message(format!(
                "`{name}` has no command `{word}`; its commands are {}",
                known.join(", ")
            ))
        })?;
        name.push('-');
        name.push_str(word);
    }
    let mut roff = Vec::new();
    clap_mangen::Man::new(page.clone())
        .title(name)
        .source(format!("nomic {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)
        .map_err(|err| Failure::message(format!("cannot write the manual page: {err}")))?;
    print_stdout(&String::from_utf8_lossy(&roff))?;
    Ok(ExitCode::SUCCESS)
}
