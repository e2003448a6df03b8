//! The engine: commands are checked against the parameters in force and
//! become events; every event goes through `State::apply` and then to a
//! sink (the log, a replay buffer, or nothing for Monte Carlo).

mod actions;
mod effects;
mod judge;
mod queue;
mod refusal;
mod turns;

use super::catalogue::{ParamError, ParamKey, Setting};
use super::event::{Event, PlayerId, Time};
use super::params::{Provenance, TurnOrder};
use super::recognise::Unapplicable;
use super::rng::Dice;
use super::state::{Player, State};
use crate::model::Ruleset;

pub use actions::VoteReading;
pub(crate) use refusal::refuse;
pub use refusal::{Refusal, RefusalCode};

/// Where events go after they are applied.
pub trait Sink {
    /// Whether the sink keeps events. Monte Carlo forgets settled proposals
    /// only when nothing keeps events that name them by index.
    const KEEPS_EVENTS: bool = true;

    /// Receives an event at time `at`, after `state` has applied it.
    fn record(&mut self, at: Time, event: &Event, state: &State);
}

/// Discards events: every Monte Carlo game.
impl Sink for () {
    const KEEPS_EVENTS: bool = false;

    #[inline(always)]
    fn record(&mut self, _: Time, _: &Event, _: &State) {}
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// More players than a [`PlayerId`] can number.
    #[error("too many players")]
    TooManyPlayers,
    /// A `set` line names an unknown parameter or a bad value.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// `order` names a player who was not declared.
    #[error("`order` names unknown player `{0}`")]
    UnknownInOrder(String),
    /// `order` names a player twice.
    #[error("`order` names `{0}` twice")]
    TwiceInOrder(String),
    /// A rule states a value no parameter can take.
    #[error(transparent)]
    Unapplicable(#[from] Unapplicable),
}

/// A player as a script declares them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The player's name.
    pub name: String,
    /// A bot-player (IV 323).
    pub bot: bool,
    /// The starting score.
    pub score: i64,
    /// Whether the player starts active.
    pub active: bool,
}

/// How a game starts.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// The players, in declaration order (their [`PlayerId`]s).
    pub players: Vec<PlayerSpec>,
    /// Turn order by name; players not named follow in declaration order.
    pub order: Vec<String>,
    /// `set` lines before play: name, value (read by [`Engine::new`]).
    pub overrides: Vec<(String, String)>,
    /// The first proposal's number; by default one more than the highest
    /// proposal the rules' histories name, else `proposal.numbering`.
    pub next_number: Option<u32>,
}

/// A game in play: commands (`propose`, `vote`, `end_turn`, ...) are
/// checked against the parameters in force and either refused with a
/// [`Refusal`] or turned into events, which the state applies and the sink
/// receives.
#[derive(Clone)]
pub struct Engine<S: Sink> {
    /// The game so far: a fold over the events emitted.
    pub state: State,
    /// The game's dice.
    pub dice: Dice,
    /// Where events go.
    pub sink: S,
    /// The clock; events are stamped with it.
    now: Time,
    /// Whether this turn's early-end mark (IV 206/1) has been checked.
    mark_done: bool,
}

impl<S: Sink> Engine<S> {
    /// A game ready to start; fails on unknown names, bad overrides, or a
    /// rule sentence whose value cannot apply.
    pub fn new(
        ruleset: Ruleset,
        setup: Setup,
        dice: Dice,
        sink: S,
    ) -> Result<Engine<S>, SetupError> {
        if let Some(unapplicable) = super::recognise(&ruleset).unapplicable.into_iter().next() {
            return Err(unapplicable.into());
        }
        let players: Vec<Player> = setup
            .players
            .iter()
            .map(|p| Player::seated(&p.name, p.bot, p.active, p.score))
            .collect();
        if players.len() > usize::from(PlayerId::MAX) {
            return Err(SetupError::TooManyPlayers);
        }
        let mut overrides = Vec::new();
        for (name, value) in &setup.overrides {
            let setting = Setting::parse(ParamKey::named(name)?, value)?;
            overrides.push((setting, Provenance::Script));
        }
        let highest = highest_proposal(&ruleset);
        let mut state = State::new(ruleset, players, Vec::new(), overrides, 0);
        state.next_number = setup
            .next_number
            .or(highest.map(|n| n.saturating_add(1)))
            .unwrap_or(state.params.numbering_start.value);
        state.order = turn_order(&state, &setup.order)?;
        Ok(Engine {
            state,
            dice,
            sink,
            now: 0,
            mark_done: false,
        })
    }

    /// Starts over from `template` with new dice, keeping allocations.
    pub fn reset(&mut self, template: &State, dice: Dice) {
        self.state.reset_to(template);
        self.dice = dice;
        self.now = 0;
        self.mark_done = false;
    }

    /// The clock: the time the next event is stamped with.
    pub fn now(&self) -> Time {
        self.now
    }

    /// Applies an event and hands it to the sink.
    #[inline(always)]
    fn emit(&mut self, event: Event) {
        self.state.apply(self.now, &event);
        self.sink.record(self.now, &event, &self.state);
        if event.owns_nothing() {
            // Nothing to free. Skipping the out-of-line drop glue matters on
            // the Monte Carlo path, where it was an eighth of all the work.
            std::mem::forget(event);
        }
    }

    /// Records a refused command (it changes nothing).
    pub fn reject(&mut self, refusal: &Refusal) {
        self.emit(Event::ActionRejected {
            reason: refusal.message.clone(),
        });
    }

    fn player(&self, id: PlayerId) -> &Player {
        &self.state.players[usize::from(id)]
    }

    /// Sets a parameter from the script during play.
    pub fn set_param(&mut self, setting: Setting) {
        self.emit(Event::ParamChanged {
            setting,
            from: Provenance::Script,
        });
        self.check_win();
    }
}

/// The highest proposal number in the rules' histories. Entries that name
/// a temporary rule (`Created from Temporary Rule 601`) are not proposals:
/// IV 107 numbers proposals, and temporary rules have their own series.
fn highest_proposal(ruleset: &Ruleset) -> Option<u32> {
    use crate::model::HistoryKind;
    ruleset
        .rules
        .iter()
        .flat_map(|rule| &rule.history)
        .filter(|entry| {
            !matches!(
                entry.kind,
                HistoryKind::CreatedFromTemporary | HistoryKind::Other
            )
        })
        .filter_map(|entry| entry.proposal)
        .max()
}

/// The turn order: alphabetical by surname where the rules say so, else as
/// declared, then everyone not named in declaration order.
fn turn_order(state: &State, declared: &[String]) -> Result<Vec<PlayerId>, SetupError> {
    // Linear in players: names are looked up in a map, not one by one.
    let ids: std::collections::HashMap<&str, PlayerId> = state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (&*p.name, PlayerId::try_from(i).unwrap_or(PlayerId::MAX)))
        .collect();
    let mut placed = vec![false; state.players.len()];
    let mut order = Vec::new();
    for name in declared {
        let id = *ids
            .get(name.as_str())
            .ok_or_else(|| SetupError::UnknownInOrder(name.clone()))?;
        if std::mem::replace(&mut placed[usize::from(id)], true) {
            return Err(SetupError::TwiceInOrder(name.clone()));
        }
        order.push(id);
    }
    for id in 0..state.players.len() as PlayerId {
        if !placed[usize::from(id)] {
            order.push(id);
        }
    }
    if state.params.turn_order.value == TurnOrder::Alphabetical {
        let surname = |id: &PlayerId| {
            let name = state.name(*id).to_lowercase();
            let last = name
                .split_whitespace()
                .last()
                .unwrap_or_default()
                .to_string();
            (last, name)
        };
        order.sort_by_key(surname);
    }
    Ok(order)
}
#[cfg(test)]
mod tests;
