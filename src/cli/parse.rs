//! `nomic parse`: read a ruleset in any format and print its model as JSON.

use super::io::{json_document, parse_input, print_stdout, read_input, stderr_color, Failure};
use crate::diagnostic::{self, Diagnostic, Severity, Source};
use crate::model::Format;
use crate::parse::{EncodingIssue, ReadOptions};
use std::ops::Range;
use std::path::PathBuf;
use std::process::ExitCode;

/// Read a ruleset (any format) and print its model as JSON
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  \
    nomic parse rulesets/nomic-4-long.md\n\n\
    More examples:\n  \
    nomic parse --from txt-plain --layout - < ruleset.txt\n  \
    nomic parse --repair-encoding rulesets/nomic-3.md")]
pub struct Args {
    /// The ruleset file, or `-` for standard input
    pub file: PathBuf,
    /// Read as this format instead of detecting it (md-long, md-short,
    /// txt-long, txt-short, txt-plain, md-rule, txt-rule, json)
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
    /// Repair mojibake (UTF-8 once read as Windows-1252/1254) where the
    /// repair is certain
    #[arg(long)]
    pub repair_encoding: bool,
    /// Include the layout (exact source of each rule, quirks) in the output
    #[arg(long)]
    pub layout: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions {
        from: args.from,
        repair_encoding: args.repair_encoding,
    };
    let parsed = parse_input(&name, &bytes, &options)?;
    let warnings = encoding_warnings(&parsed.text, &parsed.encoding, args.repair_encoding);
    if !warnings.is_empty() {
        let source = Source::new(&name, &parsed.text);
        eprint!(
            "{}",
            diagnostic::render_human(source, &warnings, stderr_color())
        );
    }
    let ruleset = if args.layout {
        parsed.ruleset
    } else {
        parsed.ruleset.without_layout()
    };
    print_stdout(&json_document(&ruleset)?)?;
    Ok(ExitCode::SUCCESS)
}

/// Encoding issues left in the text, as warnings; the same finding repeated
/// on one line (a ruler of damaged box-drawing characters) is one warning.
fn encoding_warnings(text: &str, issues: &[EncodingIssue], repaired: bool) -> Vec<Diagnostic> {
    let mut groups: Vec<(&EncodingIssue, Range<usize>, usize)> = Vec::new();
    for issue in issues.iter().filter(|i| !(repaired && i.certain)) {
        if let Some((first, span, count)) = groups.last_mut() {
            let between = text.get(span.end..issue.span.start).unwrap_or("\n");
            if first.message == issue.message && !between.contains('\n') {
                span.end = issue.span.end;
                *count += 1;
                continue;
            }
        }
        groups.push((issue, issue.span.clone(), 1));
    }
    groups
        .into_iter()
        .map(|(issue, span, count)| {
            let mut message = issue.message.clone();
            if count > 1 {
                message.push_str(&format!(" ({count} times on this line)"));
            }
            let help = if issue.certain {
                "run with --repair-encoding to repair it"
            } else {
                "check the original text and fix it by hand"
            };
            Diagnostic::new("encoding", Severity::Warning, message, span).with_help(help)
        })
        .collect()
}
