//! Player actions in a mover turn: proposing, voting, withdrawing,
//! resubmitting, declaring (in)activity.

use super::turns::HOUR;
use super::{refuse, Engine, Refusal, RefusalCode, Sink};
use crate::engine::catalogue::Setting;
use crate::engine::event::{Ballot, Event, PlayerId, ProposalBody, Reason, Time};
use crate::engine::params::{Eligible, TurnKind, VoteSyntax};

/// What a vote's text means under the rules in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum VoteReading {
    /// A vote: yes, no or abstain.
    Ballot(Ballot),
    /// A withdrawal of the player's vote (where a rule allows it).
    Withdraw,
    /// Not a vote (IV 113: an ambiguous vote is not considered a vote).
    Invalid,
}

/// Reads a vote: V 210's phrase lists, I 329's first letter, or the
/// defaults (yes/y/aye/yay/yea/for, no/n/nay/against; abstain where a rule
/// allows it; withdraw where a rule allows it).
pub(super) fn read_vote(params: &crate::engine::Params, text: &str) -> VoteReading {
    let word = text.trim().to_lowercase();
    if params.withdraw.value && word == "withdraw" {
        return VoteReading::Withdraw;
    }
    if params.abstain.value && word == "abstain" {
        return VoteReading::Ballot(Ballot::Abstain);
    }
    match &params.syntax.value {
        VoteSyntax::Default => match word.as_str() {
            "yes" | "y" | "aye" | "yay" | "yea" | "for" => VoteReading::Ballot(Ballot::Yes),
            "no" | "n" | "nay" | "against" => VoteReading::Ballot(Ballot::No),
            _ => VoteReading::Invalid,
        },
        VoteSyntax::Phrases { yes, no } => {
            if yes.contains(&word) {
                VoteReading::Ballot(Ballot::Yes)
            } else if no.contains(&word) {
                VoteReading::Ballot(Ballot::No)
            } else {
                VoteReading::Invalid
            }
        }
        VoteSyntax::FirstLetter { max_len } => {
            if word.chars().count() as u64 >= u64::from(*max_len) {
                VoteReading::Invalid
            } else if word.starts_with('y') {
                VoteReading::Ballot(Ballot::Yes)
            } else if word.starts_with('n') {
                VoteReading::Ballot(Ballot::No)
            } else {
                VoteReading::Invalid
            }
        }
    }
}

impl<S: Sink> Engine<S> {
    pub(super) fn playing(&self) -> Result<(), Refusal> {
        if self.state.over {
            return refuse(RefusalCode::GameOver, "the game is over");
        }
        if self.state.turn == 0 {
            return refuse(RefusalCode::NotStarted, "the game has not started");
        }
        Ok(())
    }

    /// Checks that a proposal's target exists and may be changed (IV 103).
    pub(super) fn check_body(&self, body: &ProposalBody) -> Result<(), Refusal> {
        if let Some(number) = body.target() {
            let Some(rule) = self.state.ruleset.rule(number) else {
                return refuse(
                    RefusalCode::NoSuchRule,
                    format!("rule {number} does not exist"),
                );
            };
            if rule.is_immutable() && !matches!(body, ProposalBody::Transmute { .. }) {
                return refuse(
                    RefusalCode::ImmutableRule,
                    format!("rule {number} is immutable: only a transmutation can change it"),
                );
            }
        }
        Ok(())
    }

    /// The mover proposes the turn's rule-change (IV 202, I 304).
    pub fn propose(
        &mut self,
        who: PlayerId,
        body: ProposalBody,
        effects: Vec<Setting>,
    ) -> Result<(), Refusal> {
        self.playing()?;
        if self.state.params.turn_kind.value == TurnKind::Queue {
            return refuse(
                RefusalCode::WrongProposalKind,
                "proposals go on the Proposal Queue in this ruleset: use `creates`",
            );
        }
        if self.state.mover != Some(who) {
            let mover = self
                .state
                .mover
                .map_or("nobody".to_string(), |m| self.state.name(m).to_string());
            return refuse(
                RefusalCode::NotYourTurn,
                format!(
                    "it is not {}'s turn (it is {mover}'s)",
                    self.state.name(who)
                ),
            );
        }
        if self.state.proposed_this_turn {
            return refuse(
                RefusalCode::OneProposalPerTurn,
                "a turn has one proposal: the mover may only resubmit it",
            );
        }
        self.check_body(&body)?;
        let mut end =
            self.state.turn_end + Time::from(self.state.params.extend_on_proposal_h.value) * HOUR;
        if let Some(h) = self.state.params.vote_window_h.value {
            end = end.max(self.now + Time::from(h) * HOUR);
        }
        let id = self.state.proposals.len();
        let number = Some(self.state.next_number);
        self.emit(Event::ProposalSubmitted {
            id,
            number,
            label: None,
            proposer: who,
            body,
            effects,
            end,
        });
        self.implicit_yes(who);
        self.after_vote();
        Ok(())
    }

    /// IV 320: proposing counts as a vote for the proposal.
    fn implicit_yes(&mut self, who: PlayerId) {
        if self.state.params.proposer_implicit_yes.value && self.state.is_eligible(who) {
            self.emit(Event::VoteCast {
                player: who,
                ballot: Ballot::Yes,
                implicit: true,
            });
        }
    }

    /// A vote given as text, read with the ruleset's vote syntax.
    pub fn vote(&mut self, who: PlayerId, text: &str) -> Result<VoteReading, Refusal> {
        self.playing()?;
        if self.state.current.is_none() {
            return refuse(
                RefusalCode::NoVoteOpen,
                "there is no proposal being voted on",
            );
        }
        let reading = read_vote(&self.state.params, text);
        match reading {
            VoteReading::Ballot(ballot) => self.cast(who, ballot)?,
            VoteReading::Withdraw => self.withdraw_vote(who)?,
            VoteReading::Invalid => self.emit(Event::VoteInvalid {
                player: who,
                text: text.to_string(),
            }),
        }
        Ok(reading)
    }

    /// A vote already read. Inlined: Monte Carlo casts several a turn,
    /// and its caller has already made most of the checks.
    #[inline]
    pub fn cast(&mut self, who: PlayerId, ballot: Ballot) -> Result<(), Refusal> {
        self.playing()?;
        if self.state.current.is_none() {
            return refuse(
                RefusalCode::NoVoteOpen,
                "there is no proposal being voted on",
            );
        }
        let player = self.player(who);
        if player.bot {
            return refuse(
                RefusalCode::BotVote,
                format!(
                    "{} is a bot-player and votes only as its rules say",
                    player.name
                ),
            );
        }
        if player.locked_inactive {
            return refuse(
                RefusalCode::LockedInactive,
                format!(
                "{} declared inactivity during their own turn and cannot become active this turn",
                player.name
            ),
            );
        }
        if !player.active && self.state.params.eligible.value == Eligible::Active {
            if !self.state.params.reactivate_by_vote.value {
                return refuse(
                    RefusalCode::Inactive,
                    format!("{} is inactive and not an eligible voter", player.name),
                );
            }
            // IV 207, I 306: attempting to vote makes an inactive player active.
            self.emit(Event::StatusChanged {
                player: who,
                active: true,
                reason: Reason::Voted,
            });
        }
        self.emit(Event::VoteCast {
            player: who,
            ballot,
            implicit: false,
        });
        self.after_vote();
        Ok(())
    }

    /// IV 209, V 209: a vote may be withdrawn.
    pub fn withdraw_vote(&mut self, who: PlayerId) -> Result<(), Refusal> {
        self.playing()?;
        if !self.state.params.withdraw.value {
            return refuse(RefusalCode::NotAllowed, "no rule allows withdrawing a vote");
        }
        if self.state.current.is_none() || self.state.ballot(who).is_none() {
            return refuse(
                RefusalCode::NoVoteToWithdraw,
                format!("{} has no vote to withdraw", self.state.name(who)),
            );
        }
        self.emit(Event::VoteWithdrawn { player: who });
        self.after_vote();
        Ok(())
    }

    /// IV 210: resubmission restarts the vote, within the limit and window.
    pub fn resubmit(&mut self, who: PlayerId) -> Result<(), Refusal> {
        self.playing()?;
        let Some(id) = self.state.current else {
            return refuse(
                RefusalCode::CannotResubmit,
                "there is no proposal to resubmit",
            );
        };
        if self.state.proposals[id].proposer != who {
            return refuse(
                RefusalCode::CannotResubmit,
                format!(
                    "only the proposer can resubmit proposal {}",
                    self.state.proposals[id].number.unwrap_or(0)
                ),
            );
        }
        let params = &self.state.params;
        let Some(limit) = params.resubmit_limit.value else {
            return refuse(RefusalCode::NotAllowed, "no rule allows resubmission");
        };
        let done = self.state.proposals[id].resubmissions;
        if done >= limit {
            return refuse(
                RefusalCode::ResubmitLimit,
                format!(
                    "resubmission limit of {limit} reached ({})",
                    params.resubmit_limit.from
                ),
            );
        }
        if let Some(h) = params.resubmit_window_h.value {
            if self.now - self.state.turn_start > Time::from(h) * HOUR {
                return refuse(
                    RefusalCode::ResubmitWindow,
                    format!(
                        "resubmission window closed: the turn started more than {h} hours ago ({})",
                        params.resubmit_window_h.from
                    ),
                );
            }
        }
        self.emit(Event::ProposalResubmitted {
            id,
            resubmissions: done + 1,
        });
        self.implicit_yes(who);
        self.after_vote();
        Ok(())
    }

    /// A person joins the game as a new active player with no points (IV
    /// 218, V 216), where a rule allows joining. Their place in the turn
    /// order is just before the mover's where a rule says so (IV 201), else
    /// the last. Returns the new player's id.
    ///
    /// IV 218 lets any player object, which puts the joining to a vote;
    /// the engine's players never object, so the person joins at once.
    pub fn join(&mut self, name: &str) -> Result<PlayerId, Refusal> {
        self.playing()?;
        if !self.state.params.join_allowed.value {
            return refuse(
                RefusalCode::NotAllowed,
                "no rule lets a person join the game",
            );
        }
        if self.state.players.iter().any(|p| &*p.name == name) {
            return refuse(
                RefusalCode::CannotJoin,
                format!("there is already a player called {name}"),
            );
        }
        let Ok(player) = PlayerId::try_from(self.state.players.len()) else {
            return refuse(
                RefusalCode::CannotJoin,
                format!(
                    "{name} cannot join: a game has at most {} players",
                    PlayerId::MAX
                ),
            );
        };
        let mover_place = self
            .state
            .mover
            .and_then(|m| self.state.order.iter().position(|p| *p == m));
        let place = match mover_place {
            Some(place) if self.state.params.join_before_mover.value => place,
            _ => self.state.order.len(),
        };
        self.emit(Event::PlayerJoined {
            player,
            name: name.to_string(),
            place,
        });
        Ok(player)
    }

    /// A public declaration of inactivity or activity (IV 207, V 206).
    pub fn declare(&mut self, who: PlayerId, active: bool) -> Result<(), Refusal> {
        self.playing()?;
        let player = self.player(who);
        let name = player.name.to_string();
        if !active && !self.state.params.inactive_declare.value {
            return refuse(
                RefusalCode::NotAllowed,
                "no rule lets a player declare inactivity",
            );
        }
        if active && !self.state.params.declare_active.value {
            return refuse(
                RefusalCode::NotAllowed,
                "no rule lets an inactive player declare that they are active",
            );
        }
        if player.active == active {
            let status = if active { "active" } else { "inactive" };
            return refuse(
                RefusalCode::AlreadyInStatus,
                format!("{name} is already {status}"),
            );
        }
        if active && player.locked_inactive {
            return refuse(RefusalCode::LockedInactive, format!(
                "{name} declared inactivity during their own turn and cannot become active this turn"
            ));
        }
        self.emit(Event::StatusChanged {
            player: who,
            active,
            reason: Reason::Declared,
        });
        self.check_win();
        if !self.state.over {
            self.after_vote();
        }
        Ok(())
    }
}
