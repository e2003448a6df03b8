//! The fold: how each event changes the state.

use super::{Proposal, ProposalStatus, State};
use crate::engine::event::{Event, ProposalBody, Time};
use crate::engine::params::Provenance;
use crate::engine::rules;
use std::sync::Arc;

impl State {
    /// Replays events from an initial state.
    pub fn replay<'a>(
        mut initial: State,
        events: impl IntoIterator<Item = &'a (Time, Event)>,
    ) -> State {
        for (at, event) in events {
            initial.apply(*at, event);
        }
        initial
    }

    /// Folds one event into the state. Inlined so that each emitting site,
    /// which builds a known variant, keeps only its own arm (the Monte Carlo
    /// loop would otherwise spend its time in a mispredicted jump table).
    #[inline(always)]
    pub fn apply(&mut self, at: Time, event: &Event) {
        self.now = at;
        match event {
            Event::TurnStarted { turn, mover, end } => {
                self.turn = *turn;
                self.mover = *mover;
                self.turn_start = at;
                self.turn_end = *end;
                self.proposed_this_turn = false;
                self.tiebreak_rolled = false;
                self.tiebreak_vote = None;
                self.judge = None;
                self.judges_this_turn.clear();
                self.judgment_invoked = false;
                self.open_question = false;
                for player in &mut self.players {
                    player.locked_inactive = false;
                }
            }
            Event::TurnSkipped { .. } => {}
            Event::ProposalSubmitted {
                id,
                number,
                label,
                proposer,
                body,
                effects,
                end,
            } => {
                let queued = label.is_some();
                self.proposals.push(Proposal {
                    number: *number,
                    label: label.clone(),
                    proposer: *proposer,
                    // Monte Carlo's proposals are opaque: skip the clone call.
                    body: if matches!(body, ProposalBody::Opaque) {
                        ProposalBody::Opaque
                    } else {
                        body.clone()
                    },
                    // Most proposals have no `effect` lines: skip the clone call.
                    effects: if effects.is_empty() {
                        Vec::new()
                    } else {
                        effects.clone()
                    },
                    created: at,
                    resubmissions: 0,
                    status: if queued {
                        ProposalStatus::Queued
                    } else {
                        ProposalStatus::Voting
                    },
                    endorsers: Vec::new(),
                });
                debug_assert_eq!(*id + 1, self.proposals.len());
                if let Some(n) = number {
                    self.next_number = n.saturating_add(1);
                }
                if !queued {
                    self.current = Some(*id);
                    self.proposed_this_turn = true;
                    self.ballots.iter_mut().for_each(|b| *b = None);
                    self.turn_end = *end;
                }
            }
            Event::ProposalWithdrawn { id } => {
                self.proposals[*id].status = ProposalStatus::Withdrawn;
            }
            Event::ProposalPutToVote { id, number } => {
                let proposal = &mut self.proposals[*id];
                proposal.number = Some(*number);
                proposal.status = ProposalStatus::Voting;
                self.next_number = number.saturating_add(1);
                self.current = Some(*id);
                self.ballots.iter_mut().for_each(|b| *b = None);
            }
            Event::ProposalResubmitted { id, resubmissions } => {
                self.proposals[*id].resubmissions = *resubmissions;
                self.ballots.iter_mut().for_each(|b| *b = None);
                self.tiebreak_vote = None;
            }
            Event::ProposalVoided { id } => {
                self.proposals[*id].status = ProposalStatus::Void;
                self.current = None;
            }
            Event::ProposalTookEffect { id } => self.scheduled.retain(|s| s != id),
            Event::Endorsed {
                id,
                player,
                endorse,
            } => {
                let endorsers = &mut self.proposals[*id].endorsers;
                endorsers.retain(|p| p != player);
                if *endorse {
                    endorsers.push(*player);
                }
            }
            Event::VoteCast { player, ballot, .. } => {
                self.ballots[usize::from(*player)] = Some(*ballot);
            }
            Event::VoteInvalid { .. } => {}
            Event::VoteWithdrawn { player } => self.ballots[usize::from(*player)] = None,
            Event::Tiebreak { ballot, .. } => {
                self.tiebreak_rolled = true;
                self.tiebreak_vote = *ballot;
            }
            Event::VoteResolved { id, tally } => {
                self.votes_held += 1;
                for (player, ballot) in self.players.iter_mut().zip(&self.ballots) {
                    if ballot.is_some() {
                        player.last_voted = self.votes_held;
                    }
                }
                self.current = None;
                let proposal = &mut self.proposals[*id];
                if tally.adopted {
                    proposal.status = ProposalStatus::Adopted;
                    self.scheduled.push(*id);
                } else {
                    proposal.status = ProposalStatus::Rejected;
                }
            }
            Event::RuleAmended {
                number,
                new_number,
                revision,
                text,
                proposal,
            } => {
                rules::amend(
                    Arc::make_mut(&mut self.ruleset),
                    *number,
                    *new_number,
                    *revision,
                    text,
                    *proposal,
                );
                self.derive_params();
            }
            Event::RuleEnacted {
                number,
                text,
                proposal,
            } => {
                rules::enact(Arc::make_mut(&mut self.ruleset), *number, text, *proposal);
                self.derive_params();
            }
            Event::RuleRepealed { number, .. } => {
                Arc::make_mut(&mut self.ruleset)
                    .rules
                    .retain(|rule| rule.number != *number);
                self.derive_params();
            }
            Event::RuleTransmuted {
                number,
                new_number,
                immutable,
                proposal,
            } => {
                rules::transmute(
                    Arc::make_mut(&mut self.ruleset),
                    *number,
                    *new_number,
                    *immutable,
                    *proposal,
                );
                self.derive_params();
            }
            Event::ParamChanged { setting, from } => {
                // Values derived from rules are already in place; the event
                // records them. Script and proposal values are overrides.
                if matches!(from, Provenance::Script | Provenance::Proposal(_)) {
                    self.overrides.push((setting.clone(), from.clone()));
                    self.derive_params();
                }
            }
            Event::StatusChanged {
                player,
                active,
                reason,
            } => {
                let p = &mut self.players[usize::from(*player)];
                p.active = *active;
                if !active
                    && *reason == crate::engine::event::Reason::Declared
                    && self.mover == Some(*player)
                {
                    p.locked_inactive = true;
                }
            }
            Event::JudgmentInvoked { judge, end, .. } => {
                self.judge = Some(*judge);
                if !self.judges_this_turn.contains(judge) {
                    self.judges_this_turn.push(*judge);
                }
                self.judgment_invoked = true;
                self.open_question = true;
                self.turn_end = *end;
            }
            Event::JudgmentGiven { .. } => self.open_question = false,
            Event::DiceRolled { .. } => {}
            Event::ScoreChanged { player, score, .. } => {
                self.players[usize::from(*player)].score = *score;
            }
            Event::ScoresReset => self.players.iter_mut().for_each(|p| p.score = 0),
            Event::ActionRejected { .. } => {}
            Event::GameWon { players } => {
                self.winners = players.clone();
                self.over = true;
            }
            Event::TurnEnded { .. } => {
                self.current = None;
            }
            Event::PlayerJoined {
                player,
                name,
                place,
            } => {
                debug_assert_eq!(usize::from(*player), self.players.len());
                self.players
                    .push(super::Player::seated(name, false, true, 0));
                self.ballots.push(None);
                let place = (*place).min(self.order.len());
                self.order.insert(place, *player);
            }
        }
    }
}
