//! Sentence shapes about turns: their kind, order, length and extensions.

use super::text::number_after;
use super::Found;
use crate::engine::catalogue::Setting;
use crate::engine::params::{EffectTiming, TurnKind, TurnOrder};

/// IV 202 "One turn consists of proposing one rule-change", I 304 "One turn
/// consists of two parts in this order: (1) proposing one rule-change".
pub(super) fn turn_is_a_proposal(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("one turn consists of") && t.contains("proposing one rule-change") {
        out.push(Setting::TurnKind(TurnKind::Mover));
    }
}

/// V 203 "One turn consists of taking a proposal off the front of the Proposal Queue".
pub(super) fn turn_takes_from_queue(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("one turn consists of taking a proposal off the front of the proposal queue") {
        out.push(Setting::TurnKind(TurnKind::Queue));
    }
}

/// IV 201 "alternate in a random order to be determined by the server administrator".
pub(super) fn random_order(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("alternate in a random order") {
        out.push(Setting::TurnOrder(TurnOrder::Declared));
    }
}

/// I 201 "Players shall alternate in alphabetical order by surname".
pub(super) fn alphabetical_order(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("alternate in alphabetical order") {
        out.push(Setting::TurnOrder(TurnOrder::Alphabetical));
    }
}

/// IV 206, V 203 "The length of a turn defaults to 24 hours."
pub(super) fn turn_length(t: &str, _raw: &str, out: &mut Found) {
    if let Some(h) = number_after(t, "the length of a turn defaults to ") {
        if t.contains(&format!("defaults to {h} hour")) {
            out.push(Setting::TurnLengthH(h));
        }
    }
}

/// IV 206 "If the player whose turn it is has made a proposal, the length of
/// the turn is extended by 24 more hours."
pub(super) fn extension_on_proposal(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("has made a proposal, the length of the turn is extended by") {
        if let Some(h) = number_after(t, "the length of the turn is extended by ") {
            out.push(Setting::ExtendOnProposalH(h));
        }
    }
}

/// IV 206/1 "If, at the 24-hour mark of a turn, all active players have cast
/// an unwithdrawn vote ... the turn ends immediately."
pub(super) fn early_end_when_all_voted(t: &str, _raw: &str, out: &mut Found) {
    if t.contains("all active players have cast an unwithdrawn vote")
        && t.contains("the turn ends immediately")
    {
        if let Some(h) = number_after(t, "at the ") {
            out.push(Setting::EarlyEndAllVoted(Some(h)));
        }
    }
}

/// IV 204, V 205 "takes full effect at the moment of the start of the turn
/// following"; I 205 "at the moment of the completion of the vote that adopted it".
pub(super) fn effect_timing(t: &str, _raw: &str, out: &mut Found) {
    if t.contains(
        "an adopted rule-change takes full effect at the moment of the start of the turn following",
    ) {
        out.push(Setting::EffectTiming(EffectTiming::NextTurn));
    } else if t.contains(
        "an adopted rule-change takes full effect at the moment of the completion of the vote",
    ) {
        out.push(Setting::EffectTiming(EffectTiming::VoteCompletion));
    }
}
