//! Forgetting settled proposals, so that a long Monte Carlo game keeps
//! constant memory whatever its number of turns.

use super::{ProposalStatus, State};

/// What [`State::forget_settled`] removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settled {
    /// Proposals removed.
    pub proposals: u64,
    /// Of those, the adopted ones.
    pub adopted: u64,
    /// Of those, the rejected ones.
    pub rejected: u64,
}

impl State {
    /// Removes every proposal that is adopted, rejected, void or withdrawn
    /// and no longer referenced (not being voted on, not waiting to take
    /// effect), renumbering the indices that remain; returns what was
    /// removed. Events name proposals by index, so a log recorded before
    /// this call cannot be replayed after it: only Monte Carlo games on
    /// `Engine<()>`, which keep no events, use it.
    pub fn forget_settled(&mut self) -> Settled {
        // One pass, no allocation: a kept proposal's new index is the number
        // kept before it. Renumbering `scheduled` in place is safe because
        // proposals are visited in index order and a new index is never
        // more than the old one, so a renumbered entry cannot match a later
        // proposal.
        let current = self.current;
        let scheduled = &mut self.scheduled;
        let mut settled = Settled::default();
        let (mut old, mut kept) = (0, 0);
        let mut new_current = None;
        self.proposals.retain(|proposal| {
            let id = old;
            old += 1;
            let mut waiting = false;
            for s in scheduled.iter_mut().filter(|s| **s == id) {
                *s = kept;
                waiting = true;
            }
            let keep = waiting
                || current == Some(id)
                || matches!(
                    proposal.status,
                    ProposalStatus::Queued | ProposalStatus::Voting
                );
            if keep {
                if current == Some(id) {
                    new_current = Some(kept);
                }
                kept += 1;
            } else {
                settled.proposals += 1;
                match proposal.status {
                    ProposalStatus::Adopted => settled.adopted += 1,
                    ProposalStatus::Rejected => settled.rejected += 1,
                    _ => {}
                }
            }
            keep
        });
        self.current = new_current;
        settled
    }
}
