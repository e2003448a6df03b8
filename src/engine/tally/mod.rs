//! Adoption: the formula each ruleset states, applied to a vote's counts.
//!
//! - IV 203/1: yes > (eligible − abstaining) / 2 and yes > 15% of total players
//!   (abstention per 326, the proposer's implicit yes per 320 is a ballot).
//! - IV 203/0, I 302: yes > eligible / 2.
//! - V 204: yes > (yes + no) / 2, of votes cast.
//! - Transmutation (IV 108, I 109, V 108): every eligible voter votes yes.
//! - The Nomitron tiebreak (IV 323) adds its vote to the tally and the base.

use super::event::{Ballot, Tally};
use super::params::{Params, VoteBase};

/// The raw counts of a vote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Counts {
    /// Yes votes of eligible voters.
    pub(crate) yes: u32,
    /// No votes of eligible voters.
    pub(crate) no: u32,
    /// Abstentions of eligible voters.
    pub(crate) abstain: u32,
    /// Eligible voters.
    pub(crate) eligible: u32,
    /// Every player, inactive players and bots included.
    pub(crate) total: u32,
}

/// Decides a vote under the parameters in force.
pub(crate) fn decide(
    params: &Params,
    counts: Counts,
    tiebreak: Option<Ballot>,
    unanimity: bool,
) -> Tally {
    let mut yes = counts.yes;
    let mut no = counts.no;
    let mut eligible = counts.eligible;
    match tiebreak {
        Some(Ballot::Yes) => {
            yes += 1;
            eligible += 1;
        }
        Some(Ballot::No) => {
            no += 1;
            eligible += 1;
        }
        _ => {}
    }
    let base = match params.base.value {
        VoteBase::Eligible => eligible.saturating_sub(counts.abstain),
        VoteBase::VotesCast => yes + no,
    };
    let unanimity = unanimity && params.transmute_unanimous.value;
    let adopted = if unanimity {
        counts.eligible > 0 && counts.yes == counts.eligible
    } else {
        let t = params.threshold.value;
        let (share, needed) = (
            u64::from(yes) * u64::from(t.den),
            u64::from(t.num) * u64::from(base),
        );
        let share_met = if t.strict {
            share > needed
        } else {
            yes > 0 && share >= needed
        };
        let pct = u64::from(params.quorum_total_pct.value);
        let quorum_met = pct == 0 || u64::from(yes) * 100 > pct * u64::from(counts.total);
        share_met && quorum_met
    };
    Tally {
        yes,
        no,
        abstain: counts.abstain,
        eligible,
        total: counts.total,
        base,
        tiebreak,
        unanimity,
        adopted,
    }
}

/// The formula applied, in words, for the log.
pub fn formula(params: &Params, tally: &Tally) -> String {
    if tally.unanimity {
        return format!(
            "unanimity: yes {} of eligible {}",
            tally.yes, tally.eligible
        );
    }
    let t = params.threshold.value;
    let op = if t.strict { ">" } else { "≥" };
    let base = match params.base.value {
        VoteBase::Eligible => "(eligible − abstaining)",
        VoteBase::VotesCast => "(yes + no)",
    };
    let mut text = format!(
        "yes {} {op} {}/{} × {base} {}",
        tally.yes, t.num, t.den, tally.base
    );
    if params.quorum_total_pct.value > 0 {
        text.push_str(&format!(
            " and yes > {}% × total {}",
            params.quorum_total_pct.value, tally.total
        ));
    }
    text
}

#[cfg(test)]
mod tests;
