//! Monte Carlo: many games with random voters on the engine's fast path
//! (no sink, no strings, no events kept). Each game's dice come from
//! (seed, game index), and totals are integers, so the results are the
//! same whatever the number of threads.

use crate::engine::params::TurnKind;
use crate::engine::rng::Dice;
use crate::engine::state::{ProposalStatus, State};
use crate::engine::{Ballot, Engine, PlayerId, PlayerSpec, ProposalBody, Setup, SetupError, Sink};
use crate::model::Ruleset;

/// How the random voters vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voters {
    /// Yes or no with equal chance, the proposer included.
    Random,
    /// The proposer votes yes, everyone else no: every proposal fails.
    No,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub games: u64,
    pub players: u16,
    pub seed: u64,
    pub threads: usize,
    pub voters: Voters,
    /// A game that reaches this many turns ends with no winner.
    pub max_turns: u32,
}

/// Integer totals over games (exact, so their sum does not depend on order).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    pub games: u64,
    pub turns: u64,
    pub turns_squared: u128,
    /// Wins by seat, in units of `1 / unit` (a shared win is split evenly).
    /// u128: lcm(1..=64) is about 10^27.
    pub wins: Vec<u128>,
    pub unit: u128,
    pub no_winner: u64,
    pub proposals: u64,
    pub adopted: u64,
}

impl Totals {
    /// Empty totals for `seats` seats.
    pub fn for_seats(seats: usize) -> Totals {
        let unit = (1..=seats as u128).fold(1, lcm);
        Totals {
            wins: vec![0; seats],
            unit,
            ..Totals::default()
        }
    }

    fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.turns += other.turns;
        self.turns_squared += other.turns_squared;
        self.no_winner += other.no_winner;
        self.proposals += other.proposals;
        self.adopted += other.adopted;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
    }

    /// Mean game length and its 95% confidence interval half-width.
    pub fn length(&self) -> (f64, f64, f64) {
        let n = self.games.max(1) as f64;
        let mean = self.turns as f64 / n;
        let variance =
            (self.turns_squared as f64 / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        let sd = variance.sqrt();
        (mean, sd, 1.96 * sd / n.sqrt())
    }

    /// Win share of a seat and its 95% confidence interval half-width.
    pub fn share(&self, seat: usize) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.wins[seat] as f64 / self.unit as f64 / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt())
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
    /// The ruleset's turns take proposals from a queue.
    #[error("Monte Carlo plays mover turns; this ruleset uses a Proposal Queue")]
    QueueRuleset,
    /// The thread pool cannot be built.
    #[error("cannot start the Monte Carlo threads: {0}")]
    Threads(String),
    /// The game cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// The starting state of every game: players `p01`… in seat order.
pub fn template(ruleset: &Ruleset, players: u16) -> Result<Engine<()>, MonteCarloError> {
    template_with(ruleset, players, ())
}

/// [`template`] with events going to `sink` (the log, for tests).
pub fn template_with<S: Sink>(
    ruleset: &Ruleset,
    players: u16,
    sink: S,
) -> Result<Engine<S>, MonteCarloError> {
    if players == 0 || players > 64 {
        return Err(MonteCarloError::Players);
    }
    let setup = Setup {
        players: (1..=players)
            .map(|i| PlayerSpec {
                name: format!("p{i:02}"),
                bot: false,
                score: 0,
                active: true,
            })
            .collect(),
        ..Setup::default()
    };
    let engine = Engine::new(ruleset.clone(), setup, Dice::new(0), sink)?;
    if engine.state.params.turn_kind.value == TurnKind::Queue {
        return Err(MonteCarloError::QueueRuleset);
    }
    Ok(engine)
}

/// Plays game `index` from `template` and adds it to `totals`.
pub fn play(
    engine: &mut Engine<()>,
    template: &State,
    config: &Config,
    index: u64,
    totals: &mut Totals,
) {
    // Not generic, so the fast path is compiled (and benchmarked) here.
    play_with(engine, template, config, index, totals);
}

/// [`play`] with any sink (the log, for tests).
pub fn play_with<S: Sink>(
    engine: &mut Engine<S>,
    template: &State,
    config: &Config,
    index: u64,
    totals: &mut Totals,
) {
    engine.reset(template, Dice::for_game(config.seed, index));
    engine.start();
    let players = engine.state.players.len() as PlayerId;
    while !engine.state.over && engine.state.turn <= config.max_turns {
        let turn = engine.state.turn;
        if let Some(mover) = engine.state.mover {
            // Refusals cannot happen here: the mover proposes once, and
            // only eligible players vote on an open proposal.
            let _ = engine.propose(mover, ProposalBody::Opaque, Vec::new());
            for p in 0..players {
                if engine.state.turn != turn || engine.state.over {
                    break;
                }
                if !engine.state.is_eligible(p) || engine.state.ballot(p).is_some() {
                    continue;
                }
                let yes = match config.voters {
                    Voters::Random => engine.dice.coin(),
                    Voters::No => p == mover,
                };
                let _ = engine.cast(p, if yes { Ballot::Yes } else { Ballot::No });
            }
        }
        if engine.state.turn == turn && !engine.state.over {
            engine.end_turn();
        }
    }
    let state = &engine.state;
    let turns = u64::from(state.turn.min(config.max_turns));
    totals.games += 1;
    totals.turns += turns;
    totals.turns_squared += u128::from(turns * turns);
    totals.proposals += state.proposals.len() as u64;
    totals.adopted += state
        .proposals
        .iter()
        .filter(|p| p.status == ProposalStatus::Adopted)
        .count() as u64;
    if state.winners.is_empty() {
        totals.no_winner += 1;
    } else {
        let share = totals.unit / state.winners.len() as u128;
        for winner in &state.winners {
            let seat = state.order.iter().position(|p| p == winner).unwrap_or(0);
            totals.wins[seat] += share;
        }
    }
}

/// Runs `config.games` games on `config.threads` threads (a rayon pool of
/// that size); `progress` is told how many games finished, in batches. Game
/// `i` always gets the dice of `(seed, i)` and totals are integer sums, so
/// the result is the same whatever the thread count and scheduling.
pub fn run(
    ruleset: &Ruleset,
    config: &Config,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Totals, MonteCarloError> {
    use rayon::prelude::*;
    const BATCH: u64 = 256;
    let first = template(ruleset, config.players)?;
    let seats = usize::from(config.players);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.max(1))
        .build()
        .map_err(|e| MonteCarloError::Threads(e.to_string()))?;
    let batches = config.games.div_ceil(BATCH);
    let totals = pool.install(|| {
        (0..batches)
            .into_par_iter()
            .map_init(
                // One engine per rayon job split, reset for every game.
                || first.clone(),
                |engine, batch| {
                    let mut mine = Totals::for_seats(seats);
                    let start = batch * BATCH;
                    let end = (start + BATCH).min(config.games);
                    for index in start..end {
                        play(engine, &first.state, config, index, &mut mine);
                    }
                    progress(end - start);
                    mine
                },
            )
            .reduce(
                || Totals::for_seats(seats),
                |mut a, b| {
                    a.add(&b);
                    a
                },
            )
    });
    Ok(totals)
}

#[cfg(test)]
mod tests;
