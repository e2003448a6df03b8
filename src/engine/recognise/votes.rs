//! Sentence shapes about votes: who may vote, what a vote is, what adopts.

use super::text::{number_after, share};
use super::Found;
use crate::engine::catalogue::Setting;
use crate::engine::params::{Eligible, Threshold, Tiebreak, VoteBase, VoteSyntax};

/// IV 203 "A rule-change is adopted if a simple majority of eligible voters
/// vote for it"; I 302 the same with "if and only if"; V 204 "if and only if
/// it receives a simple majority of votes in favor". Any share can stand in
/// for "simple majority" ("two thirds", "60%").
pub(super) fn adoption_share(t: &str, _raw: &str, out: &mut Found) {
    let Some(at) = t.find("a rule-change is adopted if") else {
        return;
    };
    let clause = &t[at..];
    let clause = &clause[..clause.find('.').unwrap_or(clause.len())];
    let Some((num, den, strict)) = share(clause) else {
        return;
    };
    match Threshold::new(num, den, strict) {
        Some(threshold) => out.push(Setting::Threshold(threshold)),
        None => out.cannot_apply(
            clause,
            format!("a share of {num}/{den} is more than every vote"),
        ),
    }
    if clause.contains("of eligible voters") {
        out.push(Setting::VoteBase(VoteBase::Eligible));
    } else if clause.contains("of votes") {
        out.push(Setting::VoteBase(VoteBase::VotesCast));
    }
}

/// IV 203/1 "This majority must be more than 15% of total players."
pub(super) fn quorum_of_total_players(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("% of total players") {
        if let Some(n) = number_after(t, "must be more than ") {
            out.push(Setting::QuorumTotalPct(n));
        }
    }
}

/// IV 205, V 204 "Every active player is an eligible voter"; I 105 "Every
/// player is an eligible voter".
pub(super) fn eligible_voters(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("every active player is an eligible voter") {
        out.push(Setting::Eligible(Eligible::Active));
    } else if t.contains("every player is an eligible voter") {
        out.push(Setting::Eligible(Eligible::All));
    }
}

/// IV 326 "Players may abstain ... does not count toward calculating simple majority".
pub(super) fn abstention(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("players may abstain from voting") && t.contains("considered to have voted") {
        out.push(Setting::Abstain(true));
    }
}

/// IV 320 "Proposing a rule-change counts as a vote for said rule-change."
pub(super) fn proposer_votes_yes(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("proposing a rule-change counts as a vote for") {
        out.push(Setting::ProposerImplicitYes(true));
    }
}

/// IV 209 "Players may change or withdraw their votes"; V 209 "Players may
/// withdraw their votes with the phrase "withdraw"".
pub(super) fn withdrawal(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("withdraw their votes") {
        out.push(Setting::Withdraw(true));
    }
}

/// V 210 "The following phrases, and only the following phrases, are
/// considered to be unambiguous affirmative votes:" followed by a list,
/// then the same for negative votes.
pub(super) fn phrase_lists(_t: &str, raw: &str, out: &mut Found) {
    let yes = list_after(raw, "affirmative votes:");
    let no = list_after(raw, "negative votes:");
    if let (Some(yes), Some(no)) = (yes, no) {
        out.push(Setting::VoteSyntax(VoteSyntax::Phrases { yes, no }));
    }
}

/// The bullet items that follow `marker` in the raw text, lower-cased.
fn list_after(raw: &str, marker: &str) -> Option<Vec<String>> {
    let lower = raw.to_lowercase();
    let at = lower.find(marker)? + marker.len();
    let mut items = Vec::new();
    for line in lower[at..].lines() {
        let line = line.trim();
        if line.is_empty() {
            if items.is_empty() {
                continue;
            }
            // A blank line between bullets is allowed; prose ends the list.
            continue;
        }
        let item = line
            .strip_prefix('•')
            .or_else(|| line.strip_prefix("* "))
            .or_else(|| line.strip_prefix("- "));
        match item {
            Some(item) => items.push(item.trim().trim_matches('*').to_string()),
            None => break,
        }
    }
    (!items.is_empty()).then_some(items)
}

/// I 329 "any vote starting with the letter n is considered a 'Nay' ... and
/// any vote starting with the letter y is a 'Yay' ... must be under 10 characters".
pub(super) fn first_letter(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("any vote starting with the letter n") && t.contains("starting with the letter y")
    {
        let max = number_after(t, "must be under ").unwrap_or(u32::MAX);
        out.push(Setting::VoteSyntax(VoteSyntax::FirstLetter {
            max_len: max,
        }));
    }
}

/// IV 108, I 109, V 108 "transmute immutable rules into mutable rules may be
/// adopted if and only if the vote is unanimous among the eligible voters".
pub(super) fn transmutation_unanimity(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("transmute immutable rules into mutable rules may be adopted if and only if the vote is unanimous") {
        out.push(Setting::TransmuteUnanimous(true));
    }
}

/// IV 323 "If all active players have a current & unambiguous vote ... and
/// there is a tie, Nomitron will roll 1d3."
pub(super) fn nomitron_tiebreak(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("there is a tie, nomitron will roll 1d3") {
        out.push(Setting::Tiebreak(Tiebreak::Nomitron1d3));
    }
}
