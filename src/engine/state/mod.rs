//! The game state: a fold over events. Nothing but `apply` changes it, so
//! replaying a log reproduces the final state exactly.

use super::catalogue::Setting;
use super::event::{Ballot, PlayerId, ProposalBody, Time};
use super::params::{Params, Provenance};
use super::recognise::recognise;
use crate::model::Ruleset;
use std::sync::Arc;

mod compact;
mod fold;
mod reset;

pub use compact::Settled;

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
    pub effects: Vec<Setting>,
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
    pub overrides: Vec<(Setting, Provenance)>,
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
        overrides: Vec<(Setting, Provenance)>,
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
        for (setting, from) in &self.overrides {
            self.params.apply(setting.clone(), from.clone());
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
}
