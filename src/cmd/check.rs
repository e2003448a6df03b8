//! `nomic check`: run every check on rule files, folders of them and Agora
//! sources, and report the findings for people, tools, GitHub pull
//! requests or code scanning, in one style whatever the format.

mod code_arg;
mod report;

use super::io::{print_stdout, read_input, Failure};
use super::progress::Files;
use code_arg::CodeArg;
use nomic::check::{self, Input, Levels, Summary};
use nomic::diagnostic::Diagnostic;
use nomic::model::Format;
use nomic::parse::{self, ParseError, ReadOptions, Unread};
use report::{github, human, json, sarif, statistics};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Check rule files: numbering, histories, references, text, encoding,
/// layout and linked files
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Exit status: 0 without errors (warnings allowed), 1 with errors, \
    2 when a file cannot be found, read or parsed.\n\n\
    Examples:\n  \
    nomic check rulesets/nomic-4-long.md\n  \
    nomic check Game_4/\n  \
    nomic check immutable_rules/\n  \
    nomic check --allow N703 --deny warnings rules-l.md\n  \
    nomic check --format github rules/*.md\n  \
    nomic check --format sarif . > nomic.sarif\n  \
    nomic check --explain N401"
)]
pub(super) struct Args {
    /// Ruleset files (`-` for standard input), folders (every `.md` and
    /// `.txt` ruleset in them, per-rule pages included, and each folder of
    /// rule files, one rule per file, as one ruleset) or Agora source
    /// folders
    #[arg(required_unless_present = "explain", value_name = "PATH")]
    pub files: Vec<PathBuf>,
    /// How to report findings
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    pub format: OutputFormat,
    /// Report a code's findings (`N703` or `missing-blank-line`) as errors;
    /// `warnings` for every warning
    #[arg(long, value_name = "CODE", value_parser = CodeArg { warnings: true }, hide_possible_values = true)]
    pub deny: Vec<String>,
    /// Report a code's findings as warnings (also under `--deny warnings`)
    #[arg(long, value_name = "CODE", value_parser = CodeArg { warnings: false }, hide_possible_values = true)]
    pub warn: Vec<String>,
    /// Do not report a code's findings
    #[arg(long, value_name = "CODE", value_parser = CodeArg { warnings: false }, hide_possible_values = true)]
    pub allow: Vec<String>,
    /// Print the number of findings of each code after the report
    #[arg(long)]
    pub statistics: bool,
    /// Explain a code: what it means, an example, the fix
    #[arg(
        long,
        value_name = "CODE",
        conflicts_with = "files",
        value_parser = CodeArg { warnings: false },
        hide_possible_values = true
    )]
    pub explain: Option<String>,
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
    /// SARIF 2.1.0, for GitHub code scanning
    Sarif,
}

/// One file's findings, with the text they point into.
struct Part {
    name: String,
    text: String,
    findings: Vec<Diagnostic>,
}

/// Why a named file was not checked.
enum Problem {
    /// It does not exist.
    Missing,
    /// It cannot be read.
    Unread(String),
    /// It was read but not parsed (its parse error is one of the findings);
    /// `no_rules` when no format and no dialect found any rule in it.
    Unparsed { message: String, no_rules: bool },
}

/// What a checked ruleset was read from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A ruleset file (or standard input).
    File,
    /// A folder of rule files: a part for each file.
    RuleFolder,
    /// An Agora source: a part for each of its files that has findings.
    Agora,
}

/// One ruleset's outcome: a file, a folder of rule files, or an Agora
/// source.
struct Checked {
    name: String,
    kind: Kind,
    format: Option<Format>,
    parts: Vec<Part>,
    problem: Option<Problem>,
}

impl Checked {
    fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for part in &self.parts {
            summary.add(Summary::of(&part.findings));
        }
        summary
    }

    /// How many files were checked: a rule folder's every rule file.
    fn files(&self) -> usize {
        match (&self.problem, self.kind) {
            (Some(Problem::Missing | Problem::Unread(_)), _) => 0,
            (_, Kind::RuleFolder) => self.parts.len(),
            _ => 1,
        }
    }

    fn unchecked(name: String, kind: Kind, problem: Problem) -> Checked {
        Checked {
            name,
            kind,
            format: None,
            parts: Vec::new(),
            problem: Some(problem),
        }
    }
}

/// The rulesets named on the command line, folders opened.
#[derive(Default)]
struct Targets {
    files: Vec<PathBuf>,
    rule_folders: Vec<PathBuf>,
    agora: Vec<PathBuf>,
    /// Files found in folders: one that holds no rules is passed over.
    found: std::collections::HashSet<PathBuf>,
}

pub(super) fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(name) = &args.explain {
        return super::help::explain(name);
    }
    if args.format == OutputFormat::Sarif && args.statistics {
        return Err(Failure::message(
            "--statistics adds to a report that SARIF cannot hold; use --format json or human",
        ));
    }
    let cli = |levels: &mut Levels| {
        levels
            .set_all(
                args.allow.iter().map(String::as_str),
                args.warn.iter().map(String::as_str),
                args.deny.iter().map(String::as_str),
            )
            .map_err(|err| Failure::message(err.to_string()))
    };
    // Refuse a bad code before reading anything.
    cli(&mut Levels::default())?;
    let targets = targets(&args.files)?;
    let levels_for = |path: &Path| -> Result<Levels, Failure> {
        let mut levels = Levels::default();
        if let Some(config) = config_for(path) {
            let text = std::fs::read_to_string(&config).unwrap_or_default();
            levels
                .add_toml(&config.display().to_string(), &text)
                .map_err(|err| Failure::message(err.to_string()))?;
        }
        cli(&mut levels)?;
        Ok(levels)
    };
    let mut checked = Vec::new();
    for source in &targets.agora {
        checked.push(check_agora(source, &levels_for(source)?)?);
    }
    for folder in &targets.rule_folders {
        checked.push(check_rule_folder(folder, &levels_for(folder)?));
    }
    let progress = Files::new(targets.files.len(), "checking");
    let mut skipped = 0;
    for path in &targets.files {
        let found = targets.found.contains(path);
        let file = check_file(path, args.from, &levels_for(path)?, found);
        progress.inc();
        // A file found in a folder that holds no rule structure at all is
        // passed over (a README); one named on the command line is not.
        let no_rules = matches!(file.problem, Some(Problem::Unparsed { no_rules: true, .. }));
        if no_rules && found {
            skipped += 1;
            continue;
        }
        checked.push(file);
    }
    progress.finish();
    let out = match args.format {
        OutputFormat::Human => {
            let (out, err) = human(&checked, skipped);
            eprint!("{err}");
            out
        }
        OutputFormat::Json => json(&checked, skipped, args.statistics)?,
        OutputFormat::Github => github(&checked),
        OutputFormat::Sarif => sarif(&checked)?,
    };
    print_stdout(&out)?;
    // The JSON report holds the counts itself.
    if args.statistics && args.format != OutputFormat::Json {
        print_stdout(&statistics(&checked))?;
    }
    let mut summary = Summary::default();
    for file in &checked {
        summary.add(file.summary());
    }
    let code = if checked.iter().any(|file| file.problem.is_some()) {
        2
    } else {
        u8::from(summary.errors > 0)
    };
    Ok(ExitCode::from(code))
}

/// The files and Agora sources that `paths` name, folders opened.
fn targets(paths: &[PathBuf]) -> Result<Targets, Failure> {
    let mut targets = Targets::default();
    for path in paths {
        if path.is_dir() {
            let found = check::folder(path).map_err(|err| {
                Failure::message(format!("cannot list the folder {}: {err}", path.display()))
            })?;
            targets.found.extend(found.files.iter().cloned());
            targets.files.extend(found.files);
            targets.rule_folders.extend(found.rule_folders);
            targets.agora.extend(found.agora);
        } else {
            targets.files.push(path.clone());
        }
    }
    Ok(targets)
}

/// The `nomic.toml` whose `[check]` table applies to `path`: the nearest
/// one in its folder or a folder above.
fn config_for(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() {
        path.to_path_buf()
    } else {
        match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
            _ => PathBuf::from("."),
        }
    };
    let start = std::fs::canonicalize(&start).unwrap_or(start);
    start
        .ancestors()
        .map(|dir| dir.join(parse::dialect::DIALECT_FILE))
        .find(|candidate| candidate.is_file())
}

fn check_file(path: &Path, from: Option<Format>, levels: &Levels, found: bool) -> Checked {
    let shown = path.display().to_string();
    if path != Path::new("-") && std::fs::symlink_metadata(path).is_err() {
        return Checked::unchecked(shown, Kind::File, Problem::Missing);
    }
    let (name, bytes) = match read_input(path) {
        Ok(read) => read,
        Err(failure) => {
            return Checked::unchecked(shown, Kind::File, Problem::Unread(message_of(failure)))
        }
    };
    let options = ReadOptions {
        from,
        repair_encoding: false,
    };
    let unparsed = |err: ParseError, text: String| Checked {
        name: name.clone(),
        kind: Kind::File,
        format: err.format,
        problem: Some(Problem::Unparsed {
            message: err.to_string(),
            no_rules: err.inference.is_some(),
        }),
        parts: vec![Part {
            name: name.clone(),
            text,
            findings: vec![err.to_diagnostic()],
        }],
    };
    let dialect = match super::io::dialect_for(&name) {
        Ok(dialect) => dialect,
        Err(failure) => {
            let text = parse::error_source(&bytes, &options);
            return unparsed(ParseError::new(message_of(failure), 0..0), text);
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
            Err(Unread { error, source }) => return unparsed(error, source),
        };
    // Named on the command line, a file is checked whatever it reads as.
    if found && !check::holds_a_found_ruleset(&parsed, dialect.is_some()) {
        return Checked::unchecked(
            name,
            Kind::File,
            Problem::Unparsed {
                message: "no ruleset: its numbered lists restart".to_string(),
                no_rules: true,
            },
        );
    }
    let input = Input::from_parsed(&parsed, base_dir);
    let mut findings = check::check(&input);
    levels.apply(&mut findings);
    let format = parsed.format;
    let text = std::mem::take(&mut parsed.text);
    // The report needs only the text: the model is freed, rule by rule, on
    // the other core while the next file is read or the report written.
    rayon::spawn(move || drop(parsed));
    Checked {
        name: name.clone(),
        kind: Kind::File,
        format: Some(format),
        parts: vec![Part {
            name,
            text,
            findings,
        }],
        problem: None,
    }
}

fn message_of(failure: Failure) -> String {
    match failure {
        Failure::Message(message) => message,
        other => format!("{other:?}"),
    }
}

/// A folder of rule files, one rule per file, as one ruleset: a part for
/// each file, with its findings.
fn check_rule_folder(path: &Path, levels: &Levels) -> Checked {
    let name = path.display().to_string();
    let read = match super::io::read_folder(path) {
        Ok(Some(read)) => read,
        Ok(None) => return Checked::unchecked(name, Kind::RuleFolder, Problem::Missing),
        Err(failure) => {
            let problem = Problem::Unread(message_of(failure));
            return Checked::unchecked(name, Kind::RuleFolder, problem);
        }
    };
    let parts = check::check_folder(&read, path)
        .into_iter()
        .map(|file| {
            let mut findings = file.findings;
            levels.apply(&mut findings);
            Part {
                name: file.name,
                text: file.text,
                findings,
            }
        })
        .collect();
    Checked {
        name,
        kind: Kind::RuleFolder,
        format: Some(read.parsed.format),
        parts,
        problem: None,
    }
}

/// An Agora source folder: its findings, grouped by the file they point
/// into, each rendered against that file's text.
fn check_agora(path: &Path, levels: &Levels) -> Result<Checked, Failure> {
    let (source, files) = super::agora::read_with_files(path)?;
    let root = path.display().to_string();
    let root = root.trim_end_matches('/');
    let mut by_file: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
    let mut order = Vec::new();
    for finding in nomic::check::agora::check_source(&source, &files) {
        let text = files.get(&finding.file).unwrap_or("");
        if !by_file.contains_key(&finding.file) {
            order.push(finding.file.clone());
        }
        by_file
            .entry(finding.file.clone())
            .or_default()
            .push(finding.to_diagnostic(text));
    }
    let mut parts = Vec::new();
    for file in order {
        let mut findings = by_file.remove(&file).unwrap_or_default();
        levels.apply(&mut findings);
        if findings.is_empty() {
            continue;
        }
        parts.push(Part {
            name: format!("{root}/{file}"),
            text: files.get(&file).unwrap_or("").to_string(),
            findings,
        });
    }
    Ok(Checked {
        name: root.to_string(),
        kind: Kind::Agora,
        format: Some(Format::AgoraYaml),
        parts,
        problem: None,
    })
}
