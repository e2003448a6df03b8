//! The Proposal Queue of Nomic V (201-203): labelled proposals, one per
//! player, endorsements, sorted by active endorsers then creation time.

use super::{refuse, Engine, Refusal, RefusalCode, Sink};
use crate::engine::catalogue::Setting;
use crate::engine::event::{Event, PlayerId, ProposalBody};
use crate::engine::params::TurnKind;
use crate::engine::state::ProposalStatus;

impl<S: Sink> Engine<S> {
    /// V 201: an active player creates a proposal on the queue.
    pub fn create(
        &mut self,
        who: PlayerId,
        label: &str,
        body: ProposalBody,
        effects: Vec<Setting>,
    ) -> Result<(), Refusal> {
        if self.state.over {
            return refuse(RefusalCode::GameOver, "the game is over");
        }
        if self.state.params.turn_kind.value != TurnKind::Queue {
            return refuse(
                RefusalCode::WrongProposalKind,
                "this ruleset has no Proposal Queue: the mover `proposes`",
            );
        }
        if !self.player(who).active {
            return refuse(
                RefusalCode::Inactive,
                format!(
                    "{} is inactive: only active players create proposals",
                    self.state.name(who)
                ),
            );
        }
        if self
            .state
            .proposals
            .iter()
            .any(|p| p.label.as_deref() == Some(label))
        {
            return refuse(
                RefusalCode::DuplicateLabel,
                format!("a proposal labelled {label} already exists"),
            );
        }
        self.check_body(&body)?;
        if self.state.params.queue_one_per_player.value {
            let previous = self
                .queued()
                .find(|id| self.state.proposals[*id].proposer == who);
            if let Some(id) = previous {
                // V 201: creating another removes the first.
                self.emit(Event::ProposalWithdrawn { id });
            }
        }
        let id = self.state.proposals.len();
        let number =
            (!self.state.params.numbered_when_put_to_vote.value).then_some(self.state.next_number);
        let end = self.state.turn_end;
        self.emit(Event::ProposalSubmitted {
            id,
            number,
            label: Some(label.to_string()),
            proposer: who,
            body,
            effects,
            end,
        });
        Ok(())
    }

    /// V 202, 209: endorsements are granted and withdrawn freely by active players.
    pub fn endorse(&mut self, who: PlayerId, label: &str, endorse: bool) -> Result<(), Refusal> {
        if self.state.over {
            return refuse(RefusalCode::GameOver, "the game is over");
        }
        let Some(id) = self
            .queued()
            .find(|id| self.state.proposals[*id].label.as_deref() == Some(label))
        else {
            return refuse(
                RefusalCode::NotOnQueue,
                format!("no proposal labelled {label} is on the queue"),
            );
        };
        if !self.player(who).active {
            return refuse(
                RefusalCode::Inactive,
                format!(
                    "{} is inactive: only active players endorse",
                    self.state.name(who)
                ),
            );
        }
        self.emit(Event::Endorsed {
            id,
            player: who,
            endorse,
        });
        Ok(())
    }

    fn queued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.state.proposals.len())
            .filter(|id| self.state.proposals[*id].status == ProposalStatus::Queued)
    }

    /// The queue in order: most active endorsers first, then oldest first.
    pub fn queue_order(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self.queued().collect();
        let active_endorsers = |id: &usize| {
            self.state.proposals[*id]
                .endorsers
                .iter()
                .filter(|p| self.state.players[usize::from(**p)].active)
                .count()
        };
        if self.state.params.queue_sort_endorsements.value {
            ids.sort_by_key(|id| {
                (
                    std::cmp::Reverse(active_endorsers(id)),
                    self.state.proposals[*id].created,
                    *id,
                )
            });
        }
        ids
    }

    pub(super) fn queue_front(&self) -> Option<usize> {
        self.queue_order().first().copied()
    }
}
