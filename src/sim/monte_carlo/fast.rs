//! The Monte Carlo fast path: a game loop specialised to the parameters in
//! force, applying the random players' actions directly to a compact state
//! (bit sets of players, no events, no proposal list, no clock).
//!
//! It plays exactly the game the engine plays (`super::play` with
//! `super::players::play_turn`): the same checks in the same order, and the
//! same draws from the same [`Dice`], so every seed gives the same
//! [`Game`]. The engine stays the reference; `tests::fast` compares the two
//! game by game.
//!
//! Why so little state suffices, for the games Monte Carlo plays:
//! - Proposals are opaque and carry no `effect` lines, so adopting one
//!   changes no rule and no parameter: the parameters in force are those
//!   of the template for the whole game, and are read once ([`Plan`]).
//! - No player is a bot, none resubmits, withdraws or abstains.
//! - Within a turn every action happens at the turn's start; the clock only
//!   decides whether a turn closes at the early mark (IV 206/1) or at its
//!   end, and both close it with the same state. So time is not kept.
//! - Judgment changes only the clock (the extension) and who judges, which
//!   nothing else reads; only its draws matter. V 214's uniform choice of a
//!   Judge depends on vote history and rolls a die, so rules with it are
//!   left to the engine, as are Proposal Queue rules (V 201).

mod close;
mod plain;
mod plan;
mod quick;
mod steady;
mod turn;
mod vote;

use super::{Behaviour, Config, Game, Voters};
use crate::engine::rng::Dice;
use crate::engine::state::State;
use crate::engine::Ballot;
use plain::PlainTurn;
use plan::{bit, Plan, Set};
use steady::{SteadyCache, Stop};

/// The fast path's game: the plan, the starting players, and the state of
/// the game in play (reset for each game, keeping its buffers).
#[derive(Clone)]
pub(crate) struct FastGame {
    plan: Plan,
    /// Seats (starting players).
    seats: usize,
    /// The most players a game may reach with those who join.
    most: usize,
    /// Starting players who are active.
    start_active: Set,
    /// Starting scores.
    start_scores: Vec<i64>,
    /// Starting turn order.
    start_order: Vec<u8>,
    /// The seat of each starting player (their place among the starting
    /// players in the turn order).
    seat_of: Vec<u8>,
    /// The game's dice.
    dice: Dice,
    /// Players now in the game.
    players: usize,
    active: Set,
    /// Declared inactivity in their own turn (IV 207).
    locked: Set,
    /// Has a ballot on the current proposal.
    voted: Set,
    /// Of those, voted yes.
    yes: Set,
    scores: Vec<i64>,
    /// Players whose score has reached `win.points`.
    reached: Set,
    order: Vec<u8>,
    turn: u32,
    mover: Option<u8>,
    /// The mover's place in `order`.
    mover_at: Option<usize>,
    /// The proposer of the proposal being voted on.
    current: Option<u8>,
    proposed_this_turn: bool,
    tiebreak_rolled: bool,
    tiebreak_vote: Option<Ballot>,
    over: bool,
    winners: Set,
    decided: u64,
    adopted: u64,
    /// The steady turns of the last active set that had them (kept
    /// across games: the active set at a game's start is the same).
    steady: SteadyCache,
    /// The CPU runs [`FastGame::play_wide`].
    wide: bool,
    /// The plain turn of the behaviour and voters it was worked out for
    /// (the run's: worked out again only if a game asks for others).
    plain: (Behaviour, Voters, Option<PlainTurn>),
}

impl FastGame {
    /// The fast game for runs from `template` (a Monte Carlo template:
    /// seated players, nothing played), or `None` where the fast path does
    /// not cover the rules in force.
    pub(crate) fn new(template: &State, config: &Config) -> Option<FastGame> {
        let plan = Plan::new(&template.params)?;
        let seats = template.players.len();
        let most = usize::from((config.players + super::JOIN_LIMIT).min(64));
        if seats == 0
            || seats > 64
            || seats != usize::from(config.players)
            || template.turn != 0
            || template.over
            || !template.proposals.is_empty()
            || template.players.iter().any(|p| p.bot || p.locked_inactive)
        {
            return None;
        }
        let start_order: Vec<u8> = template.order.iter().map(|p| *p as u8).collect();
        let mut seat_of = vec![0; seats];
        for (seat, id) in start_order.iter().enumerate() {
            seat_of[usize::from(*id)] = seat as u8;
        }
        let start_active = template
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.active)
            .fold(0, |set, (i, _)| set | bit(i));
        Some(FastGame {
            seats,
            most,
            start_active,
            start_scores: template.players.iter().map(|p| p.score).collect(),
            start_order: start_order.clone(),
            seat_of,
            dice: Dice::new(0),
            players: seats,
            active: start_active,
            locked: 0,
            voted: 0,
            yes: 0,
            scores: Vec::with_capacity(64),
            reached: 0,
            order: Vec::with_capacity(64),
            turn: 0,
            mover: None,
            mover_at: None,
            current: None,
            proposed_this_turn: false,
            tiebreak_rolled: false,
            tiebreak_vote: None,
            over: false,
            winners: 0,
            decided: 0,
            adopted: 0,
            steady: SteadyCache::default(),
            wide: wide(),
            plain: (
                config.behaviour,
                config.voters,
                PlainTurn::new(&plan, config),
            ),
            plan,
        })
    }

    /// Plays game `index` of `config` and returns its outcome: the same as
    /// [`super::play`] on the engine.
    pub(crate) fn play(&mut self, config: &Config, index: u64) -> Game {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` says the CPU has every feature `play_wide` is
            // compiled for (`FastGame::new` asked it).
            return unsafe { self.play_wide(config, index) };
        }
        self.play_here::<false>(config, index)
    }

    /// [`FastGame::play`] compiled for CPUs with AVX-512, where a steady
    /// turn's chunk of 16 words is tested in a few vector instructions
    /// (`steady.rs`), and with the bit instructions the baseline x86-64
    /// target lacks (`popcnt`, `tzcnt`). The same code, the same games.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2,avx512f,avx512dq,avx512vl,avx512bw")]
    fn play_wide(&mut self, config: &Config, index: u64) -> Game {
        self.play_here::<true>(config, index)
    }

    /// The game loop; `WIDE` where compiled for AVX-512 (`play_wide`), which
    /// reads a steady turn's lanes differently (`steady.rs`).
    #[inline(always)]
    fn play_here<const WIDE: bool>(&mut self, config: &Config, index: u64) -> Game {
        self.dice.restart(config.seed, index);
        self.reset();
        self.check_win();
        if !self.over {
            self.start_turn();
        }
        let max_turns = config.max_turns.min(u32::MAX - 1);
        let plain = self.plain_turn_of(config);
        while !self.over && self.turn <= max_turns {
            if let Some(plain) = plain {
                match self.steady_run::<WIDE>(plain, max_turns) {
                    Stop::Done => continue,
                    // A chance happens (or a die is drawn again): the
                    // general turn.
                    Stop::Chance => {}
                    Stop::Other => {
                        if self.plain_turn(plain) {
                            self.close_plain_turn();
                            continue;
                        }
                    }
                }
            }
            let turn = self.turn;
            // A chance happens: played from a window of words where it can
            // be, else drawn one by one.
            let quick = match plain {
                Some(plain) => self.quick_turn(plain),
                None => false,
            };
            if !quick {
                self.play_turn(config);
            }
            if self.turn == turn && !self.over {
                self.close_turn();
            }
        }
        self.outcome(max_turns)
    }

    /// The plain turn of `config`'s games (the steady turns' cache made
    /// ready for it), worked out once for a run's behaviour and voters.
    fn plain_turn_of(&mut self, config: &Config) -> Option<PlainTurn> {
        if (self.plain.0, self.plain.1) != (config.behaviour, config.voters) {
            self.plain = (
                config.behaviour,
                config.voters,
                PlainTurn::new(&self.plan, config),
            );
        }
        let plain = self.plain.2;
        if let Some(plain) = plain {
            self.steady.prepare(plain);
        }
        plain
    }

    fn reset(&mut self) {
        self.players = self.seats;
        self.active = self.start_active;
        self.locked = 0;
        self.voted = 0;
        self.yes = 0;
        self.scores.clone_from(&self.start_scores);
        self.reached = self
            .scores
            .iter()
            .enumerate()
            .filter(|(_, s)| self.reaches(**s))
            .fold(0, |set, (p, _)| set | bit(p));
        self.order.clone_from(&self.start_order);
        self.turn = 0;
        self.mover = None;
        self.mover_at = None;
        self.current = None;
        self.proposed_this_turn = false;
        self.tiebreak_rolled = false;
        self.tiebreak_vote = None;
        self.over = false;
        self.winners = 0;
        self.decided = 0;
        self.adopted = 0;
    }

    fn outcome(&self, max_turns: u32) -> Game {
        let mut game = Game {
            turns: self.turn.min(max_turns),
            decided: self.decided,
            adopted: self.adopted,
            joined: (self.players - self.seats) as u32,
            ..Game::default()
        };
        let mut winners = self.winners;
        while winners != 0 {
            let id = winners.trailing_zeros() as usize;
            winners &= winners - 1;
            if id >= self.seats {
                game.joined_winners += 1;
            } else {
                game.winners |= bit(usize::from(self.seat_of[id]));
            }
        }
        game
    }

    fn everyone(&self) -> Set {
        Set::MAX >> (64 - self.players)
    }

    fn eligible(&self) -> Set {
        if self.plan.all_eligible {
            self.everyone()
        } else {
            self.active
        }
    }

    fn still(&self, turn: u32) -> bool {
        self.turn == turn && !self.over
    }
}

/// Whether the CPU has every feature [`FastGame::play_wide`] is compiled
/// for.
fn wide() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("popcnt")
            && has!("bmi1")
            && has!("bmi2")
            && has!("lzcnt")
            && has!("avx2")
            && has!("avx512f")
            && has!("avx512dq")
            && has!("avx512vl")
            && has!("avx512bw")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(test)]
mod quick_tests;
#[cfg(test)]
mod steady_tests;
#[cfg(test)]
mod tests;
