//! Random players: what they do in a turn, as the rules in force allow
//! real players to, with rates given as options.
//!
//! Every chance is drawn only when its rate is not zero, so with every rate
//! at zero a game uses exactly the draws of votes and dice (the pure races
//! of docs/engine-design.md).

use super::{Config, Voters};
use crate::engine::event::{Ballot, PlayerId, ProposalBody};
use crate::engine::rng::Dice;
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
    pub(crate) const NEVER: Rate = Rate(0);

    /// Draws whether the event happens (no draw when the rate is zero).
    fn happens<S: Sink>(self, engine: &mut Engine<S>) -> bool {
        self.happens_on(&mut engine.dice)
    }

    /// [`Rate::happens`] on the dice alone: no draw when the rate is zero
    /// or a certainty.
    #[inline]
    fn happens_on(self, dice: &mut Dice) -> bool {
        self.0 > 0 && (self.0 >= MILLION || dice.below(MILLION) < self.0)
    }
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
    // Only a declaration can end the turn or the game here, so `still` is
    // checked again only after one; a rate of zero draws nothing.
    if engine.state.params.declare_active.value && b.back != Rate::NEVER {
        declare_each(engine, players, true, b.back, turn);
    }
    if engine.state.params.inactive_declare.value && b.leave != Rate::NEVER {
        declare_each(engine, players, false, b.leave, turn);
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

/// Each of the first `players` human players whose status is not `active`
/// declares it at `rate`, in player order, while the turn goes on.
/// Inlined at both calls, so that each has its own branches to predict.
#[inline(always)]
fn declare_each<S: Sink>(
    engine: &mut Engine<S>,
    players: PlayerId,
    active: bool,
    rate: Rate,
    turn: u32,
) {
    if engine.state.turn != turn || engine.state.over {
        return;
    }
    for p in 0..players {
        let player = &engine.state.players[usize::from(p)];
        if player.active != active && !player.bot && rate.happens_on(&mut engine.dice) {
            let _ = engine.declare(p, active);
            if engine.state.turn != turn || engine.state.over {
                return;
            }
        }
    }
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
        // A coin is as unpredictable as a branch can be: choosing the
        // ballot without one spares a mispredicted jump on half the votes.
        let ballot = std::hint::select_unpredictable(yes, Ballot::Yes, Ballot::No);
        let _ = engine.cast(p, ballot);
    }
}
