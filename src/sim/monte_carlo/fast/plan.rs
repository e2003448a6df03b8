//! What the fast path reads from the parameters in force, once per run
//! ([`Plan`]), and the bit sets of players it plays on.

use crate::engine::params::{Eligible, JudgeSelection, Tiebreak, TurnEndScore, TurnKind};
use crate::engine::rng::Divisor;
use crate::engine::tally::{self, Counts};
use crate::engine::Params;
/// What the fast path reads from the parameters in force, once per run.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// The parameters, for the tally.
    pub(super) params: Params,
    /// Every player votes (V 204), not only the active ones.
    pub(super) all_eligible: bool,
    /// The tally of games of up to [`SMALL`] players, where no tiebreak
    /// vote can count: for each count of eligible voters and of players
    /// (`eligible * (SMALL + 1) + players`), bit `yes * (SMALL + 1) + no`
    /// says whether the proposal is adopted. Empty where the tiebreak can
    /// roll.
    pub(super) adopt: Vec<u128>,
    /// The proposer's implicit yes (IV 320).
    pub(super) implicit_yes: bool,
    /// `turn.early_end_all_voted` is 0: a vote ends once everyone voted.
    pub(super) close_when_all_voted: bool,
    /// A ballot can roll the tiebreak or close the turn (`tiebreak` or
    /// `close_when_all_voted`); where not, no ballot ends the turn.
    pub(super) after_vote: bool,
    /// The Nomitron's 1d3 can roll: its rule is in force and proposals,
    /// never resubmitted here, have used up a resubmission limit of 0.
    pub(super) tiebreak: bool,
    /// Points to each player voting against an adopted proposal (I 204).
    pub(super) against_adopted: i64,
    /// What the end of a turn does to scores.
    pub(super) turn_end: TurnEndScore,
    /// The turn-end die's sides, prepared (`turn_end` gives dice).
    pub(super) turn_end_die: Option<Divisor>,
    /// `win.points`.
    pub(super) win_points: Option<i64>,
    /// `win.survivors`.
    pub(super) win_survivors: Option<u32>,
    pub(super) inactive_no_proposal: bool,
    pub(super) inactive_no_vote: bool,
    pub(super) inactive_declare: bool,
    pub(super) declare_active: bool,
    pub(super) inactive_skip_turn: bool,
    pub(super) reactivate_by_vote: bool,
    pub(super) join_allowed: bool,
    pub(super) join_before_mover: bool,
}

impl Plan {
    /// The plan for `params`, or `None` where the fast path does not cover
    /// the rules (a Proposal Queue, or V 214's Judge).
    pub(super) fn new(params: &Params) -> Option<Plan> {
        if params.turn_kind.value != TurnKind::Mover
            || params.judge_selection.value == JudgeSelection::UniformEligible
        {
            return None;
        }
        let turn_end_die = match params.score_turn_end.value {
            // A die without sides is refused when read; leave it to the
            // engine all the same.
            TurnEndScore::Dice { sides, .. } => Some(Divisor::new(sides)?),
            _ => None,
        };
        let tiebreak = params.tiebreak.value == Tiebreak::Nomitron1d3
            && params.resubmit_limit.value.unwrap_or(0) == 0;
        let close_when_all_voted = params.early_end_all_voted.value == Some(0);
        Some(Plan {
            adopt: if tiebreak {
                Vec::new()
            } else {
                adoption_table(params)
            },
            params: params.clone(),
            all_eligible: params.eligible.value == Eligible::All,
            implicit_yes: params.proposer_implicit_yes.value,
            close_when_all_voted,
            tiebreak,
            after_vote: tiebreak || close_when_all_voted,
            against_adopted: i64::from(params.score_against_adopted.value),
            turn_end: params.score_turn_end.value,
            turn_end_die,
            win_points: params.win_points.value.map(i64::from),
            win_survivors: params.win_survivors.value,
            inactive_no_proposal: params.inactive_no_proposal.value,
            inactive_no_vote: params.inactive_no_vote.value,
            inactive_declare: params.inactive_declare.value,
            declare_active: params.declare_active.value,
            inactive_skip_turn: params.inactive_skip_turn.value,
            reactivate_by_vote: params.reactivate_by_vote.value,
            join_allowed: params.join_allowed.value,
            join_before_mover: params.join_before_mover.value,
        })
    }
}

/// The most players of a game whose tally is looked up ([`Plan::adopt`]).
pub(super) const SMALL: usize = 8;

/// [`Plan::adopt`] for `params`.
fn adoption_table(params: &Params) -> Vec<u128> {
    let side = SMALL as u32 + 1;
    let mut table = vec![0; (side * side) as usize];
    for eligible in 0..side {
        for total in 0..side {
            let row = &mut table[(eligible * side + total) as usize];
            for yes in 0..side {
                for no in 0..side {
                    let counts = Counts {
                        yes,
                        no,
                        abstain: 0,
                        eligible,
                        total,
                    };
                    if tally::decide(params, counts, None, false).adopted {
                        *row |= 1 << (yes * side + no);
                    }
                }
            }
        }
    }
    table
}

/// Players are bits of a `u64` (a Monte Carlo game has at most 64).
pub(super) type Set = u64;

pub(super) fn bit(p: usize) -> Set {
    1 << p
}

/// Players in each set of the first eight.
const COUNTS: [u8; 256] = {
    let mut counts = [0; 256];
    let mut set = 0;
    while set < 256 {
        counts[set] = (set as u8).count_ones() as u8;
        set += 1;
    }
    counts
};

/// Players in `set`. The baseline x86-64 target has no popcount
/// instruction, and `count_ones` costs a dozen; games of up to eight players
/// (the usual five) look theirs up.
#[inline]
pub(super) fn count(set: Set) -> u32 {
    match usize::try_from(set) {
        Ok(small) if small < COUNTS.len() => u32::from(COUNTS[small]),
        _ => set.count_ones(),
    }
}
