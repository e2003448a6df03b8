//! `nomic formats`: the ruleset formats nomic reads and writes.

use super::io::{print_stdout, Failure};
use crate::model::Format;
use std::process::ExitCode;

/// List the ruleset formats and what each carries
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  nomic formats")]
pub struct Args {}

pub fn run(_args: Args) -> Result<ExitCode, Failure> {
    let mut out = String::new();
    for format in Format::ALL {
        out.push_str(&format!("{:<10} {}\n", format.name(), describe(format)));
    }
    out.push_str(&format!(
        "{:<10} {}\n",
        Format::Dialect.name(),
        describe(Format::Dialect)
    ));
    print_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn describe(format: Format) -> &'static str {
    match format {
        Format::MdLong => "Markdown, every rule with revision, history and judgments",
        Format::MdShort => "Markdown, rule text only (also the older `# RULES` dialect)",
        Format::TxtLong => "plain text at 70 columns, with history and judgments",
        Format::TxtShort => "plain text at 70 columns, rule text only",
        Format::TxtPlain => "word-processor export: `Rule 101 (Immutable)`, unwrapped",
        Format::MdRule => "one Markdown page per rule (rules/md/NNN.md)",
        Format::TxtRule => "one text page per rule (rules/txt/NNN.txt)",
        Format::Json => "the model itself, as JSON",
        Format::Dialect => {
            "any other community's layout: inferred when no format above fits, or described \
             in nomic.toml / --dialect FILE (docs/dialects.md; `nomic dialect infer FILE`)"
        }
    }
}
