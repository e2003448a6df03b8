//! A dialect: the declarative description of how one community lays out
//! its ruleset. Plain serde data (read from `nomic.toml` or `--dialect`,
//! printed by `nomic dialect infer`); it travels in the document layout so
//! that a changed rule is written back in the file's own shape. Reading a
//! file with it is `parse::dialect`'s job.

use super::rule::Mutability;
use serde::{Deserialize, Serialize};

/// How a community lays out its ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dialect {
    /// The first line of every rule, with placeholders `{id}`, `{title}`,
    /// `{revision}` and `{mutability}`: `## {id} - {title}` (an ATX
    /// heading), `**{id}** *{title}*` (a bold lead paragraph),
    /// `- **Rule {id}: {title}**` (a list item). One template reads and
    /// writes (with [`Dialect::alternatives`], the first of several).
    pub rule: String,
    /// Other first lines that start a rule too, in a file that decorates
    /// its numbers in more than one way (`**101.**`, `**104**.`, `201.`):
    /// a rule is written back in the form it was read in, a new rule in
    /// `rule`'s.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<String>,
    /// The character of the line under the rule's first line, for setext
    /// headings and reStructuredText titles (`=` or `-`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underline: Option<char>,
    /// The identifier shapes `{id}` accepts.
    #[serde(default = "default_ids")]
    pub ids: Vec<IdShape>,
    /// Whether a blank line follows a rule's first line (when writing one).
    #[serde(default)]
    pub blank_after_heading: bool,
    /// Headings that set the mutability of the rules after them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<GroupHeading>,
    /// The start of a line that opens a rule's history (`History:`); that
    /// line and the rest of the rule are its history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// Headings (their text, without `#` or underline) whose sections are
    /// not rules, such as `Player List`: nothing in them starts a rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_rules: Vec<String>,
    /// The heading (its text, without `#` or underline) whose section
    /// holds the rules, such as `Initial Rules`: nothing outside it starts
    /// a rule (a numbered list of setup steps after it, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_within: Option<String>,
    /// The identifier every rule writes when the numbers are implied by
    /// position (a Markdown list written `1.` every time, which renders
    /// numbered 1, 2, 3): the rules are numbered from 1 in file order, and
    /// a rule is written with this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implied_numbers: Option<String>,
    /// Whether a line written like a rule's heading but without its
    /// heading marker (`Rule 4E28: Active Players` among `### Rule …`
    /// headings, a slip of a hand conversion) starts a rule too: alone on
    /// its line, before a blank line, with an identifier no marked rule has.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmarked_headings: bool,
    /// Whether a rule whose first line holds a few words and no sentence,
    /// with nothing under it but indented sub-points, has those words as its
    /// title too (`1. Points de règle` over `    1. …`): they stay the first
    /// line of its text, where the file writes them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub titles_above_sub_points: bool,
    /// Where the rules' identifiers are written: on their first line
    /// (`{id}`), or only in the table of contents that links their headings.
    #[serde(default, skip_serializing_if = "Identifiers::is_written")]
    pub identifiers: Identifiers,
}

/// Where a ruleset writes its rules' identifiers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Identifiers {
    /// On each rule's first line, where the template's `{id}` reads them.
    #[default]
    Written,
    /// In a table of contents: a nested list of links before the rules
    /// (`* [**1.1. Precedence**](#precedence)`), in the order of the
    /// headings they link to (by an anchor tag `<a name='precedence'/>` or
    /// by the heading's GitHub slug). Each linked heading is a rule; its
    /// identifier is the number its entry gives, else the link's target
    /// (`meta-rules`). The template is the heading of a top-level entry,
    /// without `{id}`.
    Contents,
}

impl Identifiers {
    fn is_written(&self) -> bool {
        *self == Identifiers::Written
    }
}

/// A heading line that sets the mutability of the rules after it, up to the
/// next group heading (`## Immutable Rules` → immutable).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupHeading {
    /// The heading line as written (trailing spaces ignored).
    pub heading: String,
    /// The mutability of the rules under it.
    pub mutability: Mutability,
}

/// What an identifier may look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdShape {
    /// `101`
    Integer,
    /// `-216` (integers with a minus sign; plain integers too).
    Negative,
    /// `xiv`, `XIV`
    Roman,
    /// Letters then digits: `UC1`.
    Prefixed,
    /// Digits first, then digits and letters with `.` or `-` between parts:
    /// sub-rules and sections (`2.2.1`, `1-1`, `307b`, `4E83`).
    Compound,
}

impl IdShape {
    /// Every shape, in the order inference prefers them.
    pub const ALL: [IdShape; 5] = [
        IdShape::Integer,
        IdShape::Negative,
        IdShape::Prefixed,
        IdShape::Roman,
        IdShape::Compound,
    ];
}

fn default_ids() -> Vec<IdShape> {
    vec![IdShape::Integer]
}

impl Dialect {
    /// A dialect whose rules start with `template` and nothing else set.
    pub fn new(template: impl Into<String>) -> Dialect {
        Dialect {
            rule: template.into(),
            alternatives: Vec::new(),
            underline: None,
            ids: default_ids(),
            blank_after_heading: false,
            groups: Vec::new(),
            history: None,
            not_rules: Vec::new(),
            rules_within: None,
            implied_numbers: None,
            unmarked_headings: false,
            titles_above_sub_points: false,
            identifiers: Identifiers::Written,
        }
    }

    /// How a rule starts, in words (for notes and `nomic formats`).
    pub fn start_kind(&self) -> String {
        let rule = self.rule.trim_start();
        let hashes = rule.chars().take_while(|c| *c == '#').count();
        if let Some(underline) = self.underline {
            let kind = if underline == '=' {
                "level 1"
            } else {
                "level 2"
            };
            format!("an underlined ({underline}) heading, {kind}")
        } else if hashes > 0 {
            format!("a level {hashes} heading")
        } else if rule.starts_with("- ") || rule.starts_with("* ") || rule.starts_with("+ ") {
            "a list item".to_string()
        } else if rule.starts_with("**") || rule.starts_with("__") {
            "a bold lead paragraph".to_string()
        } else if rule.starts_with('*') || rule.starts_with('_') {
            "an italic lead paragraph".to_string()
        } else if rule.starts_with("{tree}") {
            "a node of a tree drawing".to_string()
        } else if rule.starts_with('[') {
            "a link line".to_string()
        } else if rule.starts_with('>') {
            "a quoted line".to_string()
        } else {
            "a plain lead line".to_string()
        }
    }
}
