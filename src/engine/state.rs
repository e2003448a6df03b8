//! The game state: a fold over events. Nothing but `apply` changes it, so
//! replaying a log reproduces the final state exactly.

use super::event::{Ballot, Event, PlayerId, ProposalBody, Time};
use super::params::{Params, Provenance};
use super::recognise::recognise;
use super::rules;
use crate::model::Ruleset;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Shared, so that resetting a Monte Carlo game does not allocate.
    pub name: Arc<str>,
    pub bot: bool,
    pub active: bool,
    pub score: i64,
    /// Declared inactive during their own turn (IV 207: cannot come back this turn).
    pub locked_inactive: bool,
    /// The number of the last vote held that this player voted in (0: none).
    pub last_voted: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalStatus {
    Queued,
    Voting,
    Adopted,
    Rejected,
    Void,
    Withdrawn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub number: Option<u32>,
    pub label: Option<String>,
    pub proposer: PlayerId,
    pub body: ProposalBody,
    pub effects: Vec<(String, String)>,
    pub created: Time,
    pub resubmissions: u32,
    pub status: ProposalStatus,
    pub endorsers: Vec<PlayerId>,
}

/// Everything the rules need to know about a game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Shared until a rule changes (copy on write).
    pub ruleset: Arc<Ruleset>,
    /// Derived: the recognised parameters with `overrides` applied in order.
    pub params: Params,
    pub overrides: Vec<(String, String, Provenance)>,
    pub unmodelled: Vec<u32>,
    pub players: Vec<Player>,
    /// Turn order, as player ids.
    pub order: Vec<PlayerId>,
    pub now: Time,
    pub turn: u32,
    pub mover: Option<PlayerId>,
    pub turn_start: Time,
    pub turn_end: Time,
    pub proposals: Vec<Proposal>,
    /// The proposal being voted on.
    pub current: Option<usize>,
    /// The current vote, one slot per player.
    pub ballots: Vec<Option<Ballot>>,
    pub tiebreak_rolled: bool,
    pub tiebreak_vote: Option<Ballot>,
    pub proposed_this_turn: bool,
    pub judge: Option<PlayerId>,
    pub judges_this_turn: Vec<PlayerId>,
    pub judgment_invoked: bool,
    pub open_question: bool,
    /// How many votes have been held (V 214 looks at the last two).
    pub votes_held: u32,
    /// Adopted proposals waiting for the next turn (IV 204).
    pub scheduled: Vec<usize>,
    pub next_number: u32,
    pub winners: Vec<PlayerId>,
    pub over: bool,
}

impl State {
    /// A game before its first event.
    pub fn new(
        ruleset: Ruleset,
        players: Vec<Player>,
        order: Vec<PlayerId>,
        overrides: Vec<(String, String, Provenance)>,
        next_number: u32,
    ) -> State {
        let ballots = vec![None; players.len()];
        let mut state = State {
            ruleset: Arc::new(ruleset),
            params: Params::default(),
            overrides,
            unmodelled: Vec::new(),
            players,
            order,
            now: 0,
            turn: 0,
            mover: None,
            turn_start: 0,
            turn_end: 0,
            proposals: Vec::new(),
            current: None,
            ballots,
            tiebreak_rolled: false,
            tiebreak_vote: None,
            proposed_this_turn: false,
            judge: None,
            judges_this_turn: Vec::new(),
            judgment_invoked: false,
            open_question: false,
            votes_held: 0,
            scheduled: Vec::new(),
            next_number,
            winners: Vec::new(),
            over: false,
        };
        state.derive_params();
        state
    }

    /// Re-runs the recognisers on the rules in force, then the overrides.
    pub fn derive_params(&mut self) {
        let recognition = recognise(&self.ruleset);
        self.params = recognition.params;
        self.unmodelled = recognition.unmodelled;
        for (name, value, from) in &self.overrides {
            // Overrides were validated when they were made.
            let _ = self.params.set(name, value, from.clone());
        }
    }

    pub fn player_id(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| &*p.name == name)
            .map(|i| i as PlayerId)
    }

    pub fn name(&self, id: PlayerId) -> &str {
        &self.players[usize::from(id)].name
    }

    /// The players whose votes count: active (or all) players, never bots.
    pub fn is_eligible(&self, id: PlayerId) -> bool {
        let p = &self.players[usize::from(id)];
        !p.bot && (p.active || self.params.eligible.value == super::params::Eligible::All)
    }

    /// A player's ballot in the current (or just closed) vote.
    pub fn ballot(&self, id: PlayerId) -> Option<Ballot> {
        self.ballots[usize::from(id)]
    }

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
                    body: body.clone(),
                    effects: effects.clone(),
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
                    self.next_number = n + 1;
                }
                if !queued {
                    self.current = Some(*id);
                    self.proposed_this_turn = true;
                    self.ballots.iter_mut().for_each(|b| *b = None);
                    self.turn_end = *end;
                }
            }
            Event::ProposalWithdrawn { id } => {
                self.proposals[*id].status = ProposalStatus::Withdrawn
            }
            Event::ProposalPutToVote { id, number } => {
                let proposal = &mut self.proposals[*id];
                proposal.number = Some(*number);
                proposal.status = ProposalStatus::Voting;
                self.next_number = number + 1;
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
                self.ballots[usize::from(*player)] = Some(*ballot)
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
            Event::ParamChanged { name, value, from } => {
                // Values derived from rules are already in place; the event
                // records them. Script and proposal values are overrides.
                if matches!(from, Provenance::Script | Provenance::Proposal(_)) {
                    self.overrides
                        .push((name.clone(), value.clone(), from.clone()));
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
                    && *reason == super::event::Reason::Declared
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
                self.players[usize::from(*player)].score = *score
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
        }
    }

    /// The scheduled proposal with the lowest number (IV 204: changes take
    /// effect in number order).
    #[inline]
    pub fn first_scheduled(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for &id in &self.scheduled {
            let key = (self.proposals[id].number, id);
            if best.is_none_or(|b| key < (self.proposals[b].number, b)) {
                best = Some(id);
            }
        }
        best
    }

    /// Makes this state equal to `other`, reusing this state's allocations
    /// (the Monte Carlo loop resets one state per game).
    pub fn reset_to(&mut self, other: &State) {
        let State {
            ruleset,
            params,
            overrides,
            unmodelled,
            players,
            order,
            now,
            turn,
            mover,
            turn_start,
            turn_end,
            proposals,
            current,
            ballots,
            tiebreak_rolled,
            tiebreak_vote,
            proposed_this_turn,
            judge,
            judges_this_turn,
            judgment_invoked,
            open_question,
            votes_held,
            scheduled,
            next_number,
            winners,
            over,
        } = other;
        self.ruleset.clone_from(ruleset);
        self.params.clone_from(params);
        self.overrides.clone_from(overrides);
        self.unmodelled.clone_from(unmodelled);
        self.players.clone_from(players);
        self.order.clone_from(order);
        self.proposals.clone_from(proposals);
        self.ballots.clone_from(ballots);
        self.judges_this_turn.clone_from(judges_this_turn);
        self.scheduled.clone_from(scheduled);
        self.winners.clone_from(winners);
        self.now = *now;
        self.turn = *turn;
        self.mover = *mover;
        self.turn_start = *turn_start;
        self.turn_end = *turn_end;
        self.current = *current;
        self.tiebreak_rolled = *tiebreak_rolled;
        self.tiebreak_vote = *tiebreak_vote;
        self.proposed_this_turn = *proposed_this_turn;
        self.judge = *judge;
        self.judgment_invoked = *judgment_invoked;
        self.open_question = *open_question;
        self.votes_held = *votes_held;
        self.next_number = *next_number;
        self.over = *over;
    }
}
