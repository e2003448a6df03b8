//! Histories: revision numbers, dates, unreadable lines, enacting proposals
//! and the immutable marker, each against what the history records.

use super::{finding, locate, Code, Input, Kept};
use crate::diagnostic::Diagnostic;
use crate::model::{HistoryEntry, HistoryKind, Mutability, Rule};
use std::ops::Range;

pub(super) fn check(input: &Input<'_>) -> Vec<Diagnostic> {
    input.each_rule(|rule| {
        let mut findings = Vec::new();
        let kept = input.kept(rule);
        revision(kept, rule, &mut findings);
        dates(kept, rule, &mut findings);
        unparsed(kept, rule, &mut findings);
        enacting_number(kept, rule, &mut findings);
        mutability(kept, rule, &mut findings);
        findings
    })
}

/// The span of a history entry's line (the heading when it cannot be found).
pub(super) fn entry_span(kept: Option<Kept<'_>>, rule: &Rule, index: usize) -> Range<usize> {
    let lines = rule.history.iter().map(|entry| entry.source.as_str());
    line_span(kept, lines, index)
}

/// The span of the `index`th of a rule's history or judgment lines (the
/// heading when it cannot be found). A line written twice is told apart by
/// the copies before it.
fn line_span<'a>(
    kept: Option<Kept<'_>>,
    mut lines: impl Iterator<Item = &'a str>,
    index: usize,
) -> Range<usize> {
    let earlier: Vec<&str> = lines.by_ref().take(index).collect();
    let Some(line) = lines.next() else {
        return locate::heading(kept);
    };
    let nth = earlier.iter().filter(|&&earlier| earlier == line).count();
    locate::line_containing(kept, line, nth).unwrap_or_else(|| locate::heading(kept))
}

/// Whether a history line records an amendment: a read `Amended (k) …`
/// line, or an unreadable one that still says `Amended` (N203 reports the
/// line; its count is not lost).
fn counts_as_amendment(entry: &HistoryEntry) -> bool {
    entry.kind == HistoryKind::Amended
        || (entry.kind == HistoryKind::Other && says_amended(&entry.source))
}

fn says_amended(source: &str) -> bool {
    let text = source.trim_start_matches(['*', '[', '_', ' ']);
    text.get(..7)
        .is_some_and(|word| word.eq_ignore_ascii_case("amended"))
}

/// The revision a rule's history records: the amendments it lists.
pub(super) fn recorded_revision(rule: &Rule) -> u32 {
    u32::try_from(
        rule.history
            .iter()
            .filter(|e| counts_as_amendment(e))
            .count(),
    )
    .unwrap_or(u32::MAX)
}

fn revision(kept: Option<Kept<'_>>, rule: &Rule, findings: &mut Vec<Diagnostic>) {
    if rule.history.is_empty() {
        return;
    }
    let count = recorded_revision(rule);
    if let Some(revision) = rule.revision.filter(|&r| r != count) {
        let plural = if count == 1 { "" } else { "s" };
        let number = rule.label();
        let history_side = if revision > count {
            format!(
                "if {revision} amendments were made, add the missing `Amended (k) by Proposal …` lines to the history instead"
            )
        } else {
            "if the heading is right, the history lists an amendment that was not made: remove it instead".to_string()
        };
        findings.push(
            finding(
                Code::RevisionMismatch,
                format!(
                    "rule {number} has revision {revision} but its history records {count} amendment{plural}"
                ),
                locate::heading(kept),
            )
            .with_label(format!("revision {revision}"))
            .with_help(format!(
                "the revision is the number of amendments: if the history is complete, write {number}/{count} in the heading; {history_side}"
            )),
        );
    }
    let amendments = rule
        .history
        .iter()
        .enumerate()
        .filter(|(_, e)| counts_as_amendment(e));
    for (k, (index, entry)) in (1..).zip(amendments) {
        if let Some(numbered) = entry.amendment.filter(|&n| n != k) {
            findings.push(
                finding(
                    Code::RevisionMismatch,
                    format!(
                        "amendment {k} of rule {} is numbered ({numbered})",
                        rule.number
                    ),
                    entry_span(kept, rule, index),
                )
                .with_label(format!("expected \"Amended ({k})\""))
                .with_help("amendments are numbered 1, 2, 3, … in history order"),
            );
        }
    }
}

fn dates(kept: Option<Kept<'_>>, rule: &Rule, findings: &mut Vec<Diagnostic>) {
    let mut latest: Option<crate::model::Date> = None;
    for (index, entry) in rule.history.iter().enumerate() {
        let Some(date) = entry.date else { continue };
        match latest {
            Some(before) if date < before => findings.push(
                finding(
                    Code::HistoryDatesOutOfOrder,
                    format!(
                        "history of rule {} goes back in time: {} after {}",
                        rule.number,
                        date.to_ruleset_string(),
                        before.to_ruleset_string()
                    ),
                    entry_span(kept, rule, index),
                )
                .with_label(format!("earlier than {}", before.to_ruleset_string()))
                .with_help("history lines are in the order the changes happened; check the date"),
            ),
            _ => latest = Some(date),
        }
    }
}

fn unparsed(kept: Option<Kept<'_>>, rule: &Rule, findings: &mut Vec<Diagnostic>) {
    for (index, entry) in rule.history.iter().enumerate() {
        if entry.kind == HistoryKind::Other {
            findings.push(
                finding(
                    Code::UnparsedHistoryLine,
                    format!("a history line of rule {} could not be read", rule.label()),
                    entry_span(kept, rule, index),
                )
                .with_label(if says_amended(&entry.source) {
                    "not a known history entry (counted as an amendment)"
                } else {
                    "not a known history entry"
                })
                .with_help(
                    "write it as `Initial mutable Rule N, Mon D, YYYY`, `Enacted by Proposal N (Proposer), Mon D, YYYY (RxTy)`, `Amended (k) by Proposal N (Proposer), Mon D, YYYY (RxTy)` or another entry `nomic help formats` lists",
                ),
            );
        }
    }
    for (index, judgment) in rule.judgments.iter().enumerate() {
        if judgment.judge.is_none() && judgment.date.is_none() {
            let lines = rule.judgments.iter().map(|j| j.source.as_str());
            let span = line_span(kept, lines, index);
            findings.push(
                finding(
                    Code::UnparsedJudgmentLine,
                    format!("a judgment of rule {} could not be read", rule.label()),
                    span,
                )
                .with_label("no judge or date found")
                .with_help("write it as `ruling (Judge), Mon D, YYYY (RxTy)`"),
            );
        }
    }
}

/// The rule number a history entry says the rule got: an enacting or
/// reenacting proposal's, a temporary rule's, or the initial number.
fn number_given(entry: &HistoryEntry) -> Option<u32> {
    match entry.kind {
        HistoryKind::Enacted | HistoryKind::Reenacted | HistoryKind::CreatedFromTemporary => {
            entry.proposal
        }
        HistoryKind::Initial => initial_number(&entry.source),
        HistoryKind::Renumbered => entry.renumbered_to(),
        _ => None,
    }
}

/// `Initial mutable Rule 203, …` → 203.
fn initial_number(source: &str) -> Option<u32> {
    let after = &source[source.find("Rule ")? + 5..];
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn enacting_number(kept: Option<Kept<'_>>, rule: &Rule, findings: &mut Vec<Diagnostic>) {
    // The last entry that gave the rule its number is the one that counts: a
    // repealed and reenacted rule takes the reenacting proposal's number.
    let giving = rule
        .history
        .iter()
        .enumerate()
        .rev()
        .find_map(|(index, entry)| Some((index, entry, number_given(entry)?)));
    let Some((index, entry, given)) = giving else {
        return;
    };
    if given == rule.number {
        return;
    }
    let (what, help) = match entry.kind {
        HistoryKind::Initial => (
            format!("rule {} is recorded as initial rule {given}", rule.label()),
            "initial rules keep the number the Initial Set gives them",
        ),
        HistoryKind::CreatedFromTemporary => (
            format!(
                "rule {} was created from temporary rule {given}",
                rule.number
            ),
            "a rule created from a temporary rule keeps the temporary rule's number",
        ),
        HistoryKind::Renumbered => (
            format!("rule {} was renumbered to {given}", rule.label()),
            "a renumbered rule keeps the number it was renumbered to",
        ),
        _ => (
            format!("rule {} was enacted by proposal {given}", rule.label()),
            "an enacted rule receives the number of the proposal that enacted it",
        ),
    };
    findings.push(
        finding(Code::EnactedNumberMismatch, what, locate::heading(kept))
            .with_label(format!("expected rule {given}"))
            .with_help(format!(
                "{help}; the history says \"{}\"",
                rule.history[index].source
            )),
    );
}

/// What the history says the mutability is: the initial adjective, then
/// each transmutation. `None` when the history does not say.
fn mutability_from_history(rule: &Rule) -> Option<(Mutability, usize)> {
    let mut known = None;
    for (index, entry) in rule.history.iter().enumerate() {
        // Only these entries say anything: only their lines are lowered.
        if !matches!(
            entry.kind,
            HistoryKind::Initial
                | HistoryKind::Transmuted
                | HistoryKind::Enacted
                | HistoryKind::Reenacted
                | HistoryKind::CreatedFromTemporary
        ) {
            continue;
        }
        let source = entry.source.to_lowercase();
        let said = match entry.kind {
            HistoryKind::Initial if source.starts_with("initial immutable") => {
                Some(Mutability::Immutable)
            }
            HistoryKind::Initial if source.starts_with("initial mutable") => {
                Some(Mutability::Mutable)
            }
            HistoryKind::Transmuted if source.contains("to immutable") => {
                Some(Mutability::Immutable)
            }
            HistoryKind::Transmuted if source.contains("to mutable") => Some(Mutability::Mutable),
            // Enactment may make either; it says nothing about the marker.
            HistoryKind::Enacted | HistoryKind::Reenacted | HistoryKind::CreatedFromTemporary => {
                None
            }
            _ => continue,
        };
        known = said.map(|m| (m, index));
    }
    known
}

fn mutability(kept: Option<Kept<'_>>, rule: &Rule, findings: &mut Vec<Diagnostic>) {
    if matches!(rule.mutability, Mutability::Other(_)) {
        return;
    }
    let Some((said, index)) = mutability_from_history(rule) else {
        return;
    };
    if said == rule.mutability {
        return;
    }
    let marked = if rule.is_immutable() {
        "marked immutable"
    } else {
        "not marked immutable"
    };
    let history_line = &rule.history[index].source;
    findings.push(
        finding(
            Code::MutabilityContradictsHistory,
            format!(
                "rule {} is {marked}, but its history makes it {said}",
                rule.number
            ),
            locate::heading(kept),
        )
        .with_label(marked)
        .with_help(format!(
            "the history says \"{history_line}\" and records no later transmutation; fix the marker or add the transmutation"
        )),
    );
}

#[cfg(test)]
mod tests;
