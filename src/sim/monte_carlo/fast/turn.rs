//! One turn of random play on the fast path: declarations, a person
//! joining, the mover's proposal and Judgment (the votes are in `vote.rs`).

use super::plan::{bit, count};
use super::FastGame;
use crate::sim::monte_carlo::players::{Behaviour, Rate};
use crate::sim::monte_carlo::Config;

impl FastGame {
    /// One turn of random play, as `players::play_turn` plays it.
    #[inline(always)]
    pub(super) fn play_turn(&mut self, config: &Config) {
        let b: &Behaviour = &config.behaviour;
        let turn = self.turn;
        // A rate of 0 draws nothing and does nothing: such loops are skipped.
        // A declaration changes only the declarer's own bit unless it ends
        // the turn or the game, so each loop runs over the players inactive
        // (active) at its start, and stops where the turn stops: the engine's
        // loop draws nothing after that.
        if self.plan.declare_active && b.back != Rate::NEVER {
            let mut idle = self.everyone() & !self.active;
            while idle != 0 {
                let p = idle.trailing_zeros() as usize;
                idle &= idle - 1;
                if b.back.happens_on(&mut self.dice) {
                    self.declare(p, true);
                    if !self.still(turn) {
                        return;
                    }
                }
            }
        }
        if self.plan.inactive_declare && b.leave != Rate::NEVER {
            let mut active = self.active & self.everyone();
            while active != 0 {
                let p = active.trailing_zeros() as usize;
                active &= active - 1;
                if b.leave.happens_on(&mut self.dice) {
                    self.declare(p, false);
                    if !self.still(turn) {
                        return;
                    }
                }
            }
        }
        if self.plan.join_allowed
            && b.join != Rate::NEVER
            && self.still(turn)
            && self.players < self.most
            && b.join.happens_on(&mut self.dice)
        {
            self.join();
        }
        if !self.still(turn) {
            return;
        }
        if let Some(mover) = self.mover {
            if !b.miss_proposal.happens_on(&mut self.dice) {
                self.propose(mover);
            }
        }
        if self.still(turn) && b.judgment.happens_on(&mut self.dice) {
            // A uniformly chosen active player invokes Judgment; the Judge
            // (who nothing else reads) answers at once.
            let active = count(self.active);
            if active > 0 {
                self.dice.below(active);
            }
        }
        self.vote(config, turn);
    }

    /// A declaration of activity or inactivity (IV 207, V 206).
    #[inline(always)]
    pub(super) fn declare(&mut self, p: usize, active: bool) {
        if active {
            if self.locked & bit(p) != 0 {
                return;
            }
            self.active |= bit(p);
        } else {
            self.active &= !bit(p);
            if self.mover == Some(p as u8) {
                self.locked |= bit(p);
            }
        }
        self.check_win();
        if !self.over {
            self.after_vote();
        }
    }

    /// A person joins, before the mover or last (IV 218, IV 201).
    fn join(&mut self) {
        let id = self.players;
        let place = match self.mover_at {
            Some(place) if self.plan.join_before_mover => {
                // The mover moves one place on.
                self.mover_at = Some(place + 1);
                place
            }
            _ => self.order.len(),
        };
        self.players += 1;
        self.active |= bit(id);
        self.locked &= !bit(id);
        self.voted &= !bit(id);
        self.yes &= !bit(id);
        self.scores.push(0);
        if self.reaches(0) {
            self.reached |= bit(id);
        }
        self.order.insert(place, id as u8);
    }

    #[inline(always)]
    fn propose(&mut self, mover: u8) {
        let m = usize::from(mover);
        self.current = Some(mover);
        self.proposed_this_turn = true;
        self.voted = 0;
        self.yes = 0;
        if self.plan.implicit_yes && self.eligible() & bit(m) != 0 {
            self.voted |= bit(m);
            self.yes |= bit(m);
        }
        self.after_vote();
    }
}
