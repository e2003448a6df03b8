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

/// A player of the game, as the state keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The player's name. Shared, so that resetting a Monte Carlo game does
    /// not allocate.
    pub name: Arc<str>,
    /// A bot-player (IV 323): no votes, and per the rules no turns, points
    /// or judgeship.
    pub bot: bool,
    /// Active (or inactive, IV 207, I 306, V 206).
    pub active: bool,
    /// The player's points.
    pub score: i64,
    /// Declared inactive during their own turn (IV 207: cannot come back this turn).
    pub locked_inactive: bool,
    /// The number of the last vote held that this player voted in (0: none).
    pub last_voted: u32,
}

impl Player {
    /// A player as they take their seat: not locked inactive, no vote yet.
    pub fn seated(name: &str, bot: bool, active: bool, score: i64) -> Player {
        Player {
            name: name.into(),
            bot,
            active,
            score,
            locked_inactive: false,
            last_voted: 0,
        }
    }

    /// Whether this player's vote counts: never a bot's; an active
    /// player's, or anyone's where `all` (`vote.eligible` is `all`).
    #[inline]
    pub fn votes_count(&self, all: bool) -> bool {
        !self.bot && (self.active || all)
    }
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProposalStatus {
    /// On the Proposal Queue, waiting to be voted on (V 201).
    Queued,
    /// Being voted on.
    Voting,
    /// Adopted (its changes take effect per `effect.timing`).
    Adopted,
    /// Rejected by the vote.
    Rejected,
    /// Treated as though it does not exist: its proposer declared inactivity
    /// in their own turn (IV 207).
    Void,
    /// Taken off the queue (V 201: its proposer created another).
    Withdrawn,
}

/// A proposal made in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    /// Its number, once it has one (`proposal.numbered_when_put_to_vote`
    /// gives it only when voted on).
    pub number: Option<u32>,
    /// The label a queue proposal was created under (V 201).
    pub label: Option<String>,
    /// Who made it.
    pub proposer: PlayerId,
    /// The rule change it makes if adopted.
    pub body: ProposalBody,
    /// The parameters it sets if adopted (the script's `effect` lines).
    pub effects: Vec<Setting>,
    /// When it was made.
    pub created: Time,
    /// How often it has been resubmitted (IV 210).
    pub resubmissions: u32,
    /// Where it stands.
    pub status: ProposalStatus,
    /// The players endorsing it (V 202).
    pub endorsers: Vec<PlayerId>,
}

/// Everything the rules need to know about a game in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Shared until a rule changes (copy on write).
    pub ruleset: Arc<Ruleset>,
    /// Derived: the recognised parameters with `overrides` applied in order.
    pub params: Params,
    /// Values set by the script or by adopted proposals, in order; they
    /// outlast rule changes, which re-derive `params`.
    pub overrides: Vec<(Setting, Provenance)>,
    /// Rules in force that no recogniser reads.
    pub unmodelled: Vec<u32>,
    /// The players, indexed by [`PlayerId`].
    pub players: Vec<Player>,
    /// Turn order, as player ids.
    pub order: Vec<PlayerId>,
    /// The time of the last event.
    pub now: Time,
    /// The current turn's number (0 before the first).
    pub turn: u32,
    /// The player whose turn it is (`None` in a queue ruleset, where turns
    /// have no mover, or when no player can take a turn).
    pub mover: Option<PlayerId>,
    /// When the current turn started.
    pub turn_start: Time,
    /// When the current turn ends, unless something extends or ends it.
    pub turn_end: Time,
    /// Every proposal made (until [`State::forget_settled`]), indexed as
    /// the events name them.
    pub proposals: Vec<Proposal>,
    /// The proposal being voted on.
    pub current: Option<usize>,
    /// The current vote, one slot per player.
    pub ballots: Vec<Option<Ballot>>,
    /// Whether the tiebreak die has been rolled this turn (IV 323: once).
    pub tiebreak_rolled: bool,
    /// The tiebreak's vote on the current proposal, if it rolled one.
    pub tiebreak_vote: Option<Ballot>,
    /// Whether the mover has proposed this turn.
    pub proposed_this_turn: bool,
    /// The Judge of the current question, if any.
    pub judge: Option<PlayerId>,
    /// Everyone who has been Judge this turn (V 214 picks another).
    pub judges_this_turn: Vec<PlayerId>,
    /// Whether judgment has been invoked this turn (the extension applies
    /// once).
    pub judgment_invoked: bool,
    /// Whether a question awaits judgment.
    pub open_question: bool,
    /// How many votes have been held (V 214 looks at the last two).
    pub votes_held: u32,
    /// Adopted proposals waiting for the next turn (IV 204).
    pub scheduled: Vec<usize>,
    /// The number the next numbered proposal receives.
    pub next_number: u32,
    /// Who won (empty until someone does).
    pub winners: Vec<PlayerId>,
    /// Whether the game is over.
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
    pub(crate) fn derive_params(&mut self) {
        let recognition = recognise(&self.ruleset);
        self.params = recognition.params;
        self.unmodelled = recognition.unmodelled;
        for (setting, from) in &self.overrides {
            self.params.apply(setting.clone(), from.clone());
        }
    }

    /// The player called `name`, if any.
    pub fn player_id(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| &*p.name == name)
            .map(|i| i as PlayerId)
    }

    /// A player's name (`id` must be a player's).
    pub fn name(&self, id: PlayerId) -> &str {
        &self.players[usize::from(id)].name
    }

    /// The players whose votes count: active (or all) players, never bots.
    #[inline]
    pub fn is_eligible(&self, id: PlayerId) -> bool {
        self.players[usize::from(id)].votes_count(self.all_eligible())
    }

    /// Whether inactive players vote too (`vote.eligible` is `all`).
    #[inline]
    pub fn all_eligible(&self) -> bool {
        self.params.eligible.value == super::params::Eligible::All
    }

    /// A player's ballot in the current (or just closed) vote.
    pub fn ballot(&self, id: PlayerId) -> Option<Ballot> {
        self.ballots[usize::from(id)]
    }

    /// The scheduled proposal with the lowest number (IV 204: changes take
    /// effect in number order).
    #[inline]
    pub(crate) fn first_scheduled(&self) -> Option<usize> {
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
