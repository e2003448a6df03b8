//! Citations in rule text, as the site shows them: the digits of each cited
//! rule in force become a link to its page, the digits of a rule not in
//! force are marked.

use crate::refs::Reference;
use std::collections::BTreeSet;
use std::ops::Range;

/// What the digits of one cited number become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// A link to the rule's page.
    Rule(u32),
    /// A rule that is not in force: marked, not linked.
    Dangling(u32),
}

/// The digits of one cited number in the rule text, and what they become.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mark {
    /// Byte range of the digits in the rule text.
    pub span: Range<usize>,
    pub target: Target,
}

/// The marks of every citation, in text order. A range (`Rules 101-117`)
/// links each end that is in force; it is marked dangling only when no rule
/// of the range is in force (the same rule as `refs::graph`).
pub(crate) fn marks(references: &[Reference], in_force: &BTreeSet<u32>) -> Vec<Mark> {
    let mut marks = Vec::new();
    for cited in references.iter().flat_map(|reference| &reference.numbers) {
        let mut ends = vec![(cited.number, cited.span.clone())];
        if let Some((end, span)) = &cited.range_end {
            ends.push((*end, span.clone()));
        }
        let any_in_force = in_force.range(cited.numbers()).next().is_some();
        for (number, span) in ends {
            let target = if in_force.contains(&number) {
                Target::Rule(number)
            } else if !any_in_force {
                Target::Dangling(number)
            } else {
                continue;
            };
            marks.push(Mark { span, target });
        }
    }
    marks.sort_by_key(|mark| mark.span.start);
    marks
}

impl Target {
    /// The opening tag; rule pages sit side by side in `rules/`.
    pub(super) fn open(self) -> String {
        match self {
            Target::Rule(number) => {
                format!("<a class=\"cite\" href=\"{number}.html#r{number}\">")
            }
            Target::Dangling(number) => {
                format!("<span class=\"dangling\" title=\"Rule {number} is not in this ruleset\">")
            }
        }
    }

    pub(super) fn close(self) -> &'static str {
        match self {
            Target::Rule(_) => "</a>",
            Target::Dangling(_) => "</span>",
        }
    }
}
