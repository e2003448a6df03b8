//! `nomic parse`: read a ruleset in any format and print its model as JSON.

use super::io::{
    parse_input, parse_input_owned, parse_rules_input, print_ruleset_stdout, read_input,
    stderr_color, Failure,
};
use nomic::diagnostic::{self, Diagnostic, Severity, Source};
use nomic::model::Format;
use nomic::parse::{EncodingIssue, ReadDepth, ReadOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Read a ruleset (any format) and print its model as JSON
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  \
    nomic parse rulesets/nomic-4-long.md\n\n\
    More examples:\n  \
    nomic parse --from txt-plain --layout - < ruleset.txt\n  \
    nomic parse --repair-encoding rulesets/nomic-3.md")]
pub(super) struct Args {
    /// The ruleset file, `-` for standard input, or a folder of rule files
    /// (one rule per file) or Agora's source
    pub file: PathBuf,
    /// Read as this format instead of detecting it (md-long, md-short,
    /// txt-long, txt-short, txt-plain, md-rule, txt-rule, json, agora-flr,
    /// agora-slr, agora-rule, agora-short-rule; agora-yaml is a folder)
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

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(read) = super::io::read_folder(&args.file)? {
        let ruleset = if args.layout {
            read.parsed.ruleset
        } else {
            read.parsed.ruleset.into_without_layout()
        };
        print_ruleset_stdout(&ruleset)?;
        return Ok(ExitCode::SUCCESS);
    }
    let (name, bytes) = read_input(&args.file)?;
    let options = ReadOptions {
        from: args.from,
        repair_encoding: args.repair_encoding,
    };
    // Without `--layout` only the rules are printed: a read for them skips
    // the layout's kept sources and fingerprints. Without repair, the warnings
    // point into the text read, so the bytes can become it without a copy.
    let (mut parsed, bytes) = match (args.layout, args.repair_encoding) {
        (true, true) => (parse_input(&name, &bytes, &options)?, bytes),
        (false, true) => (parse_rules_input(&name, &bytes, &options)?, bytes),
        (true, false) => (
            parse_input_owned(&name, bytes, &options, ReadDepth::Full)?,
            Vec::new(),
        ),
        (false, false) => (
            parse_input_owned(&name, bytes, &options, ReadDepth::Meaning)?,
            Vec::new(),
        ),
    };
    // Warnings point into the file as read, not into the repaired text.
    let (file_text, issues) = if args.repair_encoding {
        let as_read = ReadOptions {
            repair_encoding: false,
            ..options
        };
        (
            nomic::parse::error_source(&bytes, &as_read),
            issues_in_file(&parsed.encoding),
        )
    } else {
        (
            std::mem::take(&mut parsed.text),
            std::mem::take(&mut parsed.encoding),
        )
    };
    warn(&name, &file_text, &issues, args.repair_encoding);
    // Only the ruleset is still needed: the file's bytes and text go first,
    // and the JSON streams out rather than being built whole in memory.
    drop((bytes, file_text, parsed.text));
    let ruleset = if args.layout {
        parsed.ruleset
    } else {
        parsed.ruleset.into_without_layout()
    };
    print_ruleset_stdout(&ruleset)?;
    Ok(ExitCode::SUCCESS)
}

/// Shows the encoding issues of `text` (the file as read) on stderr.
fn warn(name: &str, text: &str, issues: &[EncodingIssue], repaired: bool) {
    let warnings = encoding_warnings(text, issues, repaired);
    if !warnings.is_empty() {
        let source = Source::new(name, text);
        eprint!(
            "{}",
            diagnostic::render_human(source, &warnings, stderr_color())
        );
    }
}

/// The issues of a repaired text located in the file as read: each repair
/// before an issue moved it by the difference in length.
fn issues_in_file(repaired: &[EncodingIssue]) -> Vec<EncodingIssue> {
    let mut shift: isize = 0;
    repaired
        .iter()
        .map(|issue| {
            let start = issue.span.start.saturating_add_signed(-shift);
            shift += issue.span.len() as isize - issue.found.len() as isize;
            EncodingIssue {
                span: start..start + issue.found.len(),
                ..issue.clone()
            }
        })
        .collect()
}

/// Encoding issues left in the text, as warnings; the same finding repeated
/// on one line (a ruler of damaged box-drawing characters) is one warning,
/// which underlines the first occurrence and counts them all.
fn encoding_warnings(text: &str, issues: &[EncodingIssue], repaired: bool) -> Vec<Diagnostic> {
    let mut groups: Vec<(&EncodingIssue, usize, usize)> = Vec::new();
    for issue in issues.iter().filter(|i| !(repaired && i.certain)) {
        if let Some((first, last_end, count)) = groups.last_mut() {
            let between = text.get(*last_end..issue.span.start).unwrap_or("\n");
            if first.message == issue.message && !between.contains('\n') {
                *last_end = issue.span.end;
                *count += 1;
                continue;
            }
        }
        groups.push((issue, issue.span.end, 1));
    }
    groups
        .into_iter()
        .map(|(issue, _, count)| {
            let mut message = issue.message.clone();
            let mut label = None;
            if count > 1 {
                message.push_str(&format!(" ({count} times on this line)"));
                label = Some(format!("the first of {count}"));
            }
            let help = if issue.certain {
                "run with --repair-encoding to repair it"
            } else {
                "check the original text and fix it by hand"
            };
            let warning =
                Diagnostic::new("encoding", Severity::Warning, message, issue.span.clone())
                    .with_help(help);
            match label {
                Some(label) => warning.with_label(label),
                None => warning,
            }
        })
        .collect()
}
