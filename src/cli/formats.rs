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
    for format in Format::every() {
        out.push_str(&format!("{:<10} {}\n", format.name(), describe(format)));
    }
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
        Format::AgoraYaml => {
            "Agora's source folder (rules_data/: config/index, rules/, proposals/)"
        }
        Format::AgoraFlr => {
            "Agora's Full Logical Ruleset (flr.txt): categories, history, annotations"
        }
        Format::AgoraSlr => "Agora's Short Logical Ruleset (slr.txt): categories, rule text only",
        Format::AgoraRule => "one FLR rule a page (full_rules/RNNN.txt)",
        Format::AgoraShortRule => "one SLR rule a page (short_rules/RNNN.txt)",
    }
}
