//! A dialect file's text read into a [`Dialect`]: TOML, or YAML, with the
//! reader's error located in the file (byte span, line and column) where
//! the reader gives a location.

use crate::diagnostic::{Diagnostic, Location, Severity, Source};
use crate::model::Dialect;
use std::fmt;
use std::ops::Range;

/// The language a dialect file is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Language {
    /// TOML (`nomic.toml`, and any name not ending in `.yaml` or `.yml`).
    Toml,
    /// YAML (`.yaml`, `.yml`).
    Yaml,
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Language::Toml => "TOML",
            Language::Yaml => "YAML",
        })
    }
}

/// A dialect file's text that is not a dialect: not TOML (or YAML), or a
/// field the dialect does not have, or a value of the wrong type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.headline())]
pub struct SyntaxError {
    /// The language the file was read as.
    pub language: Language,
    /// The reader's message (`unknown field `rul`, expected one of …`),
    /// without the location it may have given in words.
    pub message: String,
    /// Where in the file, when the reader says: the byte span and its line
    /// and column.
    pub at: Option<(Range<usize>, Location)>,
}

impl SyntaxError {
    fn toml(text: &str, err: &toml::de::Error) -> SyntaxError {
        let message = err
            .message()
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join("; ");
        let at = err.span().map(|span| {
            let location = Source::new("", text).location(span.start);
            (span, location)
        });
        SyntaxError {
            language: Language::Toml,
            message,
            at,
        }
    }

    fn yaml(text: &str, err: &serde_norway::Error) -> SyntaxError {
        let mut message = err.to_string();
        let at = err.location().map(|location| {
            let (line, column) = (location.line(), location.column());
            // The reader writes its location into the message; the span
            // carries it now.
            message = message.replacen(&format!(" at line {line} column {column}"), "", 1);
            let start = offset(text, line, column);
            let end = text[start..]
                .chars()
                .next()
                .map_or(start, |c| start + c.len_utf8());
            (start..end, Location { line, column })
        });
        SyntaxError {
            language: Language::Yaml,
            message,
            at,
        }
    }

    /// The byte span the reader points at, if it gave a location.
    pub(crate) fn span(&self) -> Option<Range<usize>> {
        self.at.as_ref().map(|(span, _)| span.clone())
    }

    /// The error as a diagnostic located in the dialect file (code
    /// `dialect`); `None` when the reader gave no location.
    pub fn to_diagnostic(&self) -> Option<Diagnostic> {
        let span = self.span()?;
        Some(
            Diagnostic::new(
                "dialect",
                Severity::Error,
                format!("{} (reading as {})", self.message, self.language),
                span,
            )
            .with_help(
                "a dialect file is TOML, or YAML when its name ends in .yaml or .yml; \
                 `nomic help dialects` lists its fields",
            ),
        )
    }

    /// `line 1, column 8: … (reading as TOML)`.
    fn headline(&self) -> String {
        let reading = format!("{} (reading as {})", self.message, self.language);
        match &self.at {
            Some((_, at)) => format!("line {}, column {}: {reading}", at.line, at.column),
            None => reading,
        }
    }
}

/// The byte offset of a 1-based line and column (in characters), clamped to
/// the text.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let rest = &text[line_start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    line_start
        + rest[..line_end]
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_end, |(i, _)| i)
}

/// The tables of a `nomic.toml` that are not the dialect: `nomic check`'s
/// levels (`check::Levels`) and the published style (docs/render.md).
pub(super) const OTHER_TABLES: [&str; 2] = ["check", STYLE_TABLE];

/// The table of a `nomic.toml` that pins the published style.
pub const STYLE_TABLE: &str = "style";

/// Reads a TOML dialect file's text, passing over its [`OTHER_TABLES`].
pub(super) fn from_toml(text: &str) -> Result<Dialect, SyntaxError> {
    use serde::Deserialize;
    let mut table = toml::de::DeTable::parse(text).map_err(|err| SyntaxError::toml(text, &err))?;
    for other in OTHER_TABLES {
        table.get_mut().remove(other);
    }
    Dialect::deserialize(toml::de::Deserializer::from(table))
        .map_err(|err| SyntaxError::toml(text, &err))
}

/// Whether a `nomic.toml`'s text holds a dialect: anything but its
/// [`OTHER_TABLES`] (a text that is not TOML is taken for a dialect, so
/// that its error is shown).
pub(super) fn holds_dialect(text: &str) -> bool {
    toml::de::DeTable::parse(text).map_or(true, |table| {
        table
            .get_ref()
            .keys()
            .any(|key| !OTHER_TABLES.contains(&key.get_ref().as_ref()))
    })
}

/// Reads a YAML dialect file's text.
pub(super) fn from_yaml(text: &str) -> Result<Dialect, SyntaxError> {
    serde_norway::from_str(text).map_err(|err| SyntaxError::yaml(text, &err))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toml_error(text: &str) -> SyntaxError {
        from_toml(text).unwrap_err()
    }

    fn yaml_error(text: &str) -> SyntaxError {
        from_yaml(text).unwrap_err()
    }

    #[test]
    fn a_toml_error_has_the_readers_message_span_line_and_column() {
        let err = toml_error("ids = [\"roman\"]\nrule = 5\n");
        assert_eq!(err.language, Language::Toml);
        assert_eq!(err.message, "invalid type: integer `5`, expected a string");
        let (span, at) = err.at.clone().unwrap();
        assert_eq!(span, 23..24);
        assert_eq!(at, Location { line: 2, column: 8 });
        assert_eq!(
            err.to_string(),
            "line 2, column 8: invalid type: integer `5`, expected a string (reading as TOML)"
        );
        let diagnostic = err.to_diagnostic().unwrap();
        assert_eq!(diagnostic.code, "dialect");
        assert_eq!(diagnostic.span, 23..24);
        assert!(diagnostic.help.unwrap().contains("`nomic help dialects`"));
    }

    #[test]
    fn an_unknown_toml_field_is_named_with_the_fields_expected() {
        let err = toml_error("rul = \"## {id}\"\n");
        assert!(err
            .message
            .starts_with("unknown field `rul`, expected one of `rule`"));
        assert_eq!(err.span(), Some(0..3));
    }

    #[test]
    fn a_yaml_error_is_located_and_its_message_loses_the_location_words() {
        let text = "blank_after_heading: true\nrule: [1, 2]\n";
        let err = yaml_error(text);
        assert_eq!(err.language, Language::Yaml);
        let (span, at) = err.at.clone().unwrap();
        assert_eq!(at, Location { line: 2, column: 7 });
        assert_eq!(&text[span], "[");
        assert!(!err.message.contains("line 2"), "{}", err.message);
        assert!(err
            .message
            .contains("invalid type: sequence, expected a string"));
        assert!(err.to_string().starts_with("line 2, column 7: "));
    }

    #[test]
    fn offsets_count_characters_and_stay_in_the_text() {
        let text = "é = 1\nab\n";
        assert_eq!(offset(text, 1, 1), 0);
        assert_eq!(offset(text, 1, 2), 2);
        assert_eq!(offset(text, 2, 2), 8);
        assert_eq!(offset(text, 2, 9), 9);
        assert_eq!(offset(text, 7, 1), text.len());
    }
}
