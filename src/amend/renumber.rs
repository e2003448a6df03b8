//! Renumbering rules and every citation of them (Nomic I rule 308: "When a
//! rule receives a new number, all rules that reference said rule are
//! updated to reflect the new numbering").

use super::citations::cites;
use super::error::{AmendError, AmendErrorKind, Note};
use super::layout_patch::{fix_separators, patch_rule, LastRule};
use super::order;
use crate::model::{Change, HistoryEntry, Ruleset};
use crate::refs;
use std::collections::{BTreeMap, BTreeSet};

/// Gives each rule `old` of the mapping the number `new` and rewrites the
/// digits of every citation of it in every rule's text. No other rule
/// moves: a renumbered rule goes to its place by its new number when the
/// rules were in number order, and stays where it stood when they were not
/// (the file's order is the moderator's; see `order`). Rules that only
/// change numbers keep their source bytes, patched. Judgments and history lines are records of the past and keep the
/// numbers they had; a renumbered rule that has a history gets a
/// `Renumbered from Rule N to Rule M` entry.
///
/// Refused, with the ruleset untouched, when two rules would share a
/// number. A mapping entry for a rule
/// that is not in the ruleset (a repealed rule) is skipped and reported, as
/// are ranges (`Rules 201-219`) that include a renumbered rule.
pub fn renumber(
    ruleset: &mut Ruleset,
    mapping: &BTreeMap<u32, u32>,
) -> Result<Vec<Note>, AmendError> {
    let before = LastRule::of(ruleset);
    let notes = renumber_in_place(ruleset, mapping, None)?;
    fix_separators(ruleset, before, mapping);
    Ok(notes)
}

/// `renumber` without the separator fix, for callers that make other
/// changes too and fix separators once at the end. `change` is the
/// proposal that renumbers, for the history entry.
pub(crate) fn renumber_in_place(
    ruleset: &mut Ruleset,
    mapping: &BTreeMap<u32, u32>,
    change: Option<&Change>,
) -> Result<Vec<Note>, AmendError> {
    let mut notes = Vec::new();
    let mut moves: BTreeMap<u32, u32> = BTreeMap::new();
    for (&old, &new) in mapping {
        if old == new {
            continue;
        }
        if ruleset.rule(old).is_none() {
            notes.push(missing_rule_note(ruleset, old));
            continue;
        }
        moves.insert(old, new);
    }
    check_targets(ruleset, &moves)?;
    if moves.is_empty() {
        return Ok(notes);
    }
    let in_number_order = order::in_number_order(ruleset);
    for rule in &mut ruleset.rules {
        let kept = rule.unchanged_source().is_some();
        let old_number = rule.number;
        let old_text = rule.text.clone();
        let mut renumbered = refs::renumber(&old_text, &moves);
        if rule.agora.is_some() {
            renumbered.text = super::agora::renumber_short_citations(&renumbered.text, &moves);
        }
        let new_number = moves.get(&old_number).copied().unwrap_or(old_number);
        for skipped in &renumbered.skipped {
            let span = &skipped.cited.span;
            let end = skipped
                .cited
                .range_end
                .as_ref()
                .map_or(span.end, |(_, s)| s.end);
            notes.push(Note {
                rule: Some(new_number),
                message: format!(
                    "Rule {new_number} cites `{}`, left as it is: {}",
                    &old_text[span.start..end],
                    skipped.reason
                ),
            });
        }
        let rewrote = !renumbered.rewritten.is_empty();
        rule.text = renumbered.text;
        // A rule with a history records why its number changed (so the
        // history still explains the number); its bytes are then rewritten.
        let mut recorded = false;
        if let Some(&new) = moves.get(&old_number) {
            rule.number = new;
            // An identifier as written follows its number (`xiv` → `xv`).
            rule.id = rule
                .id
                .as_deref()
                .map(|id| crate::model::identifier::renumbered(id, new));
            if !rule.history.is_empty() {
                let mut entry = HistoryEntry::renumbered(old_number, new, change);
                if rule.agora.is_some() && change.is_none() {
                    entry = super::agora::renumbered(old_number, new);
                }
                rule.history.push(entry);
                recorded = true;
            }
        }
        if kept && !recorded {
            patch_rule(rule, old_number, &old_text, rewrote, &moves);
        }
    }
    match ruleset.agora.as_mut() {
        // Agora's rules stay in index order; the index follows the numbers.
        Some(agora) => {
            for number in agora.categories.iter_mut().flat_map(|c| c.rules.iter_mut()) {
                *number = moves.get(number).copied().unwrap_or(*number);
            }
        }
        // A file in number order stays in it; in one that is not, the
        // renumbered rules stand where they stood (see `order`).
        None if in_number_order => order::replace_by_number(ruleset, moves.into_values()),
        None => {}
    }
    Ok(notes)
}

fn check_targets(ruleset: &Ruleset, moves: &BTreeMap<u32, u32>) -> Result<(), AmendError> {
    let mut targets = BTreeSet::new();
    for (&old, &new) in moves {
        if !targets.insert(new) {
            return Err(AmendError::new(AmendErrorKind::Renumber(format!(
                "two rules would take number {new} (Rule {old} is one of them)"
            ))));
        }
        if ruleset.rule(new).is_some() && !moves.contains_key(&new) {
            return Err(AmendError::new(AmendErrorKind::RuleExists {
                rule: new,
                verb: "renumber a rule to",
            }));
        }
    }
    Ok(())
}

fn missing_rule_note(ruleset: &Ruleset, old: u32) -> Note {
    let citing: Vec<String> = ruleset
        .rules
        .iter()
        .filter(|rule| cites(&rule.text, old))
        .map(|rule| rule.number.to_string())
        .collect();
    let cited = if citing.is_empty() {
        String::from("no rule cites it")
    } else {
        format!(
            "its citations in Rules {} are left as they are",
            citing.join(", ")
        )
    };
    Note {
        rule: Some(old),
        message: format!(
            "Rule {old} is not in the ruleset (repealed?), so it is not renumbered; {cited}"
        ),
    }
}

/// Notes for every citation of a repealed rule left in the ruleset.
pub(super) fn repealed_citations(ruleset: &Ruleset, repealed: u32, proposal: u32) -> Vec<Note> {
    ruleset
        .rules
        .iter()
        .filter(|rule| cites(&rule.text, repealed))
        .map(|rule| Note {
            rule: Some(rule.number),
            message: format!(
                "Rule {} cites Rule {repealed}, which Proposal {proposal} repealed; the citation is left as it is",
                rule.number
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests;
