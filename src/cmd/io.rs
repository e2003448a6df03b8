//! Input, output and failure reporting shared by every command.

use anstream::{AutoStream, ColorChoice};
use nomic::diagnostic::{self, Diagnostic, Source};
use nomic::model::{Dialect, Format};
use nomic::parse::{self, dialect, ParseError, Parsed, ReadDepth, ReadOptions, Unread};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;

/// The global `--dialect FILE`, set once by `main`.
static DIALECT_FILE: OnceLock<Option<PathBuf>> = OnceLock::new();

/// Records the global `--dialect FILE` for every read that follows.
pub(super) fn set_dialect_file(path: Option<PathBuf>) {
    let _ = DIALECT_FILE.set(path);
}

/// The global `--max-input-size`, set once by `main`.
static MAX_INPUT_SIZE: OnceLock<u64> = OnceLock::new();

/// Records the global `--max-input-size` for every read that follows.
pub(super) fn set_max_input_size(bytes: Option<u64>) {
    let _ = MAX_INPUT_SIZE.set(bytes.unwrap_or(nomic::input::DEFAULT_LIMIT));
}

/// The largest input a command reads, in bytes.
pub(super) fn max_input_size() -> u64 {
    MAX_INPUT_SIZE
        .get()
        .copied()
        .unwrap_or(nomic::input::DEFAULT_LIMIT)
}

/// The dialect a ruleset named `name` is read in: `--dialect FILE`, else
/// `nomic.toml` beside it, else none (built-in formats, then inference).
pub(super) fn dialect_for(name: &str) -> Result<Option<Dialect>, Failure> {
    let given = DIALECT_FILE.get().cloned().flatten();
    let path = given.or_else(|| {
        (name != "<stdin>")
            .then(|| dialect::beside(Path::new(name)))
            .flatten()
    });
    path.map(|path| dialect::load(&path).map_err(dialect_failure))
        .transpose()
}

/// An unusable dialect file: shown where it is wrong when the TOML or YAML
/// reader gives a location, else in words.
fn dialect_failure(err: dialect::DialectError) -> Failure {
    if let dialect::DialectError::Syntax { path, text, source } = &err {
        if let Some(diagnostic) = source.to_diagnostic() {
            return Failure::Located {
                name: path.display().to_string(),
                text: text.clone(),
                diagnostics: vec![diagnostic],
            };
        }
    }
    Failure::message(err.to_string())
}

/// How a file's bytes become a [`Parsed`] (`parse::read_with`, or
/// `parse::read_rules_with` where the layout is not wanted).
type Reader = fn(&[u8], &ReadOptions, Option<&Dialect>) -> Result<Parsed, ParseError>;

/// Reads a ruleset named `name` (a path, or `<stdin>`) with `read`, in its
/// dialect when it has one; says on stderr when a dialect was inferred. The
/// outer error is an unusable dialect file, the inner one the parse.
fn read_ruleset_by(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
    read: Reader,
) -> Result<Result<Parsed, ParseError>, Failure> {
    let dialect = dialect_for(name)?;
    let parsed = read(bytes, options, dialect.as_ref());
    if let (Ok(parsed), None) = (&parsed, &dialect) {
        note_inferred(name, parsed);
    }
    Ok(parsed)
}

/// Reads a ruleset named `name` in `dialect` (found by [`dialect_for`])
/// as deep as `depth`, taking the file's bytes: they become the text without a
/// copy, and a failure carries the text it points into. Says on stderr when
/// a dialect was inferred.
pub(super) fn read_ruleset_owned(
    name: &str,
    bytes: Vec<u8>,
    options: &ReadOptions,
    dialect: Option<&Dialect>,
    depth: ReadDepth,
) -> Result<Parsed, Unread> {
    let parsed = parse::read_owned(bytes, options, dialect, depth);
    if let (Ok(parsed), None) = (&parsed, dialect) {
        note_inferred(name, parsed);
    }
    parsed
}

fn note_inferred(name: &str, parsed: &Parsed) {
    let layout = parsed.ruleset.layout.as_ref();
    let Some(found) = layout.and_then(|l| l.dialect.as_ref()) else {
        return;
    };
    if parsed.format != Format::Dialect {
        return;
    }
    let rules = &parsed.ruleset.rules;
    let first = rules
        .first()
        .map(nomic::model::Rule::label)
        .unwrap_or_default();
    let last = rules
        .last()
        .map(nomic::model::Rule::label)
        .unwrap_or_default();
    let sure = parsed
        .confidence
        .map(|percent| format!(", {percent}% sure"))
        .unwrap_or_default();
    eprintln!(
        "note: {name}: no built-in format fits; read in an inferred dialect: rules start with {} \
         `{}` ({} rules, {first} to {last}{sure}); `nomic dialect infer {name}` prints it as a \
         dialect file",
        found.start_kind(),
        std::iter::once(&found.rule)
            .chain(&found.alternatives)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("` or `"),
        rules.len(),
    );
}

/// Why a command could not do its job; reported on stderr with exit code 2.
#[derive(Debug)]
pub(super) enum Failure {
    /// A plain message.
    Message(String),
    /// Diagnostics located in a source text.
    Located {
        name: String,
        text: String,
        diagnostics: Vec<Diagnostic>,
    },
    /// Standard output was closed (`nomic diff … | head`): not an error.
    BrokenPipe,
}

impl Failure {
    pub(super) fn message(message: impl Into<String>) -> Failure {
        Failure::Message(message.into())
    }

    pub(super) fn report(self) -> ExitCode {
        match self {
            Failure::BrokenPipe => ExitCode::SUCCESS,
            Failure::Message(message) => {
                eprintln!("error: {message}");
                ExitCode::from(2)
            }
            Failure::Located {
                name,
                text,
                diagnostics,
            } => {
                let source = Source::new(&name, &text);
                eprint!(
                    "{}",
                    diagnostic::render_human(source, &diagnostics, stderr_color())
                );
                ExitCode::from(2)
            }
        }
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        if err.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Message(err.to_string())
        }
    }
}

/// The ruleset a folder named on the command line holds (Agora's source,
/// or one rule per file), as the library reads folders; `None` when `path`
/// is a file (or `-`), which the caller reads as a file.
pub(super) fn read_folder(path: &Path) -> Result<Option<nomic::parse::FolderRead>, Failure> {
    nomic::parse::read_folder_source(path, max_input_size())
        .map_err(|err| Failure::message(err.to_string()))
}

/// Reads a file, or standard input for `-`. Returns a display name and the bytes.
pub(super) fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path == Path::new("-") {
        let bytes = nomic::input::read_stream(io::stdin().lock(), max_input_size())
            .map_err(|err| Failure::message(format!("cannot read standard input: {err}")))?;
        Ok(("<stdin>".to_string(), bytes))
    } else {
        let bytes = nomic::input::read(path, max_input_size())
            .map_err(|err| Failure::message(format!("cannot read {}: {err}", path.display())))?;
        Ok((path.display().to_string(), bytes))
    }
}

/// Reads a file's bytes as a ruleset; a parse error becomes a failure shown
/// against the text it points into (the repaired text, when repair was
/// asked for).
pub(super) fn parse_input(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
) -> Result<Parsed, Failure> {
    parse_input_by(name, bytes, options, parse::read_with)
}

/// [`parse_input`] for a caller that needs the rules and not their layout
/// (`parse::read_rules_with`: the ruleset may lack its layout).
pub(super) fn parse_rules_input(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
) -> Result<Parsed, Failure> {
    parse_input_by(name, bytes, options, parse::read_rules_with)
}

fn parse_input_by(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
    read: Reader,
) -> Result<Parsed, Failure> {
    read_ruleset_by(name, bytes, options, read)?.map_err(|err| Failure::Located {
        name: name.to_string(),
        text: parse::error_source(bytes, options),
        diagnostics: vec![err.to_diagnostic()],
    })
}

/// [`parse_input`] taking the file's bytes, which become the text without a
/// copy (the bytes and the text are never held at once), read as deep as
/// `depth`.
pub(super) fn parse_input_owned(
    name: &str,
    bytes: Vec<u8>,
    options: &ReadOptions,
    depth: ReadDepth,
) -> Result<Parsed, Failure> {
    let dialect = dialect_for(name)?;
    read_ruleset_owned(name, bytes, options, dialect.as_ref(), depth).map_err(|unread| {
        Failure::Located {
            name: name.to_string(),
            text: unread.source,
            diagnostics: vec![unread.error.to_diagnostic()],
        }
    })
}

/// Two rules with one number would share one published page, and one of
/// them would silently not be published: refuse, with `check`'s finding.
pub(super) fn refuse_duplicate_numbers(name: &str, parsed: &Parsed) -> Result<(), Failure> {
    let diagnostics =
        nomic::check::duplicate_numbers(&nomic::check::Input::from_parsed(parsed, None));
    if diagnostics.is_empty() {
        return Ok(());
    }
    Err(Failure::Located {
        name: name.to_string(),
        text: parsed.text.clone(),
        diagnostics,
    })
}

/// A proposal file as read: its name, its text and the proposals in it.
pub(super) struct ProposalFile {
    pub name: String,
    pub text: String,
    pub proposals: Vec<nomic::amend::Proposal>,
}

/// Reads and parses one proposal file (the format of `nomic apply`); a
/// proposal that does not parse is reported where it is.
pub(super) fn read_proposal_file(path: &Path) -> Result<ProposalFile, Failure> {
    let (name, bytes) = read_input(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::message(format!("{name} is not UTF-8 text")))?;
    let proposals = nomic::amend::parse_proposals(&text).map_err(|err| Failure::Located {
        name: name.clone(),
        text: text.clone(),
        diagnostics: vec![err.to_diagnostic()],
    })?;
    Ok(ProposalFile {
        name,
        text,
        proposals,
    })
}

/// `value` as pretty JSON ending in a newline, the form every command prints.
pub(super) fn json_document(value: &impl serde::Serialize) -> Result<String, Failure> {
    let mut json = serde_json::to_string_pretty(value)
        .map_err(|err| Failure::message(format!("cannot write JSON: {err}")))?;
    json.push('\n');
    Ok(json)
}

/// Prints a ruleset's pretty JSON on standard output.
pub(super) fn print_ruleset_stdout(ruleset: &nomic::model::Ruleset) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(64 * 1024, &mut stdout);
    serde_json::to_writer_pretty(&mut out, ruleset).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// Writes to standard output; a closed pipe becomes `Failure::BrokenPipe`.
pub(super) fn print_stdout(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Whether to colour output on stdout: as `anstream` decides, so only on a
/// terminal, never with `NO_COLOR`, always with `CLICOLOR_FORCE`.
pub(super) fn stdout_color() -> bool {
    AutoStream::choice(&io::stdout()) != ColorChoice::Never
}

/// Whether to colour output on stderr, decided as for stdout.
pub(super) fn stderr_color() -> bool {
    AutoStream::choice(&io::stderr()) != ColorChoice::Never
}

/// After a read with `--repair-encoding`: says on stderr how many damaged
/// sequences were repaired and lists, with line and column in the file as
/// read, each one left as it is because its repair is uncertain. Returns how
/// many were left.
pub(super) fn report_repair(name: &str, bytes: &[u8], options: &ReadOptions) -> usize {
    if !options.repair_encoding {
        return 0;
    }
    let as_read = ReadOptions {
        repair_encoding: false,
        ..options.clone()
    };
    let repair = parse::repair_encoding(&parse::error_source(bytes, &as_read));
    if repair.repaired > 0 {
        let plural = if repair.repaired == 1 { "" } else { "s" };
        eprintln!(
            "note: {name}: repaired {} damaged character sequence{plural} (mojibake)",
            repair.repaired
        );
    }
    // The same damage repeated on one line (a ruler of box-drawing
    // characters) is one warning, at the first, with the count.
    let mut spots = repair.uncertain.iter().peekable();
    while let Some(spot) = spots.next() {
        let mut times = 1;
        while spots
            .next_if(|next| next.line == spot.line && next.issue.message == spot.issue.message)
            .is_some()
        {
            times += 1;
        }
        let repeated = if times > 1 {
            format!(" ({times} times on this line)")
        } else {
            String::new()
        };
        eprintln!(
            "warning: {name}:{}:{}: {}{repeated}: check the original text",
            spot.line, spot.column, spot.issue.message
        );
    }
    repair.uncertain.len()
}

/// Writes `ruleset` back into the folder of rule files it was read from
/// (`read`, at `dir`), or into `target` when that is another folder:
/// changed files written, files of repealed or renamed rules removed.
/// `renumbered` maps a rule's number when read to its number now. Returns
/// how many files were written and removed.
pub(super) fn write_folder_back(
    dir: &Path,
    read: &[dialect::FolderRule],
    ruleset: &nomic::model::Ruleset,
    renumbered: &std::collections::BTreeMap<u32, u32>,
    target: Option<&Path>,
) -> Result<(usize, usize), Failure> {
    let Some(target) = target else {
        return Err(Failure::message(format!(
            "{} is a folder of rule files: give --in-place to write the rules back into it, \
             or -o DIR for a copy",
            dir.display()
        )));
    };
    let written = dialect::write_folder(read, ruleset, renumbered);
    let mut counts = (0, 0);
    for (relative, text) in &written.files {
        let path = target.join(relative);
        if fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|err| {
                Failure::message(format!("cannot create {}: {err}", parent.display()))
            })?;
        }
        nomic::output::write_atomic(&path, text.as_bytes())
            .map_err(|err| Failure::message(format!("cannot write {}: {err}", path.display())))?;
        counts.0 += 1;
    }
    for relative in &written.removed {
        let path = target.join(relative);
        if path.is_file() {
            fs::remove_file(&path).map_err(|err| {
                Failure::message(format!("cannot remove {}: {err}", path.display()))
            })?;
            counts.1 += 1;
        }
    }
    Ok(counts)
}

/// `2 files written, 1 removed`.
pub(super) fn files_written(written: usize, removed: usize) -> String {
    let files = if written == 1 { "file" } else { "files" };
    format!("{written} {files} written, {removed} removed")
}
