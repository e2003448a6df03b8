//! Monte Carlo: many games with random players, played by the engine that
//! plays scripts, with no sink (`Engine<()>`: no strings, no events kept).
//! Each game's dice come from
//! (seed, game index), and totals are integers, so the results are the
//! same whatever the number of threads. Settled proposals are forgotten as
//! a game goes on, so memory does not grow with `max_turns`.

mod players;
mod table;

pub use players::{Behaviour, Rate};
pub use table::Table;

use crate::engine::params::TurnKind;
use crate::engine::rng::Dice;
use crate::engine::state::{ProposalStatus, State};
use crate::engine::{Engine, PlayerSpec, Setup, SetupError, Sink};
use crate::model::Ruleset;
use crate::sim::stats::Histogram;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// How the random voters vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voters {
    /// Yes or no with equal chance, the proposer included.
    Random,
    /// The proposer votes yes, everyone else no: every proposal fails.
    No,
}

/// A Monte Carlo run.
#[derive(Debug, Clone)]
pub struct Config {
    /// Games to play.
    pub games: u64,
    /// Players per game (seats), 1 to 64.
    pub players: u16,
    /// The run's seed: game `i` draws from stream `i` of it.
    pub seed: u64,
    /// Worker threads (clamped to the games and the machine).
    pub threads: usize,
    /// How votes are cast.
    pub voters: Voters,
    /// What else random players do, and how often.
    pub behaviour: Behaviour,
    /// A game that reaches this many turns ends with no winner.
    pub max_turns: u32,
}

impl Config {
    /// One seeded game on one thread, for the tests that play a single
    /// game with its log; persons join at 5% a turn where `joining`.
    #[cfg(test)]
    pub(crate) fn one_game(
        players: u16,
        seed: u64,
        voters: Voters,
        max_turns: u32,
        joining: bool,
    ) -> Config {
        let behaviour = if joining {
            Behaviour {
                join: Rate(50_000),
                ..Behaviour::DEFAULT
            }
        } else {
            Behaviour::DEFAULT
        };
        Config {
            games: 1,
            players,
            seed,
            threads: 1,
            voters,
            behaviour,
            max_turns,
        }
    }
}

/// One finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Game {
    /// Turns played (at most `max_turns`).
    pub turns: u32,
    /// The winners' seats, one bit each (0: no winner).
    pub winners: u64,
    /// Proposals that were put to a vote and decided.
    pub decided: u64,
    /// Of those, the adopted ones.
    pub adopted: u64,
    /// Persons who joined during the game (IV 218, V 216).
    pub joined: u32,
    /// Winners among them (they have no seat).
    pub joined_winners: u32,
}

/// The most persons who join one Monte Carlo game: with the seats, at most
/// 64 players, so that a shared win splits exactly (see [`Totals::unit`]).
pub(crate) const JOIN_LIMIT: u16 = 8;

impl Game {
    /// Seat `seat`'s share of this game's win (a shared win is split evenly).
    #[must_use]
    pub(crate) fn share(&self, seat: usize) -> (u128, u128) {
        if self.winners >> seat & 1 == 1 {
            (
                1,
                u128::from(self.winners.count_ones() + self.joined_winners),
            )
        } else {
            (0, 1)
        }
    }
}

/// Integer totals over games (exact, so their sum does not depend on order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    /// Games played.
    pub games: u64,
    /// Turns, summed over games (u128: 10^12 games of 4·10^9 turns fit).
    pub turns: u128,
    /// Squares of game lengths, summed.
    pub turns_squared: u128,
    /// Wins by seat, in units of `1 / unit` (a shared win is split evenly).
    /// u128: lcm(1..=64) is about 10^27.
    pub wins: Vec<u128>,
    /// lcm(1..=n) for the most players a game can have (the seats, and
    /// those who may join).
    pub unit: u128,
    /// Games that reached `max_turns` without a winner.
    pub no_winner: u64,
    /// Proposals put to a vote and decided.
    pub proposals: u128,
    /// Of those, the adopted ones.
    pub adopted: u128,
    /// Game lengths: median and the distribution (memory grows with the
    /// number of distinct lengths, not with games or `max_turns`).
    pub lengths: Histogram,
    /// Persons who joined, summed over games.
    pub joined: u128,
    /// Wins of players who joined, in units of `1 / unit`.
    pub joined_wins: u128,
}

impl Totals {
    /// Empty totals for `seats` seats, in games no one joins.
    #[must_use]
    pub fn for_seats(seats: usize) -> Totals {
        Totals::for_players(seats, seats)
    }

    /// Empty totals for `seats` seats in games of at most `most` players.
    #[must_use]
    pub(crate) fn for_players(seats: usize, most: usize) -> Totals {
        let unit = (1..=most.max(seats) as u128).fold(1, lcm);
        Totals {
            wins: vec![0; seats],
            unit,
            ..Totals::default()
        }
    }

    /// Empty totals for the games `config` asks for.
    #[must_use]
    pub(crate) fn for_config(config: &Config) -> Totals {
        let seats = usize::from(config.players);
        let most = if config.behaviour.join == Rate::NEVER {
            seats
        } else {
            usize::from((config.players + JOIN_LIMIT).min(64))
        };
        Totals::for_players(seats, most)
    }

    /// Adds one game.
    pub fn record(&mut self, game: &Game) {
        let turns = u128::from(game.turns);
        self.games += 1;
        self.turns += turns;
        self.turns_squared += turns * turns;
        self.proposals += u128::from(game.decided);
        self.adopted += u128::from(game.adopted);
        self.lengths.add(i64::from(game.turns));
        self.joined += u128::from(game.joined);
        let winners = game.winners.count_ones() + game.joined_winners;
        if winners == 0 {
            self.no_winner += 1;
        } else {
            let share = self.unit / u128::from(winners);
            for (seat, wins) in self.wins.iter_mut().enumerate() {
                if game.winners >> seat & 1 == 1 {
                    *wins += share;
                }
            }
            self.joined_wins += share * u128::from(game.joined_winners);
        }
    }

    /// Adds another set of totals.
    pub(crate) fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.turns += other.turns;
        self.turns_squared += other.turns_squared;
        self.no_winner += other.no_winner;
        self.proposals += other.proposals;
        self.adopted += other.adopted;
        self.lengths.merge(&other.lengths);
        self.joined += other.joined;
        self.joined_wins += other.joined_wins;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
    }

    /// Mean game length, its standard deviation and its 95% confidence
    /// interval half-width.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn length(&self) -> (f64, f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.turns as f64 / n;
        let variance =
            (self.turns_squared as f64 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        let sd = variance.sqrt();
        (mean, sd, crate::sim::stats::Z95 * sd / n.sqrt())
    }

    /// Win share of a seat and its 95% confidence interval half-width.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn share(&self, seat: usize) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.wins[seat] as f64 / self.unit as f64 / n;
        (p, crate::sim::stats::Z95 * (p * (1.0 - p) / n).sqrt())
    }

    /// The share of wins that went to players who joined during a game.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn joined_share(&self) -> f64 {
        self.joined_wins as f64 / self.unit as f64 / self.games.max(1) as f64
    }

    /// Adopted proposals as a share of those decided (0 without any).
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn adoption_rate(&self) -> f64 {
        if self.proposals == 0 {
            0.0
        } else {
            self.adopted as f64 / self.proposals as f64
        }
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn lcm(a: u128, b: u128) -> u128 {
    a / gcd(a, b) * b
}

/// Why a Monte Carlo run cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MonteCarloError {
    /// The player count is out of range.
    #[error("Monte Carlo needs between 1 and 64 players")]
    Players,
    /// The thread pool cannot be built.
    #[error("cannot start the Monte Carlo threads: {0}")]
    Threads(String),
    /// The game cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// The starting state of every game: players `p01`… in seat order.
///
/// # Errors
/// Fewer than 1 or more than 64 players, or a setup the engine refuses.
pub fn template(ruleset: &Ruleset, players: u16) -> Result<Engine<()>, MonteCarloError> {
    template_with(ruleset, players, ())
}

/// [`template`] with events going to `sink` (the log, for tests).
pub(crate) fn template_with<S: Sink>(
    ruleset: &Ruleset,
    players: u16,
    sink: S,
) -> Result<Engine<S>, MonteCarloError> {
    if players == 0 || players > 64 {
        return Err(MonteCarloError::Players);
    }
    let setup = Setup {
        players: seats(players),
        ..Setup::default()
    };
    Ok(Engine::new(ruleset.clone(), setup, Dice::new(0), sink)?)
}

/// The players of a Monte Carlo game: `p01` to `pNN`, human, at zero
/// points, active.
pub(crate) fn seats(players: u16) -> Vec<PlayerSpec> {
    (1..=players)
        .map(|i| PlayerSpec {
            name: format!("p{i:02}"),
            bot: false,
            score: 0,
            active: true,
        })
        .collect()
}

/// Proposals kept before settled ones are forgotten.
const KEEP_PROPOSALS: usize = 64;

/// Plays game `index` from `template` and returns its outcome.
pub fn play<S: Sink>(
    engine: &mut Engine<S>,
    template: &State,
    config: &Config,
    index: u64,
) -> Game {
    engine.reset(template, Dice::for_game(config.seed, index));
    engine.start();
    let mut game = Game::default();
    let mut labels = 0;
    let queue = engine.state.params.turn_kind.value == TurnKind::Queue;
    // The turn counter is a u32: the last turn must still have a successor.
    let max_turns = config.max_turns.min(u32::MAX - 1);
    while !engine.state.over && engine.state.turn <= max_turns {
        let turn = engine.state.turn;
        players::play_turn(engine, config, queue, &mut labels);
        if engine.state.turn == turn && !engine.state.over {
            engine.end_turn();
        }
        // Compaction renumbers proposals, so a sink that keeps events (a
        // log to replay) keeps every proposal.
        if !S::KEEPS_EVENTS && engine.state.proposals.len() >= KEEP_PROPOSALS {
            let settled = engine.state.forget_settled();
            game.decided += settled.adopted + settled.rejected;
            game.adopted += settled.adopted;
        }
    }
    let state = &engine.state;
    game.turns = state.turn.min(max_turns);
    for proposal in &state.proposals {
        match proposal.status {
            ProposalStatus::Adopted => {
                game.decided += 1;
                game.adopted += 1;
            }
            ProposalStatus::Rejected => game.decided += 1,
            _ => {}
        }
    }
    // A seat is a starting player's place in the turn order; players who
    // joined have none (and would shift the places of those after them).
    let seats = usize::from(config.players);
    game.joined = (state.players.len().saturating_sub(seats)) as u32;
    for winner in &state.winners {
        if usize::from(*winner) >= seats {
            game.joined_winners += 1;
            continue;
        }
        let seat = state
            .order
            .iter()
            .filter(|p| usize::from(**p) < seats)
            .position(|p| p == winner)
            .unwrap_or(0);
        game.winners |= 1 << seat;
    }
    game
}

/// Games a worker takes at a time.
const BATCH: u64 = 256;

/// The worker threads for `config`: as asked, but no more than there are
/// batches of games or cores on the machine, and at least one.
#[must_use]
pub(crate) fn threads(config: &Config) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let batches = usize::try_from(config.games.div_ceil(BATCH)).unwrap_or(usize::MAX);
    config.threads.min(batches).min(cores).max(1)
}

/// Runs `config.games` games; `progress` is told how many games finished,
/// in batches.
///
/// # Errors
/// See [`template`].
pub fn run(
    ruleset: &Ruleset,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals, MonteCarloError> {
    run_until(ruleset, config, progress, &AtomicBool::new(false))
}

/// As [`run`], but stops taking new batches once `stop` is set (Ctrl-C):
/// the totals then hold the games finished.
///
/// # Errors
/// See [`template`].
pub fn run_until(
    ruleset: &Ruleset,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Totals, MonteCarloError> {
    let first = Table::new(ruleset, config)?;
    let total = Mutex::new(Totals::for_config(config));
    each_game(
        config,
        progress,
        stop,
        |table: &mut Table, index, mine: &mut Totals| {
            let game = table.play(index);
            mine.record(&game);
        },
        // A copy of the first table: recognising the rules again for
        // every worker cost as much as some hundred Nomic IV games.
        || Ok((first.clone(), Totals::for_config(config))),
        |mine| {
            total
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .add(&mine);
        },
    )?;
    Ok(total
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner))
}

/// The worker loop shared by [`run_until`] and the what-if: each worker
/// thread builds its engines and totals with `init`, takes batches of game
/// indices from a shared counter and plays them with `game`, and hands its
/// totals to `done`.
///
/// Game `i` always gets the dice of `(seed, i)` and totals are integer
/// sums, so the result does not depend on which thread played which batch.
/// A worker checks `stop` (Ctrl-C) before each batch, so a stop costs at
/// most one batch per thread however many games were asked for.
pub(crate) fn each_game<W, T>(
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
    game: impl Fn(&mut W, u64, &mut T) + Sync,
    init: impl Fn() -> Result<(W, T), MonteCarloError> + Sync,
    done: impl Fn(T) + Sync,
) -> Result<(), MonteCarloError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(config))
        .build()
        .map_err(|e| MonteCarloError::Threads(e.to_string()))?;
    let batches = config.games.div_ceil(BATCH);
    let next = AtomicU64::new(0);
    let worker = |_: rayon::BroadcastContext<'_>| -> Result<(), MonteCarloError> {
        let (mut worker, mut mine) = init()?;
        while !stop.load(Ordering::Relaxed) {
            let batch = next.fetch_add(1, Ordering::Relaxed);
            if batch >= batches {
                break;
            }
            let start = batch * BATCH;
            let end = (start + BATCH).min(config.games);
            for index in start..end {
                game(&mut worker, index, &mut mine);
            }
            progress(end - start);
        }
        done(mine);
        Ok(())
    };
    pool.broadcast(worker).into_iter().collect()
}

#[cfg(test)]
mod tests;
