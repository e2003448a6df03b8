//! The close of a turn on the fast path: the proposal decided, inactivity,
//! the turn's score, the win, and the next mover.

use super::plan::{bit, count, SMALL};
use super::FastGame;
use crate::engine::params::TurnEndScore;
use crate::engine::tally;

impl FastGame {
    #[inline(always)]
    pub(super) fn close_turn(&mut self) {
        let mut had_proposal = false;
        if let Some(proposer) = self.current {
            if self.locked & bit(usize::from(proposer)) != 0 {
                // IV 207: as though the proposal did not exist.
                self.current = None;
            } else {
                had_proposal = true;
                if self.plan.tiebreak {
                    self.maybe_tiebreak();
                }
                self.resolve();
            }
        }
        self.turn_end_inactivity(had_proposal);
        if !self.over {
            self.turn_end_score();
        }
        self.check_win();
        self.current = None;
        if !self.over {
            self.start_turn();
        }
    }

    /// [`FastGame::close_turn`] after a plain turn (`plain.rs`): the
    /// mover's proposal stands (no one is locked) and is decided (no
    /// tiebreak can roll); the mover proposed and every eligible voter
    /// voted, so no one becomes inactive.
    pub(super) fn close_plain_turn(&mut self) {
        self.resolve();
        self.turn_end_score();
        self.check_win();
        if !self.over {
            self.start_turn();
        }
    }

    #[inline(always)]
    fn resolve(&mut self) {
        let adopted = if self.players <= SMALL && !self.plan.adopt.is_empty() {
            let eligible = self.eligible();
            let voted = eligible & self.voted;
            let (yes, no) = (count(voted & self.yes), count(voted & !self.yes));
            let side = SMALL + 1;
            let row = self.plan.adopt[count(eligible) as usize * side + self.players];
            row >> (yes as usize * side + no as usize) & 1 == 1
        } else {
            tally::decide(&self.plan.params, self.counts(), self.tiebreak_vote, false).adopted
        };
        self.current = None;
        self.decided += 1;
        // Adoption is close to a coin toss with random voters: counted
        // without a branch, and tested only where it gives points.
        self.adopted += u64::from(adopted);
        if self.plan.against_adopted > 0 && adopted {
            let mut against = self.eligible() & self.voted & !self.yes;
            while against != 0 {
                let p = against.trailing_zeros() as usize;
                against &= against - 1;
                self.add_score(p, self.plan.against_adopted);
            }
        }
    }

    #[inline]
    pub(super) fn add_score(&mut self, p: usize, delta: i64) {
        // Points that would overflow are refused (the engine logs why).
        if let Some(score) = self.scores[p].checked_add(delta) {
            self.scores[p] = score;
            if self.reaches(score) {
                self.reached |= bit(p);
            }
        }
    }

    /// Whether a score has reached `win.points`.
    pub(super) fn reaches(&self, score: i64) -> bool {
        self.plan.win_points.is_some_and(|n| score >= n)
    }

    #[inline(always)]
    fn turn_end_inactivity(&mut self, had_proposal: bool) {
        if let Some(m) = self.mover {
            let m = usize::from(m);
            if self.plan.inactive_no_proposal
                && self.active & bit(m) != 0
                && !self.proposed_this_turn
            {
                self.active &= !bit(m);
            }
        }
        if had_proposal && self.plan.inactive_no_vote {
            let mover = self.mover.map_or(0, |m| bit(usize::from(m)));
            self.active &= self.voted | mover;
        }
    }

    #[inline(always)]
    fn turn_end_score(&mut self) {
        match self.plan.turn_end {
            TurnEndScore::Dice { n, .. } => {
                let (Some(mover), Some(die)) = (self.mover, self.plan.turn_end_die) else {
                    return;
                };
                // Monte Carlo forces no results: every roll is a draw.
                let mut total = 0;
                for _ in 0..n {
                    total += self.dice.below_by(die) + 1;
                }
                self.add_score(usize::from(mover), i64::from(total));
            }
            TurnEndScore::Reset => {
                self.scores.iter_mut().for_each(|s| *s = 0);
                self.reached = if self.reaches(0) { self.everyone() } else { 0 };
            }
            TurnEndScore::None => {}
        }
    }

    /// Everyone who has reached the points wins, or the last survivors.
    #[inline(always)]
    pub(super) fn check_win(&mut self) {
        if self.over {
            return;
        }
        // Scores change only by `add_score` and resets, which keep
        // `reached` up to date.
        let survivors = self
            .plan
            .win_survivors
            .is_some_and(|k| count(self.active) == k);
        if self.reached != 0 {
            self.winners = self.reached;
        } else if survivors {
            self.winners = self.active;
        } else {
            return;
        }
        self.over = true;
    }

    #[inline(always)]
    pub(super) fn start_turn(&mut self) {
        self.turn += 1;
        self.mover_at = self.next_mover();
        self.mover = self.mover_at.map(|at| self.order[at]);
        self.proposed_this_turn = false;
        self.tiebreak_rolled = false;
        self.tiebreak_vote = None;
        self.locked = 0;
    }

    /// The place in turn order of the next player whose turn is not skipped.
    #[inline(always)]
    fn next_mover(&self) -> Option<usize> {
        let n = self.order.len();
        // The place after the mover's, at most `n` (one past the last).
        let mut at = self.mover_at.map_or(0, |i| i + 1);
        for _ in 0..n {
            if at >= n {
                at -= n;
            }
            if !self.plan.inactive_skip_turn || self.active & bit(usize::from(self.order[at])) != 0
            {
                return Some(at);
            }
            at += 1;
        }
        None
    }
}
