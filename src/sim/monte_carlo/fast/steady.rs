//! Runs of plain turns, played and closed in one loop.
//!
//! A plain turn (`plain.rs`) changes no one's activity: no one declares,
//! the mover proposes, every eligible voter votes and no inactive voter
//! comes back. So while turns stay plain the active set is fixed, and with
//! it everything a plain turn's words mean for each mover: which word is
//! whose chance, which are whose coins, the electorate, the tally's row and
//! the order of movers. [`Steady`] works those out once per active set;
//! [`FastGame::steady_run`] then plays turn after turn from the words alone
//! until a turn is not plain, the game ends or the turn limit is reached.
//! Turn by turn it draws exactly the words, and leaves exactly the state,
//! that `plain_turn` and then `close_plain_turn` would.
//!
//! Why it is faster: the turn loop used to ask, every turn, where a plain
//! turn's words are (counting players, matching on rates) and then closed
//! the turn through the general close (the tally's table, the die's match,
//! the next mover's search). Here a turn is a fixed set of lanes tested at
//! once, its coins, a bit of a mask and a die.

use super::plain::PlainTurn;
use super::plan::{bit, count, Set, SMALL};
use super::FastGame;
use crate::engine::params::TurnEndScore;
use crate::engine::rng::{Divisor, Word};
use crate::sim::monte_carlo::players::{lane_product, Odds, LANE_LOW};

/// Words tested at once; a turn's chances and coins take one or two such
/// chunks.
const CHUNK: usize = 16;
/// The most words of a steady turn's chances and coins.
const LANES: usize = 2 * CHUNK;
/// The most turn-end dice a steady turn rolls.
const DICE: usize = 4;
/// The bit of [`MoverTurn::coin`] from which the yes coins are counted.
const COUNTED: u32 = 16;
/// The bits below [`COUNTED`].
const COUNT_BELOW: u32 = (1 << COUNTED) - 1;
const _: () = assert!(SMALL <= COUNTED as usize);

/// The steady turns of a run's plain turn, worked out once per active set
/// as the run's games meet it (the same for every game of a run).
#[derive(Debug, Clone, Default)]
pub(super) struct SteadyCache {
    /// The plain turn the slots are for.
    plain: Option<PlainTurn>,
    /// By active set (at most [`SMALL`] players).
    slots: Vec<Slot>,
    /// Turns played here, for tests that they are.
    #[cfg(test)]
    pub(super) turns: u64,
}

impl SteadyCache {
    /// Makes the cache hold the steady turns of `plain` (empty where it
    /// held another's).
    pub(super) fn prepare(&mut self, plain: PlainTurn) {
        if self.plain != Some(plain) {
            self.plain = Some(plain);
            self.slots = vec![Slot::Unknown; 1 << SMALL];
        }
    }
}

#[cfg(test)]
impl SteadyCache {
    /// Whether an active set without every one of `players` has steady
    /// turns.
    pub(super) fn covers_some_inactive(&self, players: usize) -> bool {
        let everyone = (1 << players) - 1;
        self.slots
            .iter()
            .enumerate()
            .any(|(set, slot)| matches!(slot, Slot::Some(_)) && set != everyone)
    }
}

/// What is known of one active set's steady turns.
#[derive(Debug, Clone)]
enum Slot {
    /// Not worked out yet.
    Unknown,
    /// Not covered.
    None,
    Some(Box<Steady>),
}

/// What the words of a steady turn mean, for one active set.
#[derive(Debug, Clone)]
struct Steady {
    /// By the mover's place in turn order.
    turns: [MoverTurn; SMALL],
    /// Bit `y`: adopted with `y` yes votes (every eligible player votes).
    adopt: u16,
    /// The eligible players, who all vote.
    eligible: Set,
    /// The turn-end dice: how many, and their sides (none where `None`).
    dice: usize,
    die: Option<Divisor>,
    /// The place in turn order of the mover after each place.
    next: [u8; SMALL],
    /// The mover at each place.
    movers: [u8; SMALL],
    /// [`LANE_LOW`] and 32, read from here by the chunks' test
    /// ([`lane_product`]).
    lane_low: u32,
    lane_shift: u32,
}

/// A steady turn's words, for one mover.
#[derive(Debug, Clone, Copy)]
struct MoverTurn {
    /// Words of the turn's chances and coins, before its dice.
    words: usize,
    /// Chunks of [`CHUNK`] words that hold them and the dice.
    chunks: usize,
    /// Words looked at: the chunks, and at least the chances, coins and
    /// dice.
    ahead: usize,
    /// Per word: the turn is plain only if the word is at least
    /// `reject[i]` (below it a chance or a die draws again) and its
    /// [`lane_product`] at least `below[i]` (below it the chance happens).
    /// Coins and unused lanes pass both (0).
    reject: [u32; LANES],
    below: [u64; LANES],
    /// Per word: where it is a voter's coin, the voter's bit (every
    /// player's place is below [`SMALL`]) and bit [`COUNTED`]; else 0. A
    /// word's coin is its lowest bit, so the sum of `coin[i] & -(x & 1)`
    /// holds the voters who vote yes in its low bits and their number from
    /// bit [`COUNTED`] (the voters are distinct: no carries): a few vector
    /// instructions where a loop over the voters took eight a voter, and
    /// no count of the set before the tally.
    coin: [u32; LANES],
    /// The mover's implicit yes (IV 320), as a set.
    implicit: Set,
    /// [`Steady::adopt`] shifted by the implicit yes votes: bit `y`,
    /// adopted with `y` yes votes from the coins.
    adopt: u16,
}

/// Why a run of steady turns stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// The game is over, or the turn limit reached.
    Done,
    /// A chance happens this turn, or its turn-end die would be drawn
    /// again: `play_turn` plays it. Nothing was drawn.
    Chance,
    /// The turn may be plain but is not steady (rules or players not
    /// covered): `plain_turn` may still play it. Nothing was drawn.
    Other,
}

impl Steady {
    /// The steady turns of `game`'s active set, or `None` where they are
    /// not covered: more than [`SMALL`] players, a tally that is not the
    /// table's, scores reset each turn, or too many words.
    fn new(game: &FastGame, plain: PlainTurn) -> Option<Steady> {
        let plan = &game.plan;
        let players = game.players;
        if players > SMALL || plan.adopt.is_empty() || game.order.len() != players {
            return None;
        }
        let (dice, die) = match (plan.turn_end, plan.turn_end_die) {
            (TurnEndScore::Dice { n, .. }, Some(die)) => (usize::try_from(n).ok()?, Some(die)),
            (TurnEndScore::None, _) => (0, None),
            _ => return None,
        };
        if dice > DICE {
            return None;
        }
        let eligible = game.eligible();
        let mut steady = Steady {
            turns: [MoverTurn::EMPTY; SMALL],
            adopt: 0,
            eligible,
            dice,
            die,
            next: [0; SMALL],
            movers: [0; SMALL],
            lane_low: LANE_LOW,
            lane_shift: 32,
        };
        for place in 0..players {
            let rolls = die.map(|die| (dice, die));
            steady.turns[place] = MoverTurn::new(game, plain, game.order[place], rolls)?;
            steady.next[place] = u8::try_from(game.following(place)?).ok()?;
            steady.movers[place] = game.order[place];
        }
        let side = SMALL + 1;
        let voting = count(eligible) as usize;
        let row = plan.adopt[voting * side + players];
        for yes in 0..=voting {
            let adopted = row >> (yes * side + voting - yes) & 1;
            steady.adopt |= (adopted as u16) << yes;
        }
        for turn in &mut steady.turns[..players] {
            turn.adopt = steady.adopt >> count(turn.implicit);
        }
        Some(steady)
    }
}

impl MoverTurn {
    const EMPTY: MoverTurn = MoverTurn {
        words: 0,
        chunks: 0,
        ahead: 0,
        reject: [0; LANES],
        below: [0; LANES],
        coin: [0; LANES],
        implicit: 0,
        adopt: 0,
    };

    /// The words of `mover`'s plain turn, in the order `plain_turn` reads
    /// them; `None` where they are too many.
    fn new(
        game: &FastGame,
        plain: PlainTurn,
        mover: u8,
        dice: Option<(usize, Divisor)>,
    ) -> Option<MoverTurn> {
        let everyone = game.everyone();
        let active = game.active & everyone;
        let eligible = game.eligible();
        let m = bit(usize::from(mover));
        let implicit = if game.plan.implicit_yes && eligible & m != 0 {
            m
        } else {
            0
        };
        let mut turn = MoverTurn {
            implicit,
            ..MoverTurn::EMPTY
        };
        turn.push(plain.declare_back, count(everyone & !active))?;
        turn.push(plain.leave, count(active))?;
        turn.push(plain.miss_proposal, 1)?;
        turn.push(plain.judgment, 1)?;
        let mut voters = everyone & !implicit;
        while voters != 0 {
            let p = voters.trailing_zeros();
            voters &= voters - 1;
            if eligible & 1 << p != 0 {
                turn.push(plain.miss_vote, 1)?;
                *turn.coin.get_mut(turn.words)? = 1 << COUNTED | 1 << p;
                turn.words += 1;
            } else {
                turn.push(plain.vote_back, 1)?;
            }
        }
        // The turn-end dice, each drawn again below `die.reject_below`.
        let lanes = turn.words + dice.map_or(0, |(n, _)| n);
        if lanes > LANES {
            return None;
        }
        if let Some((_, die)) = dice {
            turn.reject[turn.words..lanes].fill(die.reject_below());
        }
        turn.chunks = lanes.div_ceil(CHUNK);
        turn.ahead = (turn.chunks * CHUNK).max(lanes);
        Some(turn)
    }

    /// `times` words of `chance` (none where it is never); `None` where
    /// they do not fit.
    fn push(&mut self, chance: Option<Odds>, times: u32) -> Option<()> {
        if let Some(odds) = chance {
            for _ in 0..times {
                let at = self.words;
                (*self.reject.get_mut(at)?, *self.below.get_mut(at)?) = odds.lane();
                self.words += 1;
            }
        }
        Some(())
    }

    /// Whether every chance of the turn says no on `words` (at least
    /// `self.chunks` chunks of them), tested without a branch a word
    /// (`lane` is [`LANE_LOW`] and 32), and the sum of its yes coins (see
    /// [`MoverTurn::coin`]).
    #[inline(always)]
    fn read(&self, words: &[Word], lane: (u32, u32)) -> (bool, u32) {
        let mut plain = true;
        let mut yes = 0u32;
        for chunk in 0..self.chunks {
            let lanes = chunk * CHUNK..(chunk + 1) * CHUNK;
            let words: &[Word; CHUNK] = words[lanes.clone()].try_into().expect("a chunk");
            let reject: &[u32; CHUNK] = self.reject[lanes.clone()].try_into().expect("a chunk");
            let below: &[u64; CHUNK] = self.below[lanes.clone()].try_into().expect("a chunk");
            let coin: &[u32; CHUNK] = self.coin[lanes].try_into().expect("a chunk");
            for i in 0..CHUNK {
                let x = u32::from_le_bytes(words[i]);
                plain &= (x >= reject[i]) & (lane_product(x, lane.0, lane.1) >= below[i]);
                yes = yes.wrapping_add(coin[i] & (x & 1).wrapping_neg());
            }
        }
        (plain, yes)
    }
}

impl FastGame {
    /// Plays plain turns, each closed, while they come; see the module's
    /// doc. Called at a turn's start, with the game not over, the turn
    /// within `max_turns` and the cache prepared for `plain`
    /// ([`SteadyCache::prepare`], once a game rather than once a run of
    /// steady turns).
    #[inline(always)]
    pub(super) fn steady_run<const WIDE: bool>(
        &mut self,
        plain: PlainTurn,
        max_turns: u32,
    ) -> Stop {
        if self.mover.is_none() || self.locked != 0 || self.players > SMALL {
            return Stop::Other;
        }
        // Active sets of up to SMALL players index the slots.
        let at = (self.active & self.everyone()) as usize;
        let steady = match std::mem::replace(&mut self.steady.slots[at], Slot::None) {
            Slot::Unknown => Steady::new(self, plain).map(Box::new),
            Slot::None => None,
            Slot::Some(steady) => Some(steady),
        };
        let Some(steady) = steady else {
            return Stop::Other;
        };
        let stop = self.steady_turns::<WIDE>(&steady, max_turns);
        self.steady.slots[at] = Slot::Some(steady);
        stop
    }

    #[inline(always)]
    fn steady_turns<const WIDE: bool>(&mut self, s: &Steady, max_turns: u32) -> Stop {
        // The lanes' product (`lane_product`) by values read from memory
        // where compiled for AVX-512, so that it stays one `vpmuludq` and a
        // shift; by constants elsewhere, which the baseline target's
        // vectoriser handles (a shift it cannot see is the same in every
        // lane costs it the loop: 9,000 instructions a game).
        let lane = if WIDE {
            (s.lane_low, s.lane_shift)
        } else {
            (LANE_LOW, 32)
        };
        // The counts a turn changes are kept in hand, and written back when
        // the run stops.
        let mut mover_at = self.mover_at.unwrap_or(0);
        let mut turns = self.turn;
        let mut adopted = self.adopted;
        let mut yes = self.yes;
        // Turns decided here: those begun (`turns - self.turn`) and the
        // one a win ends; counted once at the end rather than in a register
        // (the compiler paired the counts in a vector kept on the stack).
        let mut won = false;
        let stop = loop {
            let turn = &s.turns[mover_at];
            let words = self.dice.ahead(turn.ahead);
            // A die drawn again is a chance too: `play_turn` then rolls it.
            let (plain, coins) = turn.read(words, lane);
            if !plain {
                break Stop::Chance;
            }
            // The turn-end dice, summed as `turn_end_score` sums them
            // (unrolled: a loop over a slice of them was vectorised, with
            // its checks, for the one die of most rules).
            let mut roll: u32 = 0;
            if let Some(die) = s.die {
                for k in 0..DICE {
                    if k < s.dice {
                        let x = u32::from_le_bytes(words[turn.words + k]);
                        roll = roll.wrapping_add(die.rem(x) + 1);
                    }
                }
            }
            yes = turn.implicit | Set::from(coins & COUNT_BELOW);
            self.dice.skip(turn.words + s.dice);
            #[cfg(test)]
            {
                self.steady.turns += 1;
            }
            // As `plain_turn`, `resolve`, `turn_end_score`, `check_win`
            // and `start_turn` leave it.
            let adoption = turn.adopt >> (coins >> COUNTED) & 1 == 1;
            adopted += u64::from(adoption);
            if self.plan.against_adopted > 0 && adoption {
                let mut against = s.eligible & !yes;
                while against != 0 {
                    let p = against.trailing_zeros() as usize;
                    against &= against - 1;
                    self.add_score(p, self.plan.against_adopted);
                }
            }
            if s.die.is_some() {
                self.add_score(usize::from(s.movers[mover_at]), i64::from(roll));
            }
            if self.reached != 0 {
                self.current = None;
                self.proposed_this_turn = true;
                self.over = true;
                self.winners = self.reached;
                won = true;
                break Stop::Done;
            }
            turns += 1;
            mover_at = usize::from(s.next[mover_at]);
            if turns > max_turns {
                break Stop::Done;
            }
        };
        let decided = turns - self.turn + u32::from(won);
        if decided > 0 {
            self.voted = s.eligible;
            self.yes = yes;
        }
        self.turn = turns;
        self.decided += u64::from(decided);
        self.adopted = adopted;
        self.mover_at = Some(mover_at);
        self.mover = Some(self.order[mover_at]);
        stop
    }

    /// The place in turn order after `place` of the next player whose turn
    /// is not skipped, as `start_turn` finds it.
    fn following(&self, place: usize) -> Option<usize> {
        let n = self.order.len();
        (1..=n).map(|step| (place + step) % n).find(|at| {
            !self.plan.inactive_skip_turn || self.active & bit(usize::from(self.order[*at])) != 0
        })
    }
}
