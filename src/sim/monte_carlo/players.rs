//! Random players: what they do in a turn, as the rules in force allow
//! real players to, with rates given as options.
//!
//! Every chance is drawn only when its rate is not zero, so with every rate
//! at zero a game uses exactly the draws of votes and dice (the pure races
//! of docs/engine-design.md).

use super::{Config, Voters};
use crate::engine::event::{Ballot, PlayerId, ProposalBody};
use crate::engine::rng::{Dice, Word};
use crate::engine::state::ProposalStatus;
use crate::engine::{Engine, Sink};
use std::fmt;
use std::str::FromStr;

/// A probability in parts per million.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rate(pub u32);

/// Parts per million in a certainty.
const MILLION: u32 = 1_000_000;

impl Rate {
    /// Never.
    pub const NEVER: Rate = Rate(0);

    /// Draws whether the event happens (no draw when the rate is zero).
    fn happens<S: Sink>(self, engine: &mut Engine<S>) -> bool {
        self.happens_on(&mut engine.dice)
    }

    /// [`Rate::happens`] on the dice alone (the fast path's): no draw when
    /// the rate is zero or a certainty.
    #[inline]
    pub(super) fn happens_on(self, dice: &mut Dice) -> bool {
        self.0 > 0 && (self.0 >= MILLION || dice.below(MILLION) < self.0)
    }

    /// Whether the event is neither never nor certain: each chance draws
    /// one word, and some words decide it does not happen.
    #[inline]
    pub(super) fn is_odds(self) -> bool {
        self.0 > 0 && self.0 < MILLION
    }
}

/// A rate that is neither never nor certain ([`Rate::is_odds`]), prepared
/// to read a word without a division: [`Rate::happens_on`] draws
/// `x = below(MILLION)`, and `x mod n < r` exactly when the low 64 bits of
/// `x * ceil(2^64 / n)` are below `ceil(r * 2^64 / n)` (the remainder is
/// the high half of those bits times `n`, which grows with them: Lemire,
/// Kaser and Kurz 2019, exact for every 32-bit `x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Odds {
    /// `ceil(r * 2^64 / MILLION)`.
    below: u64,
    /// `r * LANE_RECIPROCAL`: the bound of [`lane_product`].
    lane_below: u64,
}

impl Odds {
    /// `ceil(2^64 / MILLION)` (which does not divide 2^64).
    pub(super) const RECIPROCAL: u64 = u64::MAX / MILLION as u64 + 1;
    /// Words below this are drawn again by `below(MILLION)`.
    const REJECT_BELOW: u32 = MILLION.wrapping_neg() % MILLION;

    /// The odds of `rate`, or `None` where it is never or certain.
    pub(super) fn new(rate: Rate) -> Option<Odds> {
        rate.is_odds().then(|| Odds {
            below: (u128::from(rate.0) << 64).div_ceil(u128::from(MILLION)) as u64,
            lane_below: u64::from(rate.0) * LANE_RECIPROCAL,
        })
    }

    /// The bounds a steady turn's lane holds a word to: the chance says no
    /// exactly when the word is at least the first, and its
    /// [`lane_product`] at least the second.
    #[inline]
    pub(super) fn lane(self) -> (u32, u64) {
        (Self::REJECT_BELOW, self.lane_below)
    }

    /// Whether [`Rate::happens_on`] keeps the word `x` (else it draws
    /// again).
    #[inline]
    pub(super) fn keeps(x: Word) -> bool {
        u32::from_le_bytes(x) >= Self::REJECT_BELOW
    }

    /// Whether [`Rate::happens_on`] drawing the word `x` says the chance
    /// happens, where it keeps the word ([`Odds::keeps`]).
    #[inline]
    pub(super) fn hits_by(self, x: Word) -> bool {
        Self::RECIPROCAL.wrapping_mul(u64::from(u32::from_le_bytes(x))) < self.below
    }

    /// Whether [`Rate::happens_on`] drawing the word `x` says no, and draws
    /// nothing more. Without a branch, so that a run of chances is tested
    /// at once.
    #[inline]
    pub(super) fn misses_by(self, x: Word) -> bool {
        let x = u32::from_le_bytes(x);
        (x >= Self::REJECT_BELOW) & (Self::RECIPROCAL.wrapping_mul(u64::from(x)) >= self.below)
    }
}

/// `ceil(2^52 / MILLION)`, a little over `2^32`: the reciprocal of a
/// steady turn's lanes (`steady.rs`). With it 52 bits suffice: where
/// `x = q * MILLION + t` and `c * MILLION = 2^52 + e` (`e < MILLION`),
/// `x * c = q * 2^52 + (q * e + t * c)`, and `q * e + t * c` is below
/// `2^52` for every 32-bit `x` (`q * e < 2^32`, `t * c < 2^52 - 2^52 /
/// MILLION + MILLION`, and `2^52 / MILLION > 2^32 + MILLION`). So the low
/// 52 bits are `q * e + t * c`: below `r * c` where `t < r` (`q * e <
/// 2^32 < c`), at least `r * c` where `t >= r`.
pub(super) const LANE_RECIPROCAL: u64 = (1 << 52) / MILLION as u64 + 1;
/// [`LANE_RECIPROCAL`] less `2^32`, which fits 32 bits.
pub(super) const LANE_LOW: u32 = (LANE_RECIPROCAL - (1 << 32)) as u32;
const _: () = assert!(LANE_RECIPROCAL > 1 << 32 && LANE_RECIPROCAL - (1 << 32) < 1 << 32);
const _: () = assert!((1 << 52) / MILLION as u64 > (1 << 32) + MILLION as u64);

/// `x * LANE_RECIPROCAL` mod `2^52`, for `low` = [`LANE_LOW`] and `shift`
/// = 32: one 32×32-bit multiplication (`vpmuludq`, 5 cycles) and a shift,
/// where the 64-bit product with [`Odds::RECIPROCAL`] takes AVX-512's
/// `vpmullq` (15 cycles) before a steady turn's exit branch can resolve.
/// Both are passed in (read from memory): with either known, the compiler
/// folds the two back into one 64-bit multiplication.
#[inline(always)]
pub(super) fn lane_product(x: u32, low: u32, shift: u32) -> u64 {
    (u64::from(x) * u64::from(low)).wrapping_add(u64::from(x) << shift) & ((1 << 52) - 1)
}

/// A rate that is not a probability.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a probability from 0 to 1 (such as 0.02), found `{0}`")]
pub struct RateError(String);

impl FromStr for Rate {
    type Err = RateError;
    fn from_str(text: &str) -> Result<Rate, RateError> {
        let p: f64 = text.trim().parse().map_err(|_| RateError(text.into()))?;
        if !(0.0..=1.0).contains(&p) {
            return Err(RateError(text.into()));
        }
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(Rate((p * f64::from(MILLION)).round() as u32))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", f64::from(self.0) / f64::from(MILLION))
    }
}

/// How often random players do each thing the rules let them do. Each is a
/// chance per player per turn unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Behaviour {
    /// An eligible voter lets the vote pass without voting (I 306 and
    /// IV 207 then make them inactive).
    pub miss_vote: Rate,
    /// The mover makes no proposal in their turn (I 306, IV 207: inactive).
    pub miss_proposal: Rate,
    /// An active player declares inactivity (where a rule allows it: IV
    /// 207, V 206).
    pub leave: Rate,
    /// An inactive player comes back: declares themselves active (IV 207),
    /// or votes (I 306, IV 207: voting ends inactivity).
    pub back: Rate,
    /// Someone invokes Judgment in a turn (one draw per turn; the Judge
    /// answers at once).
    pub judgment: Rate,
    /// On a Proposal Queue (V 201): an active player without a queued
    /// proposal creates one.
    pub create: Rate,
    /// On a Proposal Queue (V 202): an active player endorses one queued
    /// proposal, chosen uniformly.
    pub endorse: Rate,
    /// A person joins the game (one draw per turn, where a rule lets
    /// persons join: IV 218, V 216), up to [`super::JOIN_LIMIT`] a game.
    /// Never by default: win share by seat then speaks of the players who
    /// started, as the oracle of docs/engine-design.md does.
    pub join: Rate,
}

impl Behaviour {
    /// The defaults (docs/engine.md): real players who mostly keep up.
    pub const DEFAULT: Behaviour = Behaviour {
        miss_vote: Rate(20_000),
        miss_proposal: Rate(20_000),
        leave: Rate(2_000),
        back: Rate(100_000),
        judgment: Rate(20_000),
        create: Rate(300_000),
        endorse: Rate(200_000),
        join: Rate::NEVER,
    };

    /// Players who never miss, leave or argue: the pure races of
    /// docs/engine-design.md (only votes, and on queues proposals).
    pub const DILIGENT: Behaviour = Behaviour {
        miss_vote: Rate::NEVER,
        miss_proposal: Rate::NEVER,
        leave: Rate::NEVER,
        back: Rate::NEVER,
        judgment: Rate::NEVER,
        create: Rate(MILLION),
        endorse: Rate::NEVER,
        join: Rate::NEVER,
    };
}

impl Default for Behaviour {
    fn default() -> Behaviour {
        Behaviour::DEFAULT
    }
}

/// One turn of random play: status changes, proposals (the mover's, or
/// the queue's), Judgment, then the votes. Refused actions change nothing
/// and are ignored: a random player tries what the rules may forbid.
pub(super) fn play_turn<S: Sink>(
    engine: &mut Engine<S>,
    config: &Config,
    queue: bool,
    labels: &mut u64,
) {
    let b = &config.behaviour;
    let players = engine.state.players.len() as PlayerId;
    let turn = engine.state.turn;
    let still = |e: &Engine<S>| e.state.turn == turn && !e.state.over;
    if engine.state.params.declare_active.value {
        for p in 0..players {
            let player = &engine.state.players[usize::from(p)];
            if !player.active && !player.bot && still(engine) && b.back.happens(engine) {
                let _ = engine.declare(p, true);
            }
        }
    }
    if engine.state.params.inactive_declare.value {
        for p in 0..players {
            let player = &engine.state.players[usize::from(p)];
            if player.active && !player.bot && still(engine) && b.leave.happens(engine) {
                let _ = engine.declare(p, false);
            }
        }
    }
    if engine.state.params.join_allowed.value
        && still(engine)
        && engine.state.players.len() < usize::from((config.players + super::JOIN_LIMIT).min(64))
        && b.join.happens(engine)
    {
        // Named after the seats (`p06` joins five seated players); refused
        // only past the most players a game has, which the limit prevents.
        let name = format!("p{:02}", engine.state.players.len() + 1);
        let _ = engine.join(&name);
    }
    if !still(engine) {
        return;
    }
    if queue {
        create_and_endorse(engine, b, labels);
    } else if let Some(mover) = engine.state.mover {
        if !b.miss_proposal.happens(engine) {
            // Refused only when the mover cannot propose; nothing to do then.
            let _ = engine.propose(mover, ProposalBody::Opaque, Vec::new());
        }
    }
    if still(engine) && b.judgment.happens(engine) {
        invoke_judgment(engine);
    }
    vote(engine, config, turn);
}

fn create_and_endorse<S: Sink>(engine: &mut Engine<S>, b: &super::Behaviour, labels: &mut u64) {
    let players = engine.state.players.len() as PlayerId;
    for p in 0..players {
        let player = &engine.state.players[usize::from(p)];
        if !player.active || player.bot {
            continue;
        }
        let has_one = engine
            .state
            .proposals
            .iter()
            .any(|q| q.proposer == p && q.status == ProposalStatus::Queued);
        if !has_one && b.create.happens(engine) {
            *labels += 1;
            let _ = engine.create(p, &format!("R{labels}"), ProposalBody::Opaque, Vec::new());
        }
    }
    for p in 0..players {
        let player = &engine.state.players[usize::from(p)];
        if !player.active || player.bot || !b.endorse.happens(engine) {
            continue;
        }
        let queued = || {
            engine
                .state
                .proposals
                .iter()
                .filter(|q| q.status == ProposalStatus::Queued)
        };
        let count = u32::try_from(queued().count()).unwrap_or(u32::MAX);
        if count == 0 {
            continue;
        }
        let pick = engine.dice.below(count) as usize;
        let label = queued().nth(pick).and_then(|q| q.label.clone());
        if let Some(label) = label {
            let _ = engine.endorse(p, &label, true);
        }
    }
}

/// A uniformly chosen active player invokes Judgment; the Judge rules.
fn invoke_judgment<S: Sink>(engine: &mut Engine<S>) {
    let active: Vec<PlayerId> = (0..engine.state.players.len() as PlayerId)
        .filter(|p| {
            let player = &engine.state.players[usize::from(*p)];
            player.active && !player.bot
        })
        .collect();
    if active.is_empty() {
        return;
    }
    let who = active[engine.dice.below(active.len() as u32) as usize];
    if let Ok(judge) = engine.invoke_judgment(who, "a random question") {
        let _ = engine.give_judgment(judge, "a random ruling");
    }
}

/// Every eligible voter who has not voted votes, unless they miss the vote;
/// an inactive player may come back by voting where that ends inactivity.
fn vote<S: Sink>(engine: &mut Engine<S>, config: &Config, turn: u32) {
    let Some(current) = engine.state.current else {
        return;
    };
    let proposer = engine.state.proposals[current].proposer;
    let b = &config.behaviour;
    let comeback = engine.state.params.reactivate_by_vote.value;
    for p in 0..engine.state.players.len() as PlayerId {
        if engine.state.turn != turn || engine.state.over || engine.state.current.is_none() {
            break;
        }
        if engine.state.ballot(p).is_some() {
            continue;
        }
        if engine.state.is_eligible(p) {
            if b.miss_vote.happens(engine) {
                continue;
            }
        } else {
            let player = &engine.state.players[usize::from(p)];
            if player.bot || player.active || !comeback || !b.back.happens(engine) {
                continue;
            }
        }
        let yes = match config.voters {
            Voters::Random => engine.dice.coin(),
            Voters::No => p == proposer,
        };
        let _ = engine.cast(p, if yes { Ballot::Yes } else { Ballot::No });
    }
}

#[cfg(test)]
mod tests {
    use super::{lane_product, Odds, Rate, LANE_LOW, MILLION};
    use crate::engine::rng::below_of;
    use proptest::prelude::*;

    /// What `Rate::happens_on` decides on drawing `x` first: `None` where
    /// it draws again.
    fn happens(rate: Rate, x: u32) -> Option<bool> {
        below_of(MILLION, x).map(|v| v < rate.0)
    }

    fn misses(odds: Odds, x: u32) -> bool {
        odds.misses_by(x.to_le_bytes())
    }

    #[test]
    fn odds_read_a_word_as_the_sampler_does_at_the_edges() {
        let reject = MILLION.wrapping_neg() % MILLION;
        for r in [1, 2, 2_000, 20_000, 100_000, 500_000, MILLION - 1] {
            let odds = Odds::new(Rate(r)).expect("odds");
            for k in [1, 2, 1_000, 4_294] {
                let base = u64::from(k * MILLION);
                let r = u64::from(r);
                let edges = [base - 1, base, base + r - 1, base + r, base + r + 1];
                for x in edges.into_iter().filter_map(|x| u32::try_from(x).ok()) {
                    assert_eq!(
                        misses(odds, x),
                        happens(Rate(r as u32), x) == Some(false),
                        "{x} at {r}"
                    );
                }
            }
            for x in [
                0,
                1,
                reject - 1,
                reject,
                reject + r - 1,
                reject + r,
                u32::MAX,
            ] {
                assert_eq!(
                    misses(odds, x),
                    happens(Rate(r), x) == Some(false),
                    "{x} at {r}"
                );
            }
        }
        for r in [0, MILLION, MILLION + 1] {
            assert_eq!(Odds::new(Rate(r)), None);
        }
    }

    /// Whether a steady turn's lane of `odds` says no on `x`.
    fn lane_misses(odds: Odds, x: u32) -> bool {
        let (reject, below) = odds.lane();
        x >= reject && lane_product(x, LANE_LOW, 32) >= below
    }

    #[test]
    fn a_lane_reads_a_word_as_the_sampler_does_at_the_edges() {
        let reject = MILLION.wrapping_neg() % MILLION;
        for r in [1, 2, 2_000, 20_000, 100_000, 500_000, MILLION - 1] {
            let odds = Odds::new(Rate(r)).expect("odds");
            let r = u64::from(r);
            // Every multiple of a million up to 2^32, and each side of the
            // rate above it: where the remainder meets the rate.
            for k in 0..=u64::from(u32::MAX / MILLION) {
                let base = k * u64::from(MILLION);
                let edges = [
                    base.saturating_sub(1),
                    base,
                    base + r - 1,
                    base + r,
                    base + r + 1,
                ];
                for x in edges.into_iter().filter_map(|x| u32::try_from(x).ok()) {
                    assert_eq!(
                        lane_misses(odds, x),
                        happens(Rate(r as u32), x) == Some(false),
                        "{x} at {r}"
                    );
                }
            }
            for x in [0, 1, reject - 1, reject, u32::MAX - 1, u32::MAX] {
                assert_eq!(
                    lane_misses(odds, x),
                    happens(Rate(r as u32), x) == Some(false),
                    "{x} at {r}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn odds_read_a_word_as_the_sampler_does(r in 1..MILLION, x in any::<u32>()) {
            let odds = Odds::new(Rate(r)).expect("odds");
            prop_assert_eq!(misses(odds, x), happens(Rate(r), x) == Some(false));
        }

        #[test]
        fn a_lane_reads_a_word_as_the_sampler_does(r in 1..MILLION, x in any::<u32>()) {
            let odds = Odds::new(Rate(r)).expect("odds");
            prop_assert_eq!(lane_misses(odds, x), happens(Rate(r), x) == Some(false));
        }
    }
}
