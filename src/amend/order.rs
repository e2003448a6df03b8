//! Where rules stand in the file. The file's order is the moderator's: no
//! command moves a rule it was not asked to change, and a rule that is new
//! or takes a new number goes where the file's own order puts it.
//!
//! - A new rule goes right after the last rule in the file numbered below
//!   it (first in the file when there is none). In a file in number order
//!   that is its place by number; in one that is not (renumbered rules left
//!   where they stood, `### 303 (formerly 201)`), rules out of place do not
//!   draw it in, since they stand before rules numbered above them.
//! - It ends the group of that rule: the group headings after the rule (a
//!   dialect's `## Mutable Rules`) move after the new rule.
//! - A rule that takes a new number moves to its place by that number
//!   only when the file is in number order; in a file that is not, it stays
//!   where it stood, as the moderator left the rules renumbered before it.
//! - A rule that goes leaves the group headings after it in place, after
//!   the rule before it (or in the header).

use crate::model::{Rule, RuleLayout, Ruleset};

/// Whether every rule is numbered above the one before it in the file.
pub(super) fn in_number_order(ruleset: &Ruleset) -> bool {
    ruleset
        .rules
        .windows(2)
        .all(|pair| pair[0].number < pair[1].number)
}

/// Puts `rule` right after the last rule numbered below it, at the end of
/// that rule's group.
pub(super) fn insert(ruleset: &mut Ruleset, mut rule: Rule) {
    let at = ruleset
        .rules
        .iter()
        .rposition(|r| r.number < rule.number)
        .map_or(0, |before| before + 1);
    if let Some(before) = at.checked_sub(1) {
        if let Some(trailer) = take_trailer(&mut ruleset.rules[before]) {
            give_trailer(&mut rule, &trailer);
        }
    }
    ruleset.rules.insert(at, rule);
}

/// Takes the rule numbered `number` out of the ruleset; the group headings
/// after it stay where they were.
pub(super) fn remove(ruleset: &mut Ruleset, number: u32) -> Option<Rule> {
    let at = ruleset.rules.iter().position(|r| r.number == number)?;
    let mut rule = ruleset.rules.remove(at);
    if let Some(trailer) = take_trailer(&mut rule) {
        match at.checked_sub(1) {
            Some(before) => give_trailer(&mut ruleset.rules[before], &trailer),
            None => {
                if let Some(document) = ruleset.layout.as_mut() {
                    document.header.push_str(&trailer);
                }
            }
        }
    }
    Some(rule)
}

/// Moves the rules `moved` names (by number) to their places by number,
/// all at once: taken out, then put back lowest first, so that a file in
/// number order stays in it.
pub(super) fn replace_by_number(ruleset: &mut Ruleset, moved: impl IntoIterator<Item = u32>) {
    let mut taken: Vec<Rule> = moved
        .into_iter()
        .filter_map(|number| remove(ruleset, number))
        .collect();
    taken.sort_by_key(|rule| rule.number);
    for rule in taken {
        insert(ruleset, rule);
    }
}

/// The group headings that end a rule's source, cut from it.
fn take_trailer(rule: &mut Rule) -> Option<String> {
    let layout = rule.layout.as_mut()?;
    // The source ends with the trailer as it was read; one that no longer
    // does is left whole, headings and all.
    let kept = layout.source.strip_suffix(layout.trailer.as_str())?.len();
    if layout.trailer.is_empty() {
        return None;
    }
    layout.source.truncate(kept);
    Some(std::mem::take(&mut layout.trailer))
}

/// Adds group headings after a rule: after its kept source, and after the
/// rule when it is written anew.
fn give_trailer(rule: &mut Rule, trailer: &str) {
    let layout = rule.layout.get_or_insert_with(RuleLayout::written_anew);
    layout.source.push_str(trailer);
    layout.trailer.push_str(trailer);
}

#[cfg(test)]
mod tests;
