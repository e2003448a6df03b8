//! Checks made before a proposal touches the ruleset: its number is new,
//! and no two of its operations contradict each other.

use super::error::{AmendError, AmendErrorKind};
use super::proposal::{OperationKind, Proposal};
use crate::model::{HistoryKind, Ruleset};

/// Refuses a proposal whose number a history entry already names.
pub(super) fn check_number_unused(
    ruleset: &Ruleset,
    proposal: &Proposal,
) -> Result<(), AmendError> {
    let Some(number) = proposal.number else {
        return Ok(());
    };
    for rule in &ruleset.rules {
        let used = rule.history.iter().any(|entry| {
            // `Created from Temporary Rule N` keeps N in `proposal`: not a proposal.
            entry.proposal == Some(number)
                && !matches!(
                    entry.kind,
                    HistoryKind::CreatedFromTemporary | HistoryKind::Initial | HistoryKind::Other
                )
        });
        if used {
            return Err(AmendError::new(AmendErrorKind::ProposalNumberUsed {
                proposal: number,
                rule: rule.number,
            }));
        }
    }
    Ok(())
}

/// Refuses two operations on one rule that cannot both hold: a repeal with
/// anything else, two new texts (or a new text and a replacement), two
/// transmutations, two renumberings. Several replacements in one rule are
/// fine: they apply in order.
pub(super) fn check_contradictions(proposal: &Proposal, index: usize) -> Result<(), AmendError> {
    for (i, later) in proposal.operations.iter().enumerate() {
        let Some(rule) = later.kind.target() else {
            continue;
        };
        for earlier in &proposal.operations[..i] {
            if earlier.kind.target() != Some(rule) {
                continue;
            }
            if contradict(&earlier.kind, &later.kind) {
                return Err(AmendError::new(AmendErrorKind::Contradiction {
                    rule,
                    first: earlier.kind.verb(),
                    second: later.kind.verb(),
                })
                .at(index, later.span.clone()));
            }
        }
    }
    Ok(())
}

fn contradict(a: &OperationKind, b: &OperationKind) -> bool {
    use OperationKind::{Amend, Renumber, Repeal, Replace, Transmute};
    matches!(
        (a, b),
        (Repeal { .. }, _)
            | (_, Repeal { .. })
            | (Amend { .. }, Amend { .. } | Replace { .. })
            | (Replace { .. }, Amend { .. })
            | (Transmute { .. }, Transmute { .. })
            | (Renumber { .. }, Renumber { .. })
    )
}
