//! `nomic check`: run every check on rule files and report the findings for
//! people, tools or GitHub pull requests.

use super::io::{json_document, print_stdout, read_input, stderr_color, stdout_color, Failure};
use super::progress::Files;
use nomic::check::{self, Input, Summary};
use nomic::diagnostic::{self, Diagnostic, Severity, Source};
use nomic::model::Format;
use nomic::parse::{self, ParseError, ReadOptions, Unread};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Check rule files: numbering, histories, references, text, encoding,
/// layout and linked files
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit status: 0 without errors (warnings allowed), 1 with errors, \
    2 when a file cannot be read or parsed.\n\n\
    Examples:\n  \
    nomic check rulesets/nomic-4-long.md\n  \
    nomic check --format github --deny warnings rules/*.md\n  \
    nomic check --format json --from txt-plain - < ruleset.txt"
)]
pub(super) struct Args {
    /// Ruleset files to check (`-` for standard input), or Agora source folders
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// How to report findings
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,
    /// Treat a class of findings as errors (`--deny warnings`)
    #[arg(long, value_enum, value_name = "WHAT")]
    pub deny: Vec<Deny>,
    /// Read every file as this format instead of detecting it
    #[arg(long, value_name = "FORMAT")]
    pub from: Option<Format>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum OutputFormat {
    /// The source line with the span marked, and a summary
    Human,
    /// One JSON document
    Json,
    /// GitHub Actions workflow commands (`::error file=…::message`)
    Github,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Deny {
    /// Report warnings as errors
    Warnings,
}

/// One file's outcome.
struct Checked {
    name: String,
    text: String,
    format: Option<Format>,
    findings: Vec<Diagnostic>,
    /// Why the file could not be read or parsed.
    failure: Option<String>,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    let deny_warnings = args.deny.contains(&Deny::Warnings);
    let (sources, files): (Vec<&PathBuf>, Vec<&PathBuf>) = args
        .files
        .iter()
        .partition(|path| super::agora::is_source(path));
    let mut agora_failed = false;
    for source in sources {
        let (out, failed) = super::agora::check(source, args.format, deny_warnings)?;
        print_stdout(&out)?;
        agora_failed |= failed;
    }
    if files.is_empty() {
        return Ok(ExitCode::from(u8::from(agora_failed)));
    }
    let progress = Files::new(files.len(), "checking");
    let checked: Vec<Checked> = files
        .into_iter()
        .map(|path| {
            let checked = check_file(path, args.from, deny_warnings);
            progress.inc();
            checked
        })
        .collect();
    progress.finish();
    let out = match args.format {
        OutputFormat::Human => {
            let (out, err) = human(&checked);
            eprint!("{err}");
            out
        }
        OutputFormat::Json => json(&checked)?,
        OutputFormat::Github => github(&checked),
    };
    print_stdout(&out)?;
    let mut summary = Summary::default();
    for file in &checked {
        summary.add(Summary::of(&file.findings));
    }
    let code = if checked.iter().any(|file| file.failure.is_some()) {
        2
    } else {
        u8::from(summary.errors > 0 || agora_failed)
    };
    Ok(ExitCode::from(code))
}

fn check_file(path: &Path, from: Option<Format>, deny_warnings: bool) -> Checked {
    let (name, bytes) = match read_input(path) {
        Ok(read) => read,
        Err(failure) => {
            let message = match failure {
                Failure::Message(message) => message,
                other => format!("{other:?}"),
            };
            return Checked {
                name: path.display().to_string(),
                text: String::new(),
                format: None,
                findings: Vec::new(),
                failure: Some(message),
            };
        }
    };
    let options = ReadOptions {
        from,
        repair_encoding: false,
    };
    let unreadable = |err: ParseError, text: String| Checked {
        name: name.clone(),
        text,
        format: err.format,
        findings: vec![err.to_diagnostic()],
        failure: Some(err.to_string()),
    };
    let dialect = match super::io::dialect_for(&name) {
        Ok(dialect) => dialect,
        Err(failure) => {
            let message = match failure {
                Failure::Message(message) => message,
                other => format!("{other:?}"),
            };
            let text = parse::error_source(&bytes, &options);
            return unreadable(ParseError::new(message, 0..0), text);
        }
    };
    let base_dir = (path != Path::new("-")).then(|| match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    });
    // The bytes become the text without a copy; `check` never writes the
    // file back, so the read skips the fingerprints a lossless re-emit needs.
    let depth = parse::ReadDepth::Layout;
    let mut parsed =
        match super::io::read_ruleset_owned(&name, bytes, &options, dialect.as_ref(), depth) {
            Ok(parsed) => parsed,
            Err(Unread { error, source }) => return unreadable(error, source),
        };
    let input = Input::from_parsed(&parsed, base_dir);
    let mut findings = check::check(&input);
    if deny_warnings {
        check::deny_warnings(&mut findings);
    }
    let format = parsed.format;
    let text = std::mem::take(&mut parsed.text);
    // The report needs only the text: the model is freed, rule by rule, on
    // the other core while the next file is read or the report written.
    rayon::spawn(move || drop(parsed));
    Checked {
        name,
        format: Some(format),
        text,
        findings,
        failure: None,
    }
}

/// The report for people: findings on stdout, files that could not be read
/// or parsed on stderr.
fn human(checked: &[Checked]) -> (String, String) {
    let (out_color, err_color) = (stdout_color(), stderr_color());
    let mut out = String::new();
    let mut err = String::new();
    let mut summary = Summary::default();
    let mut failed = 0;
    for file in checked {
        let source = Source::new(&file.name, &file.text);
        match &file.failure {
            Some(_) if !file.findings.is_empty() => {
                failed += 1;
                // The parse error counts as an error, as in the JSON summary.
                summary.add(Summary::of(&file.findings));
                err.push_str(&diagnostic::render_human(source, &file.findings, err_color));
            }
            Some(message) => {
                failed += 1;
                err.push_str(&format!("error: {message}\n"));
            }
            None => {
                out.push_str(&diagnostic::render_human(source, &file.findings, out_color));
                summary.add(Summary::of(&file.findings));
            }
        }
    }
    out.push_str(&summary_line(checked.len(), summary, failed));
    (out, err)
}

fn summary_line(files: usize, summary: Summary, failed: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut line = format!(
        "{} checked: {}, {}",
        plural(files, "file"),
        plural(summary.errors, "error"),
        plural(summary.warnings, "warning")
    );
    if failed > 0 {
        line.push_str(&format!(
            "; {} could not be read or parsed",
            plural(failed, "file")
        ));
    }
    line.push('\n');
    line
}

#[derive(Serialize)]
struct JsonFile<'a> {
    file: &'a str,
    format: Option<Format>,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<&'a str>,
    errors: usize,
    warnings: usize,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    files: Vec<JsonFile<'a>>,
    diagnostics: Vec<diagnostic::JsonDiagnostic<'a>>,
    summary: Summary,
}

fn json(checked: &[Checked]) -> Result<String, Failure> {
    let mut report = JsonReport {
        files: Vec::new(),
        diagnostics: Vec::new(),
        summary: Summary::default(),
    };
    for file in checked {
        let counts = Summary::of(&file.findings);
        report.summary.add(counts);
        report.files.push(JsonFile {
            file: &file.name,
            format: file.format,
            failure: file.failure.as_deref(),
            errors: counts.errors,
            warnings: counts.warnings,
        });
        let source = Source::new(&file.name, &file.text);
        report
            .diagnostics
            .extend(diagnostic::to_json_all(source, &file.findings));
    }
    json_document(&report)
}

fn github(checked: &[Checked]) -> String {
    let mut out = String::new();
    for file in checked {
        if file.findings.is_empty() {
            if let Some(message) = &file.failure {
                let unlocated = Diagnostic::new("read", Severity::Error, message, 0..0);
                out.push_str(&diagnostic::render_github(
                    Source::new(&file.name, ""),
                    &[unlocated],
                ));
            }
            continue;
        }
        out.push_str(&diagnostic::render_github(
            Source::new(&file.name, &file.text),
            &file.findings,
        ));
    }
    out
}
