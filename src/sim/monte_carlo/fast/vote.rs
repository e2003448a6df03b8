//! The votes of a turn on the fast path, and what a ballot sets off (the
//! Nomitron's tiebreak, a vote that ends once everyone voted).

use super::plan::{bit, count};
use super::FastGame;
use crate::engine::tally::Counts;
use crate::engine::Ballot;
use crate::sim::monte_carlo::{Config, Voters};

impl FastGame {
    /// Every eligible voter who has not voted votes, unless they miss the
    /// vote; an inactive player may come back by voting.
    ///
    /// Those who have not voted are taken at the start: only a ballot that
    /// ends the turn changes another player's ballot, and the loop stops
    /// there (the engine's loop checks before each player whether the turn
    /// goes on, which only such a ballot can change).
    #[inline(always)]
    pub(super) fn vote(&mut self, config: &Config, turn: u32) {
        let Some(proposer) = self.current else {
            return;
        };
        if !self.still(turn) {
            return;
        }
        let b = &config.behaviour;
        // A ballot changes only the voter's own activity, so the electorate
        // of the loop's start holds for every later voter.
        let eligible = self.eligible();
        let mut left = self.everyone() & !self.voted;
        while left != 0 {
            let p = left.trailing_zeros() as usize;
            left &= left - 1;
            if eligible & bit(p) != 0 {
                if b.miss_vote.happens_on(&mut self.dice) {
                    continue;
                }
            } else if self.active & bit(p) != 0
                || !self.plan.reactivate_by_vote
                || !b.back.happens_on(&mut self.dice)
            {
                continue;
            }
            let yes = match config.voters {
                Voters::Random => self.dice.coin(),
                Voters::No => p == usize::from(proposer),
            };
            self.cast(p, yes);
            if self.plan.after_vote && (!self.still(turn) || self.current.is_none()) {
                break;
            }
        }
    }

    #[inline(always)]
    fn cast(&mut self, p: usize, yes: bool) {
        if self.locked & bit(p) != 0 {
            return;
        }
        // Only a player who may come back by voting gets here inactive
        // and not eligible (IV 207, I 306).
        if !self.plan.all_eligible {
            self.active |= bit(p);
        }
        self.voted |= bit(p);
        // Without a branch: a random coin is a branch no predictor learns.
        self.yes = self.yes & !bit(p) | u64::from(yes) << p;
        self.after_vote();
    }

    fn all_voted(&self) -> bool {
        self.current.is_some() && self.eligible() & !self.voted == 0
    }

    /// After a ballot changes: mostly nothing (IV: the tiebreak never
    /// rolls, and votes end with the turn), so that case costs no call.
    #[inline(always)]
    pub(super) fn after_vote(&mut self) {
        if self.plan.after_vote {
            self.after_vote_in_earnest();
        }
    }

    fn after_vote_in_earnest(&mut self) {
        if self.plan.tiebreak {
            self.maybe_tiebreak();
        }
        if self.plan.close_when_all_voted && self.all_voted() {
            self.close_turn();
        }
    }

    pub(super) fn counts(&self) -> Counts {
        let eligible = self.eligible();
        let voted = eligible & self.voted;
        Counts {
            yes: count(voted & self.yes),
            no: count(voted & !self.yes),
            abstain: 0,
            eligible: count(eligible),
            total: self.players as u32,
        }
    }

    /// IV 323: the Nomitron's 1d3 on a tie, once a turn.
    pub(super) fn maybe_tiebreak(&mut self) {
        if self.tiebreak_rolled || !self.all_voted() {
            return;
        }
        let counts = self.counts();
        if counts.yes != counts.no {
            return;
        }
        let (roll, _) = self.dice.roll(3);
        self.tiebreak_rolled = true;
        self.tiebreak_vote = match roll {
            1 => Some(Ballot::Yes),
            2 => Some(Ballot::No),
            _ => None,
        };
    }
}
