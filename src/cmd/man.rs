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
        .date(RELEASED)
        .source(format!("nomic {}", env!("CARGO_PKG_VERSION")))
        .manual("nomic manual")
        .render(&mut roff)
        .map_err(|err| Failure::message(format!("cannot write the manual page: {err}")))?;
    // clap_mangen breaks the line on both sides of the blank line before a
    // list of values; the blank line alone (`.sp`) lays it out the same,
    // without the two breaks mandoc warns it skips.
    let roff = String::from_utf8_lossy(&roff).replace("\n.br\n\n.br\n", "\n.sp\n");
    print_stdout(&ascii_roff(&roff))?;
    Ok(ExitCode::SUCCESS)
}

/// The date of this version's release, the manual pages' date: set with
/// `version` in Cargo.toml at each release.
const RELEASED: &str = "2026-12-02";

/// Roff in ASCII: every other character as its named escape (`\[u2026]`),
/// which groff and mandoc read whatever the terminal's encoding.
fn ascii_roff(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    for c in roff.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}
