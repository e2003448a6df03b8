//! Rule changes on the ruleset: what an adopted proposal does to the rules,
//! with a history line for each change.

use crate::model::{Change, HistoryEntry, Mutability, Rule, Ruleset};

fn change(proposal: u32) -> Change {
    Change {
        proposal,
        ..Change::default()
    }
}

/// Replaces a rule's text; `new_number` differs when the ruleset renumbers
/// amended rules (Nomic I 108).
pub(super) fn amend(
    ruleset: &mut Ruleset,
    number: u32,
    new_number: u32,
    revision: Option<u32>,
    text: &str,
    proposal: u32,
) {
    if let Some(rule) = ruleset.rule_mut(number) {
        rule.number = new_number;
        rule.revision = revision;
        rule.text = text.to_string();
        let k = rule.amendment_count() + 1;
        rule.history
            .push(HistoryEntry::amended(k, &change(proposal)));
        rule.layout = None;
    }
    ruleset.rules.sort_by_key(|rule| rule.number);
}

/// Adds a rule numbered after the proposal that enacted it (IV 107).
pub(super) fn enact(ruleset: &mut Ruleset, number: u32, text: &str, proposal: u32) {
    let mut rule = Rule::new(number, text);
    rule.revision = Some(0).filter(|_| ruleset.rules.iter().any(|r| r.revision.is_some()));
    rule.history.push(HistoryEntry::enacted(&change(proposal)));
    ruleset.rules.retain(|r| r.number != number);
    ruleset.rules.push(rule);
    ruleset.rules.sort_by_key(|rule| rule.number);
}

/// Flips a rule between mutable and immutable.
pub(super) fn transmute(
    ruleset: &mut Ruleset,
    number: u32,
    new_number: u32,
    immutable: bool,
    proposal: u32,
) {
    if let Some(rule) = ruleset.rule_mut(number) {
        rule.number = new_number;
        rule.mutability = if immutable {
            Mutability::Immutable
        } else {
            Mutability::Mutable
        };
        rule.history
            .push(HistoryEntry::transmuted(immutable, &change(proposal)));
        rule.layout = None;
    }
    ruleset.rules.sort_by_key(|rule| rule.number);
}
