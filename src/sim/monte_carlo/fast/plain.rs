//! The plain turn: the turn most turns are, played at once.
//!
//! Most turns of a game with the default players go the same way: no one
//! declares anything, no person joins, the mover proposes, no one invokes
//! Judgment, every eligible voter votes, no inactive player comes back by
//! voting, and no ballot sets anything off. Such a turn draws a number of
//! words known at its start: a chance to come back per inactive player and
//! to leave per active one, the mover's chance to miss the proposal, the
//! chance of Judgment, and per eligible voter a chance to miss the vote and
//! a coin (per other voter a chance to come back). [`FastGame::plain_turn`]
//! looks at those words without drawing them; where each chance says no, it
//! draws them all and sets the state as [`FastGame::play_turn`] would have,
//! else it draws nothing and leaves the turn to `play_turn`, which then draws
//! the same words one by one. Either way the game is the same.

use super::plan::{bit, count, Plan, Set};
use super::FastGame;
use crate::engine::rng::WORDS;
use crate::sim::monte_carlo::players::{Odds, Rate};
use crate::sim::monte_carlo::{Config, Voters};

/// What a plain turn draws, for a run's plan and players: a rate that is
/// never draws nothing (`None`), one with odds a word per chance. A rate
/// that is a certainty makes no turn plain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PlainTurn {
    /// Each inactive player's chance to declare themselves active (where
    /// allowed).
    pub(super) declare_back: Option<Odds>,
    /// Each active player's chance to declare inactivity (where allowed).
    pub(super) leave: Option<Odds>,
    /// The mover's chance to make no proposal.
    pub(super) miss_proposal: Option<Odds>,
    /// The chance that someone invokes Judgment.
    pub(super) judgment: Option<Odds>,
    /// Each eligible voter's chance to miss the vote, drawn before their
    /// coin.
    pub(super) miss_vote: Option<Odds>,
    /// Each inactive voter's chance to come back by voting (where allowed).
    pub(super) vote_back: Option<Odds>,
}

impl PlainTurn {
    /// The plain turn of `config`'s games under `plan`, or `None` where no
    /// turn is plain: a ballot can set something off (the tiebreak, a vote
    /// that ends once all voted), voters who are not random, persons who
    /// may join, or a rate that is a certainty.
    pub(super) fn new(plan: &Plan, config: &Config) -> Option<PlainTurn> {
        let b = &config.behaviour;
        let odds = |rate: Rate| {
            if rate == Rate::NEVER {
                Some(None)
            } else {
                Odds::new(rate).map(Some)
            }
        };
        if plan.after_vote
            || config.voters != Voters::Random
            || (plan.join_allowed && b.join != Rate::NEVER)
        {
            return None;
        }
        let back = odds(b.back)?;
        Some(PlainTurn {
            declare_back: back.filter(|_| plan.declare_active),
            leave: if plan.inactive_declare {
                odds(b.leave)?
            } else {
                None
            },
            miss_proposal: odds(b.miss_proposal)?,
            judgment: odds(b.judgment)?,
            miss_vote: odds(b.miss_vote)?,
            vote_back: back.filter(|_| plan.reactivate_by_vote),
        })
    }
}

/// Words a chance draws: none where it is never.
fn words(chance: Option<Odds>) -> usize {
    usize::from(chance.is_some())
}

impl FastGame {
    /// Plays the turn at once where it is plain (see the module's doc) and
    /// returns true; else draws nothing, changes nothing and returns false.
    ///
    /// At a turn's start no one is locked, and a ballot sets nothing off
    /// (`plan.after_vote` is false), so the voters are everyone but the
    /// mover where the proposer's implicit yes counts (IV 320); the
    /// eligible among them vote, the others (inactive) may come back.
    pub(super) fn plain_turn(&mut self, plain: PlainTurn) -> bool {
        let Some(mover) = self.mover else {
            return false;
        };
        if self.locked != 0 {
            return false;
        }
        let everyone = self.everyone();
        let active = self.active & everyone;
        let idle = everyone & !active;
        let eligible = self.eligible();
        let implicit = if self.plan.implicit_yes && eligible & bit(usize::from(mover)) != 0 {
            bit(usize::from(mover))
        } else {
            0
        };
        let voters = everyone & !implicit;
        let per_voter = 1 + words(plain.miss_vote);
        let k = count(idle) as usize * words(plain.declare_back)
            + count(active) as usize * words(plain.leave)
            + words(plain.miss_proposal)
            + words(plain.judgment)
            + count(voters & eligible) as usize * per_voter
            + count(voters & !eligible) as usize * words(plain.vote_back);
        if k > WORDS {
            return false;
        }
        let words = self.dice.ahead(k);
        // Whether every chance says no; tested without a branch a chance.
        let mut quiet = true;
        let mut rest = words;
        for (chance, players) in [
            (plain.declare_back, idle),
            (plain.leave, active),
            (plain.miss_proposal, 1),
            (plain.judgment, 1),
        ] {
            if let Some(odds) = chance {
                let (these, after) = rest.split_at(count(players) as usize);
                quiet = these.iter().fold(quiet, |q, &x| q & odds.misses_by(x));
                rest = after;
            }
        }
        // Each coin is the lowest bit of its word (`Dice::coin`).
        let mut yes: Set = implicit;
        let mut left = voters;
        if voters & !eligible == 0 {
            // Every voter is eligible (the usual case): a ballot each.
            for ballot in rest.chunks_exact(per_voter) {
                let p = left.trailing_zeros();
                left &= left - 1;
                if let Some(odds) = plain.miss_vote {
                    quiet &= odds.misses_by(ballot[0]);
                }
                yes |= Set::from(ballot[per_voter - 1][0] & 1) << p;
            }
        } else {
            let mut at = 0;
            while left != 0 {
                let p = left.trailing_zeros();
                left &= left - 1;
                if eligible & 1 << p != 0 {
                    if let Some(odds) = plain.miss_vote {
                        quiet &= odds.misses_by(rest[at]);
                    }
                    yes |= Set::from(rest[at + per_voter - 1][0] & 1) << p;
                    at += per_voter;
                } else if let Some(odds) = plain.vote_back {
                    quiet &= odds.misses_by(rest[at]);
                    at += 1;
                }
            }
        }
        if !quiet {
            return false;
        }
        self.dice.skip(k);
        // As `propose` and each ballot leave it.
        self.current = Some(mover);
        self.proposed_this_turn = true;
        self.voted = implicit | voters & eligible;
        self.yes = yes;
        true
    }
}
