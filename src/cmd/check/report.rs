//! The reports of `nomic check`: for people, as JSON, as GitHub workflow
//! commands and as SARIF, each naming the file of every finding.

use super::{Checked, Kind, Problem};
use crate::cmd::io::{json_document, stderr_color, stdout_color, Failure};
use nomic::check::Summary;
use nomic::diagnostic::{self, Diagnostic, DiagnosticCode, Severity, Source};
use nomic::model::Format;
use serde::Serialize;
use std::collections::BTreeMap;

/// The report for people: findings on stdout, files that could not be
/// found, read or parsed on stderr.
pub(super) fn human(checked: &[Checked], skipped: usize) -> (String, String) {
    let (out_color, err_color) = (stdout_color(), stderr_color());
    let mut out = String::new();
    let mut err = String::new();
    let mut summary = Summary::default();
    let (mut missing, mut unread, mut unparsed) = (0, 0, 0);
    for file in checked {
        summary.add(file.summary());
        match &file.problem {
            Some(Problem::Missing) => {
                missing += 1;
                err.push_str(&format!("error: {} does not exist\n", file.name));
            }
            Some(Problem::Unread(message)) => {
                unread += 1;
                err.push_str(&format!("error: {message}\n"));
            }
            Some(Problem::Unparsed { .. }) => {
                unparsed += 1;
                for part in &file.parts {
                    let source = Source::new(&part.name, &part.text);
                    err.push_str(&diagnostic::render_human(source, &part.findings, err_color));
                }
            }
            None => {
                for part in &file.parts {
                    let source = Source::new(&part.name, &part.text);
                    out.push_str(&diagnostic::render_human(source, &part.findings, out_color));
                }
            }
        }
    }
    let read = checked.iter().map(Checked::files).sum();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut line = format!(
        "{} checked: {}, {}",
        plural(read, "file"),
        plural(summary.errors, "error"),
        plural(summary.warnings, "warning")
    );
    for (count, what) in [
        (unparsed, "could not be parsed"),
        (unread, "could not be read"),
        (missing, "not found"),
        (skipped, "skipped: no rules in it"),
    ] {
        if count > 0 {
            line.push_str(&format!("; {} {what}", plural(count, "file")));
        }
    }
    out.push_str(&line);
    out.push('\n');
    (out, err)
}

/// The number of findings of each code, most first: the rows of
/// `--statistics`.
fn counts(checked: &[Checked]) -> Vec<(DiagnosticCode, usize)> {
    let mut counts: BTreeMap<DiagnosticCode, usize> = BTreeMap::new();
    for part in checked.iter().flat_map(|c| &c.parts) {
        for finding in &part.findings {
            *counts.entry(finding.code).or_default() += 1;
        }
    }
    let mut rows: Vec<(DiagnosticCode, usize)> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    rows
}

pub(super) fn statistics(checked: &[Checked]) -> String {
    let rows = counts(checked);
    let width = rows
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(1);
    rows.iter()
        .map(|(code, n)| format!("{n:>width$}  {code}  {}\n", code.name()))
        .collect()
}

#[derive(Serialize)]
struct JsonFile<'a> {
    file: &'a str,
    format: Option<Format>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<String>,
    errors: usize,
    warnings: usize,
}

#[derive(Serialize)]
struct JsonCount {
    code: String,
    name: &'static str,
    count: usize,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    files: Vec<JsonFile<'a>>,
    diagnostics: Vec<diagnostic::JsonDiagnostic<'a>>,
    summary: Summary,
    #[serde(skip_serializing_if = "Option::is_none")]
    statistics: Option<Vec<JsonCount>>,
    #[serde(skip_serializing_if = "is_zero")]
    skipped: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

pub(super) fn json(
    checked: &[Checked],
    skipped: usize,
    statistics: bool,
) -> Result<String, Failure> {
    let mut report = JsonReport {
        files: Vec::new(),
        diagnostics: Vec::new(),
        summary: Summary::default(),
        statistics: statistics.then(|| {
            counts(checked)
                .into_iter()
                .map(|(code, count)| JsonCount {
                    code: code.to_string(),
                    name: code.name(),
                    count,
                })
                .collect()
        }),
        skipped,
    };
    for file in checked {
        let counts = file.summary();
        report.summary.add(counts);
        // A rule folder's files are listed one by one.
        if file.kind == Kind::RuleFolder && file.problem.is_none() {
            for part in &file.parts {
                let counts = Summary::of(&part.findings);
                report.files.push(JsonFile {
                    file: &part.name,
                    format: file.format,
                    failure: None,
                    errors: counts.errors,
                    warnings: counts.warnings,
                });
            }
        } else {
            report.files.push(JsonFile {
                file: &file.name,
                format: file.format,
                failure: file.problem.as_ref().map(|problem| match problem {
                    Problem::Missing => format!("{} does not exist", file.name),
                    Problem::Unread(message) | Problem::Unparsed { message, .. } => message.clone(),
                }),
                errors: counts.errors,
                warnings: counts.warnings,
            });
        }
        for part in &file.parts {
            let source = Source::new(&part.name, &part.text);
            report
                .diagnostics
                .extend(diagnostic::to_json_all(source, &part.findings));
        }
    }
    json_document(&report)
}

/// A file that could not be found or read, as one unlocated diagnostic.
fn unread_diagnostic(file: &Checked) -> Option<Diagnostic> {
    let message = match file.problem.as_ref()? {
        Problem::Missing => format!("{} does not exist", file.name),
        Problem::Unread(message) => message.clone(),
        Problem::Unparsed { .. } => return None,
    };
    Some(Diagnostic::new("read", Severity::Error, message, 0..0))
}

pub(super) fn github(checked: &[Checked]) -> String {
    let mut out = String::new();
    for file in checked {
        if let Some(unread) = unread_diagnostic(file) {
            out.push_str(&diagnostic::render_github(
                Source::new(&file.name, ""),
                &[unread],
            ));
        }
        for part in &file.parts {
            out.push_str(&diagnostic::render_github(
                Source::new(&part.name, &part.text),
                &part.findings,
            ));
        }
    }
    out
}

pub(super) fn sarif(checked: &[Checked]) -> Result<String, Failure> {
    let unread: Vec<(String, Diagnostic)> = checked
        .iter()
        .filter_map(|file| Some((file.name.clone(), unread_diagnostic(file)?)))
        .collect();
    let mut files: Vec<(Source<'_>, &[Diagnostic])> = checked
        .iter()
        .flat_map(|c| &c.parts)
        .map(|part| {
            (
                Source::new(&part.name, &part.text),
                part.findings.as_slice(),
            )
        })
        .collect();
    for (name, diagnostic) in &unread {
        files.push((Source::new(name, ""), std::slice::from_ref(diagnostic)));
    }
    let log = diagnostic::render_sarif(&files, env!("CARGO_PKG_VERSION"));
    json_document(&log)
}
