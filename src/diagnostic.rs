//! Located findings (errors, warnings) and their renderings: rustc-style
//! snippets for people, JSON for tools, GitHub workflow commands for pull
//! requests, SARIF for code scanning.

mod code;
mod sarif;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
pub use code::Code;
pub use sarif::render_sarif;
use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// How serious a [`Diagnostic`] is; ordered from [`Severity::Note`] up to
/// [`Severity::Error`], and serialized in lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information only: nothing is wrong.
    Note,
    /// Something is probably wrong, but the input can still be used.
    Warning,
    /// Something is wrong with the input.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// What a diagnostic is: a finding of `nomic check` (its [`Code`]), or an
/// error of a reader or command, named by its kind (`parse`, `proposal`).
/// Written as the code's string (`N101`, `parse`) in every rendering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticCode {
    /// A finding of `nomic check`.
    Finding(Code),
    /// An error that is not a finding: the name of its kind.
    Error(&'static str),
}

impl DiagnosticCode {
    /// The code as printed: `N101` for a finding, the kind's name otherwise.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            DiagnosticCode::Finding(code) => code.code(),
            DiagnosticCode::Error(kind) => kind,
        }
    }

    /// The name: a finding's kebab-case name, the kind's name otherwise.
    pub fn name(self) -> &'static str {
        match self {
            DiagnosticCode::Finding(code) => code.name(),
            DiagnosticCode::Error(kind) => kind,
        }
    }
}

impl From<Code> for DiagnosticCode {
    fn from(code: Code) -> DiagnosticCode {
        DiagnosticCode::Finding(code)
    }
}

impl From<&'static str> for DiagnosticCode {
    fn from(kind: &'static str) -> DiagnosticCode {
        DiagnosticCode::Error(kind)
    }
}

impl fmt::Display for DiagnosticCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for DiagnosticCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Ordered by the printed code, so findings sort `N101` before `N201`.
impl Ord for DiagnosticCode {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialOrd for DiagnosticCode {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Serialize for DiagnosticCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One finding about a span of a source text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// A stable code: a check finding's `N101`, or the name of the error kind.
    pub code: DiagnosticCode,
    /// How serious the finding is.
    pub severity: Severity,
    /// What is wrong, for people to read.
    pub message: String,
    /// Byte range in the source text.
    pub span: Range<usize>,
    /// A short note on the span itself.
    pub label: Option<String>,
    /// What to do about it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic without a label or help; add those with
    /// [`Diagnostic::with_label`] and [`Diagnostic::with_help`].
    pub fn new(
        code: impl Into<DiagnosticCode>,
        severity: Severity,
        message: impl Into<String>,
        span: Range<usize>,
    ) -> Diagnostic {
        Diagnostic {
            code: code.into(),
            severity,
            message: message.into(),
            span,
            label: None,
            help: None,
        }
    }

    /// The same diagnostic with a short note on its span.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    /// The same diagnostic with advice on what to do about it.
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
}

/// A named source text that diagnostics point into.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The name shown to the reader: a path, or `<stdin>`.
    pub name: &'a str,
    /// The whole text that diagnostics' byte spans index.
    pub text: &'a str,
}

/// A 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The line, counted from 1.
    pub line: usize,
    /// The column, in characters from 1.
    pub column: usize,
}

impl<'a> Source<'a> {
    /// A source text under a name.
    pub fn new(name: &'a str, text: &'a str) -> Source<'a> {
        Source { name, text }
    }

    /// The line and column of a byte offset (clamped to the text, and moved
    /// back to a character boundary).
    pub(crate) fn location(&self, offset: usize) -> Location {
        let before = &self.text[..self.floor_boundary(offset)];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }

    /// The location of an offset through a line index of this text: a
    /// binary search, then the characters of one line.
    fn location_in(&self, index: &LineIndex, offset: usize) -> Location {
        let offset = self.floor_boundary(offset);
        let line = index.line_of(offset);
        let start = index.starts[line];
        Location {
            line: line + 1,
            column: self.text[start..offset].chars().count() + 1,
        }
    }

    /// The lines that hold `span` (line breaks included) and the 1-based
    /// number of the first, so that a snippet shows them without the rest
    /// of the file.
    fn window(&self, index: &LineIndex, span: &Range<usize>) -> (Range<usize>, usize) {
        // The end of a file that ends with a line break is shown at the end
        // of its last line, as the snippet renderer shows it in the whole file.
        let at = |offset: usize| {
            if offset == self.text.len() && self.text.ends_with('\n') {
                offset - 1
            } else {
                offset
            }
        };
        let first = index.line_of(at(span.start));
        let last = index.line_of(at(span.end));
        let start = index.starts[first];
        let end = index
            .starts
            .get(last + 1)
            .copied()
            .unwrap_or(self.text.len());
        (start..end, first + 1)
    }

    /// `offset` clamped to the text and moved back to a character boundary.
    fn floor_boundary(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// A span clamped to the text and to character boundaries.
    fn clamp(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.floor_boundary(span.start);
        let mut end = span.end.clamp(start, self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        start..end
    }
}

/// Where every line of a text starts: built in one pass, then each offset
/// finds its line by binary search, so rendering many findings costs no
/// more than one pass over the file and a little per finding.
#[derive(Debug, Clone)]
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    /// The 0-based line an offset is on.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset) - 1
    }
}

/// Renders diagnostics rustc-style, with the source lines and the span
/// marked; `color` styles it with ANSI escapes for a terminal.
pub fn render_human(source: Source<'_>, diagnostics: &[Diagnostic], color: bool) -> String {
    // Without findings there are no lines to index (a clean file's lines).
    if diagnostics.is_empty() {
        return String::new();
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let index = LineIndex::new(source.text);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let level = match diagnostic.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Note => Level::NOTE,
        };
        let span = source.clamp(&diagnostic.span);
        let (window, first_line) = source.window(&index, &span);
        let mut annotation =
            AnnotationKind::Primary.span(span.start - window.start..span.end - window.start);
        if let Some(label) = &diagnostic.label {
            annotation = annotation.label(label.as_str());
        }
        let title = level
            .clone()
            .primary_title(diagnostic.message.as_str())
            .id(diagnostic.code.as_str());
        let snippet = Snippet::source(&source.text[window])
            .line_start(first_line)
            .path(source.name)
            .annotation(annotation);
        let mut group = title.element(snippet);
        if let Some(help) = &diagnostic.help {
            group = group.element(Level::HELP.message(help.as_str()));
        }
        out.push_str(&renderer.render(&[group]));
        out.push_str("\n\n");
    }
    out
}

/// One diagnostic as tools read it.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic<'a> {
    /// The source's name.
    pub file: &'a str,
    /// The 1-based line where the span starts.
    pub line: usize,
    /// The 1-based column (in characters) where the span starts.
    pub column: usize,
    /// The 1-based line where the span ends.
    pub end_line: usize,
    /// The 1-based column (in characters) where the span ends.
    pub end_column: usize,
    /// The finding itself, its fields flattened into this object.
    #[serde(flatten)]
    pub diagnostic: &'a Diagnostic,
}

/// Every diagnostic of one file with its span's start and end as lines and
/// columns, the file's lines indexed once.
pub fn to_json_all<'a>(
    source: Source<'a>,
    diagnostics: &'a [Diagnostic],
) -> Vec<JsonDiagnostic<'a>> {
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(source.text);
    diagnostics
        .iter()
        .map(|diagnostic| json_at(source, &index, diagnostic))
        .collect()
}

fn json_at<'a>(
    source: Source<'a>,
    index: &LineIndex,
    diagnostic: &'a Diagnostic,
) -> JsonDiagnostic<'a> {
    let start = source.location_in(index, diagnostic.span.start);
    let end = source.location_in(index, diagnostic.span.end);
    JsonDiagnostic {
        file: source.name,
        line: start.line,
        column: start.column,
        end_line: end.line,
        end_column: end.column,
        diagnostic,
    }
}

/// GitHub Actions workflow commands, one line per diagnostic:
/// `::error file=F,line=L,col=C,title=CODE::message`.
pub fn render_github(source: Source<'_>, diagnostics: &[Diagnostic]) -> String {
    if diagnostics.is_empty() {
        return String::new();
    }
    let index = LineIndex::new(source.text);
    let mut out = String::new();
    for diagnostic in diagnostics {
        let command = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let start = source.location_in(&index, diagnostic.span.start);
        let end = source.location_in(&index, diagnostic.span.end);
        let mut message = diagnostic.message.clone();
        if let Some(help) = &diagnostic.help {
            message.push_str(" (help: ");
            message.push_str(help);
            message.push(')');
        }
        out.push_str(&format!(
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            escape_property(source.name),
            start.line,
            start.column,
            end.line,
            end.column,
            escape_property(diagnostic.code.as_str()),
            escape_data(&message),
        ));
    }
    out
}

/// Escaping of a workflow command's message, as the Actions toolkit does it.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escaping of a workflow command's property value.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "## 101/0\n\nRule text.\nSecond ünï line here\n";

    #[test]
    fn locations_are_one_based_in_characters() {
        let source = Source::new("r.md", TEXT);
        assert_eq!(source.location(0), Location { line: 1, column: 1 });
        let offset = TEXT.find("line").unwrap();
        assert_eq!(
            source.location(offset),
            Location {
                line: 4,
                column: 12
            }
        );
    }

    #[test]
    fn human_rendering_names_file_line_and_marks_the_span() {
        let source = Source::new("r.md", TEXT);
        let start = TEXT.find("Rule text").unwrap();
        let diagnostic = Diagnostic::new("N100", Severity::Warning, "a finding", start..start + 4)
            .with_label("here")
            .with_help("do this");
        let out = render_human(source, &[diagnostic], false);
        assert!(out.contains("warning[N100]: a finding"), "{out}");
        assert!(out.contains("r.md:3:1"), "{out}");
        assert!(out.contains("^^^^ here"), "{out}");
        assert!(out.contains("help: do this"), "{out}");
    }

    #[test]
    fn github_commands_escape_their_fields() {
        let source = Source::new("a,b.md", TEXT);
        let diagnostic = Diagnostic::new("N1", Severity::Error, "50% bad\nthing", 10..14);
        let out = render_github(source, &[diagnostic]);
        assert_eq!(
            out,
            "::error file=a%2Cb.md,line=3,col=1,endLine=3,endColumn=5,title=N1::50%25 bad%0Athing\n"
        );
    }
}
