//! Carrying out adopted proposals on a ruleset, all or nothing.

use super::conflicts::{check_contradictions, check_number_unused};
use super::error::{AmendError, AmendErrorKind, Note};
use super::layout_patch::{fix_separators, LastRule};
use super::numbering::Numbering;
use super::order;
use super::proposal::{Operation, OperationKind, Proposal};
use super::renumber::{renumber_in_place, repealed_citations};
use crate::model::{Change, HistoryEntry, HistoryKind, Mutability, Rule, Ruleset};
use std::collections::{BTreeMap, BTreeSet};

/// How to apply proposals.
#[derive(Debug, Clone, Default)]
pub struct ApplyOptions {
    /// The numbering policy; `None` reads it from the ruleset's text.
    pub numbering: Option<Numbering>,
    /// Links for the new history entries.
    pub links: Option<Links>,
}

/// A link template (`{commit}` and `{rule}` placeholders) and the commit
/// that holds the rule pages as they stand after the proposals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Links {
    /// The URL, with `{commit}` and `{rule}` where the commit and the rule's
    /// number go.
    pub template: String,
    /// The commit that replaces `{commit}`.
    pub commit: String,
}

impl Links {
    /// The page of a rule, as `nomic build` names it (`rules/md/203.md`).
    pub(crate) fn url(&self, rule: u32) -> String {
        self.template
            .replace("{commit}", &self.commit)
            .replace("{rule}", &rule.to_string())
    }
}

/// The ruleset after the proposals, and what the user should know.
#[derive(Debug, Clone)]
pub struct Applied {
    /// The ruleset with every proposal applied.
    pub ruleset: Ruleset,
    /// The numbering policy that was used (given, or read from the ruleset).
    pub numbering: Numbering,
    /// What the user should know that did not stop the change, in order.
    pub notes: Vec<Note>,
    /// The rules enacted, amended, transmuted or renumbered, by final number.
    pub changed: BTreeSet<u32>,
    /// The numbers of the rules repealed.
    pub repealed: BTreeSet<u32>,
}

/// Applies the proposals in order. If any operation of any proposal is
/// refused, nothing is applied and the error names the proposal (its index
/// in `proposals`) and the line.
pub fn apply(
    ruleset: &Ruleset,
    proposals: &[Proposal],
    options: &ApplyOptions,
) -> Result<Applied, AmendError> {
    let numbering = options.numbering.unwrap_or_else(|| Numbering::of(ruleset));
    let mut applied = Applied {
        ruleset: ruleset.clone(),
        numbering,
        notes: Vec::new(),
        changed: BTreeSet::new(),
        repealed: BTreeSet::new(),
    };
    let mut seen = BTreeSet::new();
    for (index, proposal) in proposals.iter().enumerate() {
        if let Some(number) = proposal.number.filter(|n| !seen.insert(*n)) {
            return Err(
                AmendError::new(AmendErrorKind::ProposalRepeated { proposal: number })
                    .at(index, proposal.span.clone()),
            );
        }
        check_number_unused(&applied.ruleset, proposal)
            .map_err(|e| e.at(index, proposal.span.clone()))?;
        check_contradictions(proposal, index)?;
        let last_before = LastRule::of(&applied.ruleset);
        let mut step = Step {
            ruleset: &mut applied.ruleset,
            proposal,
            change: proposal.number.map(|number| proposal.change_by(number)),
            numbering,
            has_revisions: ruleset.rules.iter().any(|r| r.revision.is_some()),
            amended: BTreeSet::new(),
            transmuted: BTreeSet::new(),
            created: BTreeSet::new(),
            repealed: BTreeSet::new(),
            mapping: BTreeMap::new(),
        };
        for operation in &proposal.operations {
            step.operation(operation)
                .map_err(|e| e.at(index, operation.span.clone()))?;
        }
        let result = step
            .finish()
            .map_err(|e| e.at(index, proposal.span.clone()))?;
        fix_separators(&mut applied.ruleset, last_before, &result.mapping);
        applied.changed = applied
            .changed
            .iter()
            .map(|n| result.mapping.get(n).copied().unwrap_or(*n))
            .collect();
        // A rule repealed and then enacted again under its number (in this
        // proposal or a later one) is changed, not repealed.
        applied.changed.retain(|n| !result.repealed.contains(n));
        applied.repealed.extend(result.repealed);
        for number in result.changed {
            applied.repealed.remove(&number);
            applied.changed.insert(number);
        }
        applied.notes.extend(result.notes);
        if let (Some(_), Some(number)) = (&applied.ruleset.agora, proposal.number) {
            super::agora::restyle(&mut applied.ruleset, proposal, number, &mut applied.notes);
        }
        if let Some(links) = &options.links {
            link_entries(&mut applied.ruleset, proposal, links);
        }
    }
    Ok(applied)
}

/// What one proposal did.
struct StepResult {
    changed: BTreeSet<u32>,
    repealed: BTreeSet<u32>,
    mapping: BTreeMap<u32, u32>,
    notes: Vec<Note>,
}

/// One proposal being applied. Rules keep their numbers until `finish`,
/// so every operation names rules as they stood before the proposal.
struct Step<'a> {
    ruleset: &'a mut Ruleset,
    proposal: &'a Proposal,
    /// Who made the change, naming the proposal; none without a number.
    change: Option<Change>,
    numbering: Numbering,
    has_revisions: bool,
    amended: BTreeSet<u32>,
    transmuted: BTreeSet<u32>,
    created: BTreeSet<u32>,
    repealed: BTreeSet<u32>,
    mapping: BTreeMap<u32, u32>,
}

impl Step<'_> {
    /// The proposal's number, which every operation but a temporary rule's
    /// needs (a history entry or a new rule's number names it).
    fn number(&self, verb: &'static str) -> Result<u32, AmendError> {
        self.proposal
            .number
            .ok_or(AmendError::new(AmendErrorKind::Unnumbered { verb }))
    }

    /// Who made the change, naming the proposal (see [`Step::number`]).
    fn change(&self, verb: &'static str) -> Result<Change, AmendError> {
        self.change
            .clone()
            .ok_or(AmendError::new(AmendErrorKind::Unnumbered { verb }))
    }

    fn existing(&mut self, rule: u32, verb: &'static str) -> Result<&mut Rule, AmendError> {
        self.ruleset
            .rule_mut(rule)
            .ok_or(AmendError::new(AmendErrorKind::NoSuchRule { rule, verb }))
    }

    fn mutable(&mut self, rule: u32, verb: &'static str) -> Result<&mut Rule, AmendError> {
        let found = self.existing(rule, verb)?;
        if found.is_immutable() {
            return Err(AmendError::new(AmendErrorKind::Immutable { rule, verb }));
        }
        Ok(found)
    }

    fn number_taken(&self, number: u32) -> bool {
        (self.ruleset.rule(number).is_some() && !self.mapping.contains_key(&number))
            || self.mapping.values().any(|&n| n == number)
    }

    fn operation(&mut self, operation: &Operation) -> Result<(), AmendError> {
        let verb = operation.kind.verb();
        match &operation.kind {
            OperationKind::Enact {
                number,
                mutability,
                text,
            } => {
                let number = match number {
                    Some(number) => *number,
                    None => self.number(verb)?,
                };
                let entry = HistoryEntry::enacted(&self.change(verb)?);
                self.create(number, mutability, text, entry, verb)
            }
            OperationKind::Reenact {
                rule,
                mutability,
                text,
            } => {
                if self.ruleset.rule(*rule).is_some() {
                    return Err(AmendError::new(AmendErrorKind::RuleExists {
                        rule: *rule,
                        verb,
                    }));
                }
                let entry = HistoryEntry::reenacted(&self.change(verb)?);
                let number = match self.numbering {
                    Numbering::Revision => *rule,
                    Numbering::Renumber => self.number(verb)?,
                };
                self.create(number, mutability, text, entry, verb)
            }
            OperationKind::FromTemporary {
                temporary,
                number,
                mutability,
                text,
            } => {
                self.check_temporary_unused(*temporary)?;
                let number = match number {
                    Some(number) => *number,
                    None => self.free_number_for(*temporary)?,
                };
                // The entry names the temporary rule, never a proposal.
                let entry =
                    HistoryEntry::created_from_temporary(&self.proposal.change_by(*temporary));
                self.create(number, mutability, text, entry, verb)
            }
            OperationKind::Amend { rule, text } => {
                self.mutable(*rule, verb)?.text = text.clone();
                self.record_amendment(*rule)
            }
            OperationKind::Replace {
                rule,
                find,
                replacement,
            } => {
                let target = self.mutable(*rule, verb)?;
                let count = if find.is_empty() {
                    0
                } else {
                    target.text.matches(find.as_str()).count()
                };
                if count != 1 {
                    return Err(AmendError::new(AmendErrorKind::ReplaceCount {
                        rule: *rule,
                        find: find.clone(),
                        count,
                    }));
                }
                target.text = target.text.replacen(find.as_str(), replacement, 1);
                self.record_amendment(*rule)
            }
            OperationKind::Repeal { rule } => {
                self.number(verb)?;
                self.mutable(*rule, verb)?;
                order::remove(self.ruleset, *rule);
                self.repealed.insert(*rule);
                Ok(())
            }
            OperationKind::Transmute { rule, to } => {
                let change = self.change(verb)?;
                let target = self.existing(*rule, verb)?;
                if target.mutability == *to {
                    return Err(AmendError::new(AmendErrorKind::AlreadyIs {
                        rule: *rule,
                        to: to.clone(),
                    }));
                }
                target.mutability = to.clone();
                let to_immutable = *to == Mutability::Immutable;
                target
                    .history
                    .push(HistoryEntry::transmuted(to_immutable, &change));
                self.transmuted.insert(*rule);
                Ok(())
            }
            OperationKind::Renumber { rule, to } => {
                self.existing(*rule, verb)?;
                if self.number_taken(*to) {
                    return Err(AmendError::new(AmendErrorKind::RuleExists {
                        rule: *to,
                        verb: "renumber a rule to",
                    }));
                }
                self.mapping.insert(*rule, *to);
                Ok(())
            }
        }
    }

    /// Refuses a temporary rule that a history entry says already became a
    /// rule.
    fn check_temporary_unused(&self, temporary: u32) -> Result<(), AmendError> {
        let created = self.ruleset.rules.iter().find(|rule| {
            rule.history.iter().any(|entry| {
                entry.kind == HistoryKind::CreatedFromTemporary && entry.proposal == Some(temporary)
            })
        });
        match created {
            Some(rule) => Err(AmendError::new(AmendErrorKind::TemporaryUsed {
                temporary,
                rule: rule.number,
            })),
            None => Ok(()),
        }
    }

    /// The number a temporary rule takes when the proposal names none: its
    /// own number, raised to the floor the ruleset's text declares
    /// ("numbered 600's and above"), or the first free number after that.
    fn free_number_for(&self, temporary: u32) -> Result<u32, AmendError> {
        let floor = crate::rules_text::temporary_rule_floor(self.ruleset).unwrap_or(0);
        let from = temporary.max(floor);
        (from..=u32::MAX)
            .find(|&n| !self.number_taken(n))
            .ok_or(AmendError::new(AmendErrorKind::NoFreeNumber {
                temporary,
                from,
            }))
    }

    fn create(
        &mut self,
        number: u32,
        mutability: &Mutability,
        text: &str,
        entry: HistoryEntry,
        verb: &'static str,
    ) -> Result<(), AmendError> {
        if self.number_taken(number) {
            return Err(AmendError::new(AmendErrorKind::RuleExists {
                rule: number,
                verb,
            }));
        }
        let rule = Rule {
            revision: self.has_revisions.then_some(0),
            mutability: mutability.clone(),
            history: vec![entry],
            ..Rule::new(number, text)
        };
        order::insert(self.ruleset, rule);
        self.created.insert(number);
        Ok(())
    }

    /// One history entry and one revision per rule and proposal, however
    /// many replacements the proposal makes in it.
    /// A revision past `u32::MAX` is refused, naming the rule: it never
    /// wraps to `Amended (0)`.
    fn record_amendment(&mut self, number: u32) -> Result<(), AmendError> {
        let change = self.change("amend")?;
        if !self.amended.insert(number) {
            return Ok(());
        }
        let Some(rule) = self.ruleset.rule_mut(number) else {
            return Ok(());
        };
        let revision = rule.revision.unwrap_or(0).max(rule.amendment_count());
        let k =
            revision
                .checked_add(1)
                .ok_or(AmendError::new(AmendErrorKind::RevisionOverflow {
                    rule: number,
                    revision,
                }))?;
        if rule.revision.is_some() {
            rule.revision = Some(k);
        }
        rule.history.push(HistoryEntry::amended(k, &change));
        Ok(())
    }

    fn finish(mut self) -> Result<StepResult, AmendError> {
        if self.numbering == Numbering::Renumber {
            let moved: BTreeSet<u32> = self
                .amended
                .union(&self.transmuted)
                .copied()
                .filter(|n| !self.created.contains(n))
                .collect();
            if let Some(&first) = moved.first() {
                let number = self.number("renumber")?;
                let taken = self.number_taken(number) && !moved.contains(&number);
                if moved.len() > 1 || taken || self.mapping.contains_key(&first) {
                    let mut rules: Vec<u32> = moved.iter().copied().collect();
                    if taken {
                        rules.push(number);
                    }
                    return Err(AmendError::new(AmendErrorKind::NumberCollision {
                        number,
                        rules,
                    }));
                }
                self.mapping.insert(first, number);
            }
        }
        let mut notes = renumber_in_place(self.ruleset, &self.mapping, self.change.as_ref())?;
        if let Some(number) = self.proposal.number {
            for &repealed in &self.repealed {
                notes.extend(repealed_citations(self.ruleset, repealed, number));
            }
        }
        let renumbered = |n: &u32| self.mapping.get(n).copied().unwrap_or(*n);
        let changed = self
            .amended
            .iter()
            .chain(&self.transmuted)
            .chain(&self.created)
            .chain(self.mapping.keys())
            .map(renumbered)
            .collect();
        Ok(StepResult {
            changed,
            repealed: self.repealed,
            mapping: self.mapping,
            notes,
        })
    }
}

/// Links the entries the proposal added to each rule's page: those naming
/// it, and the `Created from Temporary Rule N` entries of the temporary
/// rules it made rules.
fn link_entries(ruleset: &mut Ruleset, proposal: &Proposal, links: &Links) {
    let temporaries: BTreeSet<u32> = proposal
        .operations
        .iter()
        .filter_map(|operation| match operation.kind {
            OperationKind::FromTemporary { temporary, .. } => Some(temporary),
            _ => None,
        })
        .collect();
    for rule in &mut ruleset.rules {
        let url = links.url(rule.number);
        for entry in &mut rule.history {
            let ours = match entry.kind {
                HistoryKind::Other => false,
                HistoryKind::CreatedFromTemporary => {
                    entry.proposal.is_some_and(|n| temporaries.contains(&n))
                }
                _ => entry.proposal.is_some() && entry.proposal == proposal.number,
            };
            if ours && entry.link.is_none() {
                entry.link = Some(url.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests;
