use super::agora_change::AgoraChange;
use super::agora_date::AgoraDate;
use super::annotation::Annotation;
use super::category::Category;
use super::power::Power;
use super::proposal::Proposal;
use super::rule::Rule;
use serde::{Deserialize, Serialize};

/// What an Agora rule carries beyond the common model.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AgoraRule {
    /// The rule's title (`The Game of Agora`).
    pub title: String,
    /// The power as written; `None` for a rule that has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<Power>,
    /// The name of the category the rule is filed under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Court rulings noted under the rule.
    #[serde(default)]
    pub annotations: Vec<Annotation>,
}

/// What an Agora history entry carries beyond the common model.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct AgoraEntry {
    /// The date as recorded (exact, around, between, unknown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<AgoraDate>,
    /// The change and its agent, when read from the source (a published
    /// ruleset carries only the printed line, kept in `source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<AgoraChange>,
    /// Layout, not meaning: where the printed line broke, when not where
    /// Agora's program breaks it (see [`printed_breaks`]), so that it is
    /// written back as it was read. `None`: wherever the program breaks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breaks: Option<Vec<usize>>,
}

/// The width Agora's program wraps history lines and annotations at.
pub const AGORA_WRAP_WIDTH: usize = 72;

/// Where Agora's program breaks a printed line (a history entry, an
/// annotation, a category's note): the byte offsets in `line` of the spaces
/// it replaces by a line break and the continuation indent. Each printed
/// line takes words while it stays within [`AGORA_WRAP_WIDTH`] columns, the
/// first after `first` columns of indent and the others after `rest`; a word
/// is never split.
#[must_use]
pub fn printed_breaks(line: &str, first: usize, rest: usize) -> Vec<usize> {
    let mut breaks = Vec::new();
    let mut column: Option<usize> = None;
    let mut offset = 0;
    for word in line.split(' ') {
        let width = word.chars().count();
        column = Some(match column {
            None => first + width,
            Some(column) if column + width < AGORA_WRAP_WIDTH => column + 1 + width,
            Some(_) => {
                breaks.push(offset - 1);
                rest + width
            }
        });
        offset += word.len() + 1;
    }
    breaks
}

/// `breaks` when they are not where Agora's program breaks `line` (see
/// [`printed_breaks`]): the layout a reader keeps.
#[must_use]
pub fn irregular_breaks(
    line: &str,
    breaks: Vec<usize>,
    first: usize,
    rest: usize,
) -> Option<Vec<usize>> {
    (breaks != printed_breaks(line, first, rest)).then_some(breaks)
}

/// What an Agora ruleset carries beyond the common model.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AgoraRuleset {
    /// The categories of the index, in order.
    pub categories: Vec<Category>,
    /// The proposals the history names (empty when read from published text).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<Proposal>,
    /// The header text (`config/header`) with its `{num}`-style slots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
    /// The FLR page skeleton (`config/flr_format`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flr_format: Option<String>,
    /// The SLR page skeleton (`config/slr_format`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slr_format: Option<String>,
    /// Rules of the source that no category files (repealed rules, mostly).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unfiled: Vec<Rule>,
}
