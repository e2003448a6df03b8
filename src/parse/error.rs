//! The one error every parser returns: what went wrong, where, and what was
//! expected there.

use super::dialect::InferError;
use super::lines::HeadingError;
use super::text::Line;
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::Format;
use std::ops::Range;

/// A file that could not be read as a ruleset: the message, its span, what
/// was expected there, and (as help) the format that came closest.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.headline())]
pub struct ParseError {
    /// What went wrong, for people to read.
    pub message: String,
    /// Byte range in the decoded text (the file's bytes for invalid UTF-8).
    pub span: Range<usize>,
    /// What the grammar expected at `span`.
    pub expected: Option<String>,
    /// The format the file was being read as.
    pub format: Option<Format>,
    /// When no format fits: the one whose grammar got furthest.
    pub closest: Option<Format>,
    /// When no built-in format fits: why no dialect could be inferred either.
    pub inference: Option<InferError>,
}

impl ParseError {
    /// An error at `span` with no expectation, format or inference attached.
    pub fn new(message: impl Into<String>, span: Range<usize>) -> ParseError {
        ParseError {
            message: message.into(),
            span,
            expected: None,
            format: None,
            closest: None,
            inference: None,
        }
    }

    /// The same error, saying what the grammar expected at its span.
    pub(crate) fn expected(mut self, expected: impl Into<String>) -> ParseError {
        self.expected = Some(expected.into());
        self
    }

    /// The same error, naming the format the file was being read as.
    pub(crate) fn in_format(mut self, format: Format) -> ParseError {
        self.format = Some(format);
        self
    }

    /// A rule heading rejected by its grammar, located in the file.
    pub(crate) fn heading(err: HeadingError, line: &Line<'_>, format: Format) -> ParseError {
        let span = line.start + err.span.start..line.start + err.span.end;
        ParseError::new(err.message, span)
            .expected(err.expected)
            .in_format(format)
    }

    /// The error as a located diagnostic (code `parse`).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(
            "parse",
            Severity::Error,
            self.to_string(),
            self.span.clone(),
        );
        if let Some(expected) = &self.expected {
            diagnostic = diagnostic.with_label(format!("expected {expected}"));
        }
        if let Some(closest) = self.closest {
            diagnostic = diagnostic.with_help(format!(
                "the file fits no ruleset format; {closest} came closest and stopped fitting here \
                 (use --from FORMAT to choose a format)"
            ));
        }
        match self.inference.as_ref().map(|i| (i, i.readings())) {
            Some((_, Some(readings))) => diagnostic = diagnostic.with_help(readings),
            Some((inference, None)) => {
                diagnostic = diagnostic.with_help(format!(
                    "{inference}; describe the layout in a dialect file (`nomic help dialects`)"
                ));
            }
            None => {}
        }
        diagnostic
    }
}

impl ParseError {
    /// The message with the format it concerns: `… (reading as md-long)`.
    fn headline(&self) -> String {
        match (self.format, self.closest) {
            (_, Some(closest)) => format!("{} (closest format: {closest})", self.message),
            (Some(format), None) => format!("{} (reading as {format})", self.message),
            (None, None) => self.message.clone(),
        }
    }
}
