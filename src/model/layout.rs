use super::dialect::Dialect;
use super::format::Format;
use serde::{Deserialize, Serialize};

/// The line ending a file used; meaning is always stored with `\n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineEnding {
    /// `\n`, the default.
    #[default]
    Lf,
    /// `\r\n`.
    Crlf,
}

/// How a whole file was laid out.
///
/// The pieces are exact substrings of the decoded file, in order:
/// `header`, then each rule's `RuleLayout::source`, then `footer`.
/// Concatenated they give back the file's bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocumentLayout {
    /// The format the file was read as.
    pub format: Format,
    /// The line ending the file used throughout.
    pub line_ending: LineEnding,
    /// The title as it was read; the header is kept only while the ruleset's
    /// title still equals it.
    pub title: String,
    /// Everything before the first rule (byte order mark, title, rulers).
    pub header: String,
    /// Everything after the last rule's source.
    pub footer: String,
    /// Byte offset in the file where the last rule's source ended (where
    /// the footer starts): the rule whose kept source still ends there
    /// ended the file. `None` for a layout not read from a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_end: Option<usize>,
    /// Quirks outside any rule (for example a missing final newline).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quirks: Vec<LayoutQuirk>,
    /// The dialect the file was read in (format `dialect`), so that a
    /// changed rule is written back in the file's own shape.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialect: Option<Dialect>,
}

/// How one rule was laid out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleLayout {
    /// The exact text of the rule, from the first byte of its heading up to
    /// the first byte of the next rule's heading (separators included).
    pub source: String,
    /// Byte offset of `source` in the file.
    pub offset: usize,
    /// `Rule::fingerprint` of the meaning read from `source`.
    pub fingerprint: String,
    /// Departures from the canonical form that the source carries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quirks: Vec<LayoutQuirk>,
    /// The end of `source` that belongs to no rule: group headings and
    /// sections that are not rules, up to the next rule (dialects only).
    /// A rule written anew keeps it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub trailer: String,
    /// What the rule's first line says beside its number and title, for
    /// dialects with a `{note}` (`formerly 201`): a rule written anew
    /// keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The level of the rule's heading (`####`: 4), for dialects whose
    /// rules are headings of several levels (under a table of contents):
    /// a rule written anew keeps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading_level: Option<u8>,
    /// The tree drawing before the rule's node (`|  ` and a backtick for
    /// a last child), for dialects that draw the rules as a tree
    /// (`{tree}`): a rule written anew keeps its place in the drawing, and
    /// its text gets the drawing's gutter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
}

impl RuleLayout {
    /// The layout of a rule that was not read from the file (a rule an
    /// amendment enacts), to carry the `trailer` it is given when it ends a
    /// group: no source, and a fingerprint no meaning has, so the rule
    /// itself is always written anew.
    pub fn written_anew() -> RuleLayout {
        RuleLayout {
            source: String::new(),
            offset: 0,
            fingerprint: String::new(),
            quirks: Vec::new(),
            trailer: String::new(),
            note: None,
            heading_level: None,
            tree: None,
        }
    }
}

/// A departure from the canonical layout, located in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayoutQuirk {
    /// What the departure is.
    pub kind: QuirkKind,
    /// Byte offset in the file where the quirk is.
    pub offset: usize,
    /// Length in bytes of the span (0 for a missing thing).
    pub len: usize,
}

/// The kinds of layout departures published files are known to carry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
#[non_exhaustive]
pub enum QuirkKind {
    /// `#### *History*` where the canonical form has `#####`.
    HistoryHeadingLevel {
        /// The number of `#`s the heading has.
        level: u8,
    },
    /// Trailing spaces where the canonical form has none (for example after
    /// the last history line).
    TrailingSpaces,
    /// A blank line the canonical form has is missing (between two rules, or
    /// after a heading).
    MissingBlankLine,
    /// More blank lines than the canonical form has.
    ExtraBlankLines,
    /// A long-format heading without `/R`.
    HeadingWithoutRevision,
    /// Text wrapped differently from the canonical 70 columns.
    IrregularWrap,
    /// The file ends differently from the canonical form (a final newline
    /// present or missing).
    FinalNewline,
    /// A rule heading inside a code or HTML block that is never closed:
    /// Markdown reads it as code, so the rule is lost. `fence` is the byte
    /// offset of the block's first line.
    SwallowedHeading {
        /// Byte offset of the unclosed block's first line.
        fence: usize,
    },
    /// Any other departure, described.
    Other {
        /// What the departure is, in words.
        description: String,
    },
}
