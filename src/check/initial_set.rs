//! The Initial Set that rule 101 declares ("Rules 101-117 (immutable) and
//! 201-219 (mutable)") against the initial rules the ruleset holds.
//!
//! Which rules are initial: with histories, the rules that have an `Initial`
//! entry, with the mutability that entry names; without histories, the rules
//! whose numbers lie in the declared ranges, with their marker. Enacted rules
//! (3xx and above) are never part of it. A declared rule that is absent is
//! reported only while nothing has happened yet (every rule is initial and
//! unamended): later in a game, initial rules are repealed as a matter of
//! course.

use super::{finding, locate, Code, Input, Kept};
use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{HistoryKind, Mutability, Rule};
use crate::refs;
use std::ops::Range;

/// One range of the declaration: `101-117 (immutable)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Declared {
    pub first: u32,
    pub last: u32,
    pub mutability: Mutability,
    /// `101-117 (immutable)` in rule 101's text.
    pub span: Range<usize>,
}

impl Declared {
    pub(super) fn contains(&self, number: u32) -> bool {
        (self.first..=self.last).contains(&number)
    }
}

/// The ranges rule 101's text declares, each followed by `(immutable)` or
/// `(mutable)`; empty when it declares none.
pub(super) fn declaration(text: &str) -> Vec<Declared> {
    let mut declared = Vec::new();
    for reference in refs::extract(text) {
        for cited in &reference.numbers {
            let Some((last, end_span)) = &cited.range_end else {
                continue;
            };
            let after = &text[end_span.end..];
            let trimmed = after.trim_start();
            // Compared in place, so that the marker's length in the text is
            // the length of the word matched.
            let starts_with = |marker: &str| {
                trimmed
                    .get(..marker.len())
                    .is_some_and(|start| start.eq_ignore_ascii_case(marker))
            };
            let (mutability, marker) = if starts_with("(immutable)") {
                (Mutability::Immutable, "(immutable)".len())
            } else if starts_with("(mutable)") {
                (Mutability::Mutable, "(mutable)".len())
            } else {
                continue;
            };
            let end = end_span.end + (after.len() - trimmed.len()) + marker;
            declared.push(Declared {
                first: cited.number,
                last: *last,
                mutability,
                span: cited.span.start..end,
            });
        }
    }
    declared
}

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    let rules = &input.ruleset.rules;
    let Some(rule101) = input.ruleset.rule(101) else {
        return Vec::new();
    };
    let facts: Vec<InitialFacts> = rules.iter().map(InitialFacts::of).collect();
    findings(input, rule101, &facts, |index, place| {
        place.span(input.kept(&rules[index]), &rules[index])
    })
}

/// What the check needs of each rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct InitialFacts {
    number: u32,
    has_history: bool,
    /// The index of its first `Initial` history entry, with the mutability
    /// that entry names (`None` when it names neither).
    initial_entry: Option<(u32, Option<Plain>)>,
    /// The heading's marker, unless it is neither mutable nor immutable.
    marked: Option<Plain>,
    /// Whether its history is one `Initial` entry.
    only_initial: bool,
}

/// Mutable or immutable: the mutabilities the facts hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plain {
    Mutable,
    Immutable,
}

impl Plain {
    /// `mutability` unless it is another marker.
    fn of(mutability: &Mutability) -> Option<Plain> {
        match mutability {
            Mutability::Mutable => Some(Plain::Mutable),
            Mutability::Immutable => Some(Plain::Immutable),
            Mutability::Other(_) => None,
        }
    }

    fn mutability(self) -> Mutability {
        match self {
            Plain::Mutable => Mutability::Mutable,
            Plain::Immutable => Mutability::Immutable,
        }
    }
}

impl InitialFacts {
    pub(super) fn of(rule: &Rule) -> InitialFacts {
        let initial_entry = rule
            .history
            .iter()
            .position(|e| e.kind == HistoryKind::Initial)
            .map(|index| {
                let source = rule.history[index].source.to_lowercase();
                let mutability = if source.starts_with("initial immutable") {
                    Some(Plain::Immutable)
                } else if source.starts_with("initial mutable") {
                    Some(Plain::Mutable)
                } else {
                    None
                };
                let index = u32::try_from(index).expect("fewer than 2^32 history entries");
                (index, mutability)
            });
        InitialFacts {
            number: rule.number,
            has_history: !rule.history.is_empty(),
            initial_entry,
            marked: Plain::of(&rule.mutability),
            only_initial: rule.history.len() == 1 && rule.history[0].kind == HistoryKind::Initial,
        }
    }
}

/// Where a finding about an initial rule points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// The rule's history entry of this index.
    Entry(usize),
    /// The rule's heading.
    Heading,
}

impl Place {
    /// The span of this place of `rule`, at `kept`.
    pub(super) fn span(self, kept: Option<Kept<'_>>, rule: &Rule) -> Range<usize> {
        match self {
            Place::Entry(index) => super::history::entry_span(kept, rule, index),
            Place::Heading => locate::heading(kept),
        }
    }
}

/// The findings of the Initial Set that `rule101` (one of `input`'s rules)
/// declares, against the rules of `facts` (every rule, in order); `span`
/// gives the span of a place of the rule of an index.
pub(super) fn findings(
    input: &Input<'_>,
    rule101: &Rule,
    facts: &[InitialFacts],
    span: impl Fn(usize, Place) -> Range<usize>,
) -> Vec<Diagnostic> {
    let declared = declaration(&rule101.text);
    if declared.is_empty() {
        return Vec::new();
    }
    let declaration_span = |d: &Declared| {
        locate::phrase_or_heading(input.kept(rule101), &rule101.text[d.span.clone()], 0)
    };
    let summary = declared
        .iter()
        .map(|d| format!("{}-{} ({})", d.first, d.last, d.mutability))
        .collect::<Vec<_>>()
        .join(" and ");
    let with_history = facts.iter().any(|rule| rule.has_history);
    let mut findings = Vec::new();
    for (index, rule) in facts.iter().enumerate() {
        let Some((mutability, place, what)) = initial(rule, with_history, &declared) else {
            continue;
        };
        let range = declared.iter().find(|d| d.contains(rule.number));
        let Some(range) = range else {
            findings.push(
                finding(
                    Code::InitialSetMismatch,
                    format!(
                        "rule {} is recorded as initial, but rule 101 declares the Initial Set as {summary}",
                        rule.number
                    ),
                    span(index, place),
                )
                .with_label("not in the declared Initial Set")
                .with_help(format!(
                    "an initial rule's number lies in the declared ranges ({} declares them)",
                    input.place(declaration_span(&declared[0]).start)
                )),
            );
            continue;
        };
        if range.mutability == mutability {
            continue;
        }
        let mut diagnostic = finding(
            Code::InitialSetMismatch,
            format!(
                "rule {} {what} {mutability}, but rule 101 declares rules {}-{} {}",
                rule.number, range.first, range.last, range.mutability
            ),
            span(index, place),
        )
        .with_label(format!("{mutability} here"));
        if with_history {
            diagnostic = diagnostic.with_help(format!(
                "the initial entry must agree with the Initial Set that rule 101 declares on {}",
                input.place(declaration_span(range).start)
            ));
        } else {
            // Without a history the rule may have been transmuted since.
            diagnostic.severity = Severity::Warning;
            diagnostic = diagnostic.with_help(
                "if a proposal transmuted it, nothing is wrong; otherwise fix the marker",
            );
        }
        findings.push(diagnostic);
    }
    if nothing_happened(facts, with_history, &declared) {
        let numbers: std::collections::HashSet<u32> = facts.iter().map(|f| f.number).collect();
        for range in &declared {
            let missing: Vec<u32> = (range.first..=range.last)
                .filter(|n| !numbers.contains(n))
                .collect();
            for run in refs::runs(missing) {
                let (which, verb) = match run {
                    (a, b) if a == b => (format!("rule {a}"), "is"),
                    (a, b) => (format!("rules {a}-{b}"), "are"),
                };
                findings.push(
                    finding(
                        Code::InitialSetRuleMissing,
                        format!("{which} of the declared Initial Set {verb} missing"),
                        declaration_span(range),
                    )
                    .with_label(format!("declares {which}"))
                    .with_help("add the missing rules, or correct the declaration in rule 101"),
                );
            }
        }
    }
    findings
}

/// Whether the rule is initial: its initial mutability, where to point, and
/// how to say what it is.
fn initial(
    rule: &InitialFacts,
    with_history: bool,
    declared: &[Declared],
) -> Option<(Mutability, Place, &'static str)> {
    if with_history {
        let (index, mutability) = rule.initial_entry?;
        let place = Place::Entry(index as usize);
        Some((mutability?.mutability(), place, "is recorded as initially"))
    } else {
        declared
            .iter()
            .any(|d| d.contains(rule.number))
            .then_some(rule.marked)
            .flatten()
            .map(|marked| (marked.mutability(), Place::Heading, "is marked"))
    }
}

/// A ruleset where nothing has happened yet: every rule initial and
/// unchanged.
fn nothing_happened(rules: &[InitialFacts], with_history: bool, declared: &[Declared]) -> bool {
    if with_history {
        rules.iter().all(|rule| rule.only_initial)
    } else {
        rules
            .iter()
            .all(|rule| declared.iter().any(|d| d.contains(rule.number)))
    }
}

#[cfg(test)]
mod tests;
