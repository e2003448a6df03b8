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
    /// this call cannot be replayed after it: only the Monte Carlo fast
    /// path, which keeps no events, uses it.
    pub fn forget_settled(&mut self) -> Settled {
        let removable = |state: &State, id: usize| {
            !matches!(
                state.proposals[id].status,
                ProposalStatus::Queued | ProposalStatus::Voting
            ) && state.current != Some(id)
                && !state.scheduled.contains(&id)
        };
        let mut settled = Settled::default();
        for id in 0..self.proposals.len() {
            if removable(self, id) {
                settled.proposals += 1;
                match self.proposals[id].status {
                    ProposalStatus::Adopted => settled.adopted += 1,
                    ProposalStatus::Rejected => settled.rejected += 1,
                    _ => {}
                }
            }
        }
        if settled.proposals == 0 {
            return settled;
        }
        let new_index =
            |state: &State, id: usize| id - (0..id).filter(|&k| removable(state, k)).count();
        let current = self.current.map(|id| new_index(self, id));
        let scheduled: Vec<usize> = self
            .scheduled
            .iter()
            .map(|&id| new_index(self, id))
            .collect();
        let keep: Vec<bool> = (0..self.proposals.len())
            .map(|id| !removable(self, id))
            .collect();
        let mut index = 0;
        self.proposals.retain(|_| {
            index += 1;
            keep[index - 1]
        });
        self.current = current;
        self.scheduled = scheduled;
        settled
    }
}
