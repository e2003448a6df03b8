//! Input, output and failure reporting shared by every command.

use anstream::{AutoStream, ColorChoice};
use nomic::diagnostic::{self, Diagnostic, Source};
use nomic::parse::{self, Parsed, ReadOptions};
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// Why a command could not do its job; reported on stderr with exit code 2.
#[derive(Debug)]
pub enum Failure {
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
    pub fn message(message: impl Into<String>) -> Failure {
        Failure::Message(message.into())
    }

    pub fn report(self) -> ExitCode {
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

/// Reads a file, or standard input for `-`. Returns a display name and the bytes.
pub fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path == Path::new("-") {
        let bytes = nomic::input::read_stream(io::stdin().lock())
            .map_err(|err| Failure::message(format!("cannot read standard input: {err}")))?;
        Ok(("<stdin>".to_string(), bytes))
    } else {
        let bytes = nomic::input::read(path)
            .map_err(|err| Failure::message(format!("cannot read {}: {err}", path.display())))?;
        Ok((path.display().to_string(), bytes))
    }
}

/// Reads a file's bytes as a ruleset; a parse error becomes a failure shown
/// against the text it points into (the repaired text, when repair was
/// asked for).
pub fn parse_input(name: &str, bytes: &[u8], options: &ReadOptions) -> Result<Parsed, Failure> {
    parse::read(bytes, options).map_err(|err| Failure::Located {
        name: name.to_string(),
        text: parse::error_source(bytes, options),
        diagnostics: vec![err.to_diagnostic()],
    })
}

/// `value` as pretty JSON ending in a newline, the form every command prints.
pub fn json_document(value: &impl serde::Serialize) -> Result<String, Failure> {
    let mut json = serde_json::to_string_pretty(value)
        .map_err(|err| Failure::message(format!("cannot write JSON: {err}")))?;
    json.push('\n');
    Ok(json)
}

/// Writes to standard output; a closed pipe becomes `Failure::BrokenPipe`.
pub fn print_stdout(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Whether to colour output on stdout: as `anstream` decides, so only on a
/// terminal, never with `NO_COLOR`, always with `CLICOLOR_FORCE`.
pub fn stdout_color() -> bool {
    AutoStream::choice(&io::stdout()) != ColorChoice::Never
}

/// Whether to colour output on stderr, decided as for stdout.
pub fn stderr_color() -> bool {
    AutoStream::choice(&io::stderr()) != ColorChoice::Never
}
